"""Shadows over Normandie on the device: the battlefield controller, its menus and wizards.
Its words come with its front end (``ui.NORMANDIE_UI``)."""
