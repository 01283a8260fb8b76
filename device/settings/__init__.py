"""The settings: the configuration file, its checks, the card's notices, and where every
command finds them and the journal."""
