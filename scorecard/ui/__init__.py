"""The reviewers' terminal UI (Textual): a thin shell over the services."""
