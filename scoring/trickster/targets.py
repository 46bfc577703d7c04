"""What a hero's effect may name: its legal targets, field by field (§3.2, rules "effects").

An effect is resolved completely or not at all (:mod:`scoring.trickster.effects`). ``options``
gives, for one field of an effect (``card``, ``enemy``, ``copy``, ``then.card`` …), every value
used by some complete resolution the engine accepts, given the fields already chosen. The table's
pick-list offers these, and the simulator chooses among them.

:data:`TARGETS` is the one table of what each hero's effect names: its fields (exactly those its
resolver reads, a test checks), in the order their choices depend on each other (the enemy before
the card taken from that enemy's tableau), each with the cards or players it may name, whether it
is secret at the table and whether the player chooses it at all. A field may be left out where the
engine allows it: a secret card (the Peddler's trade), a second enemy that defaults to the first,
the Inventor's card when the top of the deck is already known.

>>> [(slot.field, slot.secret) for slot in TARGETS["PED"]]
[('enemy', False), ('card', True), ('card2', True)]
>>> fields_of("PED"), secret("PED")  # as the table names them, and what it never sees
(('card', 'card2', 'enemy'), ('card', 'card2'))

>>> import random
>>> from scoring.trickster.cards import Deck, code, parse
>>> from scoring.trickster.engine import apply, laid
>>> from scoring.trickster.simulator import deal
>>> from scoring.trickster.state import Header, new_game
>>> g = Header(("Aki", "Ben", "Chie", "Dan"), Deck.preset("introductory"))
>>> s = apply(new_game(g), deal(g, random.Random(3)))
>>> [code(t[0]) for t in s.tableaus]
['KBRI', 'OBRI', 'RSOL', 'RBRI']
>>> w = laid(s, 0, parse("GGUA", g.deck))  # Aki plays her green Guard
>>> [s.players[e] for e in options(w, 0, "GUA", Effect(), "enemy")]  # each enemy's tableau has a card
['Ben', 'Chie', 'Dan']
>>> [code(c) for c in options(w, 0, "GUA", Effect(), "card")]  # from any enemy's tableau
['OBRI', 'RSOL', 'RBRI']
>>> [code(c) for c in options(w, 0, "GUA", Effect(enemy=1), "card")]  # from Ben's
['OBRI']
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from functools import cache

from scoring.errors import RuleViolation
from scoring.trickster.effects import CODES, COPIERS, YES, resolvable, resolve, staying
from scoring.trickster.events import Effect
from scoring.trickster.state import EMPTY_HAND, UNKNOWN, State
from scoring.trickster.zones import add_to_pot, can_follow, draw_top, give_to_hand, may_hold, take_from_hand

Bound = dict[str, int | None]

# how many complete resolutions ``options(check=True)`` tries per value before leaving it out
TRIES = 64


def _hero(c: int) -> str:
    return CODES[c >> 3]


# --- what a field may name ---------------------------------------------------------------------


@cache
def _others(n: int) -> tuple[tuple[int, ...], ...]:
    """Per seat at a table of ``n``, the other seats."""
    return tuple(tuple(p for p in range(n) if p != me) for me in range(n))


def _enemies(w: State, me: int) -> Sequence[int]:
    return _others(len(w.game.players))[me]


def _second(w: State, me: int, e1: int | None) -> Sequence[int]:
    """The enemies a second "enemy" may be: any, or (house rule distinct_enemies, 3+ players) not
    the first."""
    if w.game.rules.distinct_enemies and len(w.game.players) >= 3:
        return [p for p in _enemies(w, me) if p != e1]
    return _enemies(w, me)


def _second_optional(w: State, me: int, b: Bound) -> bool:
    """Left out, a second enemy is the first one, which only distinct_enemies forbids."""
    return not (w.game.rules.distinct_enemies and len(w.game.players) >= 3)


def _trash(w: State) -> tuple[int, ...]:
    return w.trash[-1:] if w.game.rules.trash_pick == "top" else w.trash


def _movable(w: State, cards: Sequence[int]) -> Sequence[int]:
    """``cards`` less a copied card that stays where it is while its effect resolves (``w.stays``)."""
    stays = w.stays
    return [c for c in cards if c not in stays] if stays else cards


def _hand(w: State, p: int) -> list[int]:
    """The cards that may be taken from p's hand: the known ones (in the hand's own order), then
    any card nobody has seen that may be one of its unseen cards (never a copied card that stays)."""
    hand = w.hands[p]
    stays = w.stays
    known = [c for c in hand.known if c not in stays] if stays else list(hand.known)
    if not hand.hidden:
        return known
    return [*known, *(c for c in sorted(w.unseen) if may_hold(w, p, c))]


def _top(w: State) -> list[int]:
    """The card on top of the deck: the one known to be there, else any card nobody has seen."""
    if not w.deck:
        return []
    return [w.deck[0]] if w.deck[0] != UNKNOWN else sorted(w.unseen)


def _top_two(w: State, b: Bound) -> list[int]:
    """The Explorer's two cards: the top two of the deck, in either order."""
    if len(w.deck) < 2:
        return []
    known = [c for c in w.deck[:2] if c != UNKNOWN]
    pool = known if len(known) == 2 else [*known, *sorted(w.unseen)]
    first = b.get("card")
    if first is None:
        return pool
    return [c for c in pool if c != first and set(known) <= {first, c}]


