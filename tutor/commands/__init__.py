"""The click commands, one module per area; ``tutor.cli`` imports them lazily."""
