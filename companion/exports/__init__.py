"""A session written out: the native JSON, CSV, Markdown, BG Stats and BGG, and the QR code."""
