"""Tricks and the Phantom as Companion knows it: the one object the app asks (see ``scoring.game``).

A session is a list of halves, one line each: every player's card with the colour its hint token
showed, then who pointed at whom. A round closes when it has its halves (``new`` closes it early,
``more`` plays on). Everyone plays at once, so nobody is "to play". What the table is told is
facts (``told``, ``scoring.phantom.words``), worded for each viewer.

>>> from scoring.words import say, say_all
>>> p = GAME.new({"players": ["Aki", "Ben", "Chie"]})
>>> [m.text for m in GAME.completions(p)], say(GAME.prompt(p))
(['Aki=', 'Ben=', 'Chie='], 'Round 1, half 1: each card (Aki=10 Ben=P:red …), then point Aki>Ben …')
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
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from scoring.board import Board
from scoring.errors import RuleViolation
from scoring.game import Completion, Option, Position, RecordGame
from scoring.notation import exact_line
from scoring.phantom import arbiter, told
from scoring.phantom.board import phantom_board
from scoring.phantom.culprit import HouseRules, card, variants
from scoring.phantom.notation import line_for, parse_line, player
from scoring.phantom.record import (
    Walk,
    cards_left,
    half_of,
    hints,
    more_allowed,
    opening,
    opens_round,
    parse_card,
    read,
)
from scoring.phantom.told import code as _code
from scoring.recordkit import need_dict
from scoring.standings import Scored
from scoring.words import Fact, Words


def _cards_in(words: Sequence[str]) -> list[int]:
    """The cards a half being typed already shows (its players' and the 4th person's)."""
    out = []
    for word in words:
        key, eq, value = word.partition("=")
        if not eq or key.lower() in ("double", "accuse"):
            continue
        for piece in value.split(","):
            try:
                out.append(parse_card(piece.partition(":")[0]))
            except RuleViolation:
                continue  # not a card (yet): nothing to leave out
    return out


class Phantom(RecordGame):
    id = "phantom"
    header_keys = frozenset({"players", "variant", "settings"})
    house_rules = HouseRules

    def kind(self, entry: Any) -> str:
        """Every entry is a half (all the players' cards at once), for counting keys."""
        return "half"

    # what a new game may be given
    def options(self, lang: str = "en") -> list[Option]:
        """The variant (base by default), then the house rules.

        >>> variant = GAME.options("ja")[0]
        >>> variant.name, variant.default, variant.choices
        ('variant', 'base', ('base', 'poker', 'fourth_person', 'west_coast', 'oshaberi'))
        """
        names = ", ".join(f"{v} ({spec['name']})" for v, spec in variants().items())
        names_ja = "、".join(spec["name_ja"] for spec in variants().values())
        labels = tuple((v, spec["name"], spec["name_ja"]) for v, spec in variants().items())
        return [
            Option(
                "variant",
                "base",
                f"Which game: {names}.",
                f"{names_ja}のどれか。",
                tuple(variants()),
                house_rule=False,
                labels=labels,
                titles=("", "遊び方"),
            ),
            *super().options(lang),
        ]

    # records
    def record(self, header: Mapping[str, Any], entries: Sequence[Any]) -> dict:
        """Rounds of halves: a round closes when it has its halves; ``"continue_round": true`` adds
        an optional extra half (the West Coast game's), ``"new_round": true`` closes it early."""
        record = {"game": self.id, **self.header_of(header)}
        variant = header.get("variant", "base")
        spec = variants().get(variant, {"halves": 2}) if isinstance(variant, str) else {"halves": 2}
        rounds: list[dict] = []
        for e in (need_dict(e, "an entry") for e in entries):
            if opens_round(e, len(rounds[-1]["halves"]) if rounds else 0, spec["halves"]):
                rounds.append({"halves": []})
            rounds[-1]["halves"].append(half_of(e))
        record["rounds"] = rounds
        return record

    def split(self, record: Mapping[str, Any]) -> tuple[dict, list[Any]]:
        header = self.header_of(record)
        entries: list[Any] = []
        for r in record.get("rounds", []):
            for i, h in enumerate(r.get("halves", [])):
                entries.append({**h, "new_round": True} if i == 0 else h)
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

    # a session
    def to_play(self, position: Position) -> str | None:
        """Nobody: every player lays a card at once."""
        return None

    def completions(self, position: Position, typed: str = "") -> list[Completion]:
        """What may be typed next for a half, word by word, in the order the line is written.

        With nothing typed, or after whole words: the 4th person (``fourth=N``, that variant
        only), then each player who has no card yet (``Ben=``); once every player has one, Poker's
        ``double=NAME:yes|no``, a Phantom call (``accuse=A>B``, variation b only), ``point`` and
        each pointing (``Aki>Ben``, the next player's first), then ``new`` (a new round before this
        one has its halves) or ``more`` (West Coast's second half, where it is allowed). After
        ``NAME=`` (and a Poker ``NAME=…,``): the cards the deal still holds, less the ones the line
        shows; after ``NAME=CARD:``, the hint colours that card may show. A suspect whose colour
        is known needs none: ``Aki=10`` is a whole word. Never a word the variant refuses.

        >>> p = GAME.new({"players": ["Aki", "Ben"], "variant": "poker"})
        >>> [m.text for m in GAME.completions(p, "Aki=8:red,P:blue Ben=10")]
        ['double=Aki:yes', 'double=Aki:no', 'double=Ben:yes', 'double=Ben:no']
        """
        if position.finished:
            return []
        try:
            return _Line(position).moves(typed.split())
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
        return told.next_half(w, *_next(w))

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
        return parse_line(line, position.header.get("players"))

    def format(self, entry: Any) -> str:
        """The typed line for a half; JSON for one no line says exactly (an empty ``accused``, a
        name with a space in it).

        >>> GAME.format({"played": {"Aki": {"card": "P", "hint": "red"}}, "new_round": True})
        'Aki=P:red new'
        >>> GAME.format({"played": {"Aki": [{"card": "8", "hint": "red"}]}})
        'Aki=8,'
        >>> GAME.format({"played": {"Aki Ito": {"card": "8", "hint": "red"}}})
        '{"played": {"Aki Ito": {"card": "8", "hint": "red"}}}'
        """
        if isinstance(entry, dict) and isinstance(entry.get("played"), dict):
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


def _next(w: Walk) -> tuple[int, int, bool]:
    """The next half's round and half, and whether it may be the last round's extra half (West
    Coast, ``more``)."""
    if not w.halves:
        return 1, 1, False
    last = w.halves[-1]
    if not last.round_done:
        return last.round, last.half + 1, False
    found = any(h.result.found for h in w.halves if h.round == last.round)
    more = w.variant == "west_coast" and last.half == 1 and more_allowed(w.rules, found)
    return last.round + 1, 1, more


class _Line:
    """A half being typed, read word by word for what may follow."""

    def __init__(self, position: Position) -> None:
        self.position = position
        self.players = list(position.header.get("players", []))
        self.variant = position.header.get("variant", "base")
        self.spec = variants().get(self.variant, variants()["base"])
        self.rules = HouseRules.from_dict(position.header.get("settings") or {})

    def cards(self, words: Sequence[str]) -> list[Completion]:
        said = {w.lower() for w in words}
        same_round = True if "more" in said else (False if "new" in said else None)
        left = cards_left(self.position.state, _cards_in(words), same_round)
        return [Completion(_code(v), card(v)) for v in left]

    def colour(self, c: str) -> Completion:
        return Completion(c, Fact(f"phantom.colour_{c}"))

    def moves(self, words: list[str]) -> list[Completion]:
        """What may follow the words typed: after whole words, the next words; after ``KEY=…``
        still being typed, its values."""
        if not words:
            return self.following(words)
        key, eq, value = words[-1].partition("=")
        if not eq:
            return self.following(words)
        typing = {"fourth": self.after_fourth, "double": self.after_double, "accuse": self.after_accuse}
        return typing.get(key.lower(), self.after_name)(words, key, value)

    def after_fourth(self, words: list[str], key: str, value: str) -> list[Completion]:
        """``fourth=``: the cards left; ``fourth=CARD``: a whole word."""
        if not value:
            return self.cards(words[:-1])
        parse_card(value)
        return self.following(words)

    def after_double(self, words: list[str], key: str, value: str) -> list[Completion]:
        """``double=``: each player's yes and no; ``double=NAME:``: that player's; with the answer,
        a whole word."""
        who, colon, answer = value.partition(":")
        if not value:
            return [m for p in self.players for m in self.doubles(p, f"{p}:")]
        if colon and not answer:
            return self.doubles(player(who, self.players, " ".join(words)), "")
        return self.following(words) if answer else []

    def after_accuse(self, words: list[str], key: str, value: str) -> list[Completion]:
        """``accuse=``: the calls still open; ``accuse=A>B``: a whole word."""
        return self.accusations(words[:-1], bare=True) if not value else self.following(words)

    def after_name(self, words: list[str], key: str, value: str) -> list[Completion]:
        """``NAME=`` (or ``NAME=…,``): the cards left; ``NAME=CARD:``: the colours it may show;
        a card whose colour is known or given: a whole word."""
        player(key, self.players, " ".join(words))
        card, colon, hint = value.split(",")[-1].partition(":")
        if not card and not colon:
            return self.cards(words)
        value_of = parse_card(card)
        if colon and not hint:
            return [self.colour(c) for c in hints(value_of)]
        if not colon and len(hints(value_of)) != 1:
            return []  # a Phantom (or a card of unsure colour) shows a colour: P:red
        return self.following(words)

    def doubles(self, who: str, prefix: str) -> list[Completion]:
        return [
            Completion(f"{prefix}yes", Fact("phantom.double_accepted", player=who)),
            Completion(f"{prefix}no", Fact("phantom.double_declined", player=who)),
        ]

    def accusations(self, words: Sequence[str], bare: bool = False) -> list[Completion]:
        """``accuse=A>B`` for each player who has not called yet (variation b only); Poker names
        which card where a player laid more than one (``A>B:2``)."""
        if not self.rules.phantom_accusations:
            return []
        half = parse_line(" ".join(words), self.players) if words else {"played": {}}
        called = half.get("accused", {})
        out = []
        for a in self.players:
            if a in called:
                continue
            for b in self.players:
                if b == a:
                    continue
                laid = half["played"].get(b)
                count = len(laid) if isinstance(laid, list) else 1
                for k in range(1, count + 1) if count > 1 else [0]:
                    target = f"{b}:{k}" if k else b
                    text = f"{a}>{target}" if bare else f"accuse={a}>{target}"
                    out.append(Completion(text, Fact("phantom.calls_phantom", player=a, owner=b)))
        return out

    def following(self, words: list[str]) -> list[Completion]:
        """The next words after whole words."""
        half = parse_line(" ".join(words), self.players) if words else {"played": {}}
        moves = self.to_lay(half, words)
        if moves:
            # new or more before the cards: the cards offered are then the new deal's or the round's
            return moves + (self.rounds(half) if not half["played"] and "fourth" not in half else [])
        if self.variant == "poker":
            return self.after_poker_cards(half, words)
        if "pointed" not in half:
            return [Completion("point", Fact("phantom.point")), *self.accusations(words)]
        left = [p for p in self.players if p not in half["pointed"]]
        if left:
            return self.pointings(left)
        return [*self.accusations(words), *self.rounds(half, words)]

    def to_lay(self, half: Mapping[str, Any], words: list[str]) -> list[Completion]:
        """The 4th person's card (that variant, until given), then ``NAME=`` for each player who
        has laid no card yet."""
        moves: list[Completion] = []
        if self.variant == "fourth_person" and "fourth" not in half:
            moves += [Completion(f"fourth={m.text}", m.label) for m in self.cards(words)]
        for p in self.players:
            if p not in half["played"]:
                moves.append(Completion(f"{p}=", Fact("phantom.players_card", player=p)))
        return moves

    def after_poker_cards(self, half: Mapping[str, Any], words: list[str]) -> list[Completion]:
        """Poker, every card laid: each player's double (until one is given), the calls, then the
        round's words."""
        moves: list[Completion] = []
        if "double" not in half:
            moves += [m for p in self.players for m in self.doubles(p, f"double={p}:")]
        moves += self.accusations(words)
        return moves + self.rounds(half, words)

    def pointings(self, left: list[str]) -> list[Completion]:
        """``A>B`` for each player who has not pointed yet, the next player's first; at oneself
        only where the house rule allows it."""
        moves: list[Completion] = []
        for a in left:
            for b in self.players[self.players.index(a) + 1 :] + self.players[: self.players.index(a) + 1]:
                if b != a or self.rules.self_pointing:
                    moves.append(Completion(f"{a}>{b}", Fact("phantom.points_at", player=a, target=b)))
        return moves

    def rounds(self, half: Mapping[str, Any], words: Sequence[str] = ()) -> list[Completion]:
        """``new`` while the round lacks halves; ``more`` where West Coast allows a second half
        and the cards typed are ones the round still holds."""
        w = self.position.state
        _, h, more = _next(w)
        out = []
        top = max(w.totals)
        ends = top >= w.target and w.totals.count(top) == 1  # closing the round now would end the game
        if h > 1 and not half.get("new_round") and not ends:
            out.append(Completion("new", Fact("phantom.new_round")))
        shown = Counter(_cards_in(words))
        if more and not half.get("continue_round") and not shown - Counter(cards_left(w, (), True)):
            out.append(Completion("more", Fact("phantom.second_half")))
        return out


GAME = Phantom()
