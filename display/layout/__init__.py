"""Where things go and how text fits: paragraphs wrapped (flow), one panel's canvas (canvas),
a screen's regions (regions)."""
