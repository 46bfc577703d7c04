"""The ``companion`` program: a command runs on the command line (``companion.cli``); without one,
the Textual app starts. The one place the command line and the app meet, above both.
"""

from __future__ import annotations

from companion.cli import main as command_line


def main(argv: list[str] | None = None) -> int:
    """``companion [COMMAND …]`` as typed in a terminal."""
    return command_line(argv, play=_play)


def _play(db: str | None, lang: str | None) -> int:
    from screens.app import run  # here: a command never loads Textual

    return run(db, lang)
