"""What a Trickster table is told: what the last entry did and why, what comes next, and the
deck and house rules in table words, as facts (``scoring.trickster.words`` says them in English
or Japanese). Only what the table saw: a secret card is never named.

>>> import json
>>> from pathlib import Path
>>> from scoring.words import say, say_all
>>> from scoring.trickster.game import GAME
>>> record = json.loads((Path(__file__).parents[2] / "examples/trickster/game-4p-introductory.json").read_text())
>>> header, entries = GAME.split(record)
>>> s0, s1 = (GAME.replay(header, entries[:n]).state for n in (5, 6))
>>> say(prompt(s0))
'Dan leads trick 2.'
>>> say_all(told(s0, s1, entries[5]))
['Dan played the black Revolutionary: takes the black Magician from the trash into their hand.']
>>> say(prompt(s1)), say(prompt(s1), "ja")
('Aki to play: any card (Dan led the black Revolutionary).', 'Akiの番：どのカードでも可（Danが黒の革命家をリード）。')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from contextlib import suppress
from typing import Any

from scoring.data import load_toml
from scoring.errors import RuleViolation
from scoring.standings import Standings
from scoring.trickster.cards import Deck, code, heroes, parse
from scoring.trickster.effects import COPIERS, hero_code, resolve_or_skip
from scoring.trickster.engine import ROUNDS, laid, may_bust, timeline_size, trash_size
from scoring.trickster.record import read_effect
from scoring.trickster.settings import HouseRules
from scoring.trickster.state import LEAD, NO_MATCH, OVER, PATTERN_NONE, REVEAL, SETUP, TRICK, RoundScore, State
from scoring.trickster.words import card, in_words, said
from scoring.trickster.zones import add_to_pot, describe_pattern
from scoring.words import Fact, Words, listed, say


def _cards(cards: Sequence[int]) -> Fact:
    """Cards listed in a sentence: by their codes in English (``YPED YMAG``), by their suit and hero
    in Japanese (``黄行商人、黄手品師``)."""
    return said("cards", cards=tuple(code(c) for c in cards))


# --- what the last entry did ---------------------------------------------------------------------


def did(effect: Mapping[str, Any] | None, hcode: str, deck: Deck, me: str, pot: tuple[int, ...] = ()) -> Fact:
    """What a played card's effect did, as the table saw it ("takes the green Nomad from Dan's
    tableau into their hand"); a secret card is never named. ``pot``: the pot once it was played
    (where the Inventor's card went).

    >>> deck = Deck.preset("strategy")
    >>> say(did({"copy": "KDOC", "then": {"card": "WDOC", "enemy": "Ben"}}, "ARC", deck, "Aki"))
    "uses the effect of the black Doctor: puts the white Doctor from Ben's tableau into Ben's hand"
    >>> say(did({"card": "KDOC", "enemy": "Ben"}, "DOC", deck, "Aki"), "ja")
    'Benの場札の黒の医師をBenの手札へ'
    """
    if effect is None:
        return said("unresolved")
    values: dict[str, Words] = {}
    for key in ("card", "card2", "copy"):
        value = effect.get(key)
        try:
            values[key] = card(parse(value, deck)) if isinstance(value, str) else ""
        except RuleViolation:
            values[key] = str(value)
    enemy = str(effect.get("enemy") or "")
    values["enemy"] = enemy
    values["enemy2"] = str(effect.get("enemy2") or (me if hcode == "SAI" else enemy))
    values["where"] = ""
    if hcode == "INV" and not values["card"]:
        values["card"] = said("top_of_deck")
    elif hcode == "INV" and pot:
        went = parse(effect["card"], deck) in pot
        values["where"] = said("to_pot" if went else "to_trash")
    text = said("did", hero=hcode, **values)
    then = effect.get("then")
    if then is not None and isinstance(then, Mapping):
        inner = effect.get("copy") if hcode in COPIERS else effect.get("card")
        try:
            h2 = hero_code(parse(inner, deck)) if isinstance(inner, str) else None
        except RuleViolation:
            h2 = None
        if h2 is not None:
            more = did(then, h2, deck, me) if then else said("in_secret")
            text = said("then", did=text, more=more)
    return text


def pot_after(s: State, entry: Mapping[str, Any]) -> tuple[int, ...]:
    """The pot once the card of ``entry`` and its effect are in it (what the buster takes)."""
    if "bust" in entry:
        return s.pot
    me = s.to_play
    if me is None:
        return s.pot
    try:
        c = parse(entry["play"], s.game.deck)
        effect = read_effect(entry["effect"], s.game) if entry.get("effect") is not None else None
        w = laid(s, me, c)
        resolve_or_skip(w, me, hero_code(c), effect)
    except (RuleViolation, KeyError, TypeError):
        return s.pot
    return w.pot


def asks(s: State) -> Fact:
    """What the pot asks, in a few words ("follow red", "no match: no suit or hero in the pot")."""
    if s.pattern == NO_MATCH:
        return said("no_match_pot")
    if s.pattern == PATTERN_NONE:
        return said("any_card")
    return describe_pattern(s)


def _pattern(s: State, pot: tuple[int, ...]) -> Fact:
    """The follow pattern of the pot as it was when the trick ended."""
    if len(s.pot) >= 2 or len(pot) < 2:
        return asks(s)
    w = s.copy()
    w.pot = ()
    for c in pot:
        add_to_pot(w, c, by_effect=False)
    return asks(w)


def told(before: State, after: State, entry: Mapping[str, Any], table: Standings | None = None) -> list[Words]:
    """What happened when ``entry`` took the table from ``before`` to ``after``: who played what
    and what its effect did, who busted and why (an automatic bust too), why a round ended, its
    trouble points, and the winner once the game is over (``table``: the standings then)."""
    lines: list[Words] = []
    players = after.players
    if "round" in entry:
        lines.append(_round_started(after))
    elif "timeline" in entry and after.pot:
        t = players[after.trickster]
        lines.append(said("timeline_led", trick=after.tricks + 1, card=card(after.pot[0]), trickster=t))
    elif "reveal" in entry:
        lines.append(_round_scores(players, after.scores))
    elif "play" in entry and before.to_play is not None:
        who = players[before.to_play]
        try:
            c = parse(entry["play"], before.game.deck)
        except RuleViolation:
            return []
        effect = entry.get("effect")
        what = did(effect, hero_code(c), before.game.deck, who, pot_after(before, entry))
        lines.append(said("played", player=who, card=card(c), did=what))
    if ("play" in entry or "bust" in entry) and before.phase == TRICK and after.tricks > before.tricks:
        lines.append(_busted(before, after, entry))
        if after.phase == REVEAL:
            lines.append(_round_over(after))
    if after.phase == OVER and table is not None:
        lines.append(winner(table))
    return lines


def _round_started(s: State) -> Fact:
    if s.leader is None:  # the Timeline leads
        t = s.players[s.trickster]
        if s.phase == LEAD:  # its card typed as it leads
            return said("round_timeline_typed", round=s.round, trickster=t)
        return said("round_timeline", round=s.round, card=card(s.pot[0]), trickster=t)
    return said("round_led", round=s.round, leader=s.players[s.leader])


def _busted(before: State, after: State, entry: Mapping[str, Any]) -> Fact:
    buster = after.last_buster if after.last_buster is not None else 0
    who = after.players[buster]
    pot = pot_after(before, entry)
    pattern = _pattern(before, pot)
    taken = {"player": who, "count": len(pot), "cards": _cards(pot)}
    if "bust" in entry:
        if not before.hands[buster].size:
            return said("empty_busts", **taken)
        return said("busts", pattern=pattern, **taken)
    leader_busts = (
        before.leader is not None
        and buster == before.leader
        and before.game.rules.special_case_buster == "leader"
        and buster != before.trickster
    )
    if leader_busts:
        return said("leader_busts", pattern=pattern, **taken)
    return said("trickster_busts", pattern=pattern, **taken)


def _round_over(s: State) -> Fact:
    empty = [s.players[p] for p, h in enumerate(s.hands) if not h.size]
    if empty:
        return said("hand_empty", round=s.round, players=listed(empty, "list"))
    return said("timeline_used", round=s.round)


def _round_scores(players: Sequence[str], scores: Sequence[RoundScore]) -> Words:
    if not scores:
        return ""
    r = len(scores)
    last = scores[-1]
    points = _each(players, last.trouble)
    text = said("trouble_points", round=r, points=points)
    if r > 1:
        totals = [sum(sc.trouble[i] for sc in scores) for i in range(len(players))]
        return Fact("sentences", items=(text, said("totals", totals=_each(players, totals))))
    return text


def _each(players: Sequence[str], numbers: Sequence[int]) -> Fact:
    return said("each", items=tuple(f"{p} {t}" for p, t in zip(players, numbers, strict=True)))


def winner(table: Standings) -> Fact:
    """Who won, with the tie-break that decided it when there was a tie."""
    if not table.places:
        return said("over")
    best = table.winners()
    total = table.places[0].total
    if len(best) > 1:
        text = said("shared_win", players=listed(best, "list"), total=total)
    else:
        text = said("won", player=best[0], total=total)
    breaks = table.tiebreaks
    if breaks and best[0] in say(breaks[0]):
        return Fact("sentences", items=(text, breaks[0]))
    return text


# --- what comes next -----------------------------------------------------------------------------


def prompt(s: State, table: Standings | None = None, fresh: bool = False) -> Words:
    """What the table types next, following the state (``fresh``: nothing recorded yet, so a
    scoresheet may be kept instead)."""
    if s.phase == OVER:
        return winner(table) if table is not None else said("over")
    if s.phase == SETUP:
        return said(
            "setup",
            round=s.round + 1,
            trash=trash_size(),
            players=listed(s.players, "list"),
            timeline=timeline_size(s.game),
            fresh=fresh,
        )
    if s.phase == REVEAL:
        held = tuple((p, h.size) for p, h in zip(s.players, s.hands, strict=True) if h.size)
        return said("reveal", held=held)
    if s.phase == LEAD:
        return said("timeline_leads", trick=s.tricks + 1, trickster=s.players[s.trickster])
    if s.phase != TRICK or s.to_play is None:
        return ""
    who = s.players[s.to_play]
    if not s.pot:
        return said("leads", player=who, trick=s.tricks + 1)
    if len(s.pot) == 1:
        led = s.players[s.leader] if s.leader is not None else said("the_timeline")
        return said("to_play_any", player=who, led=led, card=card(s.pot[0]))
    if not s.hands[s.to_play].size:
        return said("no_cards", player=who)
    pattern = asks(s)
    if may_bust(s):
        return said("to_play_or_bust", player=who, pattern=pattern)
    return said("to_play", player=who, pattern=pattern)


def scoresheet_prompt(rounds: int, table: Standings | None) -> Words:
    if rounds >= ROUNDS:
        return winner(table) if table is not None else ""
    return said("scoresheet", round=rounds + 1)


def scoresheet_told(players: Sequence[str], scores: Sequence[RoundScore], table: Standings, over: bool) -> list[Words]:
    lines = [_round_scores(players, scores)]
    if over:
        lines.append(winner(table))
    return [line for line in lines if line]


# --- the variant ---------------------------------------------------------------------------------


def variant(header: Mapping[str, Any]) -> Words:
    """The deck, the Timeline (2–3 players play with it, §"The Timeline") and the house rules set
    away from their defaults, in table words; "" for 4–7 players with the introductory deck and no
    house rule. Who plays first is no variant (:func:`heading` says it).

    >>> say(variant({"players": ["Aki", "Ben"], "deck": "strategy", "settings": {"trash_pick": "top"}}))
    'Strategy deck, Timeline, top trash card only'
    >>> say(variant({"players": ["Aki", "Ben", "Chie"], "first": "Ben"}), "ja"), variant({"players": list("ABCD")})
    ('タイムライン', '')
    """
    parts: list[Words] = _deck_words(header)
    players = header.get("players")
    if isinstance(players, (list, tuple)) and 2 <= len(players) <= 3:
        parts.append(said("timeline"))
    with suppress(RuleViolation, TypeError, ValueError):
        parts += in_words(HouseRules.from_dict(dict(header.get("settings") or {})))
    return _parts(parts)


def heading(header: Mapping[str, Any]) -> Words:
    """The :func:`variant`, then who plays first when the header names someone other than the first
    player (the first Leader; 2–3 players, the first to hold the Trickster token): the table's
    heading, never a statistics variant (the same game whoever starts).

    >>> say(heading({"players": ["Aki", "Ben", "Chie", "Dan"], "first": "Chie"}))
    'Chie starts'
    >>> say(heading({"players": ["Aki", "Ben", "Chie"], "deck": "strategy", "first": "Ben"}), "ja")
    '戦略デッキ、タイムライン、Benから'
    >>> say(heading({"players": ["Aki", "Ben"], "first": "Aki"}))
    'Timeline'
    """
    parts = [variant(header)]
    players, first = header.get("players"), header.get("first")
    if isinstance(players, (list, tuple)) and isinstance(first, str) and first in players[1:]:
        parts.append(said("starts", player=first))
    return _parts([p for p in parts if p])


def _parts(parts: list[Words]) -> Words:
    """Parts of a heading, one after another ("Strategy deck, Timeline"); "" for none."""
    if not parts:
        return ""
    return parts[0] if len(parts) == 1 else said("parts", items=tuple(parts))


def _deck_words(header: Mapping[str, Any]) -> list[Words]:
    """The deck in table words: [] for the introductory deck."""
    parts: list[Words] = []
    deck = header.get("deck", "introductory")
    decks = load_toml("trickster", "game.toml")["decks"]
    if isinstance(deck, str) and deck in decks:
        if deck != "introductory":
            parts.append(said("deck", deck=deck))
    elif isinstance(deck, list):
        try:
            d = Deck.of([str(h) for h in deck])
            parts.append(said("heroes", heroes=tuple(heroes()[h].code for h in d.heroes)))
        except RuleViolation:
            pass
    return parts


__all__ = [
    "asks",
    "did",
    "heading",
    "pot_after",
    "prompt",
    "scoresheet_prompt",
    "scoresheet_told",
    "told",
    "variant",
    "winner",
]
