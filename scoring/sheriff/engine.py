"""The Sheriff table tracker and deal scoring.

Every card is played face up, so the tracker checks every trick: a player who did not follow a
suit and later plays it is refused, no card appears twice, only the announced Joker holder plays
the Joker, and a deal has exactly 7 tricks.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import ClassVar

from scoring.errors import RuleViolation
from scoring.houserules import HouseRuleSet
from scoring.log import fold
from scoring.sheriff.cards import DECK, JOKER, TEN, J, K, Q, card, code, fact, rank_of, suit_of
from scoring.slotstate import SlotState
from scoring.words import Fact, Words

ROLES = ("mayor", "sheriff", "robber")
TRICKS = 7
DEAL, TRICK, OVER = "deal", "trick", "over"


@dataclass(frozen=True)
class HouseRules(HouseRuleSet):
    RULE: ClassVar[str] = "sheriff.house-rules"
    DOCS: ClassVar[dict] = {"target": tuple(range(1, 31))}  # its words: sheriff.rule.target
    target: int = 8


@dataclass(frozen=True)
class Header:
    players: tuple[str, str, str]
    rules: HouseRules = field(default_factory=HouseRules)


@dataclass(frozen=True, slots=True)
class DealStarted:
    """The Joker holder's announcement, the roles by seat, the Mayor's trump (None: no trump).
    ``hands`` is known only to a simulator."""

    joker: int
    roles: tuple[str, str, str]
    trump: int | None
    hands: tuple[tuple[int, ...], ...] | None = None


@dataclass(frozen=True, slots=True)
class CardPlayed:
    player: int
    card: int


Event = DealStarted | CardPlayed


@dataclass(frozen=True)
class DealScore:
    roles: tuple[str, ...]
    points: tuple[int, ...]
    lines: tuple[Words, ...]
    captured: tuple[tuple[int, ...], ...] = ()  #: each seat's captured cards by rank (A … 10, Joker)

    def explained(self, players: Sequence[str]) -> tuple[Words, ...]:
        """How each role scored (facts, worded for each viewer)."""
        if not self.captured:
            return self.lines
        return deal_lines(players, self.roles, self.captured)


def deal_lines(players: Sequence[str], roles: Sequence[str], captured: Sequence[Sequence[int]]) -> tuple[Fact, ...]:
    """Each role's score, worked out.

    >>> from scoring.words import say_all
    >>> caught = [(0, 1, 2, 1, 0, 0), (0, 2, 0, 0, 0, 0), (0, 0, 0, 0, 2, 0)]
    >>> for line in say_all(deal_lines(("Aki", "Ben", "Chie"), ("mayor", "sheriff", "robber"), caught), "ja"):
    ...     print(line)
    Ben（保安官）：キング2枚 = 2
    Chie（強盗団）：10が2枚 = 2
    Aki（市長）：クイーン2枚 + ジャック1枚 − 保安官が取らなかったキング2枚 − 強盗団が取った10 2枚 = -1 → 0
    """
    seat = {r: p for p, r in enumerate(roles)}
    sheriff_k = captured[seat["sheriff"]][K]
    robber_10 = captured[seat["robber"]][TEN]
    mayor = captured[seat["mayor"]]
    raw = mayor[Q] + mayor[J] - (4 - sheriff_k) - robber_10
    floor = " → 0" if raw < 0 else ""
    s, r, m = players[seat["sheriff"]], players[seat["robber"]], players[seat["mayor"]]
    return (
        Fact("sheriff.sheriff_scored", player=s, kings=sheriff_k),
        Fact("sheriff.robber_scored", player=r, tens=robber_10),
        Fact(
            "sheriff.mayor_scored",
            player=m,
            queens=mayor[Q],
            jacks=mayor[J],
            missed=4 - sheriff_k,
            tens=robber_10,
            raw=raw,
            floor=floor,
        ),
    )


def score_deal(players: Sequence[str], roles: Sequence[str], captured: Sequence[Sequence[int]]) -> DealScore:
    """Score one deal from each player's role and captured cards by rank (A, K, Q, J, 10, Joker)."""
    seat = {r: p for p, r in enumerate(roles)}
    sheriff_k = captured[seat["sheriff"]][K]
    robber_10 = captured[seat["robber"]][TEN]
    mayor = captured[seat["mayor"]]
    raw = {
        "sheriff": sheriff_k,
        "robber": robber_10,
        "mayor": mayor[Q] + mayor[J] - (4 - sheriff_k) - robber_10,
    }
    points = tuple(max(0, raw[r]) for r in roles)
    kept = tuple(tuple(row) for row in captured)
    return DealScore(tuple(roles), points, deal_lines(players, roles, captured), kept)


