"""The Trickster engine: ``apply(state, event) -> state``, refusing illegal events.

>>> from scoring.trickster.cards import Deck
>>> from scoring.trickster.state import Header, new_game
>>> s = new_game(Header(("Aki", "Ben", "Chie", "Dan"), Deck.preset("introductory")))
>>> s.phase, s.round
('setup', 0)

A refused event raises :class:`scoring.errors.RuleViolation`; the state passed in is unchanged.
"""

from __future__ import annotations

from functools import cache

from scoring.data import load_toml
from scoring.errors import RuleViolation
from scoring.log import fold
from scoring.trickster.cards import code
from scoring.trickster.effects import CODES, EFFECTS, check_skip
from scoring.trickster.events import Bust, CardPlayed, Event, HandsRevealed, RoundStarted, TimelineLed
from scoring.trickster.scoring import score_round
from scoring.trickster.state import (
    EMPTY_HAND,
    LEAD,
    OVER,
    PATTERN_NONE,
    REVEAL,
    SETUP,
    TRICK,
    UNKNOWN,
    Hand,
    Header,
    State,
    new_game,
)
from scoring.trickster.words import card
from scoring.trickster.zones import (
    add_to_pot,
    can_follow,
    check_voids,
    describe_pattern,
    followers,
    from_timeline,
    may_hold,
    not_in_hand,
    refuse,
    show_void,
    take_from_hand,
)

ROUNDS = 3

# ``Hand(known, hidden)`` without the named tuple's own ``__new__`` (a Python call): see zones.py
_tuple_new = tuple.__new__


def _table() -> dict:
    return load_toml("trickster", "game.toml")["table"]


@cache
def dealt(players: int) -> int:
    """Cards dealt to each player before the tableau pick (§2.2)."""
    return _table()["dealt"][str(players)]


@cache
def trash_size() -> int:
    """Cards dealt face up to the trash as a round is set up (§2.2)."""
    return _table()["trash"]


def timeline_size(game: Header) -> int:
    """Cards dealt face up as the Timeline: 12 with 2–3 players (the Timeline variant), else none."""
    return _table()["timeline"] if game.timeline_variant else 0


def replay(game: Header, events: list[Event]) -> State:
    return fold(apply, new_game(game), events, handlers=_HANDLERS)


def apply(s: State, event: Event) -> State:
    if isinstance(event, CardPlayed):
        return _card_played(s, event)
    if isinstance(event, Bust):
        return _bust(s, event)
    if isinstance(event, RoundStarted):
        return _round_started(s, event)
    if isinstance(event, TimelineLed):
        return _timeline_led(s, event)
    if isinstance(event, HandsRevealed):
        return _hands_revealed(s, event)
    raise TypeError(f"not a Trickster event: {event!r}")


# --- round setup (§2) --------------------------------------------------------------------------


def _round_started(s: State, e: RoundStarted) -> State:
    if s.phase != SETUP:
        raise refuse("trickster.setup", "round_on", round=s.round)
    n = len(s.players)
    g = s.game
    deck_cards = g.deck.card_set
    want_timeline = timeline_size(g)
    trash = trash_size()
    if len(e.trash) != trash:
        raise refuse("trickster.setup", "trash_size", n=trash, given=len(e.trash))
    if len(e.tableau) != n:
        raise refuse("trickster.setup", "tableau_each", n=n)
    if len(e.timeline) not in (want_timeline, 0):  # none: each typed as it leads
        raise refuse("trickster.timeline", "timeline_size", n=n, size=want_timeline, given=len(e.timeline))
    shown = (*e.trash, *e.tableau, *e.timeline)
    if not deck_cards.issuperset(shown):
        c = next(c for c in shown if c not in deck_cards)
        raise refuse("trickster.cards", "not_this_deck", code=code(c))
    face_up = set(shown)
    if len(face_up) != len(shown):
        twice = next(c for c in shown if shown.count(c) > 1)
        raise refuse("trickster.cards", "face_up_twice", card=card(twice))
    hand_size = dealt(n) - 1
    unseen = deck_cards - face_up
    in_deck = len(deck_cards) - trash - n - want_timeline - n * hand_size
    if e.hands is not None:
        if len(e.hands) != n or set(map(len, e.hands)) != {hand_size}:
            raise refuse("trickster.setup", "hand_size", n=hand_size)
        hands = tuple([Hand(frozenset(h)) for h in e.hands])
        held = set().union(*e.hands)
        if len(held) != n * hand_size or not held <= unseen:  # each hand holds hand_size cards
            raise refuse("trickster.cards", "dealt_hands")
        unseen = unseen - held
    else:
        hands = (Hand(frozenset(), hand_size),) * n
    if e.deck is not None:
        if len(e.deck) != in_deck or set(e.deck) != unseen:
            raise refuse("trickster.cards", "deck_rest")
        deck = tuple(e.deck)
        unseen = frozenset()  # every card's place is known
    else:
        deck = (UNKNOWN,) * in_deck
    w = s.copy()
    w.round = s.round + 1
    w.trash = tuple(e.trash)
    w.tableaus = tuple(zip(e.tableau))  # one card each: ((c,), …)
    w.hands = hands
    w.deck = deck
    w.timeline = tuple(e.timeline) or (UNKNOWN,) * want_timeline
    w.unseen = unseen
    w.tricks = 0
    w.voids = ((),) * n
    if g.timeline_variant:
        if w.round == 1 or g.rules.variant_round_trickster == "oldest":
            w.trickster = g.first_player
        _start_trick(w, leader=None)
    else:
        _start_trick(w, leader=g.first_player if w.round == 1 else s.last_buster)
    return w


