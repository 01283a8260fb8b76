"""Smart dice over Bluetooth LE: Pixels (advertisements, or a connection) and GoDice.

``pixels`` and ``godice`` are pure decoders, bytes in and a settled face (or nothing) out,
tested from the makers' documented byte sequences; ``source`` runs them on bleak and posts
the same input events as the serial reader.
"""
