"""Hero effects as validated card moves, resolved completely or not at all (§3.2, rules.en.md
"effects").

``resolve`` carries out a resolution the table recorded; ``resolvable`` says whether a complete
resolution exists (YES), cannot exist (NO) or depends on cards the table has not seen (MAYBE);
``check_skip`` refuses a "nothing happened" when the effect could have been resolved. What each
effect names (the fields of ``Effect`` its resolver below reads) is ``targets.TARGETS``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from scoring.errors import RuleViolation
from scoring.trickster.cards import code, hero_of, heroes
from scoring.trickster.events import Effect
from scoring.trickster.state import EMPTY_HAND, State
from scoring.trickster.words import card, hero, said
from scoring.trickster.zones import (
    add_to_pot,
    add_to_tableau,
    add_to_trash,
    can_follow,
    check_trash_pick,
    draw_top,
    followers,
    give_to_hand,
    put_bottom,
    refuse,
    reveal_top,
    take_from_hand,
    take_from_tableau,
    take_from_trash,
)
from scoring.words import Fact

NO, MAYBE, YES = 0, 1, 2
COPIERS = ("ARC", "GEN")


CODES = tuple(h.code for h in heroes())


def hero_code(c: int) -> str:
    return CODES[c >> 3]


def _rule(hcode: str) -> str:
    return f"trickster.hero.{hcode.lower()}"


def _hero(hcode: str) -> Fact:
    """A hero by name, from its code."""
    return said("hero", hero=hcode)


# --- choosing players --------------------------------------------------------------------------


def _enemy(w: State, me: int, e: int | None, hcode: str, missing: str = "name_enemy") -> int:
    n = len(w.game.players)
    if e is not None and e != me and 0 <= e < n:
        return e
    if e is None:
        raise refuse(_rule(hcode), missing, hero=_hero(hcode))
    if not 0 <= e < n or e == me:
        who = w.players[e] if 0 <= e < n else str(e)
        raise refuse(_rule(hcode), "not_an_enemy", hero=_hero(hcode), player=who, me=w.players[me])
    return e


def _second_enemy(w: State, me: int, e1: int, e2: int | None, hcode: str) -> int:
    if e2 is None or e2 == e1:  # the first enemy again, already checked
        e2 = e1
    else:
        _enemy(w, me, e2, hcode, "name_second_enemy")
    if e2 == e1 and w.game.rules.distinct_enemies and len(w.game.players) >= 3:
        raise refuse("trickster.house-rules", "distinct_enemies")
    return e2


def _cannot(hcode: str, why: str, **values: object) -> RuleViolation:
    """Why the hero's effect cannot be resolved (``cannot.<why>``)."""
    return refuse(_rule(hcode), "cannot", hero=_hero(hcode), why=said(f"cannot.{why}", **values))


def _known_card(c: int | None, hcode: str, what: str) -> int:
    """The card an effect moves, which the table must name (``refused.name.<what>`` says which)."""
    if c is None:
        raise refuse(_rule(hcode), f"name.{what}", hero=_hero(hcode))
    return c


# --- the effects -------------------------------------------------------------------------------


def _brigand(w: State, me: int, x: Effect, depth: int) -> None:
    e = _enemy(w, me, x.enemy, "BRI")
    add_to_tableau(w, e, take_from_tableau(w, me, x.card))


def _doctor(w: State, me: int, x: Effect, depth: int) -> None:
    e1 = _enemy(w, me, x.enemy, "DOC")
    e2 = _second_enemy(w, me, e1, x.enemy2, "DOC")
    give_to_hand(w, e2, take_from_tableau(w, e1, x.card))


def _explorer(w: State, me: int, x: Effect, depth: int) -> None:
    if len(w.deck) < 2:
        raise _cannot("EXP", "deck_under_2")
    keep = _known_card(x.card, "EXP", "kept")
    under = _known_card(x.card2, "EXP", "under")
    if keep == under:
        raise refuse(_rule("EXP"), "two_different", hero=_hero("EXP"))
    reveal_top(w, (keep, under))
    give_to_hand(w, me, keep)
    put_bottom(w, under)


def _guard(w: State, me: int, x: Effect, depth: int) -> None:
    e = _enemy(w, me, x.enemy, "GUA")
    give_to_hand(w, me, take_from_tableau(w, e, x.card))


