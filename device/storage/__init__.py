"""Where games are kept: the journal store, its faults, durable writes, paths and the session."""
