"""Shadows over Normandie: what draws its battle."""
