"""Card moves between zones, each checked against what the table already knows.

Every helper works on a fresh copy of the state (``w``) and replaces whole tuples, so the state it
was copied from never changes. A move that contradicts the known position of a card raises
:class:`RuleViolation` citing ``trickster.cards``.
"""

from __future__ import annotations

from collections.abc import Iterable

from scoring.errors import RuleViolation
from scoring.trickster.cards import code
from scoring.trickster.state import (
    NO_MATCH,
    PATTERN_NONE,
    SAME_HERO,
    SAME_SUIT,
    UNKNOWN,
    Hand,
    State,
    Void,
)
from scoring.trickster.words import card, hero, said, suit
from scoring.words import Fact

CARDS = "trickster.cards"

# ``_tuple_new(Hand, (known, hidden))`` is ``Hand(known, hidden)`` without the named tuple's own
# ``__new__`` (a Python call): a hand changes once or twice per card played
_tuple_new = tuple.__new__


def refuse(rule: str, key: str, **values: object) -> RuleViolation:
    """A refusal citing ``rule``, said by the catalogue's ``refused.<key>`` with ``values``."""
    return RuleViolation(rule, said(f"refused.{key}", **values))


def where(s: State, c: int) -> Fact:
    """Where a card is publicly known to be, in a few words ("in the trash", "in Ben's tableau")."""
    if c in s.trash:
        return said("in_trash")
    if c in s.pot:
        return said("in_pot")
    if c in s.timeline:
        return said("in_timeline")
    for p, t in enumerate(s.tableaus):
        if c in t:
            return said("in_tableau", player=s.players[p])
    for p, h in enumerate(s.hands):
        if c in h.known:
            return said("in_hand", player=s.players[p])
    if c in s.deck:
        return said("in_deck")
    return said("not_in_game")


def _misplaced(s: State, c: int, wanted: Fact) -> RuleViolation:
    return refuse(CARDS, "misplaced", card=card(c), code=code(c), where=where(s, c), wanted=wanted)


def not_in_hand(s: State, p: int, c: int) -> RuleViolation | None:
    """Why player ``p`` cannot be holding ``c`` (it lies face up elsewhere, or their hand is known
    without it), or None if they may: the reason a refusal gives first, before any other rule the
    card would break."""
    known, hidden = s.hands[p]
    if c in known or (hidden and c in s.unseen):
        return None
    return _misplaced(s, c, said("in_hand", player=s.players[p]))


def check_stays(w: State, c: int | None) -> None:
    """Refuse moving the card whose effect an Archivist or a General is using: it stays where it
    is (house rule copied_card_moves off; ``w.stays`` holds it only while that effect resolves)."""
    if c in w.stays:
        raise refuse("trickster.house-rules", "stays", card=card(c), code=code(c))


def take_from_hand(w: State, p: int, c: int | None) -> int | None:
    """Remove a card from p's hand. ``None`` is a secret card: the table loses track of which one
    left, so every card it knew in that hand becomes unseen again."""
    if w.stays:
        check_stays(w, c)
    hands = list(w.hands)
    known, hidden = hands[p]
    if c in known:  # the usual case first (``None`` is in no hand)
        hands[p] = _tuple_new(Hand, (known - {c}, hidden))
        w.hands = tuple(hands)
        return c
    if not known and not hidden:
        who = w.players[p]
        raise refuse(CARDS, "no_cards_in_hand", player=who)
    if c is None:
        w.unseen = w.unseen | known
        hands[p] = Hand(frozenset(), len(known) + hidden - 1)
    elif hidden > 0 and c in w.unseen:
        check_voids(w, p, c)
        w.unseen = w.unseen - {c}
        hands[p] = Hand(known, hidden - 1)
    else:
        who = w.players[p]
        raise _misplaced(w, c, said("in_hand", player=who))
    w.hands = tuple(hands)
    return c


