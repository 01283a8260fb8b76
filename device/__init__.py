"""The app: the one thread that calls rules/, the controller, the journal on disk,
configuration, the command line and systemd notifications."""
