"""The UI's own widgets: the score grid, the pentagon, the forms and the status lines."""
