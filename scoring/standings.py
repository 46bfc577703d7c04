"""Final standings: totals ranked best first, ties broken by an ordered chain that explains itself.

Every game ranks the same way; only its totals, its direction (Trickster: lowest wins) and its
chain of tie-breaks differ.

>>> import scoring.kings.words  # KINGs' words: its tie-break, "lower king number"
>>> from scoring.words import Fact, say
>>> chain = [TieBreak(Fact("kings.tie.king_number"), {"Aki": 1, "Ben": 2}.get)]
>>> table = rank({"Aki": 7, "Ben": 7}, lower_wins=True, chain=chain)
>>> [(s.player, s.rank) for s in table.places]
[('Aki', 1), ('Ben', 2)]
>>> say(table.tiebreaks[0]), say(table.tiebreaks[0], "ja")
('Aki wins the tie on 7 against Ben: lower king number, 1 against 2.', \
'7点でBenと同点のAkiが勝ち：キングナンバーが小さい（1対2）。')
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace

from scoring.words import Fact, Words, joined, say, words

words(
    "tie",
    {
        "won": "{winner} wins the tie on {total} against {loser}: {label}, {won} against {lost}.",
        "broken": "Tie on {total} between {group}, broken by {label}: {listed}.",
        "still": "{players} are still tied.",
        "shared": "{players} are still tied after every tie-break and share the rank.",
        # a tie-break while the game goes on
        "so_far": "So far (the game goes on): {line}",
        # the players of a tie: "Aki, Ben and Chie" / "Aki・Ben・Chie"
        "players": lambda v, lang: joined(v["items"], lang, "tie.players"),
        "players.joint": ", ",
        "players.last": "{rest} and {last}",
    },
)


@dataclass(frozen=True)
class TieBreak:
    """One link of a tie-break chain: a per-player number, and whether less of it is better."""

    label: Words
    key: Callable[[str], float | int | None]
    lower_wins: bool = True


@dataclass(frozen=True)
class Standing:
    player: str
    rank: int
    total: int
    rounds: tuple[int, ...] = ()

    def as_json(self) -> dict:
        return {"player": self.player, "rank": self.rank, "total": self.total, "rounds": list(self.rounds)}


@dataclass(frozen=True)
class Standings:
    """The standings best first, and one sentence for every tie the chain had to break."""

    places: tuple[Standing, ...]
    #: one fact for every tie the chain broke (``scoring.words.say`` tells it in a language)
    tiebreaks: tuple[Words, ...] = ()

    def as_json(self) -> dict:
        return {"standings": [s.as_json() for s in self.places], "tiebreaks": [say(t) for t in self.tiebreaks]}

    def winners(self) -> list[str]:
        return [s.player for s in self.places if s.rank == 1]

    def tiebreaks_in(self, lang: str) -> tuple[str, ...]:
        """The tie-break sentences in ``lang``."""
        return tuple(say(t, lang) for t in self.tiebreaks)


def _split(group: list[str], link: TieBreak) -> list[list[str]]:
    """Partition a tied group by one link, best first; players without a value go last."""

    def sort_key(p: str) -> tuple[int, float]:
        value = link.key(p)
        if value is None:
            return (1, 0.0)
        return (0, value if link.lower_wins else -value)

    ordered = sorted(group, key=sort_key)
    parts: list[list[str]] = []
    for p in ordered:
        if parts and sort_key(parts[-1][0]) == sort_key(p):
            parts[-1].append(p)
        else:
            parts.append([p])
    return parts


def _explain(total: int, group: list[str], parts: list[list[str]], link: TieBreak) -> Fact:
    values = {p: link.key(p) for p in group}
    if len(group) == 2 and len(parts) == 2:
        winner, loser = parts[0][0], parts[1][0]
        return Fact(
            "tie.won", winner=winner, loser=loser, total=total, label=link.label, won=values[winner], lost=values[loser]
        )
    scores = ", ".join(f"{p} {values[p]}" for part in parts for p in part)
    still = [part for part in parts if len(part) > 1]
    broken = Fact("tie.broken", total=total, group=_players(group), label=link.label, listed=scores)
    if not still:
        return broken
    return Fact("sentences", items=(broken, Fact("tie.still", players=_players(still[0]))))


def _players(players: list[str]) -> Fact:
    return Fact("tie.players", items=tuple(players))


def rank(
    totals: Mapping[str, int],
    *,
    lower_wins: bool,
    chain: Sequence[TieBreak] = (),
    rounds: Mapping[str, Sequence[int]] | None = None,
) -> Standings:
    """Rank players by total, then by each link of the chain in order, explaining each split.

    Players still level after the whole chain share a rank (competition ranking: 1, 1, 3).
    Players are listed in the order of ``totals`` where nothing else separates them.
    """
    seat = {p: i for i, p in enumerate(totals)}
    by_total = sorted(totals, key=lambda p: (totals[p] if lower_wins else -totals[p], seat[p]))
    groups: list[list[str]] = []
    for p in by_total:
        if groups and totals[groups[-1][0]] == totals[p]:
            groups[-1].append(p)
        else:
            groups.append([p])

    notes: list[Fact] = []
    final: list[list[str]] = []
    for group in groups:
        pending = [group]
        for link in chain:
            split: list[list[str]] = []
            for tied in pending:
                parts = _split(tied, link) if len(tied) > 1 else [tied]
                if len(parts) > 1:
                    notes.append(_explain(totals[tied[0]], tied, parts, link))
                split.extend(parts)
            pending = split
        if chain and any(len(t) > 1 for t in pending):
            for tied in pending:
                if len(tied) > 1:
                    notes.append(Fact("tie.shared", players=_players(tied)))
        final.extend(pending)

    standings: list[Standing] = []
    place = 1
    for tied in final:
        for p in tied:
            standings.append(Standing(p, place, totals[p], tuple((rounds or {}).get(p, ()))))
        place += len(tied)
    return Standings(tuple(standings), tuple(notes))


@dataclass(frozen=True)
class Scored:
    """A record's standings, each round's score as its parts, and notes on unverified values."""

    standings: Standings
    #: each round's score as its parts, as facts (``scoring.words.say`` tells them in a language)
    details: list[Words] = field(default_factory=list)
    notes: list[Words] = field(default_factory=list)
    finished: bool = False  # the game is over: nothing more can be recorded

    def __post_init__(self) -> None:
        """While the game goes on, each tie-break says it holds so far: a tie broken by "the last
        round's" cards after round 2 of 3 names who leads the tie now, not who won it.

        >>> import scoring.kings.words
        >>> chain = [TieBreak(Fact("kings.tie.king_number"), {"Aki": 1, "Ben": 2}.get)]
        >>> going = Scored(rank({"Aki": 7, "Ben": 7}, lower_wins=True, chain=chain))
        >>> say(going.standings.tiebreaks[0]).startswith("So far (the game goes on): Aki wins the tie")
        True
        """
        if self.finished or not self.standings.tiebreaks:
            return
        so_far = tuple(
            t if isinstance(t, Fact) and t.key == "tie.so_far" else Fact("tie.so_far", line=t)
            for t in self.standings.tiebreaks
        )
        object.__setattr__(self, "standings", replace(self.standings, tiebreaks=so_far))
