"""What may be typed next for a half of Tricks and the Phantom, word by word, in the order the line
is written (see ``Phantom.completions``); never a word the variant refuses."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from scoring.errors import RuleViolation
from scoring.game import Completion, Position
from scoring.phantom.culprit import HouseRules, card, variants
from scoring.phantom.notation import parse_line, player
from scoring.phantom.record import Walk, cards_left, hints, more_allowed, parse_card
from scoring.phantom.told import code as _code
from scoring.words import Fact


def typed_moves(position: Position, words: list[str]) -> list[Completion]:
    """The words that may follow ``words`` in the half being typed at ``position``; a word that
    names nobody is refused (``RuleViolation``)."""
    return _Line(position).moves(words)


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


def half_after(w: Walk) -> tuple[int, int, bool]:
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
        pointer, points, target = words[-1].partition(">")
        if points and "=" not in pointer:  # ``A>``: whom A points at, where A may point; ``A>B``: a whole word
            if target:
                return self.following(words)
            who = player(pointer, self.players, " ".join(words))
            return self.targets(who) if who in self.to_point(self.half(words[:-1]), words[:-1]) else []
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
        half = self.half(words)
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
        half = self.half(words)
        moves = self.to_lay(half, words)
        if moves:
            # new or more before the cards: the cards offered are then the new deal's or the round's
            return moves + (self.rounds(half) if not half["played"] and "fourth" not in half else [])
        if self.variant == "poker":
            return self.after_poker_cards(half, words)
        if "pointed" not in half:
            return [Completion("point", Fact("phantom.point")), *self.accusations(words)]
        left = self.to_point(half, words)
        if left:
            return self.pointings(left)
        return [*self.accusations(words), *self.rounds(half, words)]

    def half(self, words: Sequence[str]) -> dict:
        """The half the words typed so far say (no card yet when none is typed)."""
        return parse_line(" ".join(words), self.players) if words else {"played": {}}

    def to_point(self, half: Mapping[str, Any], words: list[str]) -> list[str]:
        """The players who have not pointed yet after ``point`` (none before it, nor before every
        card is laid), in seat order."""
        if "pointed" not in half or self.variant == "poker" or self.to_lay(half, words):
            return []
        return [p for p in self.players if p not in half["pointed"]]

    def to_lay(self, half: Mapping[str, Any], words: list[str]) -> list[Completion]:
        """The 4th person's card (that variant, until given), then ``NAME=`` for the next player in
        seat order who has laid no card yet (after the last one named: the type-ahead writes it at
        once). Another player's name may still be typed."""
        moves: list[Completion] = []
        if self.variant == "fourth_person" and "fourth" not in half:
            moves.append(Completion("fourth=", Fact("phantom.fourth_person_card")))
        left = [p for p in self.players if p not in half["played"]]
        if left:
            named = [p for p in self.players if p in half["played"]]
            after = self.players.index(named[-1]) + 1 if named else 0
            seats = self.players[after:] + self.players[:after]
            p = next(q for q in seats if q in left)
            moves.append(Completion(f"{p}=", Fact("phantom.players_card", player=p)))
        return moves

    def after_poker_cards(self, half: Mapping[str, Any], words: list[str]) -> list[Completion]:
        """Poker, every card laid: each player's double (until one is given), the calls, then the
        round's words."""
        moves: list[Completion] = []
        if "double" not in half:  # then each player's yes and no (after_double)
            moves.append(Completion("double=", Fact("phantom.double_offered")))
        moves += self.accusations(words)
        return moves + self.rounds(half, words)

    def pointings(self, left: list[str]) -> list[Completion]:
        """``A>`` for the next player in seat order who has not pointed yet (the type-ahead writes it
        at once), then a digit takes the target (``targets``); another pointer's name may still be
        typed (``ア`` is ``アキ>``)."""
        return [Completion(f"{a}>", Fact("phantom.pointer", player=a)) for a in left[:1]]

    def targets(self, a: str) -> list[Completion]:
        """Whom ``a`` may point at, the next player first; at oneself only where the house rule
        allows it."""
        seats = self.players[self.players.index(a) + 1 :] + self.players[: self.players.index(a) + 1]
        return [
            Completion(b, Fact("phantom.points_at", player=a, target=b))
            for b in seats
            if b != a or self.rules.self_pointing
        ]

    def rounds(self, half: Mapping[str, Any], words: Sequence[str] = ()) -> list[Completion]:
        """``new`` while the round lacks halves; ``more`` where West Coast allows a second half
        and the cards typed are ones the round still holds."""
        w = self.position.state
        _, h, more = half_after(w)
        out = []
        top = max(w.totals)
        ends = top >= w.target and w.totals.count(top) == 1  # closing the round now would end the game
        if h > 1 and not half.get("new_round") and not ends:
            out.append(Completion("new", Fact("phantom.new_round")))
        shown = Counter(_cards_in(words))
        if more and not half.get("continue_round") and not shown - Counter(cards_left(w, (), True)):
            out.append(Completion("more", Fact("phantom.second_half")))
        return out
