"""A full-information KINGs simulator: real shuffled deals, a random draft, random legal plays
with kings, items, Resistance declarations, Ninja, Hermit and Cheerleader actions.

The hands live here, never in the events: every event is what the table sees.

>>> events, final = play_game(Header(("Aki", "Ben", "Chie", "Dan", "Emi")), seed=3)
>>> final.phase, len(final.scores)
('over', 3)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from functools import cache
from typing import TypeVar

from scoring.kings.cards import BERSERKER_NINE, game_data, sorted_deck
from scoring.kings.engine import (
    BIDS,
    DEVIL,
    DRAFT,
    FRONTS,
    OVER,
    Header,
    State,
    advance,
    back_kinds,
    bid_count,
    bid_pool,
    bid_targets,
    devil_chooser,
    devil_colors,
    draft_choices,
    draft_order,
    each_bid_kind,
    front_pool,
    front_sizes,
    in_play,
    legal,
    new_game,
    nine_choices,
    partner_choices,
    reveal_draws,
    tricks_per_round,
    turn_actions,
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
from scoring.kings.trick import declarations, king_fits

T = TypeVar("T")
PLACEHOLDER = {int(k): v for k, v in game_data()["bids"]["placeholder"].items()}

# Events and bids are immutable values, and simulated games make the same few over and over: each is
# made once (a frozen dataclass's __init__ costs several times the lookup).
_card_played = cache(CardPlayed)
_draft_pick = cache(DraftPick)
_bid = cache(Bid)


class _Random(random.Random):
    """``random.Random``: the same draws from the same seed, in fewer calls. Its ``choice``,
    ``shuffle``, ``randint`` and ``sample`` (of a small population) are most of a simulated game's
    draws; here each is the standard library's with its draw of an index below ``n``
    (``_randbelow``) written out, so a seeded game stays the same game.

    >>> ours, theirs, pool = _Random(7), random.Random(7), list(range(13))
    >>> all(ours.choice(pool[:n]) == theirs.choice(pool[:n]) for n in range(1, 13) for _ in range(50))
    True
    >>> all(ours.sample(pool[:n], k) == theirs.sample(pool[:n], k) for n in range(13) for k in range(n + 1))
    True
    >>> all(ours.randint(0, n) == theirs.randint(0, n) for n in range(9) for _ in range(50))
    True
    >>> a, b = list(range(40)), list(range(40))
    >>> ours.shuffle(a), theirs.shuffle(b), a == b, ours.random() == theirs.random()
    (None, None, True, True)
    """

    def _below(self, n: int) -> int:
        getrandbits = self.getrandbits
        k = n.bit_length()
        r = getrandbits(k)
        while r >= n:
            r = getrandbits(k)
        return r

    def choice(self, seq: Sequence[T]) -> T:
        n = len(seq)
        if not n:
            raise IndexError("Cannot choose from an empty sequence")
        getrandbits = self.getrandbits
        k = n.bit_length()
        r = getrandbits(k)
        while r >= n:
            r = getrandbits(k)
        return seq[r]

    def shuffle(self, x: list) -> None:
        getrandbits = self.getrandbits
        for i in reversed(range(1, len(x))):
            n = i + 1
            k = n.bit_length()
            j = getrandbits(k)
            while j >= n:
                j = getrandbits(k)
            x[i], x[j] = x[j], x[i]

    def sample(self, population: Sequence[T], k: int, *, counts: Iterable[int] | None = None) -> list[T]:
        n = len(population) if type(population) in (list, tuple) else -1
        # the standard library samples a population of up to 21 by the loop below (here a list or a
        # tuple); anything else is left to it
        if counts is not None or type(k) is not int or not 0 <= k <= n <= 21:
            return super().sample(population, k, counts=counts)
        if k == 1:  # the loop below, once
            return [population[self._below(n)]]
        getrandbits = self.getrandbits
        pool = list(population)
        result = []
        for i in range(k):
            m = n - i
            bits = m.bit_length()
            j = getrandbits(bits)
            while j >= m:
                j = getrandbits(bits)
            result.append(pool[j])
            pool[j] = pool[m - 1]
        return result

    def randint(self, a: int, b: int) -> int:
        if type(a) is not int or type(b) is not int or b < a:
            return super().randint(a, b)
        return a + self._below(b - a + 1)


class Table:
    """The hidden side of a simulated game: hands and the deck."""

    def __init__(self, game: Header, rng: random.Random) -> None:
        self.game = game
        self.rng = rng
        self.s = new_game(game)
        self.events: list[Event] = []
        self.hands: list[list[int]] = []
        self.deck: list[int] = []
        self.out: list[int] = []  # discarded face down by Gambler, Hermit and Berserker
        self.check: Callable[[Table], None] | None = None

    def do(self, event: Event) -> None:
        self.s = advance(self.s, event)  # chosen among the engine's lists: not checked again
        self.events.append(event)
        if self.check:
            self.check(self)

    def discard(self, p: int) -> None:
        card = self.rng.choice(self.hands[p])
        self.hands[p].remove(card)
        self.out.append(card)

    # --- draft ---------------------------------------------------------------------------------
    def draft(self) -> None:
        """Random picks among the engine's :func:`draft_choices`: a king when it must be one, else
        now and then; two players then contract a random undrafted coloured king to the Devil."""
        for p in draft_order(self.s):
            free_kings, chars = draft_choices(self.s)
            if not chars or (free_kings and self.rng.random() < 0.3):
                self.do(_draft_pick(p, self.rng.choice(free_kings)))  # a king
            else:
                self.do(_draft_pick(p, None, self.rng.choice(chars)))  # a character
        if self.game.two:
            self.do(DevilContracted(devil_chooser(self.s), self.rng.choice(devil_colors(self.s))))

    # --- a round -------------------------------------------------------------------------------
    def deal(self) -> None:
        n = len(self.game.players)
        cards = list(sorted_deck(n))
        self.rng.shuffle(cards)
        size = tricks_per_round(n)
        self.hands = [cards[i * size : (i + 1) * size] for i in range(n)]
        self.deck = cards[n * size :]
        self.out = []

    def fronts_and_bids(self) -> None:
        """The round's reveals, chosen among the engine's lists: each player's new fronts from
        :func:`front_pool` (as many as :func:`front_sizes` allows), the Berserker's black 9 to one of
        :func:`nine_choices` now and then, a Gambler's draws (:func:`reveal_draws`); then bid cards
        from :func:`bid_pool`, each bid of a kind :func:`bid_kinds` allows (now and then a Copy of
        one of :func:`bid_targets`), and a Cheerleader's partner among :func:`partner_choices`."""
        s, rng, n = self.s, self.rng, len(self.game.players)
        fronts = []
        sizes = front_sizes(s)
        for p in range(n):
            k = sizes[-1] if len(sizes) > 1 and rng.random() < 0.3 else sizes[0]
            fronts.append(tuple(rng.sample(front_pool(s, p), k)))
        takers, taker = nine_choices(s, fronts), None
        for p in range(n):
            if taker is None and p in takers and rng.random() < 0.7:
                taker = p
                self.hands[p].append(BERSERKER_NINE)
                card = rng.choice(self.hands[p][:-1])
                self.hands[p].remove(card)
                self.out.append(card)
            for k in reveal_draws(in_play(s, p, fronts[p])):
                self.hands[p] += self.deck[:k]
                del self.deck[:k]
                for _ in range(k):
                    self.discard(p)
        self.do(FrontsRevealed(tuple(fronts), tuple([p == taker for p in range(n)])))
        assert self.s.phase == BIDS
        s = self.s
        cards: list[tuple[str, ...]] = []
        bids: list[list[Bid] | None] = [None] * n
        for p in range(n):
            pool, count = bid_pool(s, p), bid_count(s, p)
            # the cards are the engine's; 3–5 players draw even for the one card left in round 3, as
            # this simulator always has, so that a seeded game stays the same game
            mine = tuple(pool) if count == len(pool) and self.game.two else tuple(rng.sample(pool, count))
            cards.append(mine)
            row: list[Bid] = []
            for i, c in enumerate(mine):
                kind = next(each_bid_kind(s, p, c, bids, first=i == 0))  # tricks where the back allows
                if kind == "tricks":
                    t = rng.randint(0, 3)
                    row.append(_bid("tricks", t, PLACEHOLDER[t]))
                elif kind in ("copy", "bond"):
                    row.append(_bid(kind, other=rng.choice(bid_targets(s, p, kind, bids))))
                else:
                    row.append(_bid(kind))
            bids[p] = row
        for p in range(n):  # now and then a numbered bid becomes a Copy, where the engine allows one
            card = cards[p][0]
            # the die is rolled before asking whether the others' bids allow it (another's Copy of
            # this bid does not), as this simulator always has, so a seeded game stays the same game
            if (
                "copy" in back_kinds(card)
                and (targets := bid_targets(s, p, "copy", bids))
                and rng.random() < 0.1
                and "copy" in each_bid_kind(s, p, card, bids)
            ):
                bids[p][0] = _bid("copy", other=rng.choice(targets))
        partners = tuple(rng.choice(q) if (q := partner_choices(s, p)) else None for p in range(n))
        self.do(BidsRevealed(tuple(cards), tuple(tuple(r) for r in bids), partners))

    def turn(self) -> None:
        """Now and then one of the engine's :func:`turn_actions` (a Ninja's lead, a Hermit's draw,
        a Cheerleader's trade), then a random card of :func:`legal` for the hand."""
        s, rng = self.s, self.rng
        p = s.turns[0]
        fronts = s.fronts[p]
        actions = turn_actions(s)  # a Ninja's lead to themself changes none of the others
        if actions:
            if self.action(p, actions):
                return
            s = self.s
        hand = self.hands[p]
        c = rng.choice(legal(s, hand))  # the engine's must-follow, with the hand known
        items = s.items[p]
        sword = "kings_sword" in items and "kings_sword" not in s.items_used and rng.random() < 0.1
        use_king = s.king_round[p] is None and king_fits(c, s.kings[p], sword) and rng.random() < 0.15
        gift = "fairys_gift" in items and "fairys_gift" not in s.items_used and rng.random() < 0.1
        declare = None
        if "Resistance" in fronts and rng.random() < 0.3:
            options = declarations(c, sword)
            declare = rng.choice(options) if options else None
        hand.remove(c)
        self.do(_card_played(p, c, use_king, sword, declare, gift))

    def action(self, p: int, actions: list[Event]) -> bool:
        """Now and then one of ``actions`` (the engine's :func:`turn_actions` for ``p``): a Ninja's
        lead, then a Hermit's draw, then a Cheerleader's trade. True when a Ninja named another
        player, whose turn it is now."""
        rng = self.rng
        leads = [a for a in actions if isinstance(a, LeadNamed)]
        if leads and rng.random() < 0.2:
            lead = rng.choice(leads)
            self.do(lead)
            if lead.lead != p:
                return True
        by_kind = {type(a): a for a in actions}  # p's own actions: a Hermit's draw is HermitDrew(p)
        hermit = by_kind.get(HermitDrew)
        if hermit is not None and len(self.deck) >= 3 and rng.random() < 0.2:
            self.hands[p] += self.deck[:3]
            del self.deck[:3]
            for _ in range(3):
                self.discard(p)
            self.do(hermit)
        q = self.s.partners[p]
        cheer = by_kind.get(CheerExchanged)
        if cheer is not None and rng.random() < 0.2 and self.hands[q]:
            given = rng.choice(self.hands[p])
            self.hands[p].remove(given)
            self.hands[q].append(given)
            back = rng.choice(self.hands[q])
            self.hands[q].remove(back)
            self.hands[p].append(back)
            self.do(cheer)
        return False

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


def play_game(
    game: Header,
    seed: int | None = None,
    rng: random.Random | None = None,
    check: Callable[[Table], None] | None = None,
) -> tuple[list[Event], State]:
    """Play one complete game; ``check(table)`` is called after every event if given."""
    table = Table(game, rng or _Random(seed))
    table.check = check
    table.play()
    return table.events, table.s
