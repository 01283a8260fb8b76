"""The ``celaeno`` command: the entry point and one module per subcommand."""
