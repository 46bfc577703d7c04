"""Typed lines in tests: each game's notation, as the table screen reads a line.

``quick(line, game, to_play=…)`` is the entry a table gets by typing ``line`` when it is
``to_play``'s turn (the screen takes the turn from the position; tests name it).
"""

from __future__ import annotations

from typing import Any

from scoring.kings import notation as kings
from scoring.louder import notation as louder
from scoring.notation import json_entry
from scoring.phantom import notation as phantom
from scoring.sheriff import notation as sheriff
from scoring.trickster import notation as trickster

line_for = trickster.line_for
kings_line = kings.line_for
sheriff_line = sheriff.line_for
phantom_line = phantom.line_for
louder_line = louder.line_for


def quick(text: str, game: str, to_play: str | None = None) -> Any:
    """The entry for a typed line of ``game``."""
    line = text.strip()
    if line.startswith("{"):
        return json_entry(line)
    if game in ("trickster", "kings"):  # the two notations where a play names no player
        return {"trickster": trickster, "kings": kings}[game].parse_line(line, to_play)
    return {"sheriff": sheriff, "phantom": phantom, "louder": louder}[game].parse_line(line)
