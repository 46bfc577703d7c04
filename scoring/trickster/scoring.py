"""Trouble points (§4.1) and the final standings with the suit tie-break chain (§4.2).

Both the trick-by-trick engine and the scoresheet come here with per-player suit counts, so a
round scores the same whichever way it was recorded.

>>> r = score_round([[2, 0, 0, 0, 1, 0, 0, 0], [0, 0, 0, 3, 0, 0, 0, 0], [0] * 8, [1] + [0] * 7])
>>> r.trouble, r.exempt[:4]
((0, 0, 0, 1), (0, None, None, 1))
"""

from __future__ import annotations

from collections.abc import Sequence

from scoring.standings import Standings, TieBreak, rank
from scoring.trickster.cards import suits
from scoring.trickster.state import RoundScore
from scoring.trickster.words import said, suit
from scoring.words import Fact


def score_round(counts: Sequence[Sequence[int]]) -> RoundScore:
    """Per player and suit tableau counts (hands already added) → sole majorities and trouble."""
    counts = tuple(map(tuple, counts))
    trouble = list(map(sum, counts))
    exempt: list[int | None] = []
    for column in zip(*counts, strict=True):  # each suit's counts, red first
        top = max(column)
        if top > 0 and column.count(top) == 1:
            p = column.index(top)
            exempt.append(p)
            trouble[p] -= top  # the sole majority's cards do not count
        else:
            exempt.append(None)
    return RoundScore(counts, tuple(exempt), tuple(trouble))


def explain_round(players: Sequence[str], r: RoundScore) -> list[Fact]:
    """One line per player: trouble points, and the suits where a sole majority exempts them
    (each as its count and suit)."""
    lines = []
    for p, who in enumerate(players):
        free = tuple((r.counts[p][s], s) for s in range(8) if r.exempt[s] == p)
        lines.append(said("trouble", player=who, points=r.trouble[p], free=free))
    return lines


def standings(players: Sequence[str], rounds: Sequence[RoundScore]) -> Standings:
    """Lowest total wins; ties go to the fewest red cards in the final round's tableau (exempt
    cards included), then orange, yellow, green, blue, purple, black, white."""
    totals = {p: sum(r.trouble[i] for r in rounds) for i, p in enumerate(players)}
    per_round = {p: [r.trouble[i] for r in rounds] for i, p in enumerate(players)}
    chain = []
    if rounds:
        final = rounds[-1]
        seat = {p: i for i, p in enumerate(players)}
        for s in suits():
            chain.append(
                TieBreak(
                    said("tiebreak", suit=suit(s.index)),
                    lambda p, s=s.index: final.counts[seat[p]][s],
                )
            )
    return rank(totals, lower_wins=True, chain=chain, rounds=per_round)
