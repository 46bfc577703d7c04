"""The pieces the screens share: the entry line, its choices, the log, the page every screen is."""
