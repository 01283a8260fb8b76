"""What is put on the screen: the palette, the typeface, icons, spans of text, and where a
Japanese line may break (phrases)."""
