"""Seats on phones on the table's screen: each faction's QR code, the phones paired
(:mod:`device.ui.seats.screens`), and their words (:mod:`device.ui.seats.words`), read the
first time one is shown."""
