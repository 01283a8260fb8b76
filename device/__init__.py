"""The app: the main loop, controllers, journal, configuration, command line and systemd
notifications. Importing it does nothing: the entry point (device.cli.main) installs the stop
handlers and adds the words to the catalogue when it starts."""