def _start_trick(w: State, leader: int | None) -> None:
    """Set up the next trick: the Leader (None: the Timeline leads), the Trickster, turn order."""
    n = len(w.game.players)
    w.pot = ()
    w.pattern = PATTERN_NONE
    w.pattern_value = 0
    w.special_case = False
    w.phase = TRICK
    if leader is None:  # Timeline variant: the front card leads, the token holder plays first
        w.leader = None
        if w.timeline[0] == UNKNOWN:  # its card is typed as it leads
            w.phase = LEAD
            w.turns = ()
            return
        w.pot = (w.timeline[0],)
        w.timeline = w.timeline[1:]
        _timeline_turns(w)
    else:
        w.leader = leader
        w.trickster = (leader + 1) % n
        w.turns = _clockwise(n)[leader]


def _timeline_turns(w: State) -> None:
    """The turns of a trick the Timeline leads: the Trickster first, then clockwise (2 players:
    each plays twice, alternating)."""
    n = len(w.game.players)
    t = w.trickster
    w.turns = (t, 1 - t, t, 1 - t) if n == 2 else _clockwise(n)[t]


def _timeline_led(s: State, e: TimelineLed) -> State:
    """The Timeline's front card, typed as it leads: a card nobody has seen elsewhere goes into
    the pot, its effect not resolved (§5)."""
    c = e.card
    if s.phase != LEAD:
        raise refuse("trickster.timeline", "timeline_not_now")
    if c not in s.game.deck.card_set:
        raise refuse("trickster.cards", "not_this_deck", code=code(c))
    w = s.copy()
    from_timeline(w, c)
    w.pot = (c,)
    w.phase = TRICK
    _timeline_turns(w)
    return w


@cache
def _clockwise(n: int) -> tuple[tuple[int, ...], ...]:
    """Per first seat, the ``n`` seats in turn order from it."""
    return tuple(tuple((first + i) % n for i in range(n)) for first in range(n))


# --- playing and busting (§3) ------------------------------------------------------------------


def round_over(s: State) -> RuleViolation:
    """Why no more tricks can be played: the true reason the round ended, or what comes next."""
    if s.phase in (OVER, SETUP):
        return between_rounds(s.round)
    if s.phase == LEAD:
        return refuse("trickster.timeline", "timeline_leads", trick=s.tricks + 1)
    empty = [p for p, h in enumerate(s.hands) if not h.size]
    if s.phase == REVEAL and empty:
        who = s.players[empty[0]]
        return refuse("trickster.round-end", "hand_ran_out", round=s.round, player=who)
    if s.phase == REVEAL:
        why = "timeline_out_2p" if len(s.players) == 2 else "timeline_out_3p"
        return refuse("trickster.timeline", why, round=s.round)
    return refuse("trickster.turn", "in_trick")


def between_rounds(done: int) -> RuleViolation:
    """Why no trick can be played once ``done`` rounds are over (their hands revealed): the next
    round is not set up yet, or the game is over."""
    if done >= ROUNDS:
        return refuse("trickster.round-end", "game_over", rounds=ROUNDS)
    return refuse("trickster.setup", "not_set_up", round=done + 1)


def _check_turn(s: State, player: int) -> None:
    """Refuse a move by ``player`` out of turn (callers test the usual case, their turn, first)."""
    if s.phase == TRICK and s.turns[0] == player:
        return
    if s.phase != TRICK:
        raise round_over(s)
    if not 0 <= player < len(s.players):
        raise refuse("trickster.turn", "no_seat", seat=player)
    if s.turns[0] != player:
        raise refuse("trickster.turn", "not_your_turn", now=s.players[s.turns[0]], player=s.players[player])


