"""The screen as a whole: draws a View on a surface, screenshots, sizes and taps."""