def game_over(totals: Sequence[int], target: int) -> bool:
    """Someone reached the target and one player alone has the highest total."""
    top = max(totals)
    return top >= target and list(totals).count(top) == 1


class State(SlotState):
    __slots__ = (
        "captured",
        "deal",
        "game",
        "hands",
        "joker",
        "lead",
        "leader",
        "phase",
        "played",
        "roles",
        "scores",
        "sheet",  # the last deal was kept as a scoresheet: no card of it can follow
        "trick",
        "tricks_done",
        "trump",
        "turns",
        "voids",
    )

    @property
    def to_play(self) -> int | None:
        return self.turns[0] if self.phase == TRICK and self.turns else None

    def totals(self) -> list[int]:
        return [sum(d.points[p] for d in self.scores) for p in range(3)]


def new_game(game: Header) -> State:
    if len(game.players) != 3:
        raise RuleViolation("sheriff.overview", fact("refused.three_players"))
    s = State.__new__(State)
    for key, value in dict(
        captured=((0,) * 6,) * 3,
        deal=0,
        game=game,
        hands=None,
        joker=None,
        lead=None,
        leader=0,
        phase=DEAL,
        played=frozenset(),
        roles=(),
        scores=(),
        sheet=False,
        trick=(),
        tricks_done=0,
        trump=None,
        turns=(),
        voids=(frozenset(),) * 3,
    ).items():
        setattr(s, key, value)
    return s


def replay(game: Header, events: list[Event]) -> State:
    return fold(apply, new_game(game), events)


def _refuse(rule: str, key: str, **values: object) -> RuleViolation:
    return RuleViolation(rule, fact(f"refused.{key}", **values))


def apply(s: State, e: Event) -> State:
    if isinstance(e, CardPlayed):
        return _card_played(s, e)
    if isinstance(e, DealStarted):
        return _deal_started(s, e)
    raise TypeError(f"not a Sheriff event: {e!r}")


def _deal_started(s: State, e: DealStarted) -> State:
    if s.phase != DEAL:
        raise _refuse("sheriff.roles", "deal_unfinished", phase=s.phase)
    if sorted(e.roles) != sorted(ROLES):
        raise _refuse("sheriff.roles", "roles_once", roles=tuple(e.roles))
    if not 0 <= e.joker < 3:
        raise _refuse("sheriff.roles", "joker_holder")
    if e.trump is not None and not 0 <= e.trump < 4:
        raise _refuse("sheriff.trump", "trump")
    if e.hands is not None:
        cards = [c for h in e.hands for c in h]
        dealt_right = sorted(cards) == list(range(21)) and all(len(h) == 7 for h in e.hands)
        if not dealt_right or JOKER not in e.hands[e.joker]:
            raise _refuse("sheriff.roles", "dealt")
    w = s.copy()
    w.deal = s.deal + 1
    w.sheet = False
    w.joker = e.joker
    w.roles = tuple(e.roles)
    w.trump = e.trump
    w.hands = tuple(frozenset(h) for h in e.hands) if e.hands is not None else None
    w.phase = TRICK
    w.leader = e.roles.index("mayor")
    w.turns = tuple((w.leader + i) % 3 for i in range(3))
    w.trick = ()
    w.lead = None
    w.played = frozenset()
    w.voids = (frozenset(),) * 3
    w.captured = ((0,) * 6,) * 3
    w.tricks_done = 0
    return w


def deal_scored(s: State, score: DealScore) -> State:
    """A deal kept as a scoresheet: its score counts, and the next deal may start (or the game is
    over)."""
    if s.phase != DEAL:
        raise _refuse("sheriff.roles", "deal_unfinished", phase=s.phase)
    w = s.copy()
    w.scores = (*s.scores, score)
    w.sheet = True
    w.phase = OVER if game_over(w.totals(), w.game.rules.target) else DEAL
    return w


