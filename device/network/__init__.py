"""The table's network for the phones: its own Wi-Fi (hotspot, access point) and addresses."""
