"""The play of KINGs tricks (§1, §2): whose turn it is, the cards a player may play (must-follow,
as far as the table can see it), a Ninja's, a Hermit's and a Cheerleader's actions, who wins each
trick, and the end of a round.

Every card played in KINGs is face up, so the tracker sees every trick exactly: the winner, the
captured colours, the kings and items used. What it cannot see, whether a player could have
followed, it checks through voids: a player who did not follow a colour and later plays it in
the same round (with no Hermit draw or Cheerleader trade between) is refused.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

from scoring.kings.cards import (
    BERSERKER_NINE,
    COLORS,
    RARES,
    WHITE_FLAGS,
    code,
    color_index,
    deck,
    game_data,
    is_flag,
    is_rare,
    sorted_deck,
)
from scoring.kings.events import CardPlayed, CheerExchanged, Event, HermitDrew, LeadNamed
from scoring.kings.reveals import start_round
from scoring.kings.scoring import RA, WF, PlayerRound, PlayerScore, player_round, score_round
from scoring.kings.state import (
    DRAFT,
    FRONTS,
    OVER,
    PLAY,
    State,
    need_phase,
    put,
    refuse,
    tricks_per_round,
    turn_order,
)
from scoring.kings.trick import Play, check_play, winning_play
from scoring.kings.words import fact


def _turn(s: State, player: int) -> None:
    if s.phase == PLAY and s.turns and s.turns[0] == player:
        return
    need_phase(s, PLAY)
    raise refuse("kings.turn", "not_your_turn", turn=s.players[s.turns[0]], who=s.players[player])


def lead_named(s: State, e: LeadNamed) -> State:
    """A Ninja about to lead names the lead player; the turns start from them."""
    _turn(s, e.player)
    if s.trick or "Ninja" not in s.fronts[e.player]:
        raise refuse("kings.character.ninja", "ninja")
    w = s.copy()
    n = len(s.players)
    w.leader = e.lead
    w.turns = tuple((e.lead + i) % n for i in range(n))
    return w


def hermit_drew(s: State, e: HermitDrew) -> State:
    """A Hermit in play draws 3 and discards 3, once a round."""
    _turn(s, e.player)
    if "Hermit" not in s.fronts[e.player] or s.hermit[e.player]:
        raise refuse("kings.character.hermit", "hermit_once")
    if s.deck_left < 3:
        raise refuse("kings.character.hermit", "hermit_deck", left=s.deck_left)
    w = s.copy()
    w.hermit = put(s.hermit, e.player, True)
    w.deck_left = s.deck_left - 3
    w.voids = put(s.voids, e.player, frozenset())  # new cards: earlier voids say nothing now
    return w


def cheer_exchanged(s: State, e: CheerExchanged) -> State:
    """A Cheerleader in play and the partner trade a card face down, once a round."""
    _turn(s, e.player)
    partner = s.partners[e.player]
    if "Cheerleader" not in s.fronts[e.player] or partner is None or s.cheer[e.player]:
        raise refuse("kings.character.cheerleader", "cheer_once")
    w = s.copy()
    w.cheer = put(s.cheer, e.player, True)
    if s.nine & {e.player, partner}:  # the Berserker's 9 may have changed hands, face down
        w.nine = s.nine | {e.player, partner}
    voids = put(s.voids, e.player, frozenset())
    w.voids = put(voids, partner, frozenset())
    return w


def _identify(s: State, e: CardPlayed) -> int:
    """The physical card: a White Flag or Rare is whichever copy has not been played yet."""
    n = len(s.game.players)
    c = e.card
    if c in WHITE_FLAGS or c in RARES:
        copies = WHITE_FLAGS if c in WHITE_FLAGS else RARES
        free = [x for x in copies if x not in s.played]
        if not free:
            raise refuse("kings.cards", "both_played", card=fact("card", card=c))
        return free[0]
    if c == BERSERKER_NINE:
        if e.player not in s.nine:
            who = s.game.players[e.player]
            raise refuse("kings.character.berserker", "no_nine", who=who)
    elif c not in deck(n):
        raise refuse("kings.cards", "not_in_deck", card=fact("card", card=c), n=n)
    if c in s.played:
        raise refuse("kings.cards", "already_played", card=fact("card", card=c), code=code(c))
    return c


def follows(s: State, player: int, card: int, holds_lead: bool = False) -> bool:
    """Must-follow (§1) for one card: a White Flag or a Rare may always be played; a numbered card
    of a colour the player showed void in this round may not (no Hermit draw or Cheerleader trade
    since); and a player known to hold the lead colour (``holds_lead``: the simulator sees the hand)
    plays it.

    The table tracker cannot see hands: it refuses only what breaks a void, through this function,
    and :func:`legal` lists what passes it, so there is one copy of the rule.
    """
    color = card // 9 if card < 36 else color_index(card)  # color_index, a numbered card's spelled out
    if color is None:
        return True
    if color in s.voids[player]:
        return False
    return not holds_lead or color == s.lead


_SECOND_COPIES = (WHITE_FLAGS[1], RARES[1])


def could_hold(s: State, player: int) -> list[int]:
    """The cards ``player`` could still play this round, as the table sees it: every card of the
    deck not played yet (one White Flag and one Rare while a copy is left), and the Berserker's
    black 9 when it went to them."""
    played = s.played
    out = [
        c
        for c in sorted_deck(len(s.players))
        # not played, nor the second copy of a White Flag or Rare while the first is left
        if c not in played and not (c in _SECOND_COPIES and c - 1 not in played)
    ]
    if player in s.nine and BERSERKER_NINE not in s.played:
        out.append(BERSERKER_NINE)
    return out


def legal(s: State, hand: Iterable[int] | None = None) -> list[int]:
    """The cards the player to play may play now, the lead colour first.

    With ``hand`` (the simulator's, which knows it): exactly the rules' choice from that hand — a
    card of the lead colour when they hold one (a White Flag or a Rare is always allowed), else any
    card; in the hand's order otherwise. Without (a real table): every card they could still hold
    (:func:`could_hold`) that does not break must-follow against a colour they showed void in.
    ``apply`` refuses a card outside this list with the same rule (:func:`follows`).

    >>> from scoring.kings.cards import code, parse
    >>> from scoring.kings.engine import Header, replay
    >>> from scoring.kings.simulator import play_game
    >>> game = Header(("Aki", "Ben", "Chie", "Dan"))
    >>> s = replay(game, play_game(game, seed=1)[0][:23])  # the draft, fronts, bids, and a black lead
    >>> s.players[s.to_play], [code(c) for c in legal(s)][:8]
    ('Chie', ['k1', 'k2', 'k3', 'k4', 'k5', 'k6', 'r1', 'r2'])
    >>> [code(c) for c in legal(s, hand=[parse(c) for c in ("b2", "k3", "WF", "g4")])]
    ['k3', 'WF']
    """
    if s.phase != PLAY or not s.turns:
        return []
    me, lead = s.turns[0], s.lead
    if hand is None:
        cards, holds_lead = could_hold(s, me), False
    else:
        cards = list(hand)
        # (color_index, a numbered card's spelled out: this runs for every card of every hand)
        holds_lead = lead is not None and lead in [c // 9 if c < 36 else color_index(c) for c in cards]
    # with no colour they must follow and none shown void, every card follows
    ok = [c for c in cards if follows(s, me, c, holds_lead)] if holds_lead or s.voids[me] else cards
    # (a hand without the lead colour has nothing to put first)
    if lead is not None and len(ok) > 1 and (holds_lead or hand is None):
        # stable: the lead colour, then the rest
        ok.sort(key=lambda c: (c // 9 if c < 36 else color_index(c)) != lead)
    return ok


# the events a turn offers are immutable values, and few: each is made once
_lead_named = cache(LeadNamed)


def turn_actions(s: State) -> list[Event]:
    """What the player to play may do besides a card, as events ``apply`` accepts: a Ninja about to
    lead names the lead player (any player, themself included), a Hermit draws (once a round, with
    3 cards in the deck), a Cheerleader with a partner trades (once a round)."""
    if s.phase != PLAY or not s.turns:
        return []
    me = s.turns[0]
    fronts = s.fronts[me]
    out: list[Event] = []
    if not s.trick and "Ninja" in fronts:
        out += [_lead_named(me, p) for p in range(len(s.players))]
    if "Hermit" in fronts and not s.hermit[me] and s.deck_left >= 3:
        out.append(HermitDrew(me))
    if "Cheerleader" in fronts and s.partners[me] is not None and not s.cheer[me]:
        out.append(CheerExchanged(me))
    return out


def card_played(s: State, e: CardPlayed, check: bool = True) -> State:
    """A card into the trick, with a king, an item or a Resistance declaration; the trick and the
    round end when every player has played. ``check=False`` is for a card the engine's own lists
    offered (the simulator's): its refusals are not looked for again."""
    me = e.player
    if check and (s.phase != PLAY or not s.turns or s.turns[0] != me):
        _turn(s, me)  # refuses
    c = e.card
    if not (c in s.game.deck and c < 36 and c not in s.played):  # a numbered card, free: itself
        c = _identify(s, e)
    fronts = s.fronts[me]
    color = c // 9 if c < 36 else color_index(c)  # color_index, a numbered card's spelled out
    if check:
        # the table cannot see hands: only a colour shown void can be refused (none shown: none)
        if s.voids[me] and not follows(s, me, c):
            who = s.game.players[me]
            said = fact("color", color=COLORS[color])
            raise refuse("kings.follow", "follow", who=who, color=said, card=fact("card", card=c))
        if e.declare is not None and "Resistance" not in fronts:
            raise refuse("kings.character.resistance", "no_resistance", who=s.game.players[me])
    king = None
    if e.king:
        king = s.kings[me]
        if check and s.king_round[me] is not None:
            who = s.game.players[me]
            raise refuse("kings.kings", "king_used", who=who, color=fact("color", color=king))
    if check and (e.sword or e.gift):
        for item, flag in (("kings_sword", e.sword), ("fairys_gift", e.gift)):
            if flag and (item not in s.items[me] or item in s.items_used):
                label = item.replace("_", " ")
                raise refuse(f"kings.item.{item}", "item_used", who=s.game.players[me], item=label)
    # Play(...) spelled as its tuple: a NamedTuple's own constructor is a Python call, once a card
    play = _new_play(Play, (me, c, king, e.sword, e.declare, "Samurai" in fronts))
    if check and (king or e.sword or e.declare):
        check_play(play, s.game.players[me])
    lead = s.lead
    w = s.copy()
    if lead is None:
        w.lead = color  # the first numbered card sets the lead colour
    elif color is not None and color != lead and lead not in s.voids[me]:  # newly void in the lead
        w.voids = put(s.voids, me, s.voids[me] | {lead})
    w.played = s.played | {c}
    w.trick = (*s.trick, play)
    w.turns = s.turns[1:]
    if king:
        w.king_round = put(s.king_round, me, s.round)
    if e.sword:
        w.items_used = w.items_used | {"kings_sword"}
    if e.gift:
        w.items_used = w.items_used | {"fairys_gift"}
        w.gift = put(s.gift, me, True)
    if not w.turns:
        _end_trick(w)
    return w


_new_play = tuple.__new__


def _kind(c: int) -> int:
    if is_flag(c):
        return WF
    if is_rare(c):
        return RA
    return color_index(c)


_KINDS = tuple(_kind(c) for c in range(BERSERKER_NINE + 1))  # a played card's captured count, by card


def _end_trick(w: State) -> None:
    trick = w.trick
    winner = trick[winning_play(trick, w.game.rules)].player
    got = list(w.captured[winner])
    for p in trick:
        got[_KINDS[p.card]] += 1  # every card in a trick passed _identify: 0 to 40
    w.captured = put(w.captured, winner, tuple(got))
    w.tricks = put(w.tricks, winner, w.tricks[winner] + 1)
    w.trick = ()
    w.lead = None
    w.tricks_done += 1
    n = len(w.game.players)
    if w.tricks_done == tricks_per_round(n):
        _end_round(w)
    else:
        w.leader = winner
        w.turns = turn_order(winner, n)


def round_summary(s: State) -> list[PlayerRound]:
    """What each player did this round, as the scoresheet records it."""
    two = s.game.two
    return [
        player_round(  # fronts, bids, tricks, captured, king, king_used, gift
            s.fronts[p],
            s.bids[p],
            s.tricks[p],
            s.captured[p],
            s.kings[p],
            (s.king_round[p] == s.round) if two else s.king_round[p] is not None,
            s.gift[p],
        )
        for p in range(len(s.game.players))
    ]


def _end_round(w: State) -> None:
    summary = round_summary(w)
    scores: list[PlayerScore] = score_round(summary, w.round, rules=w.game.rules, devil_color=w.devil)
    w.scores = (*w.scores, tuple(scores))
    w.summaries = (*w.summaries, (tuple(summary), w.devil))
    n = len(w.players)
    w.turns = ()
    if w.round == game_data()["table"]["rounds"]:
        w.phase = OVER
        return
    w.round += 1
    w.tricks_done = 0
    w.played = frozenset()
    w.voids = (frozenset(),) * n
    w.tricks = (0,) * n
    w.captured = ((0,) * 6,) * n
    w.gift = w.hermit = w.cheer = (False,) * n
    w.nine = frozenset()
    w.bid_cards = w.bids = ((),) * n
    w.partners = (None,) * n
    if w.game.two:  # every round a new draft: all kings and characters go back, kings unused
        w.phase = DRAFT
        w.picks = ()
        w.kings = (None,) * n
        w.king_round = (None,) * n
        w.party = ((),) * n
        w.items = (frozenset(),) * n
        w.fronts = ((),) * n
        w.devil = None
    else:
        w.phase = FRONTS
        start_round(w)


HANDLERS = {
    LeadNamed: lead_named,
    CardPlayed: card_played,
    HermitDrew: hermit_drew,
    CheerExchanged: cheer_exchanged,
}
