"""The physical world as input events: buttons (gpiozero or keyboard) and the dice reader
(pyserial or a simulated reader). Hardware threads only post events."""