def _inventor(w: State, me: int, x: Effect, depth: int) -> None:
    if not w.deck:
        raise _cannot("INV", "deck_empty")
    flipped = draw_top(w, x.card)
    if flipped is None:
        raise refuse(_rule("INV"), "name.turned_up", hero=_hero("INV"))
    if can_follow(w, flipped):
        add_to_pot(w, flipped, by_effect=True)
        if w.game.rules.inventor_resolves:
            resolve_or_skip(w, me, hero_code(flipped), x.then, depth + 1)
    else:
        add_to_trash(w, flipped)


def _magician(w: State, me: int, x: Effect, depth: int) -> None:
    add_to_trash(w, take_from_tableau(w, me, x.card))


def _nomad(w: State, me: int, x: Effect, depth: int) -> None:
    e = _enemy(w, me, x.enemy, "NOM")
    add_to_tableau(w, me, take_from_tableau(w, e, x.card))


def _peddler(w: State, me: int, x: Effect, depth: int) -> None:
    e = _enemy(w, me, x.enemy, "PED")
    if w.hands[me] == EMPTY_HAND or w.hands[e] == EMPTY_HAND:  # both must hold a card
        raise _cannot("PED", "both_hands")
    if not _own_hand_free(w, me):  # only the card a General shows, which goes back into the hand
        who, c = w.players[me], next(iter(w.stays & w.hands[me].known))
        raise _cannot("PED", "only_card", player=who, card=card(c), code=code(c))
    mine = take_from_hand(w, me, x.card)
    theirs = take_from_hand(w, e, x.card2)
    give_to_hand(w, me, theirs)
    give_to_hand(w, e, mine)


def _revolutionary(w: State, me: int, x: Effect, depth: int) -> None:
    give_to_hand(w, me, take_from_trash(w, x.card))


def _scavenger(w: State, me: int, x: Effect, depth: int) -> None:
    mine = take_from_tableau(w, me, x.card)
    trashed = take_from_trash(w, x.card2)
    add_to_trash(w, mine)
    add_to_tableau(w, me, trashed)


def _scion(w: State, me: int, x: Effect, depth: int) -> None:
    if not w.deck:
        raise _cannot("SCI", "deck_empty")
    give_to_hand(w, me, draw_top(w, x.card))
    put_bottom(w, take_from_hand(w, me, x.card2))


def _soldier(w: State, me: int, x: Effect, depth: int) -> None:
    e = _enemy(w, me, x.enemy, "SOL")
    add_to_tableau(w, e, take_from_hand(w, me, _known_card(x.card, "SOL", "placed")))


def _witness(w: State, me: int, x: Effect, depth: int) -> None:
    give_to_hand(w, me, take_from_tableau(w, me, x.card))


def _copyable(w: State, c: int, depth: int, hcode: str) -> None:
    if CODES[c >> 3] in COPIERS and (not w.game.rules.copy_copiers or depth >= 1):
        why = "no_copy_deep" if w.game.rules.copy_copiers else "no_copy_off"
        raise refuse("trickster.house-rules", why, hero=_hero(hcode), card=card(c))


def _copied(w: State, me: int, x: Effect, depth: int, hcode: str) -> None:
    if x.then is None:
        raise refuse(_rule(hcode), "say_copied", hero=_hero(hcode), copied=hero(hero_of(x.copy)))
    if w.game.rules.copied_card_moves:
        EFFECTS[CODES[x.copy >> 3]](w, me, x.then, depth + 1)  # resolve()
        return
    stays = w.stays
    w.stays = stays | {x.copy}  # the copied card stays where it is while its effect resolves
    try:
        EFFECTS[CODES[x.copy >> 3]](w, me, x.then, depth + 1)  # resolve()
    finally:
        w.stays = stays


def staying(s: State, c: int) -> State:
    """The state the effect of card ``c`` resolves in when an Archivist or a General uses it: ``s``
    with ``c`` kept where it is (house rule copied_card_moves off); ``s`` itself when the rule lets
    it move, or when its hero's effect takes no card from where ``c`` lies."""
    if s.game.rules.copied_card_moves or CODES[c >> 3] in _MOVES_NO_OWN_CARD:
        return s
    w = s.copy()
    w.stays = s.stays | {c}
    return w


def _archivist(w: State, me: int, x: Effect, depth: int) -> None:
    c = _known_card(x.copy, "ARC", "copied")
    if c not in w.tableaus[me]:
        check_trash_pick(w, c)  # the copied card does not move
    _copyable(w, c, depth, "ARC")
    _copied(w, me, x, depth, "ARC")


