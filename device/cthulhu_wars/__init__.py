"""Cthulhu Wars on the device: the controller, activations, decisions, menus, new game."""
