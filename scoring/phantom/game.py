"""Tricks and the Phantom as Companion knows it: the one object the app asks (see ``scoring.game``).

A session is a list of halves, one line each: every player's card with the colour its hint token
showed, then who pointed at whom. A round closes when it has its halves (``new`` closes it early,
``more`` plays on). Everyone plays at once, so nobody is "to play". What the table is told is
facts (``told``, ``scoring.phantom.words``), worded for each viewer.

>>> from scoring.words import say, say_all
>>> p = GAME.new({"players": ["Aki", "Ben", "Chie"]})
>>> [m.text for m in GAME.completions(p)], say(GAME.prompt(p))
(['Aki='], 'Round 1, half 1: each card (Aki=10 Ben=P:red …), then point Aki>Ben …')
>>> q = GAME.apply(p, GAME.parse("a=10 b=P:red c=3 point a>b b>a c>a", p))
>>> GAME.format(q.entries[-1])
'Aki=10 Ben=P:red Chie=3 point Aki>Ben Ben>Aki Chie>Aki'
>>> [m.text for m in GAME.completions(q, "Aki=")], [m.text for m in GAME.completions(q, "Aki=8:")]
(['9', '8', '7', '6', '5', '4', '2'], ['red'])
>>> say_all(GAME.told(p, q))[:2]
['Round 1, half 1: Aki 10, Ben P, Chie 3.', 'The Politician (10) is the highest card in play: the culprit.']
>>> [(s.player, s.total) for s in q.scored.standings.places]
[('Ben', 2), ('Chie', 1), ('Aki', 0)]
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from functools import partial
from typing import Any, ClassVar

from scoring.board import Board
from scoring.errors import RuleViolation
from scoring.game import Completion, Option, Position, RecordGame
from scoring.notation import exact_line
from scoring.phantom import arbiter, told
from scoring.phantom.board import phantom_board
from scoring.phantom.completions import half_after, typed_moves
from scoring.phantom.culprit import HouseRules, variants
from scoring.phantom.notation import as_lists, line_for, parse_line
from scoring.phantom.record import Walk, half_of, opening, opens_round, read
from scoring.phantom.words import fact
from scoring.recordkit import need_dict
from scoring.standings import Scored
from scoring.words import Fact, Words, text


class Phantom(RecordGame):
    id = "phantom"
    header_keys = frozenset({"players", "variant", "settings"})
    house_rules = HouseRules
    kinds: ClassVar[Mapping[str, str]] = {"played": "half"}  # every entry: all the players' cards at once

    def cards(self, entry: Any) -> int:
        """A half plays every player's card at once: its keys count per card."""
        return len(entry.get("played") or {}) if isinstance(entry, Mapping) else 0

    # what a new game may be given
    def options(self, lang: str = "en") -> list[Option]:
        """The variant (base by default), then the house rules.

        >>> variant = GAME.options("ja")[0]
        >>> variant.name, variant.default, variant.choices
        ('variant', 'base', ('base', 'poker', 'fourth_person', 'west_coast', 'oshaberi'))
        """
        named = tuple(
            fact("variant_named", code=v, name=text(spec["name"], spec["name_ja"])) for v, spec in variants().items()
        )
        return [
            Option(
                "variant",
                "base",
                fact("option.variant", names=named),
                choices=tuple(variants()),
                house_rule=False,
                labels=tuple((v, text(spec["name"], spec["name_ja"])) for v, spec in variants().items()),
                called=fact("option.variant.title"),
            ),
            *super().options(lang),
        ]

    # records
    def record(self, header: Mapping[str, Any], entries: Sequence[Any]) -> dict:
        """Rounds of halves: a round closes when it has its halves; ``"continue_round": true`` adds
        an optional extra half (the West Coast game's), ``"new_round": true`` closes it early."""
        record = {"game": self.id, **self._header(header)}
        allowed = _halves(header)
        rounds: list[dict] = []
        for e in (need_dict(e, "an entry") for e in entries):
            if opens_round(e, len(rounds[-1]["halves"]) if rounds else 0, allowed):
                rounds.append({"halves": []})
            rounds[-1]["halves"].append(half_of(e))
        record["rounds"] = rounds
        return record

    def split(self, record: Mapping[str, Any]) -> tuple[dict, list[Any]]:
        """The header and a session's entries, one a half, each marked only where the halves
        alone would not place it in its round (``opens_round``): ``new_round`` on a round's first
        half after a round closed early, ``continue_round`` on an extra half (West Coast).

        >>> record = {"players": ["Aki", "Ben"], "rounds": [{"halves": [{"a": 1}]}, {"halves": [{"b": 1}, {"c": 1}]},
        ...           {"halves": [{"d": 1}, {"e": 1}, {"f": 1}]}]}
        >>> GAME.split(record)[1]
        [{'a': 1}, {'b': 1, 'new_round': True}, {'c': 1}, {'d': 1}, {'e': 1}, {'f': 1, 'continue_round': True}]
        """
        header = self._header(record)
        allowed = _halves(record)
        entries: list[Any] = []
        before = None  # the halves of the round before
        for r in record.get("rounds", []):
            for i, h in enumerate(r.get("halves", [])):
                if i == 0 and before is not None and before < allowed:
                    h = {**h, "new_round": True}
                elif i >= allowed:
                    h = {**h, "continue_round": True}
                entries.append(h)
            before = len(r.get("halves", []))
        return header, entries

    def read(self, record: Mapping[str, Any]) -> Scored:
        return read(dict(record))

    # the rules: the halves so far, scored, a half at a time
    def start(self, header: Mapping[str, Any]) -> Walk:
        return opening(self.record(header, ()))

    def step(self, state: Walk, entry: Any) -> Walk:
        """One more half, scored with its reasons; refused as ``read`` refuses the record with the
        half last (a round closed early by ``new`` may end the game first)."""
        return state.then(entry)

    def score(self, state: Walk) -> Scored:
        return state.scored()

    def completions(self, position: Position, typed: str = "") -> list[Completion]:
        """What may be typed next for a half, word by word, in the order the line is written.

        With nothing typed, or after whole words: the 4th person (``fourth=N``, that variant
        only), then the next player in seat order who has no card yet (``Ben=``: the type-ahead
        writes it at once); once every player has one, Poker's ``double=`` (then ``NAME:yes|no``),
        a Phantom call (``accuse=A>B``, variation b only), ``point`` and each pointing, the next
        pointer in seat order (``Aki>``) then whom (``Ben``, the next player's first), then
        ``new`` (a new round before this one has its halves) or ``more`` (West Coast's second
        half, where it is allowed). After
        ``NAME=`` (and a Poker ``NAME=…,``): the cards the deal still holds, less the ones the line
        shows; after ``NAME=CARD:``, the hint colours that card may show. A suspect whose colour
        is known needs none: ``Aki=10`` is a whole word. Never a word the variant refuses.

        >>> p = GAME.new({"players": ["Aki", "Ben"], "variant": "poker"})
        >>> texts = lambda line: [m.text for m in GAME.completions(p, line)]
        >>> texts("Aki=8:red,P:blue Ben=10"), texts("Aki=8:red,P:blue Ben=10 double=")[:2]
        (['double='], ['Aki:yes', 'Aki:no'])
        """
        if position.finished:
            return []
        try:
            return typed_moves(position, typed.split())
        except RuleViolation:  # a word that names nobody (yet): nothing to offer
            return []

    # what the table is told
    def told(self, before: Position, after: Position) -> list[Words]:
        """A half's cards, its culprit and why, who scored and who found it; at a round's end a
        tie at the top at or past the target, which lets the game go on, or the winner.

        >>> p = GAME.new({"players": ["Aki", "Ben"], "variant": "poker", "settings": {"target": 1}})
        >>> p = GAME.apply(p, GAME.parse("Aki=9 Ben=7:blue double=Aki:no", p))
        >>> q = GAME.apply(p, GAME.parse("Aki=3 Ben=2", p))
        >>> from scoring.words import say
        >>> say(GAME.told(p, q)[-1]), say(GAME.prompt(q))
        ('The game is over: Aki wins with 2.', 'The game is over: Aki wins with 2.')
        """
        if len(after.entries) <= len(before.entries) or not isinstance(after.entries[-1], Mapping):
            return []
        w = after.state
        return told.half_told(w) if w.halves else []

    def prompt(self, position: Position) -> Words:
        """The next half and what to type for it, as the variant has it; the winner once over.

        >>> p = GAME.new({"players": ["Aki", "Ben"], "variant": "poker"})
        >>> from scoring.words import say
        >>> say(GAME.prompt(p))
        'Round 1, half 1: 1–3 cards each (Aki=8,P:red Ben=10 …), double=Ben:yes|no'
        """
        w = position.state
        if w.over:
            return told.ending(w)[-1]
        return told.next_half(w, *half_after(w))

    def board(self, position: Position) -> Board:
        """The totals and the last half's culprit and why (``scoring.phantom.board``)."""
        return phantom_board(position)

    def variant(self, header: Mapping[str, Any]) -> Words:
        """The variant and the house rules set away from their defaults, in table words.

        >>> from scoring.words import say
        >>> oink = {"settings": {"edition": "oink", "target": 12}}
        >>> say(GAME.variant({"variant": "poker"})), say(GAME.variant(oink), "ja")
        ('Poker', 'オインク版、目標12点')
        """
        return told.variant(header)

    # notation
    def parse_line(self, line: str, position: Position) -> Any:
        """A typed half; in Poker every player's cards are a list, one card typed alone too (``Aki=8``)."""
        half = parse_line(line, position.header.get("players"))
        return as_lists(half) if position.header.get("variant") == "poker" else half

    def format(self, entry: Any) -> str:
        """The typed line for a half; JSON for one no line says exactly (an empty ``accused``, a
        name with a space in it).

        >>> GAME.format({"played": {"Aki": {"card": "P", "hint": "red"}}, "new_round": True})
        'Aki=P:red new'
        >>> GAME.format({"played": {"Aki": [{"card": "8", "hint": "red"}], "Ben": [{"card": "5", "hint": "red"}]}})
        'Aki=8 Ben=5'
        >>> GAME.format({"played": {"Aki": [{"card": "8", "hint": "red"}], "Ben": {"card": "5", "hint": "red"}}})
        'Aki=8, Ben=5'
        >>> GAME.format({"played": {"Aki Ito": {"card": "8", "hint": "red"}}})
        '{"played": {"Aki Ito": {"card": "8", "hint": "red"}}}'

        A Poker half, every player's cards a list, is written with a list of one as the card alone
        (``Aki=8``, which a Poker table reads as a list).
        """
        if isinstance(entry, dict) and isinstance(entry.get("played"), dict):
            played = entry["played"].values()
            if played and all(isinstance(cards, list) for cards in played):
                return exact_line(entry, partial(line_for, lists=True), lambda line: as_lists(parse_line(line)))
            return exact_line(entry, line_for, parse_line)
        return json.dumps(entry, ensure_ascii=False)

    def shown(self, entry: Any) -> Words:
        """A half as the table screen lists it: its line, even where the line does not say it
        exactly (``format`` gives JSON there); in Japanese its words in Japanese.

        >>> from scoring.words import say
        >>> shown = GAME.shown({"played": {"Aki Ito": {"card": "P", "hint": "red"}}, "accused": {}})
        >>> say(shown), say(shown, "ja")
        ('Aki Ito=P:red', 'Aki Ito=怪人:赤')
        """
        if isinstance(entry, dict) and isinstance(entry.get("played"), dict):
            try:
                return Fact("phantom.shown", line=line_for(entry))
            except (KeyError, TypeError, ValueError, AttributeError, IndexError):
                pass  # a stored entry of an odd shape
        return super().shown(entry)

    # rules
    def arbitrate(self, cards: list[str], options: Mapping[str, Any], lang: str = "en") -> list[str]:
        """The culprit among ``cards``; ``options["settings"]`` holds the variant and house rules."""
        return arbiter.arbitrate(cards, options.get("settings") or {}, lang)


def _halves(header: Mapping[str, Any]) -> int:
    """How many halves a round of the header's variant has (2 for a variant not known)."""
    variant = header.get("variant", "base")
    return variants().get(variant, {"halves": 2})["halves"] if isinstance(variant, str) else 2


GAME = Phantom()