def give_to_hand(w: State, p: int, c: int | None) -> None:
    hands = list(w.hands)
    known, hidden = hands[p]
    hands[p] = _tuple_new(Hand, (known, hidden + 1) if c is None else (known | {c}, hidden))
    w.hands = tuple(hands)
    if w.voids[p]:  # a card seen entering was not there at the bust; an unseen one may be anything
        voids = list(w.voids)
        if c is None:
            voids[p] = tuple([Void(v.cards, v.slack + 1, v.round, v.trick, v.pot) for v in voids[p]])
        else:
            voids[p] = tuple(
                [Void(v.cards - {c}, v.slack, v.round, v.trick, v.pot) if c in v.cards else v for v in voids[p]]
            )
        w.voids = tuple(voids)


def show_void(w: State, p: int) -> None:
    """``p`` busts: remember that no card that could follow now was in that hand (§3.5)."""
    able = frozenset(followers(w, w.unseen))
    voids = list(w.voids)
    voids[p] = voids[p] + (Void(able, 0, w.round, w.tricks + 1, w.pot),)
    w.voids = tuple(voids)


def ruled_out(s: State, p: int, c: int) -> Void | None:
    """The bust of p's that shows a card nobody has seen is not in p's hand: one that ``c`` could
    have followed, with no card entering that hand unseen since (§3.5). None if there is none."""
    return next((v for v in s.voids[p] if c in v.cards and not v.slack), None)


def may_hold(s: State, p: int, c: int) -> bool:
    """Whether ``c`` may come out of p's hand now: known to be there, or a card nobody has seen
    while p holds unseen cards and no bust of p's rules it out (what :func:`take_from_hand`
    accepts)."""
    hand = s.hands[p]
    return c in hand.known or (hand.hidden > 0 and c in s.unseen and ruled_out(s, p, c) is None)


def check_voids(w: State, p: int, c: int) -> None:
    """A card nobody had seen is shown from p's hand: refuse it if p's bust showed it was not there
    (no card could have entered the hand unseen since); otherwise it uses up one such card."""
    if not w.voids[p]:
        return
    v = ruled_out(w, p, c)
    if v is not None:
        who = w.players[p]
        pot = tuple(code(x) for x in v.pot)
        raise refuse(
            "trickster.bust",
            "could_follow_then",
            player=who,
            round=v.round,
            trick=v.trick,
            pot=pot,
            card=card(c),
            code=code(c),
        )
    voids = list(w.voids)
    voids[p] = tuple([Void(v.cards, v.slack - 1, v.round, v.trick, v.pot) if c in v.cards else v for v in voids[p]])
    w.voids = tuple(voids)


def take_from_tableau(w: State, p: int, c: int | None) -> int:
    if w.stays:
        check_stays(w, c)
    t = w.tableaus[p]
    if c is None or c not in t:
        who = w.players[p]
        if c is None:
            raise refuse(CARDS, "name_tableau_card", player=who)
        raise _misplaced(w, c, said("in_tableau", player=who))
    i = t.index(c)
    tableaus = list(w.tableaus)
    tableaus[p] = t[:i] + t[i + 1 :]
    w.tableaus = tuple(tableaus)
    return c


def add_to_tableau(w: State, p: int, c: int) -> None:
    tableaus = list(w.tableaus)
    tableaus[p] = tableaus[p] + (c,)
    w.tableaus = tuple(tableaus)


def check_trash_pick(w: State, c: int) -> None:
    """Refuse a card that is not in the trash, or not on top of it under house rule trash_pick=top."""
    if c not in w.trash:
        raise _misplaced(w, c, said("in_trash"))
    if w.game.rules.trash_pick == "top" and c != w.trash[-1]:
        raise refuse("trickster.house-rules", "top_trash_only", code=code(w.trash[-1]))


def take_from_trash(w: State, c: int | None) -> int:
    if c is None:
        raise refuse(CARDS, "name_trash_card")
    check_trash_pick(w, c)
    if w.stays:
        check_stays(w, c)
    i = w.trash.index(c)
    w.trash = w.trash[:i] + w.trash[i + 1 :]
    return c


def add_to_trash(w: State, c: int) -> None:
    w.trash = (*w.trash, c)


