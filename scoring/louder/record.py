"""LOUDER TRICKSTAR records: the turns in order, then the hands left when the deck ran out."""

from __future__ import annotations

from typing import Any

from scoring.louder.engine import (
    HIDDEN,
    OVER,
    Drew,
    Game,
    HandsRevealed,
    HouseRules,
    Placed,
    State,
    Used,
    apply,
    check_deck,
    new_game,
    parse_card,
    score,
    shows,
)
from scoring.louder.words import fact
from scoring.recordkit import at, bad, need_dict, need_int, need_list, need_str, only_keys, players_of, seat
from scoring.standings import Scored, rank
from scoring.words import Words

HEADER = {"game", "players", "first", "settings", "flip_limits", "deck", "turns", "hands", "version", "date", "notes"}


def _cell(obj: Any) -> tuple[int, int]:
    pair = need_list(obj, "a cell")
    if len(pair) != 2:
        raise bad("a cell is [column, row].", "マスは [列, 行] です。")
    return need_int(pair[0], "a column"), need_int(pair[1], "a row")


def _sum(numbers: list[int]) -> str:
    """Numbers added up as the table writes it: ``5 + 3 - 2`` (``0`` for none).

    >>> _sum([5, 3, -2]), _sum([-1, 2]), _sum([])
    ('5 + 3 - 2', '-1 + 2', '0')
    """
    if not numbers:
        return "0"
    return str(numbers[0]) + "".join(f" {'-' if n < 0 else '+'} {abs(n)}" for n in numbers[1:])


def read(record: dict) -> Scored:
    """A LOUDER TRICKSTAR record scored: collected numbers, minus what is left in hand at the end;
    each player's score as its parts (``Aki: 3 = 5 - 2 − [(1 + 1)]``), the same in both languages."""
    s = table_state(record)
    players = s.players
    points = score(s)
    details: list[Words] = []
    for p, who in enumerate(players):
        plus = _sum([c.number for c in s.collected[p]])
        left = [c for c in (s.revealed[p] if s.revealed else ()) if c.placement]
        minus = " + ".join(f"({c.number} + 1)" for c in left)
        less = fact("score.minus", cards=minus) if minus else ""
        details.append(fact("score", who=who, points=points[p], plus=plus, minus=less))
    table = rank(dict(zip(players, points, strict=True)), lower_wins=False)
    return Scored(table, details, finished=s.revealed is not None)


def table_state(record: dict) -> State:
    """The tracker's state after the record's turns (and the final reveal, if any)."""
    only_keys(record, HEADER, "the record")
    players = players_of(record, 3, 4)
    with at("settings"):
        rules = HouseRules.from_dict(need_dict(record.get("settings", {}), "settings"))
    with at("flip_limits"):
        limits = {
            need_str(k, "a card"): need_int(v, f"the {k}'s flip limit", 1, 20)
            for k, v in need_dict(record.get("flip_limits", {}), "flip_limits").items()
        }
    with at("deck"):  # the table's own cards, by code; absent: the data's (unverified) default
        deck = (
            {}
            if "deck" not in record
            else check_deck(
                {
                    need_str(k, "a card"): need_int(v, f"the count of {k}", 0)
                    for k, v in need_dict(record["deck"], "deck").items()
                }
            )
        )
    with at("first"):
        first = seat(players, record.get("first", players[0]))
    s = new_game(Game(players, first, rules, limits, deck))
    with at("turns"):
        turns = need_list(record.get("turns"), "turns")
    for t, obj in enumerate(turns):
        with at(f"turns[{t}]"):
            obj = need_dict(obj, "a turn")
            only_keys(obj, {"by", "draw", "place", "at", "says", "use", "flip"}, "a turn")
            me = seat(players, obj["by"]) if "by" in obj else s.turn
            actions = [k for k in ("draw", "place", "use") if k in obj]
            if len(actions) > 1:
                raise bad(f"a turn is exactly one action, not {' and '.join(actions)}.", "手番の行動は1つだけです。")
            if "draw" in obj and obj["draw"] is not True:
                raise bad(f'a draw is written "draw": true, not {obj["draw"]!r}.', '引くときは "draw": true です。')
            says = obj.get("says", "")
            if not isinstance(says, str):
                raise bad(f"what a player says is text (score:5), not {says!r}.", "宣言は文字列です。")
            if obj.get("draw"):
                event = Drew(me)
            elif "place" in obj:
                event = Placed(me, parse_card(need_str(obj["place"], "a card")), _cell(obj.get("at")), says)
            elif "use" in obj:
                flips = tuple(_cell(c) for c in need_list(obj.get("flip", []), "flip"))
                event = Used(me, parse_card(need_str(obj["use"], "a card")).kind, flips)
            else:
                raise bad(
                    'a turn is {"draw": true}, {"place": CARD, "at": [x, y], "says": ...} or '
                    '{"use": CARD, "flip": [[x, y], ...]}.',
                    "手番の形式が不正です。",
                )
            s = apply(s, event)
    if "hands" in record:
        with at("hands"):
            hands = need_dict(record["hands"], "hands")
            if s.phase != OVER:
                raise bad(
                    f"hands are revealed when the last card of the deck is drawn; {s.deck} card(s) are left.",
                    "山札が残っています。",
                )
            s = apply(
                s,
                HandsRevealed(
                    tuple(
                        tuple(parse_card(need_str(c, "a card")) for c in need_list(hands.get(p, []), p))
                        for p in players
                    )
                ),
            )
    return s


def public_record(record: dict) -> dict:
    """The record as the table may see it now: while the game runs (no hands revealed yet), every
    placement whose card the table never saw face up is written ``■`` (its cell and what was
    announced stay). A card the table saw stays: one flipped by the Trickster or the Destroyer,
    whether collected or sent back by a Trap, or collected by a Seeker that collects; a Seeker that
    only looks shows nobody but its player. A finished game's record is returned whole.

    >>> record = {"players": ["Aki", "Ben", "Chie"], "turns": [
    ...     {"place": "score:3", "at": [0, 0], "says": "score:5"},
    ...     {"place": "trap:0", "at": [1, 0], "says": "score:4"},
    ...     {"use": "seeker", "flip": [[1, 0]]},
    ...     {"place": "score:1", "at": [2, 0]},
    ...     {"use": "trickster", "flip": [[0, 0]]}]}
    >>> [t.get("place") for t in public_record(record)["turns"]]
    ['score:3', '■', None, '■', None]
    """
    s = table_state(record)
    if s.revealed is not None:
        return record
    seen: set[int] = set()
    lying: dict[tuple[int, int], int] = {}  # the turn whose card lies face down in each cell
    state = new_game(s.game)
    for t, event in enumerate(s.log):
        if isinstance(event, Placed):
            lying[event.cell] = t
        elif isinstance(event, Used) and shows(state, event):
            seen.update(lying[c] for c in event.flips)
        after = apply(state, event)
        lying = {c: t for c, t in lying.items() if c in after.field}
        state = after
    turns = [
        {**turn, "place": HIDDEN} if "place" in turn and t not in seen else turn
        for t, turn in enumerate(record.get("turns", []))
    ]
    return {**record, "turns": turns}