def _card_played(s: State, e: CardPlayed) -> State:
    me = e.player
    c = e.card
    if s.phase != TRICK or s.turns[0] != me:
        _check_turn(s, me)
    if c not in s.game.deck.card_set:
        raise refuse("trickster.cards", "not_this_deck", code=code(c))
    if len(s.pot) >= 2 and not can_follow(s, c):
        # a card that is not theirs to play is refused for where it lies, not for the pattern
        raise not_in_hand(s, me, c) or refuse(
            "trickster.follow", "cannot_play", player=s.players[me], card=card(c), pattern=describe_pattern(s)
        )
    w = s.copy()  # laid(s, me, c), inline: a replay's most frequent event
    known, hidden = w.hands[me]
    if c in known and not w.stays:  # take_from_hand's usual case, inline
        hands = list(w.hands)
        hands[me] = _tuple_new(Hand, (known - {c}, hidden))
        w.hands = tuple(hands)
    else:
        take_from_hand(w, me, c)
    if len(w.pot) == 1:
        add_to_pot(w, c, by_effect=False)
    else:
        w.pot += (c,)
    if e.effect is None:  # resolve_or_skip, inline
        check_skip(w, me, CODES[c >> 3])
    else:
        EFFECTS[CODES[c >> 3]](w, me, e.effect, 0)
    turns = w.turns = w.turns[1:]  # turn_done, inline
    if not turns:
        _everyone_followed(w)
    return w


def turn_done(w: State) -> State:
    """``w`` (edited in place) once the card is played and its effect resolved: the next player's
    turn, or the end of the trick when everyone has played."""
    turns = w.turns = w.turns[1:]
    if not turns:
        _everyone_followed(w)
    return w


def _everyone_followed(w: State) -> None:
    """Everyone played a card: the Trickster busts (§3.5, §3.6)."""
    buster = w.trickster
    if w.special_case and w.game.rules.special_case_buster == "leader":
        buster = w.leader
    _end_trick(w, buster)


def _bust_barred(s: State, player: int) -> tuple[int, ...] | None:
    """What keeps ``player`` from busting now (§3.5), or None if they may: a player with cards
    busts only when the pot holds two or more and no card known to be in their hand can follow.
    Barred, it is the cards in hand that can follow (none while the pot holds at most the lead:
    any card may be played then)."""
    hand = s.hands[player]
    if not hand.size:
        return None
    if len(s.pot) < 2:
        return ()
    return tuple(followers(s, hand.known)) or None


def _no_bust(s: State, player: int) -> RuleViolation | None:
    """Why ``player`` may not bust now, or None if they may (:func:`_bust_barred`)."""
    able = _bust_barred(s, player)
    if able is None:
        return None
    who = s.players[player]
    if not able and not s.pot:  # the Leader, about to lead
        return refuse("trickster.bust", "no_bust_lead", player=who)
    if not able:
        return refuse("trickster.bust", "no_bust_lead_only", player=who)
    first = min(able)
    return refuse(
        "trickster.bust", "no_bust_follows", player=who, card=card(first), code=code(first), pattern=describe_pattern(s)
    )


def _bust(s: State, e: Bust) -> State:
    me = e.player
    if s.phase != TRICK or s.turns[0] != me:
        _check_turn(s, me)
    known, hidden = s.hands[me]
    if (known or hidden) and (len(s.pot) < 2 or followers(s, known)):  # _bust_barred, inline
        why = _no_bust(s, me)
        if why is not None:
            raise why
    w = s.copy()
    if hidden:
        show_void(w, me)
    _end_trick(w, me)
    return w


def _end_trick(w: State, buster: int) -> None:
    tableaus = list(w.tableaus)
    tableaus[buster] = tableaus[buster] + w.pot
    w.tableaus = tuple(tableaus)
    w.pot = ()
    w.pattern = PATTERN_NONE
    w.turns = ()
    w.last_buster = buster
    w.tricks += 1
    g = w.game
    n = len(g.players)
    empty_hand = EMPTY_HAND in w.hands
    if g.timeline_variant:
        w.trickster = (w.trickster + 1) % n  # the token passes left after every trick
        out = not w.timeline
        if empty_hand or (out and (n == 2 or g.rules.timeline_out_3p == "end_round")):
            w.phase = REVEAL
        elif out:  # house rule timeline_out_3p=buster_leads: play on as in the 4–7 player game
            _start_trick(w, leader=buster)
        else:
            _start_trick(w, leader=None)
    elif empty_hand:
        w.phase = REVEAL
    else:
        _start_trick(w, leader=buster)


# --- round end (§4) ----------------------------------------------------------------------------


