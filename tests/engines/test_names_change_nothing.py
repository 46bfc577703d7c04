"""Who the players are called changes no score: every worked example of every game (the whole
games and the scoresheets), its players renamed wherever the record names them (the header, a
name as a key, a name as a value), scores each renamed player exactly as it scored the player
before, in the same places, with the same tie-breaks said with the new names. An engine that read a
name (sorted by it, broke a tie by it, kept a player by it in a set) would be caught here. Nor
does where they sit: the seats turned round the table, the same player starting, is the same game
(KINGs aside: its first seat drafts first and no header names another)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scoring.records import read_record
from scoring.registry import get
from scoring.words import say

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = sorted(p for p in (ROOT / "examples").glob("*/*.json") if not p.name.endswith(".expected.json"))
# new names that sort the other way round and share no letters with the old ones, one Japanese
NEW = ["Zoë", "Yusuf", "ワタナベ", "Xavi", "Wen", "Vlad", "Uma"]


def renamed(value: object, names: dict[str, str]) -> object:
    """``value`` with every string that is a player's name (a key or a value) replaced."""
    if isinstance(value, dict):
        return {names.get(k, k): renamed(v, names) for k, v in value.items()}
    if isinstance(value, list):
        return [renamed(v, names) for v in value]
    if isinstance(value, str):
        return names.get(value, value)
    return value


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_renaming_the_players_changes_no_score(path):
    record = json.loads(path.read_text(encoding="utf-8"))
    players = record["players"]
    names = dict(zip(players, NEW, strict=False))
    before, after = read_record(record), read_record(renamed(record, names))
    assert [(names[s.player], s.rank, s.total, s.rounds) for s in before.standings.places] == [
        (s.player, s.rank, s.total, s.rounds) for s in after.standings.places
    ]
    assert after.finished == before.finished

    def said(text: str) -> str:
        for old, new in names.items():
            text = text.replace(old, new)
        return text

    assert [said(say(t)) for t in before.standings.tiebreaks] == [say(t) for t in after.standings.tiebreaks]


# where the first seat itself is part of the game and no header names another: turned, it is another game
FIRST_SEAT = {"kings": "the first seat drafts first (snake order)"}


@pytest.mark.parametrize("path", [p for p in EXAMPLES if p.parent.name not in FIRST_SEAT], ids=lambda p: p.name)
def test_turning_the_seats_round_the_table_changes_no_score(path):
    """The players seated one place round (Ben where Aki sat …), the same player starting: the same
    game in the same order, so every player scores as before."""
    record = json.loads(path.read_text(encoding="utf-8"))
    players = record["players"]
    turned = {**record, "players": [*players[1:], players[0]]}
    if "first" in get(record["game"]).header_keys:
        turned.setdefault("first", players[0])
    before, after = read_record(record), read_record(turned)
    assert {s.player: (s.rank, s.total, s.rounds) for s in before.standings.places} == {
        s.player: (s.rank, s.total, s.rounds) for s in after.standings.places
    }
