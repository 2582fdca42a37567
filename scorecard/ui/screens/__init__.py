"""The UI's screens: the grid, a vendor, a cell, blockers, logs, conflicts and dialogs."""
