"""The LOUDER TRICKSTAR table tracker and score.

The operator records the true cards (a placed card's announcement, which may be a lie, is kept
beside it). The tracker checks every placement is next to the field, every flip runs straight in
from the end of a line through connected cards within the card's limit, that a Trap stops the
flips, that the game ends when the last card is drawn, and that no card shows up more often than
the deck the game was set up with holds it (``Header.deck``; the data's unverified default).

>>> s = new_game(Header(("Aki", "Ben", "Chie")))
>>> s = apply(s, Placed(0, Card("score", 3), (0, 0), "score:5"))
>>> s = apply(s, Placed(1, Card("trap", 0), (1, 0), "score:4"))
>>> s = apply(s, Used(2, "trickster", ((0, 0),)))
>>> s.collected[2]
(Card(kind='score', number=3),)
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from itertools import pairwise
from typing import Any, ClassVar

from scoring.data import load_toml
from scoring.errors import RuleViolation
from scoring.houserules import HouseRuleSet
from scoring.log import fold
from scoring.louder.words import HIDDEN, fact
from scoring.recent import MISSING, Recent
from scoring.slotstate import SlotState
from scoring.words import Fact, Words

PLACEMENT = ("trap", "score", "enemy")
PLAY, OVER = "play", "over"


@cache
def data() -> dict:
    return load_toml("louder", "cards.toml")


@dataclass(frozen=True)
class Card:
    kind: str  # trap, score, enemy — or a strategy card's name
    number: int = 0

    @property
    def placement(self) -> bool:
        return self.kind in PLACEMENT or self.kind == HIDDEN

    @property
    def known(self) -> bool:
        """False for a placed card the table never saw (``■``, in an unfinished game's export)."""
        return self.kind != HIDDEN

    def code(self) -> str:
        return f"{self.kind}:{self.number}" if self.placement and self.known else self.kind


UNKNOWN = Card(HIDDEN)


_SHORT = re.compile(r"([ste])([+-]?\d+)?")  # a placement card by its kind's first letter: s3, t, e-2


def parse_card(text: str) -> Card:
    """``score:3``, ``trap:0``, ``enemy:-1``, a strategy card's name, or ``■``: a placed card the
    table has not seen (an unfinished game's export writes it so). A placement card may be typed
    short, as F1 shows it: its kind's first letter and its number (``s3``, ``e-2``; ``t`` is the
    Trap 0).

    >>> [parse_card(t).code() for t in ("s3", "E-2", "t", "seeker", "e-", "s")]
    ['score:3', 'enemy:-2', 'trap:0', 'seeker', 'e-', 's']
    """
    raw = text.strip().lower()
    if raw == HIDDEN:
        return UNKNOWN
    short = _SHORT.fullmatch(raw)
    if short and (short.group(2) or short.group(1) == "t"):
        kind = next(k for k in PLACEMENT if k.startswith(short.group(1)))
        return Card(kind, int(short.group(2) or 0))
    if ":" in raw:
        kind, _, number = raw.partition(":")
        if kind in PLACEMENT:
            try:
                return Card(kind, int(number))
            except ValueError:
                pass
        raise RuleViolation("louder.cards", fact("refused.not_placement", text=text))
    if not raw or not raw.replace("_", "").replace("-", "").isalnum():
        raise RuleViolation("louder.cards", fact("refused.not_a_card", text=text))
    return Card(raw)


def card_name(card: Card) -> Fact:
    """How the table says a card, as a fact: ``Trap 0``, ``スコア3``, ``Trickster`` (a card the data
    does not name keeps its code; one the table has not seen is a face-down card, never its code).

    >>> from scoring.words import say
    >>> say(card_name(Card("score", 3))), say(card_name(Card("trap", 0)), "ja"), say(card_name(UNKNOWN))
    ('Score 3', 'トラップ0', 'a face-down card')
    """
    return fact("card", code=card.code())


def _label(card: Card) -> Fact:
    """A card's name with the code a record types for it, for a refusal: ``Trap 0 (trap:0)``,
    ``Trickster``; ``トラップ0（trap:0）``."""
    return fact("labelled", code=card.code())


@cache
def _default_deck() -> tuple[tuple[str, int], ...]:
    return tuple(check_deck(data()["deck"]).items())


def default_deck() -> dict[str, int]:
    """The data's deck (UNVERIFIED placeholders): how many of each card, by code."""
    return dict(_default_deck())


def check_deck(deck: Mapping[str, int]) -> dict[str, int]:
    """A deck composition, by card code: every code a card, every count a whole number from 0, and
    39 placement and 33 strategy cards in all. Codes come back as records write them; cards the deck
    holds none of are left out.

    >>> check_deck({"Score:3": 39, "trickster": 30, "scout": 3, "enemy:9": 0})
    {'score:3': 39, 'trickster': 30, 'scout': 3}
    >>> check_deck({"score:3": 40, "trickster": 32})
    Traceback (most recent call last):
    scoring.errors.RuleViolation: A deck holds 39 placement and 33 strategy cards, not 40 and 32. [louder.cards]
    """
    out: dict[str, int] = {}
    totals: Counter[bool] = Counter()
    for text, count in deck.items():
        if not isinstance(text, str):
            raise _refuse("louder.cards", "not_a_card", text=text)
        card = parse_card(text)
        if not card.known:
            raise _refuse("louder.cards", "not_a_card", text=text)
        if not isinstance(count, int) or isinstance(count, bool) or count < 0:
            raise _refuse("louder.cards", "deck_count", code=card.code(), count=count)
        if card.code() in out:
            raise _refuse("louder.cards", "deck_twice", code=card.code())
        out[card.code()] = count
        totals[card.placement] += count
    want = data()
    if (totals[True], totals[False]) != (want["placement"], want["strategy"]):
        raise _refuse(
            "louder.cards",
            "deck_size",
            placement=totals[True],
            strategy=totals[False],
            want_placement=want["placement"],
            want_strategy=want["strategy"],
        )
    return {code: n for code, n in out.items() if n}


@dataclass(frozen=True)
class HouseRules(HouseRuleSet):
    RULE: ClassVar[str] = "louder.house-rules"
    # each rule's choices; its words are the catalogue's (``rule.<name>``, ``.title``, ``.<choice>``)
    DOCS: ClassVar[dict] = {
        "seeker_mode": ("peek", "safe_collect"),
        "destroyer_ignores_trap": (False, True),
        "kept_card": ("number_plus_one", "never_a_gain"),
    }
    seeker_mode: str = "peek"
    destroyer_ignores_trap: bool = False
    #: a placement card left in hand costs its number plus one (「カード毎の数字に1を足し」), which
    #: for an enemy:-2 is -1: keeping it adds a point; "never_a_gain": it costs at least nothing
    #: (the seed calls the total a minus score, 「マイナス得点になります」)
    kept_card: str = "number_plus_one"


@dataclass(frozen=True)
class Header:
    players: tuple[str, ...]
    first: int = 0
    rules: HouseRules = field(default_factory=HouseRules)
    flip_limits: dict[str, int] = field(default_factory=dict)  # typed from the table's own cards
    # how many of each card (by code) the table's deck holds; empty: the data's unverified default
    deck: dict[str, int] = field(default_factory=dict)

    def __post_init__(self) -> None:
        object.__setattr__(self, "deck", check_deck(self.deck) if self.deck else default_deck())

    def uses_default_deck(self) -> bool:
        return self.deck == default_deck()

    def limit(self, card: str) -> int | None:
        if card in self.flip_limits:
            return self.flip_limits[card]
        return data()["flip_limits"].get(card)


@dataclass(frozen=True, slots=True)
class Drew:
    player: int


@dataclass(frozen=True, slots=True)
class Placed:
    player: int
    card: Card
    cell: tuple[int, int]
    said: str = ""  # the announcement: recorded, never checked


@dataclass(frozen=True, slots=True)
class Used:
    """A strategy card laid in the player's row; ``flips`` are the cells turned, in order."""

    player: int
    card: str
    flips: tuple[tuple[int, int], ...] = ()


@dataclass(frozen=True, slots=True)
class HandsRevealed:
    hands: tuple[tuple[Card, ...], ...]


Event = Drew | Placed | Used | HandsRevealed


class State(SlotState):
    __slots__ = ("collected", "deck", "field", "game", "hands", "log", "phase", "revealed", "strategy", "turn")

    def card_count(self) -> int:
        """Cards in every place; always 72."""
        return (
            self.deck + sum(self.hands) + len(self.field) + sum(map(len, self.collected)) + sum(map(len, self.strategy))
        )


def new_game(game: Header) -> State:
    n = len(game.players)
    if n not in (3, 4):
        raise RuleViolation("louder.setup", fact("refused.players", n=n))
    s = State.__new__(State)
    hand = data()["hand"]
    for key, value in dict(
        collected=((),) * n,
        deck=data()["total"] - n * hand,
        field={},
        game=game,
        hands=(hand,) * n,
        log=(),
        phase=PLAY,
        revealed=None,
        strategy=((),) * n,
        turn=game.first,
    ).items():
        setattr(s, key, value)
    return s


def replay(game: Header, events: Sequence[Event]) -> State:
    return fold(apply, new_game(game), events)


def _refuse(rule: str, key: str, /, **values: Any) -> RuleViolation:
    """A refusal of the rule ``rule``, its reason the catalogue's ``refused.<key>``."""
    return RuleViolation(rule, fact(f"refused.{key}", **values))


def _at(cell: tuple[int, int]) -> str:
    """A cell as the table types it: ``1,0``."""
    return f"{cell[0]},{cell[1]}"


def _default_note(game: Header) -> Words:
    """What a refusal that counts against the data's deck adds: that deck is unverified."""
    return fact("refused.default_deck") if game.uses_default_deck() else ""


def _one_too_many(s: State, card: Card, known: int) -> None:
    """Refuse ``card`` coming to light when ``known`` of it are already on the table."""
    holds = s.game.deck.get(card.code(), 0)
    if known < holds:
        return
    note = _default_note(s.game)
    if not holds:
        raise _refuse("louder.cards", "none_in_deck", card=_label(card), note=note)
    nth = fact("refused.nth", n=known + 1)
    key = "one_more.one" if holds == 1 else "one_more"
    raise _refuse("louder.cards", key, nth=nth, card=_label(card), holds=holds, note=note)


def _placed_known(s: State, card: Card) -> int:
    """How many of this placement card are face down on the field or in a collected row."""
    return sum(c == card for c in s.field.values()) + sum(c == card for row in s.collected for c in row)


def _set(t: tuple, i: int, v) -> tuple:
    return (*t[:i], v, *t[i + 1 :])


def apply(s: State, e: Event) -> State:
    if isinstance(e, HandsRevealed):
        return _revealed(s, e)
    _check(s, e)
    w = s.copy()
    me = e.player
    if isinstance(e, Drew):
        w.deck = s.deck - 1
        w.hands = _set(s.hands, me, s.hands[me] + 1)
        if w.deck == 0:
            w.phase = OVER  # the player who drew the last card takes no further action
    elif isinstance(e, Placed):
        w.hands = _set(s.hands, me, s.hands[me] - 1)
        w.field = {**s.field, e.cell: e.card}
    else:
        w.hands = _set(s.hands, me, s.hands[me] - 1)
        w.strategy = _set(s.strategy, me, (*s.strategy[me], e.card))
        _flipped(s, w, e)
    w.log = (*s.log, e)
    if w.phase == PLAY:
        w.turn = (s.turn + 1) % len(s.players)
    return w


def _check(s: State, e: Drew | Placed | Used) -> None:
    """Refuse a turn the rules do not allow now: the one place every rule of a turn is written,
    for ``apply`` and for ``legal`` alike."""
    _check_turn(s, e.player)
    if isinstance(e, Drew):
        _check_draw(s)
    elif isinstance(e, Placed):
        _check_placement(s, e.card)
        _check_cell(s, e.cell)
        _check_hand(s, e.player)
        _check_said(s, e.said)
    elif isinstance(e, Used):
        _check_strategy(s, e.card, bool(e.flips))
        _check_hand(s, e.player)
        if e.flips:
            _check_flips(s, e.card, e.flips)
            _check_seen(s, e)
    else:
        raise TypeError(f"not a LOUDER TRICKSTAR event: {e!r}")


def _check_turn(s: State, p: int) -> None:
    if s.phase != PLAY:
        raise _refuse("louder.end", "over")
    if p != s.turn:
        raise _refuse("louder.turn", "turn", turn=s.players[s.turn], player=s.players[p])


def _check_draw(s: State) -> None:
    if not s.deck:
        raise _refuse("louder.end", "deck_empty")


def _check_hand(s: State, p: int) -> None:
    if not s.hands[p]:
        raise _refuse("louder.turn", "no_hand", player=s.players[p])


NEIGHBOURS = ((1, 0), (-1, 0), (0, 1), (0, -1))


def _check_placement(s: State, card: Card) -> None:
    """A placement card, and one the deck still holds."""
    if not card.placement:
        raise _refuse("louder.place", "only_placement", kind=card.kind)
    if card.known:  # a card the table never saw (■) is one of the deck's placement cards
        _one_too_many(s, card, _placed_known(s, card))


def _check_said(s: State, said: str) -> None:
    """What a placement is announced as is a placement card of the deck (a lie, maybe: never
    checked against the card), not a word that names none (``enemy:``, ``score:9``)."""
    codes = [code for code in s.game.deck if parse_card(code).placement]
    if said and said.lower() not in codes:
        raise _refuse("louder.place", "said_not_a_card", said=said, codes=tuple(codes))


def _check_cell(s: State, cell: tuple[int, int]) -> None:
    """An empty cell next to the field (up, down, left or right); the first card goes anywhere."""
    x, y = cell
    if cell in s.field:
        raise _refuse("louder.place", "taken", cell=_at(cell))
    if s.field and not any((x + dx, y + dy) in s.field for dx, dy in NEIGHBOURS):
        raise _refuse("louder.place", "not_next", cell=_at(cell))


def _check_strategy(s: State, card: str, flips: bool) -> None:
    """A strategy card the deck still holds; only a card with a flip limit flips."""
    if card in PLACEMENT:
        raise _refuse("louder.strategy", "not_strategy", kind=card)
    if flips and s.game.limit(card) is None:
        raise _refuse("louder.flip", "no_flip", kind=card)
    _one_too_many(s, Card(card), sum(row.count(card) for row in s.strategy))


def _check_seen(s: State, e: Used) -> None:
    """A flip the whole table sees needs the cards it turns: a card an unfinished game's export left
    out (■) cannot be followed (only a Seeker that peeks may look at one)."""
    unseen = next((c for c in e.flips if not s.field[c].known), None)
    if unseen is not None and shows(s, e):
        raise _refuse("louder.flip", "unseen", cell=_at(unseen))


def _stops(s: State, card: str) -> bool:
    """Whether a Trap stops this card's flips (house rules ``seeker_mode``, ``destroyer_ignores_trap``)."""
    return not (card == "seeker" or (card == "destroyer" and s.game.rules.destroyer_ignores_trap))


def _check_flips(s: State, card: str, flips: Sequence[tuple[int, int]]) -> None:
    """Within the card's limit, straight in from the end of a line, nothing flipped after a Trap."""
    limit = s.game.limit(card) or 0
    if len(flips) > limit:
        raise _refuse("louder.flip", "flip_limit", kind=card, card=card_name(Card(card)), limit=limit, n=len(flips))
    _check_line(s.field, flips)
    traps = [i for i, c in enumerate(flips) if s.field[c].kind == "trap"]
    if _stops(s, card) and traps and traps[0] != len(flips) - 1:
        raise _refuse("louder.trap", "trap")


def shows(s: State, e: Used) -> bool:
    """Whether this use turns its flips face up for the whole table (the Trickster, the Destroyer, a
    Seeker that collects), rather than letting only its player look (a Seeker that peeks)."""
    return bool(e.flips) and not (e.card == "seeker" and s.game.rules.seeker_mode == "peek")


def _flipped(s: State, w: State, e: Used) -> None:
    """What the flips of a checked strategy card collect."""
    if not e.flips:
        return
    cards = [s.field[c] for c in e.flips]
    if e.card == "seeker" and s.game.rules.seeker_mode == "peek":
        return  # looked at, turned back, nothing collected
    if _stops(s, e.card) and any(c.kind == "trap" for c in cards):
        return  # the Trap: everything flipped goes back face down
    w.field = {c: card for c, card in s.field.items() if c not in e.flips}
    w.collected = _set(s.collected, e.player, (*s.collected[e.player], *cards))


def legal(s: State, hand: Sequence[Card] | None = None) -> list[Event]:
    """Every turn the player to play may take now, as the events ``apply`` accepts.

    ``hand``: the cards they hold, when known (the simulator); at a real table (``None``) every card
    the deck could still hand them. Draws first, then placements card by card (a free cell next to
    the field; on an empty field only 0,0, though the first card may go anywhere), then strategy
    cards: used without flipping, then every run of flips they may make. A placement's
    announcement is never checked, so it is left empty (``said=""``). Each candidate is judged by
    the same checks ``apply`` makes (``_check``, part by part): no rule is written twice.

    >>> s = new_game(Header(("Aki", "Ben", "Chie")))
    >>> s = apply(s, Placed(0, Card("score", 3), (0, 0), "score:5"))
    >>> moves = legal(s, [Card("trap", 0), Card("trickster")])
    >>> moves[:2]
    [Drew(player=1), Placed(player=1, card=Card(kind='trap', number=0), cell=(1, 0), said='')]
    >>> [m.cell for m in moves if isinstance(m, Placed)]
    [(1, 0), (-1, 0), (0, 1), (0, -1)]
    >>> [m.flips for m in moves if isinstance(m, Used)]
    [(), ((0, 0),)]
    """
    key = None if hand is None else tuple(hand)
    kept = _LEGAL.get(s, key)
    if kept is MISSING:
        kept = tuple(_legal(s, hand))
        _LEGAL.put(s, key, kept)
    return list(kept)


#: the turns worked out last: the entry line asks at every key while the position stays
_LEGAL = Recent()


def _legal(s: State, hand: Sequence[Card] | None) -> list[Event]:
    p = s.turn
    if not _passes(_check_turn, s, p):
        return []
    moves: list[Event] = [Drew(p)] if _passes(_check_draw, s) else []
    if not _passes(_check_hand, s, p):
        return moves
    cards = [parse_card(code) for code in s.game.deck] if hand is None else list(dict.fromkeys(hand))
    cells = [cell for cell in _candidate_cells(s) if _passes(_check_cell, s, cell)]
    for card in cards:
        if card.placement and _passes(_check_placement, s, card):
            moves += [Placed(p, card, cell) for cell in cells]
    for card in cards:
        if card.placement:
            continue
        if _passes(_check_strategy, s, card.kind, False):
            moves.append(Used(p, card.kind))
        limit = s.game.limit(card.kind)
        if limit and _passes(_check_strategy, s, card.kind, True):
            runs = _candidate_runs(s, limit)
            moves += [Used(p, card.kind, run) for run in runs if _passes(_check_flips, s, card.kind, run)]
    return moves


def _passes(check: Callable[..., None], *args: object) -> bool:
    """Whether one of the checks ``apply`` makes lets this through."""
    try:
        check(*args)
    except RuleViolation:
        return False
    return True


def _candidate_cells(s: State) -> list[tuple[int, int]]:
    """Cells a placement might go to, for ``_check_cell`` to judge: 0,0 on an empty field, else
    every empty cell beside a card, each once."""
    if not s.field:
        return [(0, 0)]
    around = ((x + dx, y + dy) for (x, y) in s.field for dx, dy in NEIGHBOURS)
    return [c for c in dict.fromkeys(around) if c not in s.field]


def _candidate_runs(s: State, limit: int) -> list[tuple[tuple[int, int], ...]]:
    """Straight runs of connected field cards of 1 to ``limit`` cards, each once, for
    ``_check_flips`` to judge (an end of a line, a Trap)."""
    runs: dict[tuple[tuple[int, int], ...], None] = {}
    for start in s.field:
        for dx, dy in NEIGHBOURS:
            run = [start]
            runs[tuple(run)] = None
            while len(run) < limit and (run[-1][0] + dx, run[-1][1] + dy) in s.field:
                run.append((run[-1][0] + dx, run[-1][1] + dy))
                runs[tuple(run)] = None
    return list(runs)


def _check_line(field_: dict, flips: Sequence[tuple[int, int]]) -> None:
    first = flips[0]
    if len(set(flips)) != len(flips):
        raise _refuse("louder.flip", "flipped_twice")
    for c in flips:
        if c not in field_:
            raise _refuse("louder.flip", "gap", cell=_at(c))
    if len(flips) == 1:
        directions = list(NEIGHBOURS)
    else:
        d = (flips[1][0] - first[0], flips[1][1] - first[1])
        if d not in NEIGHBOURS:
            raise _refuse("louder.flip", "not_along")
        directions = [d]
        for a, b in pairwise(flips):
            if (b[0] - a[0], b[1] - a[1]) != d:
                raise _refuse("louder.flip", "not_straight")
    # the first card must be an end of its line: nothing behind it in the flipping direction
    if not any((first[0] - dx, first[1] - dy) not in field_ for dx, dy in directions):
        raise _refuse("louder.flip", "not_end", cell=_at(first))


def _revealed(s: State, e: HandsRevealed) -> State:
    if s.phase != OVER:
        raise _refuse("louder.end", "reveal_early")
    if len(e.hands) != len(s.players):
        raise _refuse("louder.scoring", "reveal_all")
    for p, hand in enumerate(e.hands):
        if not all(c.known for c in hand):
            raise _refuse("louder.scoring", "reveal_unseen", player=s.players[p])
        if len(hand) != s.hands[p]:
            raise _refuse("louder.scoring", "reveal_count", player=s.players[p], holds=s.hands[p], n=len(hand))
    _reveal_fits_the_deck(s, e.hands)
    placement = len(s.field) + sum(map(len, s.collected)) + sum(c.placement for h in e.hands for c in h)
    strategy = sum(map(len, s.strategy)) + sum(not c.placement for h in e.hands for c in h)
    want = data()
    if (placement, strategy) != (want["placement"], want["strategy"]):
        raise _refuse(
            "louder.cards",
            "reveal_total",
            placement=placement,
            strategy=strategy,
            want_placement=want["placement"],
            want_strategy=want["strategy"],
        )
    w = s.copy()
    w.revealed = tuple(tuple(h) for h in e.hands)
    return w


def _reveal_fits_the_deck(s: State, hands: Sequence[Sequence[Card]]) -> None:
    """Every card is accounted for at the end: the field, the rows and the hands hold no card more
    often than the deck does (what the deck holds that nobody shows is named too)."""
    seen = Counter(c.code() for c in s.field.values())
    seen.update(c.code() for row in s.collected for c in row)
    seen.update(card for row in s.strategy for card in row)
    seen.update(c.code() for hand in hands for c in hand)
    deck = s.game.deck
    over = next((c for hand in hands for c in hand if seen[c.code()] > deck.get(c.code(), 0)), None)
    if over is None:
        return
    code, holds = over.code(), deck.get(over.code(), 0)
    who = tuple(f"{s.players[p]} {n}" for p, hand in enumerate(hands) if (n := sum(c == over for c in hand)))
    short = tuple(f"{c} ×{n - seen[c]}" for c, n in deck.items() if seen[c] < n)
    raise _refuse(
        "louder.cards",
        "reveal_over",
        card=_label(over),
        times=fact("refused.times", n=seen[code]),
        hands=who,
        holds=fact("refused.holds", n=holds),
        short=fact("refused.short", cards=short) if short else "",
        note=_default_note(s.game),
    )


def score(s: State) -> list[int]:
    """Collected placement numbers minus (number + 1) for each placement card left in hand (house
    rule ``kept_card``: "never_a_gain", at least 0 a card, so an enemy:-2 kept adds nothing)."""
    floor = 0 if s.game.rules.kept_card == "never_a_gain" else None
    out = []
    for p in range(len(s.players)):
        plus = sum(c.number for c in s.collected[p])
        kept = [c.number + 1 for c in (s.revealed[p] if s.revealed else ()) if c.placement]
        minus = sum(kept if floor is None else (max(k, floor) for k in kept))
        out.append(plus - minus)
    return out
