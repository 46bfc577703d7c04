"""A club night's standings: points from each table's places, made equal across table sizes.

At a table of ``n`` players the one placed first scores 10 and the one placed last 0, the others
in even steps between: ``10 × (n − place) / (n − 1)``. So a win weighs the same at a table of
three as at a table of five, as match points do in duplicate bridge. Players tied for a place share
the points of the places they cover (two tied first at a table of three score 7.5 each). A round
sat out scores 5 once the round is over, the middle of the range, so a player the draw left out neither gains nor loses
against the field. A table counts once its game is over.

The event's standings order players by points, then by rounds won (first places, shared ones
too); players equal on both share a rank.

>>> table_points({"Aki": 1, "Ben": 2, "Chie": 3}), table_points({"Aki": 1, "Ben": 1, "Chie": 3})
({'Aki': 10.0, 'Ben': 5.0, 'Chie': 0.0}, {'Aki': 7.5, 'Ben': 7.5, 'Chie': 0.0})
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from companion.words import N_

#: how seats are drawn, as the event keeps it and as a table says it
DRAW_WORDS = {"mix": N_("mix"), "swiss": N_("Swiss")}

#: how the event's points are worked out, said under its standings wherever they are shown
FORMULA = N_(
    "Points: a table's first place scores 10 and its last 0, in even steps between, whatever the table's size; "
    "players tied for a place share its points; a round sat out scores 5 once it is over. Equal points: more rounds "
    "won first, then a shared rank."
)

TOP = 10.0  #: the points of a table's first place
SAT_OUT = TOP / 2  #: the points of a round sat out: the middle of the range


def shown_points(value: float | None) -> str:
    """Points as every surface writes them: ``7.5``, ``10``, ``–`` for a round not played (yet)."""
    return "–" if value is None else f"{value:g}"


def table_points(ranks: Mapping[str, int]) -> dict[str, float]:
    """Each player's points from their rank at one table (1 = first; tied players share a rank)."""
    n = len(ranks)
    if n < 2:
        return dict.fromkeys(ranks, TOP / 2)
    points = {}
    for player, rank in ranks.items():
        tied = sum(1 for r in ranks.values() if r == rank)
        places = range(rank, rank + tied)  # the places the tied players cover
        points[player] = round(sum(TOP * (n - p) / (n - 1) for p in places) / tied, 2)
    return points


@dataclass(frozen=True)
class EventStanding:
    """One player's line: rank, points, rounds won and each round's points (None: not played or
    the table not finished yet)."""

    player: str
    rank: int
    points: float
    wins: int
    rounds: tuple[float | None, ...]

    def as_json(self) -> dict:
        return {
            "player": self.player,
            "rank": self.rank,
            "points": self.points,
            "wins": self.wins,
            "rounds": list(self.rounds),
        }


def event_standings(
    players: Sequence[str], rounds: Sequence[tuple[Sequence[Mapping[str, int]], Sequence[str]]]
) -> list[EventStanding]:
    """The event's standings: ``rounds`` gives, per round, the ranks at each finished table and who
    sat out; a player of ``players`` found in neither scores nothing that round (not there yet, or
    the table still playing)."""
    per_round: dict[str, list[float | None]] = {p: [None] * len(rounds) for p in players}
    wins = dict.fromkeys(players, 0)
    for r, (tables, out) in enumerate(rounds):
        for ranks in tables:
            for player, points in table_points(ranks).items():
                per_round.setdefault(player, [None] * len(rounds))[r] = points
                wins[player] = wins.get(player, 0) + (ranks[player] == 1)
        for player in out:
            per_round.setdefault(player, [None] * len(rounds))[r] = SAT_OUT
    totals = {p: round(float(sum(x for x in pts if x is not None)), 2) for p, pts in per_round.items()}
    order = sorted(per_round, key=lambda p: (-totals[p], -wins.get(p, 0)))
    lines: list[EventStanding] = []
    for i, p in enumerate(order):
        before = lines[-1] if lines else None
        same = before is not None and (before.points, before.wins) == (totals[p], wins.get(p, 0))
        rank = before.rank if same and before else i + 1
        lines.append(EventStanding(p, rank, totals[p], wins.get(p, 0), tuple(per_round[p])))
    return lines
