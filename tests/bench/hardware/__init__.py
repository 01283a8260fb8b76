"""Benchmark scripts for the hardware package; run them with ``python -m tests.bench.hardware.<name>``."""
