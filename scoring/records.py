"""Any game's record, scored: the one entry point ``companion score`` uses."""

from __future__ import annotations

from dataclasses import dataclass, field

from scoring.recordkit import at, bad, need_dict, need_str
from scoring.standings import Table

GAMES = ("trickster", "kings", "sheriff", "phantom", "louder")


@dataclass(frozen=True)
class Scored:
    """A record's standings, each round's score as its parts, and notes on unverified values."""

    table: Table
    details: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    finished: bool = False  # the game is over: nothing more can be recorded


def read_record(record: object, lang: str = "en") -> Scored:
    """Score a record of any supported game; refuses with a located reason."""
    with at("record"):
        record = need_dict(record, "the record")
        game = need_str(record.get("game"), "game")
        if game not in GAMES:
            raise bad(f"unknown game {game!r}; known games: {', '.join(GAMES)}.",
                      f"不明なゲーム {game!r}。")
    if game == "trickster":
        from scoring.trickster.record import read

        return read(record, lang)
    if game == "kings":
        from scoring.kings.record import read as read_kings

        return read_kings(record, lang)
    if game == "sheriff":
        from scoring.sheriff.record import read as read_sheriff

        return read_sheriff(record, lang)
    if game == "phantom":
        from scoring.phantom.record import read as read_phantom

        return read_phantom(record, lang)
    from scoring.louder.record import read as read_louder

    return read_louder(record, lang)


def score_record(record: object) -> Table:
    """Standings only."""
    return read_record(record).table