# the heroes (indices) whose effects copy another's
_COPIER_HEROES = frozenset(h for h, hcode in enumerate(CODES) if hcode in COPIERS)


def _copyable(w: State, cards: Iterable[int], depth: int) -> list[int]:
    """The cards among ``cards`` whose effect an Archivist or General may use: any but theirs, or
    (house rule copy_copiers) theirs too, one copy deep."""
    if w.game.rules.copy_copiers and depth == 0:
        return list(cards)
    return [c for c in cards if c >> 3 not in _COPIER_HEROES]


def _never(w: State, me: int, b: Bound) -> bool:
    return False


def _always(w: State, me: int, b: Bound) -> bool:
    return True


@dataclass(frozen=True)
class Slot:
    """One field of an effect: the values it may take given the fields before it (``b``) and the
    copy depth, and whether it may be left out. A hero's slots come in the order the simulator
    chooses them; ``options`` answers for any field in any order.

    ``secret``: the card moves unseen, so the table never names it (:func:`secret`). ``chosen``:
    False when the cards decide it, not the player (the top of the deck, the Explorer's card left
    over once the kept one is named)."""

    field: str
    values: Callable[[State, int, Bound, int], Sequence[int]]
    optional: Callable[[State, int, Bound], bool] = _never
    secret: bool = False
    chosen: bool = True


def _own_tableau(w: State, me: int, b: Bound, d: int) -> Sequence[int]:
    return _movable(w, w.tableaus[me])


def _enemy_tableau(w: State, me: int, b: Bound, d: int) -> Sequence[int]:
    return w.tableaus[b["enemy"]]


def _any_enemy(w: State, me: int, b: Bound, d: int) -> Sequence[int]:
    return _enemies(w, me)


def _anyone(w: State, me: int, b: Bound, d: int) -> Sequence[int]:
    return range(len(w.players))


def _enemy_with_tableau(w: State, me: int, b: Bound, d: int) -> Sequence[int]:
    tableaus = w.tableaus
    return [e for e in _enemies(w, me) if tableaus[e]]


def _enemy_with_hand(w: State, me: int, b: Bound, d: int) -> Sequence[int]:
    hands = w.hands
    return [e for e in _enemies(w, me) if hands[e] != EMPTY_HAND]


