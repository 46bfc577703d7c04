"""What the LOUDER TRICKSTAR table is told, as facts (``scoring.louder.words`` says them): what a
turn did, each hand and the winner at the end, what comes next, the heading, an entry as the log
lists it, and what the table knows of a card lying face down.

Everything here is told from what the table has seen: a placement by its cell and what was
announced, never its card; a flip's cards only when the whole table saw them turned.

>>> from scoring.louder.engine import Header, apply, new_game
>>> from scoring.words import say_all
>>> s = new_game(Header(("Aki", "Ben", "Chie")))
>>> t = apply(s, Placed(0, Card("trap", 0), (0, 0), "score:5"))
>>> say_all(turn(s, t))
['Aki places a card face down at 0,0, announcing Score 5.']
>>> say_all(turn(s, t), "ja")
['Akiが0,0にカードを伏せて置き、「スコア5」と宣言しました。']
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scoring.errors import RuleViolation
from scoring.louder.engine import (
    OVER,
    Card,
    Drew,
    Placed,
    State,
    card_name,
    data,
    default_deck,
    parse_card,
    shows,
)
from scoring.louder.words import fact, listed
from scoring.standings import Standings
from scoring.words import Fact, Words


def announced(says: str) -> Words:
    """What a player announced, as the table says it (``Score 5``), or as typed if it is no card."""
    try:
        return card_name(parse_card(says))
    except RuleViolation:
        return says


def strategy(kind: str) -> Fact:
    """A strategy card by its name (``Trickster``, ``トリックスター``)."""
    return card_name(Card(kind))


def turn(b: State, a: State) -> list[Words]:
    """What the last turn, taking the tracker from ``b`` to ``a``, did as the table saw it: who drew,
    who placed where announcing what (never the card), what a strategy card flipped and what that
    showed; nothing when ``a`` is not one turn after ``b``."""
    if not a.log or len(a.log) != len(b.log) + 1:
        return []
    e = a.log[-1]
    who = a.players[e.player]
    if isinstance(e, Drew):
        if a.phase == OVER:
            return [fact("told.drew_last", who=who)]
        return [fact("told.drew", who=who, n=a.deck)]
    if isinstance(e, Placed):
        x, y = e.cell
        if not e.said:
            return [fact("told.placed_silent", who=who, x=x, y=y)]
        return [fact("told.placed", who=who, x=x, y=y, says=announced(e.said))]
    card = strategy(e.card)
    if not e.flips:
        return [fact("told.used", who=who, card=card)]
    cells = [f"{x},{y}" for x, y in e.flips]
    if not shows(b, e):  # a Seeker that only looks: the cells, never the cards
        return [fact("told.peek", who=who, card=card, cells=listed(cells))]
    said = {ev.cell: ev.said for ev in b.log if isinstance(ev, Placed)}  # the latest placement in each cell
    flipped = []
    for c, text in zip(e.flips, cells, strict=True):
        true = b.field[c]
        if said.get(c) and said[c] != true.code():
            flipped.append(fact("told.flip_said", cell=text, card=card_name(true), said=announced(said[c])))
        else:
            flipped.append(fact("told.flip", cell=text, card=card_name(true)))
    one = "_one" if len(cells) == 1 else ""
    if any(c in a.field for c in e.flips):
        return [fact(f"told.trapped{one}", who=who, card=card, cards=listed(flipped))]
    gain = sum(b.field[c].number for c in e.flips)
    total = sum(c.number for c in a.collected[e.player])
    return [fact(f"told.collected{one}", who=who, card=card, cards=listed(flipped), gain=gain, total=total)]


def end(s: State, table: Standings) -> list[Words]:
    """The hands shown: what each player keeps and what it costs, the final scores, the winner."""
    lines: list[Words] = [fact("told.shown")]
    for p, who in enumerate(s.players):
        kept = [c for c in s.revealed[p] if c.placement]
        if not kept:
            lines.append(fact("told.hands_none", who=who))
            continue
        minus = -sum(c.number + 1 for c in kept)
        names = listed([card_name(c) for c in kept])
        lines.append(fact("told.hands", who=who, cards=names, minus=f"{minus:+d}".replace("+0", "0")))
    scores = listed([f"{st.player} {st.total}" for st in table.places], "parts")
    lines.append(fact("told.final", scores=scores))
    lines.append(winner(table))
    return lines


def winner(table: Standings) -> Fact:
    """Who wins, or who share the win."""
    winners = table.winners()
    total = table.places[0].total
    if len(winners) == 1:
        return fact("told.wins", who=winners[0], total=total)
    return fact("told.share", who=listed(winners), total=total)


def prompt(s: State, finished: bool, table: Standings) -> Words:
    """Whose turn it is and what they may do now (from what the table sees), or what the end needs."""
    if finished:
        return fact("prompt.over", winner=winner(table))
    if s.phase == OVER:
        example = " ".join(f"{who}=…" for who in s.players)
        return fact("prompt.hands", example=example)
    who = s.players[s.turn]
    if not s.hands[s.turn]:
        return fact("prompt.empty_hand", who=who, n=s.deck)
    return fact("prompt.turn" if s.field else "prompt.first", who=who, n=s.deck)


def variant(header: Mapping[str, Any]) -> Words:
    """What this table set away from the defaults; "" for the plain game."""
    out: list[Words] = []
    limits = header.get("flip_limits") or {}
    if isinstance(limits, dict):
        default = data()["flip_limits"]
        changed = [
            fact("limit", card=strategy(str(k)), n=v)
            for k, v in limits.items()
            if default.get(k) != v and not isinstance(v, bool)
        ]
        if changed:
            out.append(fact("variant.limits", limits=listed(changed, "limits")))
    deck = header.get("deck")
    if isinstance(deck, dict) and deck:
        try:
            own = {parse_card(str(k)).code(): v for k, v in deck.items() if v} != default_deck()
        except RuleViolation:
            own = True
        if own:
            out.append(fact("variant.deck"))
    settings = header.get("settings") or {}
    if isinstance(settings, dict):
        if settings.get("seeker_mode") == "safe_collect":
            out.append(fact("variant.safe_collect"))
        if settings.get("destroyer_ignores_trap") is True:
            out.append(fact("variant.destroyer"))
    return listed(out, "parts") if out else ""


def shown(entry: Any) -> Words | None:
    """A placement as the log lists it, by its cell and what was announced, never its card; the
    reveal as one word; None for what the game's typed line says well enough."""
    if isinstance(entry, dict) and "place" in entry:
        at = entry.get("at")
        x, y = at if isinstance(at, list) and len(at) == 2 else ("?", "?")
        says = entry.get("says", "—")
        typed = fact("typed", code=says, name=announced(says) if isinstance(says, str) else says)
        return fact("shown.placed", x=x, y=y, says=typed)
    if isinstance(entry, dict) and "hands" in entry:
        return fact("shown.revealed")
    return None


def lying(s: State, cell: tuple[int, int]) -> Fact:
    """What the table knows of the card lying face down in ``cell``: the card, if it was seen turned
    over, else what its player announced."""
    card = s.field[cell]
    if card.known:
        return fact("label.seen", card=card_name(card))
    said = next((e.said for e in reversed(s.log) if isinstance(e, Placed) and e.cell == cell), "")
    return fact("label.said", card=announced(said)) if said else fact("label.unsaid")