def _general(w: State, me: int, x: Effect, depth: int) -> None:
    c = _known_card(x.copy, "GEN", "copied")
    if c in w.trash:
        check_trash_pick(w, c)
    else:  # shown from the hand, then kept: it is known to be in that hand from now on
        take_from_hand(w, me, c)
        give_to_hand(w, me, c)
    _copyable(w, c, depth, "GEN")
    _copied(w, me, x, depth, "GEN")


def _hunter(w: State, me: int, x: Effect, depth: int) -> None:
    e = _enemy(w, me, x.enemy, "HUN")
    add_to_tableau(w, e, take_from_trash(w, x.card))


def _into_pot(w: State, c: int, hcode: str) -> None:
    if not can_follow(w, c):
        raise refuse(_rule(hcode), "cannot_follow_move", hero=_hero(hcode), card=card(c))
    add_to_pot(w, c, by_effect=True)


def _noble(w: State, me: int, x: Effect, depth: int) -> None:
    c = _known_card(x.card, "NOB", "tableau_card")
    _into_pot(w, take_from_tableau(w, me, c), "NOB")


def _saint(w: State, me: int, x: Effect, depth: int) -> None:
    e1 = _enemy(w, me, x.enemy, "SAI")
    e2 = me if x.enemy2 is None else x.enemy2
    if not 0 <= e2 < len(w.players):
        raise refuse(_rule("SAI"), "to_a_player", hero=_hero("SAI"))
    if w.hands[e1] == EMPTY_HAND:
        raise _cannot("SAI", "no_cards", player=w.players[e1])
    give_to_hand(w, e2, take_from_hand(w, e1, x.card))


def _shaman(w: State, me: int, x: Effect, depth: int) -> None:
    add_to_tableau(w, me, take_from_hand(w, me, _known_card(x.card, "SHA", "placed")))


def _smuggler(w: State, me: int, x: Effect, depth: int) -> None:
    e1 = _enemy(w, me, x.enemy, "SMU")
    e2 = _second_enemy(w, me, e1, x.enemy2, "SMU")
    if w.hands[e1].size < 2:
        raise _cannot("SMU", "fewer_than_2", player=w.players[e1])
    keep = _known_card(x.card, "SMU", "kept")
    give = _known_card(x.card2, "SMU", "given")
    if keep == give:  # the two revealed cards are two cards
        who = w.players[e1]
        raise refuse(_rule("SMU"), "keeps_and_gives", hero=_hero("SMU"), player=who, card=card(keep), code=code(keep))
    kept = take_from_hand(w, e1, keep)
    given = take_from_hand(w, e1, give)
    give_to_hand(w, me, kept)
    give_to_hand(w, e2, given)


def _vigilante(w: State, me: int, x: Effect, depth: int) -> None:
    e = _enemy(w, me, x.enemy, "VIG")
    trashed = take_from_trash(w, x.card)
    theirs = take_from_tableau(w, e, x.card2)
    add_to_tableau(w, e, trashed)
    add_to_trash(w, theirs)


def _beast(w: State, me: int, x: Effect, depth: int) -> None:
    c = _known_card(x.card, "BEA", "hand_card")
    _into_pot(w, take_from_hand(w, me, c), "BEA")


def _maven(w: State, me: int, x: Effect, depth: int) -> None:
    e1 = _enemy(w, me, x.enemy, "MAV")
    e2 = _second_enemy(w, me, e1, x.enemy2, "MAV")
    add_to_tableau(w, e2, take_from_hand(w, e1, _known_card(x.card, "MAV", "shown")))


EFFECTS: dict[str, Callable[[State, int, Effect, int], None]] = {
    "ARC": _archivist,
    "BRI": _brigand,
    "DOC": _doctor,
    "EXP": _explorer,
    "GUA": _guard,
    "INV": _inventor,
    "MAG": _magician,
    "NOM": _nomad,
    "PED": _peddler,
    "REV": _revolutionary,
    "SCA": _scavenger,
    "SCI": _scion,
    "SOL": _soldier,
    "WIT": _witness,
    "GEN": _general,
    "HUN": _hunter,
    "NOB": _noble,
    "SAI": _saint,
    "SHA": _shaman,
    "SMU": _smuggler,
    "VIG": _vigilante,
    "BEA": _beast,
    "MAV": _maven,
}


def resolve(w: State, me: int, hcode: str, x: Effect, depth: int = 0) -> None:
    """Carry out one recorded resolution of hero ``hcode``'s effect for player ``me``."""
    EFFECTS[hcode](w, me, x, depth)


# --- can it be resolved? -----------------------------------------------------------------------