def _enemy_with_two(w: State, me: int, b: Bound, d: int) -> Sequence[int]:
    hands = w.hands
    return [e for e in _enemies(w, me) if len(hands[e].known) + hands[e].hidden >= 2]


def _trade_partner(w: State, me: int, b: Bound, d: int) -> Sequence[int]:
    """The Peddler's enemy: one holding a card, while ``me`` holds one to trade (not a General's
    shown card, which stays in the hand: ``effects._own_hand_free``)."""
    hand = w.hands[me]
    stays = w.stays
    free = hand.hidden > 0 or any(c not in stays for c in hand.known)
    return _enemy_with_hand(w, me, b, d) if free else []


def _second_enemy(w: State, me: int, b: Bound, d: int) -> Sequence[int]:
    return _second(w, me, b["enemy"])


def _trash_card(w: State, me: int, b: Bound, d: int) -> Sequence[int]:
    return _movable(w, _trash(w))


def _own_hand(w: State, me: int, b: Bound, d: int) -> Sequence[int]:
    return _hand(w, me)


def _own_follower(w: State, me: int, b: Bound, d: int) -> Sequence[int]:
    return [c for c in _hand(w, me) if can_follow(w, c)]


def _tableau_follower(w: State, me: int, b: Bound, d: int) -> Sequence[int]:
    return [c for c in _movable(w, w.tableaus[me]) if can_follow(w, c)]


def _enemy_hand(w: State, me: int, b: Bound, d: int) -> Sequence[int]:
    return _hand(w, b["enemy"])


def _enemy_hand_other(w: State, me: int, b: Bound, d: int) -> Sequence[int]:
    return [c for c in _hand(w, b["enemy"]) if c != b["card"]]


def _deck_top(w: State, me: int, b: Bound, d: int) -> Sequence[int]:
    return _top(w)


def _top_known(w: State, me: int, b: Bound) -> bool:
    return bool(w.deck) and w.deck[0] != UNKNOWN


def _deck_left(w: State, me: int, b: Bound) -> bool:
    return bool(w.deck)


def _first_of_two(w: State, me: int, b: Bound, d: int) -> Sequence[int]:
    return _top_two(w, {})


def _second_of_two(w: State, me: int, b: Bound, d: int) -> Sequence[int]:
    return _top_two(w, b)


def _put_under(w: State, me: int, b: Bound, d: int) -> Sequence[int]:
    """The Scion's card put under the deck: any in hand, the drawn one included."""
    drawn = [b["card"]] if b["card"] is not None else sorted(w.unseen)
    return [*_hand(w, me), *drawn]


def _archived(w: State, me: int, b: Bound, d: int) -> Sequence[int]:
    return _copyable(w, (*w.tableaus[me], *_trash(w)), d)


def _commanded(w: State, me: int, b: Bound, d: int) -> Sequence[int]:
    return _copyable(w, (*_trash(w), *_hand(w, me)), d)


