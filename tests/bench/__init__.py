"""The benchmark scripts: each prints its figures and the machine it ran on (docs/measured.md).
They live beside the tests, not in the product packages a Pi installs."""
