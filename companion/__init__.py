"""Companion: the app a card table keeps open to record, check and score its games."""

__version__ = "0.1.0"
