"""Cthulhu Wars on the device: the controller, activations, decisions, menus, new game.
Its words come with its front end (``ui.CTHULHU_WARS_UI``)."""
