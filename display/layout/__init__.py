"""Where things go and how text fits: paragraphs wrapped and shrunk to fit (flow), tables of
them (table), one panel's canvas (canvas), a screen's regions (regions)."""
