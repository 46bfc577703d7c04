"""LOUDER TRICKSTAR records: the turns in order, then the hands left when the deck ran out."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from scoring.errors import RuleViolation
from scoring.louder.engine import (
    HIDDEN,
    OVER,
    UNKNOWN,
    Drew,
    HandsRevealed,
    Header,
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
        raise bad(fact("refused.cell_form"))
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
    """A LOUDER TRICKSTAR record scored: collected numbers, minus what is left in hand at the end."""
    return scored_state(table_state(record))


def scored_state(s: State) -> Scored:
    """The standings and each player's points as their parts (``Aki: 3 = 5 - 2 − [(1 + 1)]``, the
    same in both languages), from the tracker's state."""
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
    s = opening(record)
    with at("turns"):
        turns = need_list(record.get("turns"), "turns")
    for t, obj in enumerate(turns):
        with at(f"turns[{t}]"):
            s = turn(obj, s)
    if "hands" in record:
        with at("hands"):
            s = hands_shown(record["hands"], s)
    return s


def opening(record: dict) -> State:
    """The tracker's state before a record's first turn: its header read, or refused as ``read``
    refuses it."""
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
    return new_game(Header(players, first, rules, limits, deck))


def turn(obj: Any, s: State) -> State:
    """One turn as a record writes it (``{"draw": true}``, ``{"place": CARD, "at": [x, y], "says":
    …}``, ``{"use": CARD, "flip": [[x, y], …]}``), read and applied."""
    return apply(s, turn_event(obj, s))


def turn_event(obj: Any, s: State) -> Drew | Placed | Used:
    players = s.players
    obj = need_dict(obj, "a turn")
    only_keys(obj, {"by", "draw", "place", "at", "says", "use", "flip"}, "a turn")
    me = seat(players, obj["by"]) if "by" in obj else s.turn
    actions = [k for k in ("draw", "place", "use") if k in obj]
    if len(actions) > 1:
        raise bad(fact("refused.one_action", actions=tuple(actions)))
    if "draw" in obj and obj["draw"] is not True:
        raise bad(fact("refused.draw_form", value=obj["draw"]))
    says = obj.get("says", "")
    if not isinstance(says, str):
        raise bad(fact("refused.says_text", says=says))
    if obj.get("draw"):
        return Drew(me)
    if "place" in obj:
        return Placed(me, parse_card(need_str(obj["place"], "a card")), _cell(obj.get("at")), says)
    if "use" in obj:
        flips = tuple(_cell(c) for c in need_list(obj.get("flip", []), "flip"))
        return Used(me, parse_card(need_str(obj["use"], "a card")).kind, flips)
    raise bad(fact("refused.turn_form"))


def hands_shown(obj: Any, s: State) -> State:
    """The hands left when the deck ran out (``{NAME: [CARD, …]}``), read and applied."""
    hands = need_dict(obj, "hands")
    if s.phase != OVER:
        raise bad(fact("refused.hands_early", n=s.deck))
    shown = tuple(tuple(parse_card(need_str(c, "a card")) for c in need_list(hands.get(p, []), p)) for p in s.players)
    return apply(s, HandsRevealed(shown))


@dataclass(frozen=True)
class Seen:
    """A game so far, for the next turn: the tracker's state of the true record (``state``) and of
    what the table has seen (``public``, every placed card nobody saw turned over as ■, which is
    what ``table_state(public_record(record))`` reads), and where those cards lie (``unseen``: the
    turn each was placed on, by cell)."""

    state: State
    public: State
    unseen: Mapping[tuple[int, int], int] = field(default_factory=dict)

    def then(self, entry: Any) -> Seen:
        """With one more entry (a turn, or the hands once the deck ran out), refused as ``read``
        refuses the record of the entries with this one last."""
        e = need_dict(entry, "an entry")
        s = self.state
        if place(e, s.revealed is not None) == "hands":
            shown = hands_shown(e["hands"], s)
            return Seen(shown, shown)  # a finished game hides nothing
        event = turn_event(e, s)
        after = apply(s, event)
        public, unseen = self.public, self.unseen
        if isinstance(event, Placed):
            public = apply(public, Placed(event.player, UNKNOWN, event.cell, event.said))
            return Seen(after, public, {**unseen, event.cell: len(s.log)})
        if isinstance(event, Used) and shows(s, event) and any(c in unseen for c in event.flips):
            public = public.copy()  # the cards it turns over are seen: written in their turns
            log = list(public.log)
            for c in event.flips:
                if c in unseen:
                    log[unseen[c]] = s.log[unseen[c]]
            public.log = tuple(log)
            public.field = {**public.field, **{c: s.field[c] for c in event.flips if c in unseen}}
            unseen = {c: t for c, t in unseen.items() if c not in event.flips}
        return Seen(after, apply(public, event), unseen)

    def hidden(self) -> frozenset[int]:
        """The turns whose placed card the table has not seen."""
        return frozenset(self.unseen.values())


def place(entry: Mapping[str, Any], shown: bool) -> str:
    """Where an entry goes in the record, once the hands were ``shown`` or not: the ``hands``, or
    the next of the ``turns``; nothing comes after the hands. ``Seen.then`` and the game's
    ``record`` both ask it, so an entry after the hands is refused in the same words.

    >>> place({"draw": True}, False), place({"hands": {}}, False)
    ('turns', 'hands')
    """
    if shown:
        raise hands_last()
    return "hands" if "hands" in entry else "turns"


def hands_last() -> RuleViolation:
    return bad(fact("refused.hands_last"))


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
