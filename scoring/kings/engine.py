"""The KINGs table tracker: ``apply(state, event) -> state``, refusing illegal events.

Every card played in KINGs is face up, so the tracker sees every trick exactly: the winner, the
captured colours, the kings and items used. What it cannot see, whether a player could have
followed, it checks through voids: a player who did not follow a colour and later plays it in
the same round (with no Hermit draw or Cheerleader trade between) is refused.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cache

from scoring.errors import RuleViolation
from scoring.kings.cards import (
    BERSERKER_NINE,
    COLORS,
    RARES,
    WHITE_FLAGS,
    character,
    characters,
    code,
    color_index,
    deck,
    game_data,
    is_flag,
    is_rare,
    kings,
    name,
    two_player_kings,
    white_king_expansion_off,
)
from scoring.kings.events import (
    BidsRevealed,
    CardPlayed,
    CheerExchanged,
    DevilContracted,
    DraftPick,
    Event,
    FrontsRevealed,
    HermitDrew,
    LeadNamed,
)
from scoring.kings.scoring import RA, WF, PlayerRound, PlayerScore, score_round, standings
from scoring.kings.settings import HouseRules
from scoring.kings.trick import Play, check_play, winning_play
from scoring.log import fold
from scoring.slotstate import SlotState
from scoring.standings import Table

DRAFT, DEVIL, FRONTS, BIDS, PLAY, OVER = "draft", "devil", "fronts", "bids", "play", "over"


def refuse(rule: str, en: str, ja: str) -> RuleViolation:
    return RuleViolation(rule, en, ja)


@dataclass(frozen=True)
class Game:
    """Players in clockwise seat order, house rules, and king numbers typed from the table's own
    cards (``{"red": (4, 9)}``: front and used side) where they differ from the data."""

    players: tuple[str, ...]
    rules: HouseRules = field(default_factory=HouseRules)
    king_numbers: dict[str, tuple[int, int]] = field(default_factory=dict)

    @property
    def two(self) -> bool:
        return len(self.players) == 2

    def king_number(self, color: str, used: bool) -> int:
        if color in self.king_numbers:
            return self.king_numbers[color][int(used)]
        k = kings()[color]
        return k.number_used if used else k.number


class State(SlotState):
    __slots__ = (
        "bid_cards",
        "bids",
        "captured",
        "cheer",
        "deck_left",
        "devil",
        "fronts",
        "game",
        "gift",
        "hermit",
        "history",
        "items",
        "items_used",
        "king_round",
        "kings",
        "lead",
        "leader",
        "nine",
        "partners",
        "party",
        "phase",
        "picks",
        "played",
        "round",
        "scores",
        "summaries",
        "trick",
        "tricks",
        "tricks_done",
        "turns",
        "voids",
    )

    def copy(self) -> State:
        """A shallow copy for the engine to edit (every field is immutable)."""
        new = State.__new__(State)
        new.game = self.game
        new.phase = self.phase
        new.round = self.round
        new.picks = self.picks
        new.kings = self.kings
        new.party = self.party
        new.items = self.items
        new.fronts = self.fronts
        new.history = self.history
        new.bid_cards = self.bid_cards
        new.bids = self.bids
        new.partners = self.partners
        new.nine = self.nine
        new.devil = self.devil
        new.king_round = self.king_round
        new.items_used = self.items_used
        new.gift = self.gift
        new.hermit = self.hermit
        new.cheer = self.cheer
        new.trick = self.trick
        new.leader = self.leader
        new.turns = self.turns
        new.played = self.played
        new.voids = self.voids
        new.tricks = self.tricks
        new.captured = self.captured
        new.scores = self.scores
        new.deck_left = self.deck_left
        new.tricks_done = self.tricks_done
        new.lead = self.lead
        new.summaries = self.summaries
        return new

    @property
    def to_play(self) -> int | None:
        return self.turns[0] if self.phase == PLAY and self.turns else None

    def standings(self) -> Table:
        numbers = {}
        for p, who in enumerate(self.players):
            color = self.kings[p]
            if color:
                numbers[who] = self.game.king_number(color, self.king_round[p] is not None)
        return standings(self.players, self.scores, numbers)


def new_game(game: Game) -> State:
    n = len(game.players)
    if n not in (2, 4, 5):
        raise refuse(
            "kings.overview",
            f"The KINGs test-play rules are for 2, 4 or 5 players, not {n}.",
            f"KINGsテストプレイ版は2人・4人・5人用です（{n}人）。",
        )
    s = State.__new__(State)
    values = dict(
        game=game,
        phase=DRAFT,
        round=1,
        picks=(),
        kings=(None,) * n,
        party=((),) * n,
        items=(frozenset(),) * n,
        fronts=((),) * n,
        history=(),
        bid_cards=((),) * n,
        bids=((),) * n,
        partners=(None,) * n,
        nine=frozenset(),
        devil=None,
        king_round=(None,) * n,
        items_used=frozenset(),
        gift=(False,) * n,
        hermit=(False,) * n,
        cheer=(False,) * n,
        trick=(),
        leader=0,
        turns=(),
        played=frozenset(),
        voids=(frozenset(),) * n,
        tricks=(0,) * n,
        captured=((0,) * 6,) * n,
        scores=(),
        deck_left=0,
        tricks_done=0,
        summaries=(),
        lead=None,
    )
    for key, value in values.items():
        setattr(s, key, value)
    return s


def replay(game: Game, events: list[Event]) -> State:
    return fold(apply, new_game(game), events)


def apply(s: State, e: Event) -> State:
    handler = _HANDLERS.get(type(e))
    if handler is None:
        raise TypeError(f"not a KINGs event: {e!r}")
    return handler(s, e)


def _set(t: tuple, i: int, v) -> tuple:
    return (*t[:i], v, *t[i + 1 :])


def _phase(s: State, phase: str, what: str) -> None:
    if s.phase != phase:
        raise refuse(
            "kings.rounds",
            f"{what} is not possible now: the game is at {s.phase}.",
            f"今は{what}できません（{s.phase}）。",
        )


# --- the draft (§4.1, 2 players: §5) -----------------------------------------------------------


def draft_order(s: State) -> list[int]:
    """Who picks each card of this draft, in order."""
    if s.game.two:
        first = 0 if s.round == 1 else 1 if s.round == 2 else _trailing(s)
        return [first, 1 - first] * 4
    return _snake(len(s.players))


@cache
def _snake(n: int) -> list[int]:
    order: list[int] = []
    for k in range(5):
        order.extend(range(n) if k % 2 == 0 else range(n - 1, -1, -1))
    return order


def _trailing(s: State) -> int:
    totals = [sum(r[p].total for r in s.scores) for p in range(2)]
    return 1 if totals[1] < totals[0] else 0


def available_kings(game: Game) -> tuple[str, ...]:
    """The kings a draft lays out: all five; two players the red, blue, green and black, and the
    White King only with the expansion (house rule ``two_player_white_king``)."""
    if game.two:
        return two_player_kings(game.rules.two_player_white_king)
    return tuple(kings())


def available_characters(s: State) -> dict[str, int]:
    return _character_pool(len(s.players))


@cache
def _character_pool(n: int) -> dict[str, int]:
    """How many of each character a draft offers (copy counts are unverified, so only the
    single cards are limited)."""
    if n == 2:
        return {c: 1 for c in game_data()["two_player"]["characters"]}
    out = {}
    for c in characters().values():
        copies = c.copies - (c.removed_4p if n == 4 else 0)
        if copies > 0:
            out[c.name] = copies if c.copies == 1 else 99  # copy counts unverified: only singles limited
    return out


def draft_choices(s: State) -> tuple[list[str], list[str]]:
    """The kings and the characters the player to pick may take now, in the order the draft lays
    them out: no king for a player who has one, only a king for a last pick without one, no single
    character once it is taken.

    >>> s = new_game(Game(("Aki", "Ben")))
    >>> draft_choices(s)
    (['red', 'blue', 'green', 'black'], ['Gambler', 'Hermit', 'Resistance', 'Berserker', 'Ninja', \
'Samurai', 'Healer', 'Collector'])
    >>> s = apply(apply(s, DraftPick(0, king="red")), DraftPick(1, character="Ninja"))
    >>> draft_choices(s)
    ([], ['Gambler', 'Hermit', 'Resistance', 'Berserker', 'Samurai', 'Healer', 'Collector'])
    """
    if s.phase != DRAFT:
        return [], []
    p = draft_order(s)[len(s.picks)]
    has_king = s.kings[p] is not None
    kings_left = [] if has_king else [c for c in available_kings(s.game) if c not in s.kings]
    if not has_king and len(s.party[p]) == (4 if s.game.two else 5) - 1:
        return kings_left, []  # the last pick of a party without a king
    taken: dict[str, int] = {}
    for party in s.party:
        for c in party:
            taken[c] = taken.get(c, 0) + 1
    return kings_left, [c for c, n in available_characters(s).items() if taken.get(c, 0) < n]


def _draft_pick(s: State, e: DraftPick) -> State:
    _phase(s, DRAFT, "Drafting")
    order = draft_order(s)
    k = len(s.picks)
    who = s.players[e.player] if 0 <= e.player < len(s.players) else str(e.player)
    if order[k] != e.player:
        raise refuse(
            "kings.draft",
            f"It is {s.players[order[k]]}'s pick (snake order), not {who}'s.",
            f"今は{s.players[order[k]]}が選ぶ番です。",
        )
    if (e.king is None) == (e.character is None):
        raise refuse("kings.draft", "A pick is one king or one character.", "1回に選ぶのはキング1枚かキャラ1枚です。")
    per_player = 4 if s.game.two else 5
    has_king = s.kings[e.player] is not None
    picked = len(s.party[e.player]) + has_king
    w = s.copy()
    if e.king is not None:
        color = e.king
        pool = available_kings(s.game)
        if color == "white" and color not in pool:
            raise white_king_expansion_off(who)
        if color not in pool:
            raise refuse(
                "kings.draft",
                f"There is no {color} king in this draft ({', '.join(pool)}).",
                f"{color}のキングはこのドラフトにありません。",
            )
        if has_king:
            raise refuse(
                "kings.draft",
                f"{who} already has a king; a party has exactly one.",
                f"{who}はすでにキングを持っています。",
            )
        if color in s.kings:
            raise refuse("kings.draft", f"The {color} king was already taken.", f"{color}のキングは取られています。")
        w.kings = _set(s.kings, e.player, color)
        w.picks = (*s.picks, (e.player, "king", color))
    else:
        c = character(e.character)
        available = available_characters(s)
        if c.name not in available:
            where = " (4 players)." if len(s.players) == 4 else "."
            raise refuse(
                "kings.draft", f"The {c.name} is not in this draft{where}", f"{c.name_ja}はこのドラフトにいません。"
            )
        if (
            available[c.name] < len(s.players) * 4
            and sum(party.count(c.name) for party in s.party) >= available[c.name]
        ):
            raise refuse(
                "kings.draft",
                f"There is only one {c.name}, and it was taken.",
                f"{c.name_ja}は1枚だけで、取られています。",
            )
        if not has_king and picked == per_player - 1:
            raise refuse(
                "kings.draft",
                f"{who}'s last pick must be a king: a party has exactly one.",
                f"{who}の最後の1枚はキングです。",
            )
        w.party = _set(s.party, e.player, (*s.party[e.player], c.name))
        if c.item:
            w.items = _set(s.items, e.player, s.items[e.player] | {c.item})
        w.picks = (*s.picks, (e.player, "character", c.name))
    if len(w.picks) == len(order):
        w.phase = DEVIL if s.game.two else FRONTS
        if not s.game.two:
            _start_round(w)
    return w


def devil_chooser(s: State) -> int:
    """Two players: who contracts a king to the Devil this round (the second picker of round 1,
    the first player in round 2, the trailing player in round 3)."""
    return 1 if s.round == 1 else 0 if s.round == 2 else _trailing(s)


def devil_colors(s: State) -> list[str]:
    """Two players: the kings the Devil may contract now, the coloured kings nobody drafted."""
    if s.phase != DEVIL:
        return []
    return [c for c in game_data()["two_player"]["kings"] if c not in s.kings]


def _devil_contracted(s: State, e: DevilContracted) -> State:
    _phase(s, DEVIL, "Contracting the Devil")
    chooser = devil_chooser(s)
    if e.player != chooser:
        raise refuse(
            "kings.two-player",
            f"{s.players[chooser]} chooses the Devil's king this round.",
            f"このラウンドは{s.players[chooser]}がデビルのキングを選びます。",
        )
    if e.color == "white":
        raise refuse(
            "kings.two-player",
            "The Devil contracts a coloured king: every card of its colour "
            "becomes a devil card. The White King has no colour, so it is not contracted.",
            "デビルと契約するのは色のキングです（その色のカードがデビルカードになります）。白のキングは契約しません。",
        )
    if e.color not in game_data()["two_player"]["kings"] or e.color in s.kings:
        raise refuse(
            "kings.two-player",
            f"The Devil contracts a king nobody drafted, not {e.color}.",
            "デビルと契約するのは選ばれなかったキングです。",
        )
    w = s.copy()
    w.devil = e.color
    w.phase = FRONTS
    _start_round(w)
    return w


def _start_round(w: State) -> None:
    """Deal (hidden) and find the lead player: the lowest king number showing."""
    n = len(w.players)
    hand = game_data()["table"]["tricks"][str(n)]
    w.deck_left = len(deck(n)) - n * hand
    numbers = [w.game.king_number(w.kings[p], w.king_round[p] is not None) for p in range(n)]
    w.leader = numbers.index(min(numbers))


# --- fronts and bids (§4.2) --------------------------------------------------------------------


def party_left(s: State, p: int) -> list[str]:
    """Party cards not yet face up or retired this game (3–5 players)."""
    left = list(s.party[p])
    for placed in s.history:
        for c in placed[p]:
            left.remove(c)
    return left


def _fronts_revealed(s: State, e: FrontsRevealed) -> State:
    _phase(s, FRONTS, "Revealing characters")
    n = len(s.players)
    if len(e.fronts) != n:
        raise refuse(
            "kings.characters", f"All {n} players reveal their characters together.", f"{n}人全員が一斉に公開します。"
        )
    w = s.copy()
    active = []
    for p, new in enumerate(e.fronts):
        who = s.players[p]
        names = tuple(character(c).name for c in new)
        if s.game.two:
            if len(names) not in (1, 2) or (len(names) == 1 and s.round != 3):
                raise refuse(
                    "kings.two-player",
                    f"{who} puts two characters face up"
                    + (" (one when bidding twice in round 3)." if s.round == 3 else "."),
                    "表のキャラは2枚です。",
                )
            pool = list(s.party[p])
        else:
            if len(names) != 1:
                raise refuse(
                    "kings.characters",
                    f"{who} turns one new character face up each round.",
                    f"{who}が毎ラウンド表にするキャラは1枚です。",
                )
            pool = party_left(s, p)
        for c in names:
            if c not in pool:
                raise refuse(
                    "kings.characters",
                    f"{who} has no {c} left to turn face up (available: {', '.join(pool) or 'none'}).",
                    f"{who}は{c}を表にできません。",
                )
            pool.remove(c)
        if s.game.two or s.round == 1:
            active.append(names)
        elif s.round == 2:
            active.append((*s.fronts[p], *names))
        else:
            active.append((s.fronts[p][-1], *names))  # the round-1 front retires
    nine = tuple(e.berserker_nine) or (False,) * n
    if sum(nine) > 1:
        raise refuse(
            "kings.character.berserker",
            "There is one Berserker's black 9: only one Berserker can take it.",
            "バーサーカー専用黒9は1枚だけです。",
        )
    for p, took in enumerate(nine):
        if took and "Berserker" not in active[p]:
            raise refuse(
                "kings.character.berserker",
                f"{s.players[p]} has no Berserker in play to take the Berserker's black 9.",
                "バーサーカーがいないので専用黒9は使えません。",
            )
    w.fronts = tuple(active)
    w.history = (*s.history, tuple(tuple(character(c).name for c in f) for f in e.fronts))
    w.nine = frozenset(p for p, took in enumerate(nine) if took)
    w.deck_left = s.deck_left - 2 * sum(f.count("Gambler") for f in active)
    w.phase = BIDS
    return w


def _bids_revealed(s: State, e: BidsRevealed) -> State:
    _phase(s, BIDS, "Bidding")
    n = len(s.players)
    if len(e.cards) != n or len(e.bids) != n:
        raise refuse("kings.bids", f"All {n} players reveal a bid together.", f"{n}人全員が一斉にビッドします。")
    tricks = game_data()["table"]["tricks"][str(n)]
    for p in range(n):
        who = s.players[p]
        cards = tuple(character(c).name for c in e.cards[p])
        bids = e.bids[p]
        count = 3 - len(s.fronts[p]) if s.game.two else 1
        if len(cards) != count or len(bids) != count:
            raise refuse(
                "kings.bids",
                f"{who} bids with {count} character back(s) this round.",
                f"{who}のビッドは{count}枚です。",
            )
        if s.game.two:
            pool = list(s.party[p])
            for f in s.fronts[p]:
                pool.remove(f)
        else:
            pool = party_left(s, p)
        for c, bid in zip(cards, bids, strict=True):
            if c not in pool:
                raise refuse(
                    "kings.bids",
                    f"{who} cannot bid with the {c}: it is face up, retired or not "
                    f"in the party (bid cards left: {', '.join(pool) or 'none'}).",
                    f"{who}は{c}でビッドできません。",
                )
            pool.remove(c)
            back = characters()[c].back
            kind_ok = {"devil_miss": bid.kind == "devil_miss", "bond": bid.kind == "bond"}.get(
                back, bid.kind in ("tricks", "copy")
            )
            if not kind_ok:
                raise refuse(
                    "kings.bids",
                    f"The {c}'s back is {back.replace('_', ' ')}, not a {bid.kind} bid.",
                    f"{c}の裏面は{back}です。",
                )
            if bid.kind == "tricks" and not 0 <= bid.tricks <= tricks:
                raise refuse(
                    "kings.bids", f"A bid is 0 to {tricks} tricks, not {bid.tricks}.", f"ビッドは0〜{tricks}勝です。"
                )
            if bid.kind in ("copy", "bond") and (bid.other is None or bid.other == p or not 0 <= bid.other < n):
                raise refuse(
                    "kings.bids",
                    f"{who}'s {bid.kind} card goes to another player.",
                    "コピー・絆のカードは他のプレイヤーに渡します。",
                )
    for p in range(n):
        for bid in e.bids[p]:
            target = e.bids[bid.other][0] if bid.kind in ("copy", "bond") else None
            if bid.kind == "copy" and target.kind != "tricks":
                raise refuse(
                    "kings.bids", "A Copy takes a bid with a number of tricks.", "数字のあるビッドだけコピーできます。"
                )
            if bid.kind == "bond" and target.kind == "bond":
                raise refuse("kings.bids", "A Bond partner bids for themself.", "絆のパートナーは自分でビッドします。")
    partners = tuple(e.partners) or (None,) * n
    for p, q in enumerate(partners):
        if q is not None and ("Cheerleader" not in s.fronts[p] or q == p or not 0 <= q < n):
            raise refuse(
                "kings.character.cheerleader",
                "Only a Cheerleader in play hands the partner card, to another player.",
                "パートナーカードを渡せるのは表のチアリーダーだけです。",
            )
    w = s.copy()
    w.bid_cards = tuple(tuple(character(c).name for c in cs) for cs in e.cards)
    w.bids = tuple(tuple(b) for b in e.bids)
    w.partners = partners
    w.phase = PLAY
    w.turns = tuple((w.leader + i) % n for i in range(n))
    return w


# --- tricks (§1, §2) ---------------------------------------------------------------------------


def _turn(s: State, player: int) -> None:
    if s.phase == PLAY and s.turns and s.turns[0] == player:
        return
    _phase(s, PLAY, "Playing a card")
    raise refuse(
        "kings.turn",
        f"It is {s.players[s.turns[0]]}'s turn, not {s.players[player]}'s.",
        f"今は{s.players[s.turns[0]]}の手番です。",
    )


def _lead_named(s: State, e: LeadNamed) -> State:
    _turn(s, e.player)
    if s.trick or "Ninja" not in s.fronts[e.player]:
        raise refuse(
            "kings.character.ninja",
            "Only a Ninja in play who is about to lead names another lead player.",
            "リード前の忍者だけがリードプレイヤーを指名できます。",
        )
    w = s.copy()
    n = len(s.players)
    w.leader = e.lead
    w.turns = tuple((e.lead + i) % n for i in range(n))
    return w


def _hermit_drew(s: State, e: HermitDrew) -> State:
    _turn(s, e.player)
    if "Hermit" not in s.fronts[e.player] or s.hermit[e.player]:
        raise refuse(
            "kings.character.hermit",
            "A Hermit in play draws 3 and discards 3 once per round.",
            "ハーミットの能力は1ラウンド1回です。",
        )
    if s.deck_left < 3:
        raise refuse(
            "kings.character.hermit", f"The deck holds {s.deck_left} cards: the Hermit needs 3.", "山札が3枚未満です。"
        )
    w = s.copy()
    w.hermit = _set(s.hermit, e.player, True)
    w.deck_left = s.deck_left - 3
    w.voids = _set(s.voids, e.player, frozenset())  # new cards: earlier voids say nothing now
    return w


def _cheer_exchanged(s: State, e: CheerExchanged) -> State:
    _turn(s, e.player)
    partner = s.partners[e.player]
    if "Cheerleader" not in s.fronts[e.player] or partner is None or s.cheer[e.player]:
        raise refuse(
            "kings.character.cheerleader",
            "A Cheerleader in play with a partner trades a card once per round.",
            "チアリーダーの交換は1ラウンド1回です。",
        )
    w = s.copy()
    w.cheer = _set(s.cheer, e.player, True)
    if s.nine & {e.player, partner}:  # the Berserker's 9 may have changed hands, face down
        w.nine = s.nine | {e.player, partner}
    voids = _set(s.voids, e.player, frozenset())
    w.voids = _set(voids, partner, frozenset())
    return w


def _identify(s: State, e: CardPlayed) -> int:
    """The physical card: a White Flag or Rare is whichever copy has not been played yet."""
    n = len(s.players)
    c = e.card
    who = s.players[e.player]
    if c in WHITE_FLAGS or c in RARES:
        copies = WHITE_FLAGS if c in WHITE_FLAGS else RARES
        free = [x for x in copies if x not in s.played]
        if not free:
            raise refuse(
                "kings.cards",
                f"Both {name(c)}s have already been played this round.",
                f"{name(c, 'ja')}は2枚とも出ています。",
            )
        return free[0]
    if c == BERSERKER_NINE:
        if e.player not in s.nine:
            raise refuse(
                "kings.character.berserker",
                f"{who} cannot hold the Berserker's black 9 this round (no Berserker took it, "
                "or it never reached them through a Cheerleader's trade).",
                f"{who}はバーサーカー専用黒9を持っていません。",
            )
    elif c not in deck(n):
        raise refuse(
            "kings.cards",
            f"The {name(c)} is not in the {n}-player deck.",
            f"{name(c, 'ja')}は{n}人用のデッキにありません。",
        )
    if c in s.played:
        raise refuse(
            "kings.cards",
            f"The {name(c)} ({code(c)}) was already played this round.",
            f"{name(c, 'ja')}はこのラウンドですでに出ています。",
        )
    return c


def follows(s: State, player: int, card: int, holds_lead: bool = False) -> bool:
    """Must-follow (§1) for one card: a White Flag or a Rare may always be played; a numbered card
    of a colour the player showed void in this round may not (no Hermit draw or Cheerleader trade
    since); and a player known to hold the lead colour (``holds_lead``: the simulator sees the hand)
    plays it.

    The table tracker cannot see hands: it refuses only what breaks a void, through this function,
    and :func:`legal` lists what passes it, so there is one copy of the rule.
    """
    color = color_index(card)
    if color is None:
        return True
    if color in s.voids[player]:
        return False
    return not holds_lead or color == s.lead


def could_hold(s: State, player: int) -> list[int]:
    """The cards ``player`` could still play this round, as the table sees it: every card of the
    deck not played yet (one White Flag and one Rare while a copy is left), and the Berserker's
    black 9 when it went to them."""
    out: list[int] = []
    for c in sorted(deck(len(s.players))):
        if c in s.played or (c in (WHITE_FLAGS[1], RARES[1]) and c - 1 not in s.played):
            continue  # played, or the second copy of a White Flag or Rare while the first is left
        out.append(c)
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
    >>> from scoring.kings.simulator import play_game
    >>> game = Game(("Aki", "Ben", "Chie", "Dan"))
    >>> s = replay(game, play_game(game, seed=1)[0][:23])  # the draft, fronts, bids, and a black lead
    >>> s.players[s.to_play], [code(c) for c in legal(s)][:8]
    ('Chie', ['k1', 'k2', 'k3', 'k4', 'k5', 'k6', 'r1', 'r2'])
    >>> [code(c) for c in legal(s, hand=[parse(c) for c in ("b2", "k3", "WF", "g4")])]
    ['k3', 'WF']
    """
    if s.phase != PLAY or not s.turns:
        return []
    me = s.turns[0]
    if hand is None:
        cards, holds_lead = could_hold(s, me), False
    else:
        cards = list(hand)
        holds_lead = s.lead is not None and any(color_index(c) == s.lead for c in cards)
    ok = [c for c in cards if follows(s, me, c, holds_lead)]
    if s.lead is not None:
        ok.sort(key=lambda c: color_index(c) != s.lead)  # stable: the lead colour, then the rest
    return ok


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
        out += [LeadNamed(me, p) for p in range(len(s.players))]
    if "Hermit" in fronts and not s.hermit[me] and s.deck_left >= 3:
        out.append(HermitDrew(me))
    if "Cheerleader" in fronts and s.partners[me] is not None and not s.cheer[me]:
        out.append(CheerExchanged(me))
    return out


