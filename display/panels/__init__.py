"""The panels every game shares (prompt, phase track, hints, status, QR code) and what a game's
part of the screen is (game_screen)."""
