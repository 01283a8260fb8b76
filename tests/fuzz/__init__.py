"""The project's fuzzers: hostile journals, configuration files, damaged databases and serial
noise, each through the real commands. A few seconds of each run with the tests
(test_fuzz_budget.py); ``python -m tests.fuzz --long`` is the long run that prints a table."""
