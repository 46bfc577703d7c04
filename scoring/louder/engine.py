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
from scoring.words import Fact, say

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


def parse_card(text: str) -> Card:
    """``score:3``, ``trap:0``, ``enemy:-1``, a strategy card's name, or ``■``: a placed card the
    table has not seen (an unfinished game's export writes it so)."""
    raw = text.strip().lower()
    if raw == HIDDEN:
        return UNKNOWN
    if ":" in raw:
        kind, _, number = raw.partition(":")
        if kind in PLACEMENT:
            try:
                return Card(kind, int(number))
            except ValueError:
                pass
        raise RuleViolation(
            "louder.cards",
            f"{text!r} is not a placement card (trap:N, score:N, enemy:N).",
            f"「{text}」は配置カードではありません。",
        )
    if not raw or not raw.replace("_", "").replace("-", "").isalnum():
        raise RuleViolation("louder.cards", f"{text!r} is not a card.", f"「{text}」はカードではありません。")
    return Card(raw)


def card_name(card: Card) -> Fact:
    """How the table says a card, as a fact: ``Trap 0``, ``スコア3``, ``Trickster`` (a card the data
    does not name keeps its code; one the table has not seen is a face-down card, never its code).

    >>> say(card_name(Card("score", 3))), say(card_name(Card("trap", 0)), "ja"), say(card_name(UNKNOWN))
    ('Score 3', 'トラップ0', 'a face-down card')
    """
    return fact("card", code=card.code())


def _label(card: Card) -> tuple[str, str]:
    """A card's name with the code a record types for it, in English and Japanese, for a refusal:
    ``Trap 0 (trap:0)``, ``Trickster``; ``トラップ0（trap:0）``."""
    en, ja = say(card_name(card)), say(card_name(card), "ja")
    return (en if en.lower() == card.code() else f"{en} ({card.code()})"), f"{ja}（{card.code()}）"


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
            raise _refuse("louder.cards", f"{text!r} is not a card.", f"「{text}」はカードではありません。")
        card = parse_card(text)
        if not card.known:
            raise _refuse("louder.cards", f"{text!r} is not a card.", f"「{text}」はカードではありません。")
        if not isinstance(count, int) or isinstance(count, bool) or count < 0:
            raise _refuse(
                "louder.cards",
                f"The deck's count of {card.code()} must be a whole number from 0, not {count!r}.",
                f"{card.code()}の枚数は0以上の整数です：{count!r}",
            )
        if card.code() in out:
            raise _refuse("louder.cards", f"The deck lists {card.code()} twice.", f"山札に{card.code()}が2回あります。")
        out[card.code()] = count
        totals[card.placement] += count
    want = data()
    if (totals[True], totals[False]) != (want["placement"], want["strategy"]):
        raise _refuse(
            "louder.cards",
            f"A deck holds {want['placement']} placement and {want['strategy']} "
            f"strategy cards, not {totals[True]} and {totals[False]}.",
            f"山札は配置カード{want['placement']}枚・攻略カード{want['strategy']}枚です"
            f"（{totals[True]}枚・{totals[False]}枚ではありません）。",
        )
    return {code: n for code, n in out.items() if n}


@dataclass(frozen=True)
class HouseRules(HouseRuleSet):
    RULE: ClassVar[str] = "louder.house-rules"
    DOCS: ClassVar[dict] = {
        "seeker_mode": (
            ("peek", "safe_collect"),
            "The Seeker only looks: a Trap does not stop it and nothing "
            "is collected (default); or it collects what it flips, ignoring Traps.",
            "シーカーは見るだけ（既定）か、トラップを無視して入手する。",
        ),
        "destroyer_ignores_trap": (
            (False, True),
            "Whether the Destroyer ignores Traps (default off: like the Trickster).",
            "デストロイヤーがトラップを無視するか（既定オフ）。",
        ),
    }
    WORDS: ClassVar[dict[tuple[str, Any], tuple[str, str]]] = {
        ("seeker_mode", "peek"): ("peek", "見るだけ"),
        ("seeker_mode", "safe_collect"): ("safe collect", "トラップを無視して入手"),
    }
    NAMES: ClassVar[dict[str, str]] = {"seeker_mode": "シーカー", "destroyer_ignores_trap": "デストロイヤーとトラップ"}
    seeker_mode: str = "peek"
    destroyer_ignores_trap: bool = False


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
        raise RuleViolation(
            "louder.setup", f"LOUDER TRICKSTAR is for 3 or 4 players, not {n}.", f"3〜4人用です（{n}人）。"
        )
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


def _refuse(rule: str, en: str, ja: str) -> RuleViolation:
    return RuleViolation(rule, en, ja)


def _at(cell: tuple[int, int]) -> str:
    """A cell as the table types it: ``1,0``."""
    return f"{cell[0]},{cell[1]}"