TARGETS: dict[str, tuple[Slot, ...]] = {
    "BRI": (Slot("card", _own_tableau), Slot("enemy", _any_enemy)),
    "DOC": (
        Slot("enemy", _enemy_with_tableau),
        Slot("card", _enemy_tableau),
        Slot("enemy2", _second_enemy, _second_optional),
    ),
    "EXP": (Slot("card", _first_of_two), Slot("card2", _second_of_two, chosen=False)),
    "GUA": (Slot("enemy", _enemy_with_tableau), Slot("card", _enemy_tableau)),
    "INV": (Slot("card", _deck_top, _top_known, chosen=False),),
    "MAG": (Slot("card", _own_tableau),),
    "NOM": (Slot("enemy", _enemy_with_tableau), Slot("card", _enemy_tableau)),
    "PED": (
        Slot("enemy", _trade_partner),
        Slot("card", _own_hand, _always, secret=True),
        Slot("card2", _enemy_hand_other, _always, secret=True),
    ),
    "REV": (Slot("card", _trash_card),),
    "SCA": (Slot("card", _own_tableau), Slot("card2", _trash_card)),
    "SCI": (
        Slot("card", _deck_top, _deck_left, secret=True, chosen=False),
        Slot("card2", _put_under, _always, secret=True),
    ),
    "SOL": (Slot("card", _own_hand), Slot("enemy", _any_enemy)),
    "WIT": (Slot("card", _own_tableau),),
    "GEN": (Slot("copy", _commanded),),
    "HUN": (Slot("card", _trash_card), Slot("enemy", _any_enemy)),
    "NOB": (Slot("card", _tableau_follower),),
    "SAI": (
        Slot("enemy", _enemy_with_hand),
        Slot("card", _enemy_hand, _always, secret=True),
        Slot("enemy2", _anyone, _always),
    ),
    "SHA": (Slot("card", _own_hand),),
    "SMU": (
        Slot("enemy", _enemy_with_two),
        Slot("card", _enemy_hand),
        Slot("card2", _enemy_hand_other),
        Slot("enemy2", _second_enemy, _second_optional),
    ),
    "VIG": (Slot("enemy", _enemy_with_tableau), Slot("card", _trash_card), Slot("card2", _enemy_tableau)),
    "BEA": (Slot("card", _own_follower),),
    "MAV": (
        Slot("enemy", _enemy_with_hand),
        Slot("card", _enemy_hand),
        Slot("enemy2", _second_enemy, _second_optional),
    ),
    "ARC": (Slot("copy", _archived),),
}

# the order the table names an effect's fields in: ``Effect``'s own (the cards, then the players)
_NAMED_ORDER = tuple(f.name for f in dataclasses.fields(Effect))


@cache
def fields_of(hcode: str) -> tuple[str, ...]:
    """The fields ``hcode``'s effect names, in the order the table names them (``Effect``'s)."""
    return tuple(sorted((slot.field for slot in TARGETS[hcode]), key=_NAMED_ORDER.index))


@cache
def secret(hcode: str) -> tuple[str, ...]:
    """The fields of ``hcode``'s effect that move a card unseen: the table never names them."""
    return tuple(slot.field for slot in TARGETS[hcode] if slot.secret)


@cache
def owners(hcode: str) -> dict[str, str]:
    """The enemy fields of ``hcode``'s effect that the card it takes names: the card lies in
    exactly one tableau, so its owner is the enemy (the Guard's ``enemy`` is the owner of its
    ``card``). The table never types them; the notation fills them in.

    >>> owners("GUA"), owners("VIG"), owners("BRI")
    ({'enemy': 'card'}, {'enemy': 'card2'}, {})
    """
    cards = [slot.field for slot in TARGETS[hcode] if slot.values is _enemy_tableau]
    return {"enemy": cards[0]} if cards else {}


@cache
def named(hcode: str) -> tuple[str, ...]:
    """The fields the table types for ``hcode``'s effect, in order: those it sees and chooses,
    its secret ones and the enemies its cards imply left out (:func:`owners`).

    >>> named("GUA"), named("DOC"), named("SMU"), named("PED"), named("SCI")
    (('card',), ('card', 'enemy2'), ('card', 'card2', 'enemy', 'enemy2'), ('enemy',), ())
    """
    return tuple(f for f in fields_of(hcode) if f not in secret(hcode) and f not in owners(hcode))


# --- the effect an effect resolves ---------------------------------------------------------------