def draw_top(w: State, c: int | None) -> int | None:
    """Take the top deck card. A known slot fixes which card it is; an unknown one may be named
    (a face-up reveal) or stay secret (``None``)."""
    if not w.deck:
        raise refuse(CARDS, "deck_empty")
    slot = w.deck[0]
    w.deck = w.deck[1:]
    if slot != UNKNOWN:
        if c is not None and c != slot:
            raise refuse(CARDS, "deck_top", top=card(slot), code=code(slot), card=card(c))
        return slot
    if c is None:
        return None
    if c not in w.unseen:
        raise _misplaced(w, c, said("in_deck"))
    w.unseen = w.unseen - {c}
    return c


def from_timeline(w: State, c: int) -> None:
    """The Timeline's front card typed as it leads: a card nobody has seen elsewhere."""
    if c not in w.unseen:
        raise _misplaced(w, c, said("on_timeline"))
    w.unseen = w.unseen - {c}
    w.timeline = w.timeline[1:]


def put_bottom(w: State, c: int | None) -> None:
    w.deck = (*w.deck, UNKNOWN if c is None else c)


def reveal_top(w: State, shown: tuple[int, ...]) -> None:
    """Take the top ``len(shown)`` deck cards, turned face up as ``shown`` (in any order)."""
    if len(w.deck) < len(shown):
        raise refuse(CARDS, "deck_holds", n=len(w.deck), shown=len(shown))
    slots, w.deck = w.deck[: len(shown)], w.deck[len(shown) :]
    rest = list(shown)
    for slot in slots:
        if slot != UNKNOWN:
            if slot not in rest:
                raise refuse(CARDS, "among_top", card=card(slot), code=code(slot))
            rest.remove(slot)
    for c in rest:
        if c not in w.unseen:
            raise _misplaced(w, c, said("in_deck"))
    w.unseen = w.unseen - set(rest)


def can_follow(s: State, c: int) -> bool:
    """Whether card c may enter the pot now (§3.8): always while the pot holds at most one card."""
    pattern = s.pattern
    if pattern == PATTERN_NONE:
        return True
    if pattern == SAME_SUIT:
        return (c & 7) == s.pattern_value
    if pattern == SAME_HERO:
        return (c >> 3) == s.pattern_value
    for p in s.pot:  # noqa: SIM110 - a plain loop: this is the engine's hottest line
        if (p & 7) == (c & 7) or (p >> 3) == (c >> 3):
            return False
    return True


def followers(s: State, cards: Iterable[int]) -> list[int]:
    """The cards among ``cards`` that may enter the pot now (:func:`can_follow`), in their order:
    one test per pattern rather than one call per card."""
    pattern = s.pattern
    if pattern == PATTERN_NONE:
        return list(cards)
    value = s.pattern_value
    if pattern == SAME_SUIT:
        return [c for c in cards if c & 7 == value]
    if pattern == SAME_HERO:
        return [c for c in cards if c >> 3 == value]
    taken_suits = {p & 7 for p in s.pot}
    taken_heroes = {p >> 3 for p in s.pot}
    return [c for c in cards if c & 7 not in taken_suits and c >> 3 not in taken_heroes]


def add_to_pot(w: State, c: int, *, by_effect: bool) -> None:
    """A card enters the pot; the second card fixes the follow pattern (§3.4, §3.6)."""
    pot = w.pot
    if len(pot) == 1:
        lead = pot[0]
        if lead & 7 == c & 7:  # suit_of
            w.pattern, w.pattern_value = SAME_SUIT, lead & 7
        elif lead >> 3 == c >> 3:  # hero_of
            w.pattern, w.pattern_value = SAME_HERO, lead >> 3
        else:
            w.pattern, w.pattern_value = NO_MATCH, 0
        w.special_case = by_effect and w.leader is not None
    w.pot = pot + (c,)  # noqa: RUF005 - twice as fast as (*pot, c), once per card played


def describe_pattern(s: State) -> Fact:
    """The pot's follow pattern as the table is told it (§3.4): "follow red"."""
    if s.pattern == SAME_SUIT:
        return said("follow", what=suit(s.pattern_value))
    if s.pattern == SAME_HERO:
        return said("follow", what=hero(s.pattern_value))
    if s.pattern == NO_MATCH:
        return said("no_match")
    return said("any_card")
