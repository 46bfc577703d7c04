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
from scoring.trickster.cards import code, name, name_ja
from scoring.trickster.effects import CODES, EFFECTS, check_skip
from scoring.trickster.events import Bust, CardPlayed, Event, HandsRevealed, RoundStarted
from scoring.trickster.scoring import score_round
from scoring.trickster.state import (
    EMPTY_HAND,
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
from scoring.trickster.zones import (
    add_to_pot,
    can_follow,
    check_voids,
    describe_pattern,
    followers,
    may_hold,
    refuse,
    show_void,
    take_from_hand,
)
from scoring.words import say

ROUNDS = 3


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
    return fold(apply, new_game(game), events)


def apply(s: State, event: Event) -> State:
    if isinstance(event, CardPlayed):
        return _card_played(s, event)
    if isinstance(event, Bust):
        return _bust(s, event)
    if isinstance(event, RoundStarted):
        return _round_started(s, event)
    if isinstance(event, HandsRevealed):
        return _hands_revealed(s, event)
    raise TypeError(f"not a Trickster event: {event!r}")


# --- round setup (§2) --------------------------------------------------------------------------


def _round_started(s: State, e: RoundStarted) -> State:
    if s.phase != SETUP:
        raise refuse(
            "trickster.setup",
            f"A round can only be set up before it starts (round {s.round} is still being played).",
            f"ラウンド{s.round}はまだ終わっていません。",
        )
    n = len(s.players)
    g = s.game
    deck_cards = g.deck.card_set
    want_timeline = timeline_size(g)
    trash = trash_size()
    if len(e.trash) != trash:
        raise refuse(
            "trickster.setup",
            f"The trash starts with {trash} face-up cards, not {len(e.trash)}.",
            f"捨て札は{trash}枚で始まります（{len(e.trash)}枚）。",
        )
    if len(e.tableau) != n:
        raise refuse(
            "trickster.setup",
            f"Each of the {n} players puts one card in their tableau.",
            f"{n}人それぞれが場札に1枚置きます。",
        )
    if len(e.timeline) != want_timeline:
        raise refuse(
            "trickster.timeline",
            f"With {n} players the Timeline holds {want_timeline} cards, not {len(e.timeline)}.",
            f"{n}人ではタイムラインは{want_timeline}枚です。",
        )
    shown = (*e.trash, *e.tableau, *e.timeline)
    if not deck_cards.issuperset(shown):
        c = next(c for c in shown if c not in deck_cards)
        raise refuse(
            "trickster.cards",
            f"{code(c)} is not a card of this deck.",
            f"{code(c)}はこのデッキのカードではありません。",
        )
    face_up = set(shown)
    if len(face_up) != len(shown):
        twice = next(c for c in shown if shown.count(c) > 1)
        raise refuse(
            "trickster.cards",
            f"The {name(twice)} is face up twice; every card is unique.",
            f"{name_ja(twice)}が2回出ています。",
        )
    hand_size = dealt(n) - 1
    unseen = deck_cards - face_up
    in_deck = len(deck_cards) - len(shown) - n * hand_size
    if e.hands is not None:
        if len(e.hands) != n or set(map(len, e.hands)) != {hand_size}:
            raise refuse(
                "trickster.setup",
                f"Each hand holds {hand_size} cards after the tableau pick.",
                f"場札を選んだ後の手札は{hand_size}枚です。",
            )
        hands = tuple([Hand(frozenset(h)) for h in e.hands])
        held = set().union(*e.hands)
        if len(held) != n * hand_size or not held <= unseen:  # each hand holds hand_size cards
            raise refuse(
                "trickster.cards",
                "The dealt hands repeat a card or hold a face-up card.",
                "配られた手札に重複か表向きのカードがあります。",
            )
        unseen = unseen - held
    else:
        hands = (Hand(frozenset(), hand_size),) * n
    if e.deck is not None:
        if len(e.deck) != in_deck or set(e.deck) != unseen:
            raise refuse(
                "trickster.cards",
                "The deck must hold exactly the cards not dealt.",
                "山札は配られていないカードちょうどです。",
            )
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
    w.timeline = tuple(e.timeline)
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
        w.pot = (w.timeline[0],)
        w.timeline = w.timeline[1:]
        t = w.trickster
        w.turns = (t, 1 - t, t, 1 - t) if n == 2 else _clockwise(n)[t]
    else:
        w.leader = leader
        w.trickster = (leader + 1) % n
        w.turns = _clockwise(n)[leader]


@cache
def _clockwise(n: int) -> tuple[tuple[int, ...], ...]:
    """Per first seat, the ``n`` seats in turn order from it."""
    return tuple(tuple((first + i) % n for i in range(n)) for first in range(n))


# --- playing and busting (§3) ------------------------------------------------------------------


def round_over(s: State) -> RuleViolation:
    """Why no more tricks can be played: the true reason the round ended, or what comes next."""
    if s.phase in (OVER, SETUP):
        return between_rounds(s.round)
    empty = [p for p, h in enumerate(s.hands) if not h.size]
    if s.phase == REVEAL and empty:
        who = s.players[empty[0]]
        return refuse(
            "trickster.round-end",
            f"Round {s.round} is over: {who}'s hand ran out in the last trick. Reveal the hands.",
            f"ラウンド{s.round}は終わりました：{who}の手札が最後のトリックでなくなりました。手札を公開してください。",
        )
    if s.phase == REVEAL:
        why = "with 2 players" if len(s.players) == 2 else "under house rule timeline_out_3p=end_round"
        return refuse(
            "trickster.timeline",
            f"Round {s.round} is over: the Timeline ran out, and {why} the round ends then, even with "
            "cards in hand. Reveal the hands.",
            f"ラウンド{s.round}は終わりました：タイムラインにカードが残っていなくてもラウンド終了です。"
            "手札を公開してください。",
        )
    return refuse("trickster.turn", "A trick is being played.", "トリックの最中です。")


def between_rounds(done: int) -> RuleViolation:
    """Why no trick can be played once ``done`` rounds are over (their hands revealed): the next
    round is not set up yet, or the game is over."""
    if done >= ROUNDS:
        return refuse(
            "trickster.round-end",
            f"The game is over: all {ROUNDS} rounds have been played.",
            f"ゲームは終わっています（{ROUNDS}ラウンド）。",
        )
    return refuse(
        "trickster.setup",
        f"No trick is being played: round {done + 1} is not set up yet.",
        f"ラウンド{done + 1}の準備がまだです。",
    )


def _check_turn(s: State, player: int) -> None:
    """Refuse a move by ``player`` out of turn (callers test the usual case, their turn, first)."""
    if s.phase == TRICK and s.turns[0] == player:
        return
    if s.phase != TRICK:
        raise round_over(s)
    if not 0 <= player < len(s.players):
        raise refuse("trickster.turn", f"There is no player in seat {player}.", f"席{player}にプレイヤーはいません。")
    if s.turns[0] != player:
        now = s.players[s.turns[0]]
        raise refuse("trickster.turn", f"It is {now}'s turn, not {s.players[player]}'s.", f"今は{now}の手番です。")


def _card_played(s: State, e: CardPlayed) -> State:
    me = e.player
    c = e.card
    if s.phase != TRICK or s.turns[0] != me:
        _check_turn(s, me)
    if c not in s.game.deck.card_set:
        raise refuse(
            "trickster.cards",
            f"{code(c)} is not a card of this deck.",
            f"{code(c)}はこのデッキのカードではありません。",
        )
    if len(s.pot) >= 2 and not can_follow(s, c):
        who = s.players[me]
        raise refuse(
            "trickster.follow",
            f"{who} cannot play the {name(c)}: the pot says {say(describe_pattern(s))}. "
            f"A player with a card that follows must play one; with none, {who} busts.",
            f"{who}は{name_ja(c)}を出せません（{say(describe_pattern(s), 'ja')}）。"
            "フォローできるカードがなければドボンです。",
        )
    w = laid(s, me, c)
    if e.effect is None:  # resolve_or_skip, inline
        check_skip(w, me, CODES[c >> 3])
    else:
        EFFECTS[CODES[c >> 3]](w, me, e.effect, 0)
    return turn_done(w)


def turn_done(w: State) -> State:
    """``w`` (edited in place) once the card is played and its effect resolved: the next player's
    turn, or the end of the trick when everyone has played."""
    turns = w.turns = w.turns[1:]
    if not turns:  # everyone followed: the Trickster busts (§3.5, §3.6)
        buster = w.trickster
        if w.special_case and w.game.rules.special_case_buster == "leader":
            buster = w.leader
        _end_trick(w, buster)
    return w


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
        return refuse(
            "trickster.bust",
            f"{who} cannot bust: {who} leads, and into an empty pot any card may be played; "
            "a player must play when able.",
            f"{who}はドボンできません：{who}がリードで、空の卓中央にはどのカードでも出せます。",
        )
    if not able:
        return refuse(
            "trickster.bust",
            f"{who} cannot bust: with only the lead card in the pot any card may be "
            "played, and a player must play when able.",
            f"{who}はドボンできません：卓中央がリードの1枚だけなら、どのカードでも出せます。",
        )
    first = min(able)
    return refuse(
        "trickster.bust",
        f"{who} cannot bust: the {name(first)} ({code(first)}) in their hand "
        f"can follow ({say(describe_pattern(s))}), and a player who can follow must.",
        f"{who}はドボンできません：手札の{name_ja(first)}でフォローできます。",
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
        raise refuse(
            "trickster.round-end",
            "Hands are revealed only when the round ends: after a trick in which someone's hand ran out.",
            "手札の公開はラウンド終了時だけです。",
        )
    n = len(s.players)
    if len(e.hands) != n:
        raise refuse(
            "trickster.round-end", f"Reveal the hands of all {n} players.", f"{n}人全員の手札を公開してください。"
        )
    w = s.copy()
    unseen = set(s.unseen)
    tableaus = list(s.tableaus)
    for p, shown in enumerate(e.hands):
        hand = s.hands[p]
        if len(shown) != hand.size:
            who = s.players[p]
            raise refuse(
                "trickster.round-end",
                f"{who} holds {hand.size} cards, but {len(shown)} were revealed.",
                f"{who}の手札は{hand.size}枚ですが、{len(shown)}枚が公開されました。",
            )
        if not hand.known.issubset(shown):
            who = s.players[p]
            c = min(hand.known - set(shown))
            raise refuse(
                "trickster.cards",
                f"{who}'s hand holds the {name(c)} ({code(c)}); it must be among the revealed cards.",
                f"{who}の手札には{name_ja(c)}があるはずです。",
            )
        tableaus[p] = tableaus[p] + tuple(shown)
        if not hand.hidden:  # every card shown was known to be there (as many, all of them)
            continue
        who = s.players[p]
        for c in shown:
            if c in hand.known:
                continue
            if c not in unseen:
                raise refuse(
                    "trickster.cards",
                    f"{who} cannot hold the {name(c)} ({code(c)}): it is already placed elsewhere or revealed twice.",
                    f"{who}が{name_ja(c)}を持つはずがありません。",
                )
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


def legal_cards(s: State, player: int) -> list[int]:
    """The known cards ``player`` may play now (all of them for the Leader and the Trickster
    while the pot holds at most one card)."""
    if s.phase != TRICK or s.turns[0] != player:
        return []
    return [c for c in playable(s, player) if c in s.hands[player].known]


__all__ = [
    "ROUNDS",
    "RuleViolation",
    "apply",
    "between_rounds",
    "dealt",
    "laid",
    "legal",
    "legal_cards",
    "playable",
    "replay",
    "round_over",
    "timeline_size",
    "trash_size",
    "turn_done",
]