def inner(w: State, me: int, hcode: str, x: Effect) -> tuple[State, str] | None:
    """For an effect that resolves another card's effect — the Archivist's and the General's copy,
    the Inventor's card turned into the pot under house rule inventor_resolves — the state that
    effect resolves in and its hero. None when there is none (or ``x`` does not name it). The state
    is ``w`` itself when nothing moves first and the copied card cannot be asked to move (house rule
    copied_card_moves, :func:`effects.staying`): never change it."""
    if hcode in COPIERS:
        if x.copy is None:
            return None
        if hcode == "ARC" or x.copy in w.trash or x.copy in w.hands[me].known:
            return staying(w, x.copy), _hero(x.copy)
        # the General's card shown from the hand and kept: from now on it is known to be there
        w2 = w.copy()
        try:
            take_from_hand(w2, me, x.copy)
        except RuleViolation:
            return None
        give_to_hand(w2, me, x.copy)
        return staying(w2, x.copy), _hero(x.copy)
    if hcode == "INV" and w.game.rules.inventor_resolves and w.deck:
        w2 = w.copy()
        try:
            flipped = draw_top(w2, x.card)
        except RuleViolation:
            return None
        if flipped is None or not can_follow(w2, flipped):
            return None
        add_to_pot(w2, flipped, by_effect=True)
        return w2, _hero(flipped)
    return None


def _last(hcode: str) -> bool:
    """Whether nothing follows the fields of ``hcode``'s effect: no other effect resolved in turn."""
    return hcode not in COPIERS and hcode != "INV"


_NONE = object()


def _then(
    w: State, me: int, hcode: str, b: Bound, then: Effect | None, depth: int
) -> tuple[bool, tuple[State, str] | None]:
    """How ``then`` may be completed once the fields ``b`` are chosen: whether it may stay as it is
    (nothing more to resolve, or a turned-up card whose effect cannot be resolved and is skipped),
    and the state and hero of the effect it may be completed as (:func:`inner`), if any."""
    if _last(hcode):  # nothing more to resolve (the engine reads no ``then``)
        return True, None
    got = inner(w, me, hcode, Effect(**b))
    if got is None:
        return hcode not in COPIERS, None
    skipped = hcode == "INV" and then is None and resolvable(got[0], me, got[1], depth + 1) != YES
    return skipped, got


def _thens(w: State, me: int, hcode: str, b: Bound, then: Effect | None, depth: int) -> Iterator[Effect | None]:
    """The ways ``then`` may be completed once the fields ``b`` are chosen."""
    stays, got = _then(w, me, hcode, b, then, depth)
    if stays:
        yield then
    if got is not None:
        yield from _completions(got[0], me, got[1], then or Effect(), depth + 1)


# --- the search --------------------------------------------------------------------------------


def _values(w: State, me: int, slot: Slot, b: Bound, given: int | None, depth: int) -> Iterator[int | None]:
    """The values a slot may take given ``b``: ``given`` if it is one of them; else None first
    where it may be left out, then its list (worked out only when the search gets that far)."""
    if given is not None:
        if given in slot.values(w, me, b, depth):
            yield given
        return
    if slot.optional(w, me, b):
        yield None
    yield from slot.values(w, me, b, depth)


def _completions(
    w: State, me: int, hcode: str, x: Effect, depth: int, i: int = 0, b: Bound | None = None
) -> Iterator[Effect]:
    """Every complete resolution that keeps the fields ``x`` gives, the fields before slot ``i``
    already chosen in ``b`` (lazily)."""
    b = b if b is not None else {}
    slots = TARGETS[hcode]
    if i == len(slots):
        for then in _thens(w, me, hcode, b, x.then, depth):
            yield Effect(**b, then=then)
        return
    slot = slots[i]
    for v in _values(w, me, slot, b, getattr(x, slot.field), depth):
        yield from _completions(w, me, hcode, x, depth, i + 1, {**b, slot.field: v})


