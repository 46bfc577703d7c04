"""The ``companion`` command: score records, keep sessions, export them, look up rules, serve pages.

One module per command group: ``rules`` (score, rules, arbiter), ``sessions`` (new, note, pause,
record, undo, edit, sessions, show), ``files`` (export, history, import, backup, restore, qr),
``club`` (players, stats, ratings, player), ``serve``; ``common`` holds what they share and
``command`` builds the parser and runs one.
"""

from companion.cli.command import build_parser, main

__all__ = ["build_parser", "main"]