def _trash_choices(s: State) -> tuple[int, ...]:
    if s.game.rules.trash_pick == "top":
        return s.trash[-1:]
    return s.trash


def copies(s: State, me: int, hcode: str, depth: int = 0) -> tuple[int, dict[int, int]]:
    """An Archivist's or General's effect (``hcode``): whether it can be resolved (what
    :func:`resolvable` says) and, for each card it may name, whether that card's effect can be
    resolved as the copy (NO for a copier the house rules keep it from copying; the card itself
    stays where it is, :func:`staying`)."""
    hand = s.hands[me]
    # the Archivist's own tableau and the trash, the General's trash and hand
    cards = (*s.tableaus[me], *_trash_choices(s)) if hcode == "ARC" else (*_trash_choices(s), *hand.known)
    barred = not s.game.rules.copy_copiers or depth >= 1  # copiers copying copiers
    keep = not s.game.rules.copied_card_moves
    per_card: dict[int, int] = {}
    per_hero: dict[str, int] = {}  # each hero's answer with no card kept in place
    scratch = None  # one copy of ``s`` for every card kept in place (:func:`staying`, without a copy each)
    for c in cards:
        code = CODES[c >> 3]
        if barred and code in COPIERS:
            per_card[c] = NO
            continue
        if code not in per_hero:
            per_hero[code] = _VALUE[code](s, me, depth + 1)  # resolvable()
        value = per_hero[code]
        # kept in place, a card can only stop its own effect (never make it possible) and only as
        # the last card where it lies, or the last that can follow (the Noble's, the Beast's)
        if value != NO and keep and code not in _MOVES_NO_OWN_CARD and (code in _FOLLOW_OR_COPY or _alone(s, me, c)):
            if scratch is None:
                scratch = s.copy()
            scratch.stays = s.stays | {c}
            value = _VALUE[code](scratch, me, depth + 1)  # resolvable()
        per_card[c] = value
    values = list(per_card.values())
    if hcode == "GEN" and hand.hidden:
        values.append(MAYBE)  # a hidden hand card could be any hero
    return _pick(s, values), per_card


def _alone(s: State, me: int, c: int) -> bool:
    """Whether ``c`` is the only card an effect could take from where it lies: the trash (those an
    effect may take), ``me``'s tableau or ``me``'s hand. The cards an outer copy already keeps in
    place (``s.stays``, copy_copiers) are not counted: an Archivist copying the tableau's Archivist
    that copies the tableau's Scavenger keeps both, so the Scavenger has no card of its own to swap."""
    stays = s.stays
    if c in s.trash:
        cards = _trash_choices(s)
    elif c in s.tableaus[me]:
        cards = s.tableaus[me]
    else:
        hand = s.hands[me]
        return hand.size - len(stays & hand.known) <= 1
    return len(cards) - sum(x in stays for x in cards) <= 1


def copy_value(s: State, me: int, c: int, depth: int = 0) -> int:
    """Whether the effect of card ``c`` can be resolved by ``me``'s Archivist or General (at copy
    depth ``depth``), ``c`` staying where it is unless the house rules let it move."""
    return _VALUE[CODES[c >> 3]](staying(s, c), me, depth + 1)  # resolvable()


def _any_enemy(s: State, me: int, able: Sequence[object]) -> int:
    """YES if the chosen enemy can make it work (``able[p]`` true for each player p it works on):
    some enemy under strict targets, every enemy under lenient ones (where a player may pick one
    that fails)."""
    if s.game.rules.strict_targets:
        for p, works in enumerate(able):
            if works and p != me:
                return YES
        return NO
    for p, works in enumerate(able):
        if not works and p != me:
            return NO
    return YES


def _free(s: State, cards: Sequence[int]) -> bool:
    """Whether ``cards`` holds a card an effect may move: any, but a copied card that stays."""
    stays = s.stays
    if len(cards) > len(stays):  # the cards of a zone are different cards: one is not kept
        return True
    return any(c not in stays for c in cards)


def _own_hand_free(s: State, me: int) -> bool:
    """Whether ``me``'s hand holds a card an effect may move (a copied card shown from it stays)."""
    hand = s.hands[me]
    if not s.stays or hand.hidden:
        return hand != EMPTY_HAND
    return _free(s, tuple(hand.known))


def _holding(s: State, cards: int) -> list[bool]:
    """Per player, whether their hand holds at least ``cards`` cards (known or not)."""
    return [len(h.known) + h.hidden >= cards for h in s.hands]