def _extends(w: State, me: int, hcode: str, x: Effect, depth: int, i: int, b: Bound, memo: dict | None = None) -> bool:
    """Whether some complete resolution keeps ``x`` and the choices ``b`` of the slots before ``i``
    (``_completions`` without building them); ``memo``: see :func:`_then_extends`."""
    slots = TARGETS[hcode]
    if i == len(slots):
        stays, got = _then(w, me, hcode, b, x.then, depth)
        return stays or (got is not None and _then_extends(got, me, x.then, depth + 1, memo))
    slot = slots[i]
    if i + 1 == len(slots) and _last(hcode):  # any value of the last field completes it
        return next(_values(w, me, slot, b, getattr(x, slot.field), depth), _NONE) is not _NONE
    return any(
        _extends(w, me, hcode, x, depth, i + 1, {**b, slot.field: v}, memo)
        for v in _values(w, me, slot, b, getattr(x, slot.field), depth)
    )


def _then_extends(got: tuple[State, str], me: int, then: Effect | None, depth: int, memo: dict | None) -> bool:
    """Whether the effect resolved in turn (its state and hero, ``got``) can be completed keeping
    ``then``. ``memo`` keeps the answer by state and hero: an Archivist's copies of one hero share
    it (the state is the same object, :func:`inner`)."""
    w2, h2 = got
    if memo is None:
        return _extends(w2, me, h2, then or Effect(), depth, 0, {})
    key = (id(w2), h2, then)
    if key not in memo:
        memo[key] = (w2, _extends(w2, me, h2, then or Effect(), depth, 0, {}))  # w2 held: its id stays its own
    return memo[key][1]


def _open(w: State, me: int, hcode: str, x: Effect, depth: int, k: int, b: Bound) -> dict[int, None]:
    """The values slot ``k`` may take, those before it chosen in ``b``, that some complete
    resolution keeping ``x`` uses (in the slot's own order)."""
    slots = TARGETS[hcode]
    values = dict.fromkeys(slots[k].values(w, me, b, depth))
    if k + 1 == len(slots) and _last(hcode):  # each value of the last field completes it
        return values
    field = slots[k].field
    memo: dict = {}
    return {v: None for v in values if _extends(w, me, hcode, x, depth, k + 1, {**b, field: v}, memo)}


def _prefixes(
    w: State, me: int, hcode: str, x: Effect, depth: int, upto: int, i: int = 0, b: Bound | None = None
) -> Iterator[Bound]:
    b = b if b is not None else {}
    if i == upto:
        yield b
        return
    slot = TARGETS[hcode][i]
    for v in _values(w, me, slot, b, getattr(x, slot.field), depth):
        yield from _prefixes(w, me, hcode, x, depth, upto, i + 1, {**b, slot.field: v})


def _candidates(w: State, me: int, hcode: str, x: Effect, field: str, depth: int) -> list[int]:
    """The values ``field`` may take as far as its own list goes (each still to be completed)."""
    head, _, rest = field.partition(".")
    found: dict[int, None] = {}
    if rest:  # a field of the effect this one resolves: what it may be for each way to get there
        if head != "then":
            raise KeyError(field)
        for b in _prefixes(w, me, hcode, x, depth, len(TARGETS[hcode])):
            got = inner(w, me, hcode, Effect(**b))
            if got is not None:
                w2, h2 = got
                found.update(dict.fromkeys(_candidates(w2, me, h2, x.then or Effect(), rest, depth + 1)))
        return list(found)
    k = next((i for i, slot in enumerate(TARGETS[hcode]) if slot.field == field), None)
    if k is None:
        return []
    slot = TARGETS[hcode][k]
    for b in _prefixes(w, me, hcode, x, depth, k):
        found.update(dict.fromkeys(slot.values(w, me, b, depth)))
    return list(found)


def _given(x: Effect, field: str, value: int) -> Effect:
    head, _, rest = field.partition(".")
    if rest:
        return replace(x, then=_given(x.then or Effect(), rest, value))
    return replace(x, **{head: value})


def accepts(w: State, me: int, hcode: str, x: Effect, depth: int = 0) -> bool:
    """Whether the engine accepts ``x`` as the resolution of ``hcode``'s effect in ``w``."""
    try:
        resolve(w.copy(), me, hcode, x, depth)
    except RuleViolation:
        return False
    return True


