"""A full-information KINGs simulator: real shuffled deals, a random draft, random legal plays
with kings, items, Resistance declarations, Ninja, Hermit and Cheerleader actions.

The hands live here, never in the events: every event is what the table sees.

>>> events, final = play_game(Game(("Aki", "Ben", "Chie", "Dan", "Emi")), seed=3)
>>> final.phase, len(final.scores)
('over', 3)
"""

from __future__ import annotations

import random

from scoring.kings.cards import (
    BERSERKER_NINE,
    RARES,
    WHITE_FLAGS,
    characters,
    color_index,
    deck,
    game_data,
    is_flag,
    is_number,
    is_rare,
    rank_of,
)
from scoring.kings.engine import (
    BIDS,
    DEVIL,
    DRAFT,
    FRONTS,
    OVER,
    Game,
    State,
    apply,
    available_characters,
    available_kings,
    draft_order,
    new_game,
    party_left,
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
from scoring.kings.scoring import Bid

PLACEHOLDER = {int(k): v for k, v in game_data()["bids"]["placeholder"].items()}


class Table:
    """The hidden side of a simulated game: hands and the deck."""

    def __init__(self, game: Game, rng: random.Random) -> None:
        self.game = game
        self.rng = rng
        self.s = new_game(game)
        self.events: list[Event] = []
        self.hands: list[list[int]] = []
        self.deck: list[int] = []
        self.out: list[int] = []  # discarded face down by Gambler, Hermit and Berserker
        self.check = None

    def do(self, event: Event) -> None:
        self.s = apply(self.s, event)
        self.events.append(event)
        if self.check:
            self.check(self)

    def discard(self, p: int) -> None:
        card = self.rng.choice(self.hands[p])
        self.hands[p].remove(card)
        self.out.append(card)

    # --- draft ---------------------------------------------------------------------------------
    def draft(self) -> None:
        s = self.s
        order = draft_order(s)
        per_player = 4 if self.game.two else 5
        king_pool = available_kings(self.game)  # 2 players: the White King only with the expansion
        for k, p in enumerate(order):
            s = self.s
            mine = sum(1 for x in s.picks if x[0] == p)
            has_king = s.kings[p] is not None
            free_kings = [c for c in king_pool if c not in s.kings]
            available = available_characters(s)
            taken = {}
            for x in s.picks:
                if x[1] == "character":
                    taken[x[2]] = taken.get(x[2], 0) + 1
            chars = [c for c, n in available.items() if taken.get(c, 0) < n]
            must_king = not has_king and mine == per_player - 1
            if must_king or (not has_king and self.rng.random() < 0.3):
                self.do(DraftPick(p, king=self.rng.choice(free_kings)))
            else:
                self.do(DraftPick(p, character=self.rng.choice(chars)))
            del k
        if self.game.two:
            chooser = 1 if self.s.round == 1 else 0 if self.s.round == 2 else None
            if chooser is None:
                totals = [sum(r[q].total for r in self.s.scores) for q in range(2)]
                chooser = 1 if totals[1] < totals[0] else 0
            free = [c for c in king_pool if c not in self.s.kings and c != "white"]  # coloured kings only
            self.do(DevilContracted(chooser, self.rng.choice(free)))

    # --- a round -------------------------------------------------------------------------------
    def deal(self) -> None:
        n = len(self.game.players)
        cards = sorted(deck(n))
        self.rng.shuffle(cards)
        size = game_data()["table"]["tricks"][str(n)]
        self.hands = [cards[i * size:(i + 1) * size] for i in range(n)]
        self.deck = cards[n * size:]
        self.out = []

    def fronts_and_bids(self) -> None:
        s, rng, n = self.s, self.rng, len(self.game.players)
        fronts, nine = [], []
        for p in range(n):
            if self.game.two:
                party = list(s.party[p])
                k = 1 if s.round == 3 and rng.random() < 0.3 else 2
                fronts.append(tuple(rng.sample(party, k)))
            else:
                fronts.append((rng.choice(party_left(s, p)),))
        active = []
        for p in range(n):
            if self.game.two or s.round == 1:
                active.append(fronts[p])
            elif s.round == 2:
                active.append((*s.fronts[p], *fronts[p]))
            else:
                active.append((s.fronts[p][-1], *fronts[p]))
        for p in range(n):
            took = "Berserker" in active[p] and not any(nine) and rng.random() < 0.7
            nine.append(took)
            if took:
                self.hands[p].append(BERSERKER_NINE)
                card = rng.choice(self.hands[p][:-1])
                self.hands[p].remove(card)
                self.out.append(card)
            for _ in range(active[p].count("Gambler")):
                self.hands[p] += self.deck[:2]
                del self.deck[:2]
                for _ in range(2):
                    self.discard(p)
        self.do(FrontsRevealed(tuple(fronts), tuple(nine)))
        assert self.s.phase == BIDS
        s = self.s
        cards, bids = [], []
        for p in range(n):
            pool = list(s.party[p])
            if self.game.two:
                for f in s.fronts[p]:
                    pool.remove(f)
                mine = tuple(pool)
            else:
                mine = (rng.choice(party_left(s, p)),)
            cards.append(mine)
            row = []
            for c in mine:
                back = characters()[c].back
                if back == "devil_miss":
                    row.append(Bid("devil_miss"))
                elif back == "bond":
                    row.append(Bid("bond", other=rng.choice([q for q in range(n) if q != p])))
                else:
                    t = rng.randint(0, 3)
                    row.append(Bid("tricks", t, PLACEHOLDER[t]))
            bids.append(row)
        for p in range(n):  # some numbered bids become copies of another player's numbered bid
            numbered = [q for q in range(n) if q != p and bids[q][0].kind == "tricks"]
            if bids[p][0].kind == "tricks" and numbered and rng.random() < 0.1:
                bids[p][0] = Bid("copy", other=rng.choice(numbered))
        for p in range(n):  # a copy of a copy is not allowed: undo chains
            b = bids[p][0]
            if b.kind == "copy" and bids[b.other][0].kind != "tricks":
                bids[p][0] = Bid("tricks", 1, PLACEHOLDER[1])
            if b.kind == "bond" and bids[b.other][0].kind == "bond":
                bids[p][0] = Bid("bond", other=next(q for q in range(n)
                                                    if q != p and bids[q][0].kind != "bond"))
        partners = tuple(rng.choice([q for q in range(n) if q != p]) if "Cheerleader" in s.fronts[p] else None
                         for p in range(n))
        self.do(BidsRevealed(tuple(cards), tuple(tuple(r) for r in bids), partners))

    def legal(self, p: int) -> list[int]:
        trick = self.s.trick
        lead = next((color_index(x.card) for x in trick if color_index(x.card) is not None), None)
        hand = self.hands[p]
        if lead is None:
            return list(hand)
        follow = [c for c in hand if color_index(c) == lead]
        if not follow:
            return list(hand)
        return follow + [c for c in hand if c in WHITE_FLAGS or c in RARES]

    def turn(self) -> None:
        s, rng = self.s, self.rng
        p = s.turns[0]
        fronts = s.fronts[p]
        if not s.trick and "Ninja" in fronts and rng.random() < 0.2:
            target = rng.randrange(len(self.game.players))
            self.do(LeadNamed(p, target))
            if target != p:
                return
            s = self.s
        if "Hermit" in fronts and not s.hermit[p] and len(self.deck) >= 3 and rng.random() < 0.2:
            self.hands[p] += self.deck[:3]
            del self.deck[:3]
            for _ in range(3):
                self.discard(p)
            self.do(HermitDrew(p))
            s = self.s
        q = s.partners[p]
        if "Cheerleader" in fronts and q is not None and not s.cheer[p] and rng.random() < 0.2 \
                and self.hands[q]:
            given = rng.choice(self.hands[p])
            self.hands[p].remove(given)
            self.hands[q].append(given)
            back = rng.choice(self.hands[q])
            self.hands[q].remove(back)
            self.hands[p].append(back)
            self.do(CheerExchanged(p))
            s = self.s
        c = rng.choice(self.legal(p))
        king = s.kings[p]
        sword = "kings_sword" in s.items[p] and "kings_sword" not in s.items_used and rng.random() < 0.1
        fits = (is_flag(c) or is_rare(c) or sword) if king == "white" else \
            (is_number(c) and ("red", "blue", "green", "black")[color_index(c)] == king)
        use_king = s.king_round[p] is None and fits and rng.random() < 0.15
        gift = "fairys_gift" in s.items[p] and "fairys_gift" not in s.items_used and rng.random() < 0.1
        declare = None
        if "Resistance" in fronts and rng.random() < 0.3:
            options = []
            if is_number(c) and rank_of(c) == 1:
                options.append("nine")
            if is_number(c) and rank_of(c) == 9:
                options.append("one")
            if is_flag(c):
                options.append("rare")
            if is_rare(c) or sword:
                options.append("flag")
            declare = rng.choice(options) if options else None
        self.hands[p].remove(c)
        self.do(CardPlayed(p, c, king=use_king, sword=sword, declare=declare, gift=gift))

    def play(self) -> None:
        while self.s.phase != OVER:
            if self.s.phase in (DRAFT, DEVIL):
                self.draft()
                continue
            assert self.s.phase == FRONTS
            self.deal()
            self.fronts_and_bids()
            round_no = self.s.round
            while self.s.round == round_no and self.s.phase not in (OVER, DRAFT):
                self.turn()


def play_game(game: Game, seed: int | None = None, rng: random.Random | None = None, check=None
              ) -> tuple[list[Event], State]:
    """Play one complete game; ``check(table)`` is called after every event if given."""
    table = Table(game, rng or random.Random(seed))
    table.check = check
    table.play()
    return table.events, table.s
