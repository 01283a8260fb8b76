"""What is put on the screen: the palette, the typeface, icons and spans of text."""