def complete(w: State, me: int, hcode: str, x: Effect, depth: int = 0, check: bool = True) -> Effect | None:
    """A complete resolution keeping what ``x`` gives (the engine's check passed when ``check``),
    or None when there is none."""
    for tries, e in enumerate(_completions(w, me, hcode, x, depth)):
        if not check or accepts(w, me, hcode, e, depth):
            return e
        if tries >= TRIES:
            return None
    return None


def options(w: State, me: int, hcode: str, x: Effect, field: str, depth: int = 0, check: bool = False) -> list[int]:
    """The values ``field`` may take in a complete resolution of ``hcode``'s effect for player
    ``me`` that keeps what ``x`` already gives; ``w`` is the state the effect resolves in (the
    card already in the pot: ``engine.laid``). Cards are card ids, enemies seat indices; a
    field of the copied or turned-up card's effect is ``then.<field>``.

    ``check`` tries each value's completion on the engine itself and leaves out any it refuses:
    the table's pick-list does, where hidden hands make the lists wider than the truth. The
    simulator, whose hands are known, needs no check: its lists are exact.
    """
    k = next((i for i, slot in enumerate(TARGETS[hcode]) if slot.field == field), None)
    if k is None or check:
        return [
            v
            for v in _candidates(w, me, hcode, x, field, depth)
            if complete(w, me, hcode, _given(x, field, v), depth, check) is not None
        ]
    found: dict[int, None] = {}
    for b in _prefixes(w, me, hcode, x, depth, k):  # the fields before it, as far as they go
        found.update(_open(w, me, hcode, x, depth, k, b))
    return list(found)


def choose(w: State, me: int, hcode: str, pick: Callable[[Slot, list[int]], int], depth: int = 0) -> Bound:
    """A complete resolution of ``hcode``'s effect chosen field by field in ``TARGETS`` order:
    ``pick(slot, values)`` takes one of the values the field may take given those chosen before it
    (what :func:`options` gives for it then). The fields chosen, by name; the effect it resolves in
    turn (:func:`inner`) is still to be chosen.

    >>> import random
    >>> from scoring.trickster.cards import Deck, code, parse
    >>> from scoring.trickster.engine import apply, laid
    >>> from scoring.trickster.simulator import deal
    >>> from scoring.trickster.state import Header, new_game
    >>> g = Header(("Aki", "Ben", "Chie", "Dan"), Deck.preset("introductory"))
    >>> s = apply(new_game(g), deal(g, random.Random(3)))
    >>> w = laid(s, 0, parse("GGUA", g.deck))
    >>> b = choose(w, 0, "GUA", lambda slot, values: values[-1])  # the last enemy, the last card of theirs
    >>> s.players[b["enemy"]], code(b["card"])
    ('Dan', 'RBRI')
    """
    b: Bound = {}
    x = Effect()
    for k, slot in enumerate(TARGETS[hcode]):
        b[slot.field] = pick(slot, list(_open(w, me, hcode, x, depth, k, b)))
    return b


def fields(w: State, me: int, hcode: str, x: Effect, depth: int = 0) -> list[tuple[str, str]]:
    """The fields of ``hcode``'s effect in the order the table names them (:func:`fields_of`),
    then those of the effect it resolves (``then.card`` …) once ``x`` names it; each with the hero
    whose effect it belongs to."""
    found = [(f, hcode) for f in fields_of(hcode)]
    got = inner(w, me, hcode, x)
    if got is not None:
        w2, h2 = got
        found += [(f"then.{f}", h) for f, h in fields(w2, me, h2, x.then or Effect(), depth + 1)]
    return found


__all__ = [
    "TARGETS",
    "Slot",
    "accepts",
    "choose",
    "complete",
    "fields",
    "fields_of",
    "inner",
    "named",
    "options",
    "owners",
    "secret",
]