def _card_played(s: State, e: CardPlayed) -> State:
    _turn(s, e.player)
    me = e.player
    who = s.game.players[me]
    c = _identify(s, e)
    fronts = s.fronts[me]
    color = color_index(c)
    lead = s.lead
    if not follows(s, me, c):  # the table cannot see hands: only a colour shown void can be refused
        raise refuse(
            "kings.follow",
            f"{who} did not follow {COLORS[color]} earlier this round, so had no "
            f"{COLORS[color]} card, yet now plays the {name(c)}: one of the two plays broke "
            "must-follow.",
            f"{who}は以前{COLORS[color]}をフォローしなかったのに{name(c, 'ja')}を出しています。",
        )
    if e.declare is not None and "Resistance" not in fronts:
        raise refuse(
            "kings.character.resistance",
            f"{who} has no Resistance in play to declare a card.",
            f"{who}はレジスタンスを表にしていません。",
        )
    king = None
    if e.king:
        king = s.kings[me]
        if s.king_round[me] is not None:
            raise refuse(
                "kings.kings",
                f"{who}'s {king} king was already played; a king is played once.",
                f"{who}のキングは使用済みです。",
            )
    for item, flag in (("kings_sword", e.sword), ("fairys_gift", e.gift)) if e.sword or e.gift else ():
        if flag and (item not in s.items[me] or item in s.items_used):
            label = item.replace("_", " ")
            raise refuse(
                f"kings.item.{item}",
                f"{who} has no unused {label}: an item is used once per game by the player who drafted it.",
                "アイテムはゲーム中1回、持ち主だけが使えます。",
            )
    play = Play(me, c, king, e.sword, e.declare, "Samurai" in fronts)
    if king or e.sword or e.declare:
        check_play(play, who)
    w = s.copy()
    if lead is None:
        w.lead = color  # the first numbered card sets the lead colour
    elif color is not None and color != lead:
        w.voids = _set(s.voids, me, s.voids[me] | {lead})
    w.played = s.played | {c}
    w.trick = (*s.trick, play)
    w.turns = s.turns[1:]
    if king:
        w.king_round = _set(s.king_round, me, s.round)
    if e.sword:
        w.items_used = w.items_used | {"kings_sword"}
    if e.gift:
        w.items_used = w.items_used | {"fairys_gift"}
        w.gift = _set(s.gift, me, True)
    if not w.turns:
        _end_trick(w)
    return w