def _beast_value(s: State, me: int, depth: int) -> int:
    hand = s.hands[me]
    if _free(s, followers(s, hand.known)):
        return YES
    if hand.hidden and any(can_follow(s, c) for c in s.unseen):
        return MAYBE
    return NO


def _pick(s: State, values: list[int]) -> int:
    if not values:
        return NO
    return max(values) if s.game.rules.strict_targets else min(values)


# a copied card lies in the trash or the copier's own tableau or hand; these heroes' effects never
# take a card from there, so a copied card of theirs cannot be asked to move (``staying``). (The
# Inventor can: under house rule inventor_resolves the card it turns up resolves in turn.)
_MOVES_NO_OWN_CARD = frozenset({"DOC", "GUA", "NOM", "EXP", "SAI", "SMU", "MAV"})
# the effects a kept card may stop without being the last where it lies: the Noble's and the
# Beast's (the last card that can follow) and a copier's (its own copy, copy_copiers)
_FOLLOW_OR_COPY = frozenset({"NOB", "BEA", *COPIERS})

_VALUE: dict[str, Callable[[State, int, int], int]] = {
    "BRI": lambda s, me, d: YES if _free(s, s.tableaus[me]) else NO,
    "MAG": lambda s, me, d: YES if _free(s, s.tableaus[me]) else NO,
    "WIT": lambda s, me, d: YES if _free(s, s.tableaus[me]) else NO,
    "SOL": lambda s, me, d: YES if _own_hand_free(s, me) else NO,
    "SHA": lambda s, me, d: YES if _own_hand_free(s, me) else NO,
    "DOC": lambda s, me, d: _any_enemy(s, me, s.tableaus),
    "GUA": lambda s, me, d: _any_enemy(s, me, s.tableaus),
    "NOM": lambda s, me, d: _any_enemy(s, me, s.tableaus),
    "EXP": lambda s, me, d: YES if len(s.deck) >= 2 else NO,
    "INV": lambda s, me, d: YES if s.deck else NO,
    "SCI": lambda s, me, d: YES if s.deck else NO,
    "PED": lambda s, me, d: NO if not _own_hand_free(s, me) else _any_enemy(s, me, _holding(s, 1)),
    "REV": lambda s, me, d: YES if _free(s, _trash_choices(s)) else NO,
    "HUN": lambda s, me, d: YES if _free(s, _trash_choices(s)) else NO,
    "SCA": lambda s, me, d: YES if _free(s, s.tableaus[me]) and _free(s, _trash_choices(s)) else NO,
    "VIG": lambda s, me, d: NO if not _free(s, _trash_choices(s)) else _any_enemy(s, me, s.tableaus),
    "SAI": lambda s, me, d: _any_enemy(s, me, _holding(s, 1)),
    "MAV": lambda s, me, d: _any_enemy(s, me, _holding(s, 1)),
    "SMU": lambda s, me, d: _any_enemy(s, me, _holding(s, 2)),
    "NOB": lambda s, me, d: YES if _free(s, followers(s, s.tableaus[me])) else NO,
    "BEA": _beast_value,
    "ARC": lambda s, me, d: copies(s, me, "ARC", d)[0],
    "GEN": lambda s, me, d: copies(s, me, "GEN", d)[0],
}


def resolvable(s: State, me: int, hcode: str, depth: int = 0) -> int:
    """YES, NO or MAYBE: can ``me`` resolve this effect completely in state ``s``?

    With strict targets a single working choice makes it YES; with lenient targets (house rule
    ``strict_targets`` off) every choice must work, since a player may pick one that fails.
    MAYBE means it depends on hidden cards, so the table tracker cannot refuse a skip.
    """
    return _VALUE[hcode](s, me, depth)


def check_skip(s: State, me: int, hcode: str, depth: int = 0) -> None:
    """Refuse "the effect did nothing" when it could have been resolved completely."""
    if _VALUE[hcode](s, me, depth) == YES:  # resolvable()
        effect = said("effect", hero=hcode)
        if hcode in COPIERS and s.game.rules.copied_card_moves:  # the printed words say it stays
            effect = said("effect.moves", effect=effect)
        raise refuse("trickster.effects", "must_resolve", player=s.players[me], hero=_hero(hcode), effect=effect)


def resolve_or_skip(w: State, me: int, hcode: str, x: Effect | None, depth: int = 0) -> None:
    if x is None:
        check_skip(w, me, hcode, depth)
    else:
        EFFECTS[hcode](w, me, x, depth)  # resolve()
