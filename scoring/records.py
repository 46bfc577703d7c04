"""Any game's record: scored, built from a session's entries, or split back into them.

A record names its game (``{"game": "sheriff", …}``); the registry finds the game, and the game
reads it. ``companion score``, the session store and the importer all come through here.

>>> record = build_record("sheriff", {"players": ["Aki", "Ben", "Chie"]}, [])
>>> record
{'game': 'sheriff', 'players': ['Aki', 'Ben', 'Chie'], 'deals': []}
>>> split_record(record)
('sheriff', {'players': ['Aki', 'Ben', 'Chie']}, [])
>>> read_record({"game": "chess"})
Traceback (most recent call last):
...
scoring.recordkit.RecordError: record: Unknown game 'chess'; known games: trickster, kings, sheriff, phantom, \
louder. [record-format]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from scoring.recordkit import at, need_dict, need_str
from scoring.registry import get
from scoring.standings import Scored, Standings


def game_of(record: object) -> str:
    """The id of a record's game, refused with the known games when there is none."""
    with at("record"):
        record = need_dict(record, "the record")
        game = need_str(record.get("game"), "game")
        get(game)
    return game


def read_record(record: object) -> Scored:
    """Score a record of any game; refuses with a located reason."""
    game = game_of(record)
    return get(game).read(record)  # type: ignore[arg-type]


def score_record(record: object) -> Standings:
    """Standings only."""
    return read_record(record).standings


def build_record(game: str, header: Mapping[str, Any], entries: Sequence[Any]) -> dict:
    """The record of a session so far (the last round may be unfinished)."""
    return get(game).record(header, entries)


def split_record(record: Mapping[str, Any]) -> tuple[str, dict, list[Any]]:
    """The inverse: a record as (game, header, entries), for importing records as sessions."""
    game = game_of(record)
    header, entries = get(game).split(record)
    return game, header, entries