def _nth(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def _times(n: int) -> str:
    return {1: "once", 2: "twice"}.get(n, f"{n} times")


def _default_note(game: Header) -> tuple[str, str]:
    if not game.uses_default_deck():
        return "", ""
    return (
        " (That is the default deck, unverified house-rule data: a table whose cards differ gives "
        "its own `deck` when it sets up.)",
        "（既定の山札は未確認の仮データです。実物と違えば新しいゲームの「山札」で指定します。）",
    )


def _one_too_many(s: State, card: Card, known: int) -> None:
    """Refuse ``card`` coming to light when ``known`` of it are already on the table."""
    holds = s.game.deck.get(card.code(), 0)
    if known < holds:
        return
    en, ja = _label(card)
    note_en, note_ja = _default_note(s.game)
    if not holds:
        raise _refuse(
            "louder.cards",
            f"There is no {en} in the deck this game was set up with: it holds none.{note_en}",
            f"この山札に{ja}はありません。{note_ja}",
        )
    all_out = "it is already on the table" if holds == 1 else f"all {holds} are already on the table"
    raise _refuse(
        "louder.cards",
        f"A {_nth(known + 1)} {en}: the deck this game was set up with holds {holds}, and {all_out}.{note_en}",
        f"{ja}は山札に{holds}枚だけで、すべて場か列に出ています。{known + 1}枚目はありません。{note_ja}",
    )


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
        raise _refuse(
            "louder.end", "The game is over: the last card of the deck was drawn.", "ゲームは終了しています。"
        )
    if p != s.turn:
        raise _refuse(
            "louder.turn",
            f"It is {s.players[s.turn]}'s turn, not {s.players[p]}'s.",
            f"今は{s.players[s.turn]}の手番です。",
        )


def _check_draw(s: State) -> None:
    if not s.deck:
        raise _refuse("louder.end", "The deck is empty.", "山札がありません。")


def _check_hand(s: State, p: int) -> None:
    if not s.hands[p]:
        raise _refuse("louder.turn", f"{s.players[p]} has no cards in hand.", f"{s.players[p]}の手札はありません。")


NEIGHBOURS = ((1, 0), (-1, 0), (0, 1), (0, -1))


def _check_placement(s: State, card: Card) -> None:
    """A placement card, and one the deck still holds."""
    if not card.placement:
        raise _refuse(
            "louder.place",
            f"Only placement cards (trap, score, enemy) go on the field, not the {card.kind}.",
            "場に置けるのは配置カードだけです。",
        )
    if card.known:  # a card the table never saw (■) is one of the deck's placement cards
        _one_too_many(s, card, _placed_known(s, card))


def _check_cell(s: State, cell: tuple[int, int]) -> None:
    """An empty cell next to the field (up, down, left or right); the first card goes anywhere."""
    x, y = cell
    if cell in s.field:
        raise _refuse(
            "louder.place", f"There is already a card at {_at(cell)}.", f"{_at(cell)}にはすでにカードがあります。"
        )
    if s.field and not any((x + dx, y + dy) in s.field for dx, dy in NEIGHBOURS):
        raise _refuse(
            "louder.place",
            f"{_at(cell)} is not next to a card on the field (up, down, left or right; not diagonal).",
            "場のカードの縦横に隣接させて置きます（斜めは不可）。",
        )


def _check_strategy(s: State, card: str, flips: bool) -> None:
    """A strategy card the deck still holds; only a card with a flip limit flips."""
    if card in PLACEMENT:
        raise _refuse(
            "louder.strategy",
            f"A {card} card is placed on the field, not used: only strategy cards are used.",
            "配置カードは場に置くカードです。使えるのは攻略カードだけです。",
        )
    if flips and s.game.limit(card) is None:
        raise _refuse(
            "louder.flip",
            f"Only the Trickster, the Destroyer and the Seeker flip field cards, not the {card}.",
            "場のカードをめくれるのはトリックスター・デストロイヤー・シーカーだけです。",
        )
    _one_too_many(s, Card(card), sum(row.count(card) for row in s.strategy))


def _check_seen(s: State, e: Used) -> None:
    """A flip the whole table sees needs the cards it turns: a card an unfinished game's export left
    out (■) cannot be followed (only a Seeker that peeks may look at one)."""
    unseen = next((c for c in e.flips if not s.field[c].known), None)
    if unseen is not None and shows(s, e):
        raise _refuse(
            "louder.flip",
            f"The card at {_at(unseen)} was left out of this record while the game ran (■): Companion cannot "
            "tell what it is, so it cannot follow a flip through it. Type its card into that placement "
            "(edit it) first.",
            f"{_at(unseen)}のカードはゲーム中の書き出しで伏せられたため（■）分かりません。めくる前に、その配置の"
            "カードを記録し直してください。",
        )


def _stops(s: State, card: str) -> bool:
    """Whether a Trap stops this card's flips (house rules ``seeker_mode``, ``destroyer_ignores_trap``)."""
    return not (card == "seeker" or (card == "destroyer" and s.game.rules.destroyer_ignores_trap))


def _check_flips(s: State, card: str, flips: Sequence[tuple[int, int]]) -> None:
    """Within the card's limit, straight in from the end of a line, nothing flipped after a Trap."""
    limit = s.game.limit(card) or 0
    if len(flips) > limit:
        raise _refuse(
            "louder.flip",
            f"The {card} flips at most {limit} card(s), not {len(flips)}.",
            f"{card}がめくれるのは{limit}枚までです。",
        )
    _check_line(s.field, flips)
    traps = [i for i, c in enumerate(flips) if s.field[c].kind == "trap"]
    if _stops(s, card) and traps and traps[0] != len(flips) - 1:
        raise _refuse(
            "louder.trap",
            "Flipping a Trap ends the turn at once: no card is flipped after it.",
            "トラップをめくったらその時点で手番終了です。",
        )


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
        raise _refuse("louder.flip", "A card is flipped once.", "同じカードは1回だけめくります。")
    for c in flips:
        if c not in field_:
            raise _refuse(
                "louder.flip",
                f"There is no card at {_at(c)}: a gap stops the run.",
                f"{_at(c)}にカードはありません（空きで止まります）。",
            )
    if len(flips) == 1:
        directions = list(NEIGHBOURS)
    else:
        d = (flips[1][0] - first[0], flips[1][1] - first[1])
        if d not in NEIGHBOURS:
            raise _refuse(
                "louder.flip",
                "Flips go one card after another along a row or a column.",
                "縦か横に隣のカードへ順にめくります。",
            )
        directions = [d]
        for a, b in pairwise(flips):
            if (b[0] - a[0], b[1] - a[1]) != d:
                raise _refuse(
                    "louder.flip", "Flips go in one straight line, without turning.", "めくるのは一直線です。"
                )
    # the first card must be an end of its line: nothing behind it in the flipping direction
    if not any((first[0] - dx, first[1] - dy) not in field_ for dx, dy in directions):
        raise _refuse(
            "louder.flip",
            f"{_at(first)} is not the end of a line: flips start at an end and go inward.",
            f"{_at(first)}は列の端ではありません。",
        )


def _revealed(s: State, e: HandsRevealed) -> State:
    if s.phase != OVER:
        raise _refuse(
            "louder.end",
            "Hands are revealed when the game ends (the last card drawn).",
            "手札の公開はゲーム終了時です。",
        )
    if len(e.hands) != len(s.players):
        raise _refuse("louder.scoring", "Reveal every player's hand.", "全員の手札を公開します。")
    for p, hand in enumerate(e.hands):
        if not all(c.known for c in hand):
            raise _refuse(
                "louder.scoring",
                f"Type every card in {s.players[p]}'s hand as it is shown (■ stands for a card nobody has seen).",
                f"{s.players[p]}の手札は公開されたカードをそのまま入力します（■は使えません）。",
            )
        if len(hand) != s.hands[p]:
            raise _refuse(
                "louder.scoring",
                f"{s.players[p]} holds {s.hands[p]} card(s), not {len(hand)}.",
                f"{s.players[p]}の手札は{s.hands[p]}枚です。",
            )
    _reveal_fits_the_deck(s, e.hands)
    placement = len(s.field) + sum(map(len, s.collected)) + sum(c.placement for h in e.hands for c in h)
    strategy = sum(map(len, s.strategy)) + sum(not c.placement for h in e.hands for c in h)
    want = data()
    if (placement, strategy) != (want["placement"], want["strategy"]):
        raise _refuse(
            "louder.cards",
            f"Every card is accounted for at the end: {placement} placement and "
            f"{strategy} strategy cards, but the game has {want['placement']} and {want['strategy']}.",
            f"配置カード{want['placement']}枚・攻略カード{want['strategy']}枚と合いません。",
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
    who = ", ".join(f"{s.players[p]} {n}" for p, hand in enumerate(hands) if (n := sum(c == over for c in hand)))
    short = ", ".join(f"{c} ×{n - seen[c]}" for c, n in deck.items() if seen[c] < n)
    en, ja = _label(over)
    note_en, note_ja = _default_note(s.game)
    raise _refuse(
        "louder.cards",
        f"Every card is accounted for at the end, and the field, the rows and the hands "
        f"show {en} {_times(seen[code])} (in hand: {who}), but the deck this game was set up with holds "
        f"{holds or 'none'}." + (f" Not accounted for: {short}." if short else "") + note_en,
        f"場・列・手札の{ja}は{seen[code]}枚（手札：{who}）ですが、この山札には{holds}枚です。"
        + (f"見当たらないカード：{short}。" if short else "")
        + note_ja,
    )


def score(s: State) -> list[int]:
    """Collected placement numbers minus (number + 1) for each placement card left in hand."""
    out = []
    for p in range(len(s.players)):
        plus = sum(c.number for c in s.collected[p])
        minus = sum(c.number + 1 for c in (s.revealed[p] if s.revealed else ()) if c.placement)
        out.append(plus - minus)
    return out