def _hands_revealed(s: State, e: HandsRevealed) -> State:
    if s.phase != REVEAL:
        raise refuse("trickster.round-end", "reveal_at_end")
    n = len(s.players)
    if len(e.hands) != n:
        raise refuse("trickster.round-end", "reveal_all", n=n)
    w = s.copy()
    unseen = set(s.unseen)
    tableaus = list(s.tableaus)
    for p, shown in enumerate(e.hands):
        hand = s.hands[p]
        if len(shown) != hand.size:
            who = s.players[p]
            raise refuse("trickster.round-end", "reveal_count", player=who, n=hand.size, given=len(shown))
        if not hand.known.issubset(shown):
            who = s.players[p]
            c = min(hand.known - set(shown))
            raise refuse("trickster.cards", "reveal_known", player=who, card=card(c), code=code(c))
        tableaus[p] = tableaus[p] + tuple(shown)
        if not hand.hidden:  # every card shown was known to be there (as many, all of them)
            continue
        who = s.players[p]
        for c in shown:
            if c in hand.known:
                continue
            if c not in unseen:
                raise refuse("trickster.cards", "cannot_hold", player=who, card=card(c), code=code(c))
            check_voids(w, p, c)
            unseen.discard(c)
    w.tableaus = tuple(tableaus)
    w.hands = (EMPTY_HAND,) * n
    w.unseen = frozenset(unseen)
    counts = []
    for t in w.tableaus:
        row = [0] * 8
        for c in t:
            row[c & 7] += 1  # suit_of
        counts.append(row)
    w.scores = (*s.scores, score_round(counts))
    w.phase = OVER if w.round >= ROUNDS else SETUP
    return w


def laid(s: State, player: int, c: int) -> State:
    """The state a played card's effect resolves in: ``c`` taken from the player's hand and put in
    the pot (refused if it cannot be in that hand)."""
    w = s.copy()
    take_from_hand(w, player, c)
    if len(w.pot) == 1:  # add_to_pot: the second card sets the pattern
        add_to_pot(w, c, by_effect=False)
    else:
        w.pot += (c,)
    return w


def playable(s: State, player: int) -> list[int]:
    """The cards ``player`` could put in the pot now: those known to be in their hand, then (in
    card order) any card nobody has seen that may be one of their unseen cards, each able to
    follow the pot (§3.8). The cards known to be in the hand come in the hand's own order."""
    hand = s.hands[player]
    cards = followers(s, hand.known)
    if hand.hidden:
        cards += sorted(c for c in followers(s, s.unseen) if may_hold(s, player, c))
    return cards


def legal(s: State) -> list[CardPlayed | Bust]:
    """What the player to play may do now, as the events ``apply`` accepts: each card they could
    play (:func:`playable`; its ``effect`` left to be chosen, see ``scoring.trickster.targets``)
    and a bust when the rules allow one. Nothing between tricks.

    With the hands known (a simulator's deal) it is exactly the rules' choice: the cards in hand
    that can follow, or a bust when none can. At a real table it is what the table cannot rule
    out.

    >>> from scoring.trickster.cards import Deck, code
    >>> from scoring.trickster.simulator import deal
    >>> import random
    >>> g = Header(("Aki", "Ben", "Chie", "Dan"), Deck.preset("introductory"))
    >>> s = apply(new_game(g), deal(g, random.Random(3)))
    >>> moves = legal(s)
    >>> len(moves), {type(m).__name__ for m in moves}  # the Leader's 9 cards, no bust
    (9, {'CardPlayed'})
    """
    if s.phase != TRICK or not s.turns:
        return []
    me = s.turns[0]
    moves: list[CardPlayed | Bust] = [CardPlayed(me, c) for c in playable(s, me)]
    if _bust_barred(s, me) is None:
        moves.append(Bust(me))
    return moves


def may_bust(s: State) -> bool:
    """Whether the player to play may bust now: what :func:`legal` offers as ``Bust``, without
    listing every card they could play instead (a prompt asks only this)."""
    return s.phase == TRICK and bool(s.turns) and _bust_barred(s, s.turns[0]) is None


def legal_cards(s: State, player: int) -> list[int]:
    """The known cards ``player`` may play now (all of them for the Leader and the Trickster
    while the pot holds at most one card)."""
    if s.phase != TRICK or s.turns[0] != player:
        return []
    return [c for c in playable(s, player) if c in s.hands[player].known]


#: each event type's function, for ``replay``: one call fewer per event than ``apply``
_HANDLERS = {
    CardPlayed: _card_played,
    Bust: _bust,
    RoundStarted: _round_started,
    TimelineLed: _timeline_led,
    HandsRevealed: _hands_revealed,
}

__all__ = [
    "ROUNDS",
    "RuleViolation",
    "apply",
    "between_rounds",
    "dealt",
    "laid",
    "legal",
    "legal_cards",
    "may_bust",
    "playable",
    "replay",
    "round_over",
    "timeline_size",
    "trash_size",
    "turn_done",
]