@cache
def tricks_per_round(n: int) -> int:
    return game_data()["table"]["tricks"][str(n)]


def _kind(c: int) -> int:
    if is_flag(c):
        return WF
    if is_rare(c):
        return RA
    return color_index(c)


def _end_trick(w: State) -> None:
    winner = w.trick[winning_play(w.trick, w.game.rules)].player
    got = list(w.captured[winner])
    for p in w.trick:
        got[_kind(p.card)] += 1
    w.captured = _set(w.captured, winner, tuple(got))
    w.tricks = _set(w.tricks, winner, w.tricks[winner] + 1)
    w.trick = ()
    w.lead = None
    w.tricks_done += 1
    n = len(w.game.players)
    if w.tricks_done == tricks_per_round(n):
        _end_round(w)
    else:
        w.leader = winner
        w.turns = tuple((winner + i) % n for i in range(n))


def round_summary(s: State) -> list[PlayerRound]:
    """What each player did this round, as the scoresheet records it."""
    two = s.game.two
    return [
        PlayerRound(
            fronts=s.fronts[p],
            bids=s.bids[p],
            tricks=s.tricks[p],
            captured=s.captured[p],
            king=s.kings[p],
            king_used=(s.king_round[p] == s.round) if two else s.king_round[p] is not None,
            gift=s.gift[p],
        )
        for p in range(len(s.players))
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
        _start_round(w)


_HANDLERS = {
    DraftPick: _draft_pick,
    DevilContracted: _devil_contracted,
    FrontsRevealed: _fronts_revealed,
    BidsRevealed: _bids_revealed,
    LeadNamed: _lead_named,
    CardPlayed: _card_played,
    HermitDrew: _hermit_drew,
    CheerExchanged: _cheer_exchanged,
}

__all__ = [
    "BIDS",
    "DEVIL",
    "DRAFT",
    "FRONTS",
    "OVER",
    "PLAY",
    "Game",
    "State",
    "apply",
    "available_kings",
    "could_hold",
    "devil_chooser",
    "devil_colors",
    "draft_choices",
    "draft_order",
    "follows",
    "legal",
    "new_game",
    "replay",
    "round_summary",
    "turn_actions",
]