def _card_played(s: State, e: CardPlayed) -> State:
    if s.phase != TRICK:
        raise _refuse("sheriff.turn", "no_trick", phase=s.phase)
    me, c = e.player, e.card
    if s.turns[0] != me:
        raise _refuse("sheriff.turn", "turn", player=s.players[s.turns[0]], other=s.players[me])
    who = s.players[me]
    if not 0 <= c <= JOKER:
        raise _refuse("sheriff.cards", "no_such_card", value=c)
    if c in s.played:
        raise _refuse("sheriff.cards", "played_already", card=card(c))
    if c == JOKER and me != s.joker:
        raise _refuse("sheriff.roles", "joker_announced", holder=s.players[s.joker], player=who)
    if s.hands is not None and c not in s.hands[me]:
        raise _refuse("sheriff.cards", "not_held", player=who, card=card(c))
    suit = suit_of(c)
    if suit is not None and suit in s.voids[me]:
        raise _refuse("sheriff.follow", "void", player=who, suit=Fact("sheriff.suit", suit=suit), card=card(c))
    lead = s.lead
    if c not in legal(s):  # with the hands known: a card off the led suit while holding one
        raise _refuse("sheriff.follow", "must_follow", player=who, suit=Fact("sheriff.suit", suit=lead))
    w = s.copy()
    if lead is None and suit is not None:
        w.lead = suit
    elif lead is not None and suit is not None and suit != lead:
        w.voids = tuple(v | {lead} if p == me else v for p, v in enumerate(s.voids))
    if s.hands is not None:
        w.hands = tuple(h - {c} if p == me else h for p, h in enumerate(s.hands))
    w.played = s.played | {c}
    w.trick = (*s.trick, (me, c))
    w.turns = s.turns[1:]
    if not w.turns:
        _end_trick(w)
    return w


def legal(s: State) -> list[int]:
    """The cards the player to play may play now, in card order.

    With the hands known (a simulator), exactly the rules' choice: a card of the led suit when
    they hold one (the Joker may always be played), else any card they hold. At a real table,
    every card they could still hold: not played this deal, of no suit they showed they lack, and
    the Joker only for the player who announced it.
    """
    if s.phase != TRICK or not s.turns:
        return []
    me = s.turns[0]
    if s.hands is not None:
        hand = sorted(s.hands[me])
        follow = [c for c in hand if s.lead is not None and suit_of(c) == s.lead]
        return follow + ([JOKER] if JOKER in hand else []) if follow else hand
    return [c for c in DECK if c not in s.played and suit_of(c) not in s.voids[me] and (c != JOKER or me == s.joker)]


def trick_winner(trick: Sequence[tuple[int, int]], trump: int | None) -> int:
    """The seat that wins: the highest trump, else the highest card of the led suit."""
    lead = next(suit_of(c) for _, c in trick if c != JOKER)
    best = None
    for p, c in trick:
        if c == JOKER:
            continue
        key = (suit_of(c) == trump, suit_of(c) == lead, -rank_of(c))
        if (key[0] or key[1]) and (best is None or key > best[0]):
            best = (key, p)
    return best[1]


def explain_trick(players: Sequence[str], trick: Sequence[tuple[int, int]], trump: int | None) -> list[Fact]:
    """Who wins this trick and why, card by card (facts, worded for each viewer)."""
    lead = next(suit_of(c) for _, c in trick if c != JOKER)
    trump_name = Fact("sheriff.suit", suit=trump) if trump is not None else Fact("sheriff.no_suit")
    lines = [Fact("sheriff.ruling_suits", trump=trump_name, lead=Fact("sheriff.suit", suit=lead))]
    for p, c in trick:
        if c == JOKER:
            why = "why_joker"
        elif suit_of(c) == trump:
            why = "why_trump"
        elif suit_of(c) == lead:
            why = "why_led"
        else:
            why = "why_neither"
        lines.append(Fact("sheriff.ruling_card", player=players[p], card=card(c), why=Fact(f"sheriff.{why}")))
    lines.append(Fact("sheriff.wins_trick", player=players[trick_winner(trick, trump)]))
    return lines


def _end_trick(w: State) -> None:
    winner = trick_winner(w.trick, w.trump)
    got = list(w.captured[winner])
    for _, c in w.trick:
        got[5 if c == JOKER else rank_of(c)] += 1
    w.captured = tuple(tuple(got) if p == winner else cap for p, cap in enumerate(w.captured))
    w.trick = ()
    w.lead = None
    w.tricks_done += 1
    if w.tricks_done < TRICKS:
        w.leader = winner
        w.turns = (winner, (winner + 1) % 3, (winner + 2) % 3)
        return
    w.scores = (*w.scores, score_deal(w.players, w.roles, w.captured))
    w.turns = ()
    w.phase = OVER if game_over(w.totals(), w.game.rules.target) else DEAL


__all__ = [
    "CardPlayed",
    "DealStarted",
    "Header",
    "HouseRules",
    "State",
    "apply",
    "code",
    "explain_trick",
    "game_over",
    "legal",
    "new_game",
    "replay",
    "score_deal",
    "trick_winner",
]
