"""Any game's record, scored: the one entry point ``companion score`` uses."""

from __future__ import annotations

from scoring.recordkit import at, bad, need_dict, need_str
from scoring.standings import Table

GAMES = ("trickster", "kings")


def score_record(record: object) -> Table:
    """Standings for a record of any supported game; refuses with a located reason."""
    with at("record"):
        record = need_dict(record, "the record")
        game = need_str(record.get("game"), "game")
        if game not in GAMES:
            raise bad(f"unknown game {game!r}; known games: {', '.join(GAMES)}.",
                      f"不明なゲーム {game!r}。")
    if game == "trickster":
        from scoring.trickster.record import score

        return score(record)
    from scoring.kings.record import score as score_kings

    return score_kings(record)
