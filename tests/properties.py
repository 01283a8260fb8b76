"""Hypothesis' profiles for the suite, and how many examples a property tries in each.

The profiles are registered in tests/conftest.py; ``HYPOTHESIS_PROFILE`` chooses one
(:func:`profile_for`). A property that tries more or fewer examples than the profile's
``max_examples`` says its count in the default profile through :func:`examples`; the
other profiles scale it as they scale their own (``quick``: a tenth, ``thorough``: ten
times).
"""

from __future__ import annotations

from collections.abc import Mapping

from hypothesis import settings

DEFAULT_EXAMPLES = 100  # max_examples of the default profile (Hypothesis' own)
PROFILES = ("default", "ci", "quick", "thorough")


def profile_for(environ: Mapping[str, str]) -> str:
    """The profile ``HYPOTHESIS_PROFILE`` names; else "ci" where CI is set (as Hypothesis
    itself chooses), else "default"."""
    chosen = environ.get("HYPOTHESIS_PROFILE") or ("ci" if environ.get("CI") else "default")
    if chosen not in PROFILES:
        raise ValueError(f"HYPOTHESIS_PROFILE={chosen}: the profiles are {', '.join(PROFILES)}")
    return chosen


def examples(in_default: int) -> int:
    """``in_default`` examples in the default profile, scaled as the profile chosen is."""
    return max(1, round(in_default * settings().max_examples / DEFAULT_EXAMPLES))
