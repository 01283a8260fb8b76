"""Smart dice on the device: which die is which (remembered), the Dice screen, the status."""
