"""Terminal play: renderers per game and the line-mode player."""
