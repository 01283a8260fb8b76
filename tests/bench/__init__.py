"""The benchmark scripts: each prints its figures and the machine it ran on (README,
"Measured"). They live beside the tests, not in the product packages a Pi installs."""
