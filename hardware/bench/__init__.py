"""Benchmark scripts for the hardware package; run them with ``python -m hardware.bench.<name>``."""
