"""``scoring.standings.rank``, the one ranking every game's standings go through, by small tables
whose places are plain to see: competition ranks (1, 1, 3), a player without a tie-break value
last, a three-way tie settled by one link, and only those still level told they share a place."""

from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.standings import TieBreak, rank
from scoring.words import say


def link(values: dict[str, int | None], lower_wins: bool = True) -> TieBreak:
    return TieBreak("king number", lambda p: values[p], lower_wins)


def places(standings) -> list[tuple[str, int]]:
    return [(s.player, s.rank) for s in standings.places]


def test_players_level_on_total_share_a_rank_and_the_next_rank_skips():
    standings = rank({"Aki": 10, "Ben": 30, "Chie": 30, "Dan": 5}, lower_wins=False)
    assert places(standings) == [("Ben", 1), ("Chie", 1), ("Aki", 3), ("Dan", 4)]
    assert standings.winners() == ["Ben", "Chie"] and standings.tiebreaks == ()  # no chain: nothing to tell
    assert standings.as_json() == {
        "standings": [
            {"player": "Ben", "rank": 1, "total": 30, "rounds": []},
            {"player": "Chie", "rank": 1, "total": 30, "rounds": []},
            {"player": "Aki", "rank": 3, "total": 10, "rounds": []},
            {"player": "Dan", "rank": 4, "total": 5, "rounds": []},
        ],
        "tiebreaks": [],
    }
    alone = rank({"Aki": 1, "Ben": 2}, lower_wins=True, rounds={"Aki": [1], "Ben": [2]})
    assert alone.winners() == ["Aki"] and alone.as_json()["standings"][0]["rounds"] == [1]


def test_a_tie_the_chain_cannot_break_is_told_shared_and_nothing_else():
    standings = rank({"Aki": 5, "Ben": 5}, lower_wins=True, chain=[link({"Aki": 2, "Ben": 2})])
    assert places(standings) == [("Aki", 1), ("Ben", 1)]
    assert [say(n) for n in standings.tiebreaks] == [
        "Aki and Ben are still tied after every tie-break and share the rank."
    ]


def test_a_tied_player_without_a_tie_break_value_goes_last_whichever_way_the_link_runs():
    """Issue 37's survivor (``(0, value)`` read as ``(1, value)``): a KINGs player who showed no
    king number cannot win the tie, when less wins as when more wins."""
    for lower_wins in (True, False):
        standings = rank({"Aki": 20, "Ben": 20}, lower_wins=False, chain=[link({"Aki": None, "Ben": 5}, lower_wins)])
        assert places(standings) == [("Ben", 1), ("Aki", 2)], lower_wins


def test_a_three_way_tie_settled_by_one_link_says_how():
    """Issue 37's survivor (the note of a split that settles everyone left out)."""
    standings = rank({"Aki": 7, "Ben": 7, "Chie": 7}, lower_wins=True, chain=[link({"Aki": 3, "Ben": 1, "Chie": 2})])
    assert places(standings) == [("Ben", 1), ("Chie", 2), ("Aki", 3)]
    (note,) = standings.tiebreaks
    assert say(note) == "Tie on 7 between Aki, Ben and Chie, broken by king number: Ben 1, Chie 2, Aki 3."
    assert standings.tiebreaks_in("ja") == (say(note, "ja"),) and say(note, "ja") != say(note)


def test_after_a_split_only_the_players_still_level_share_a_place():
    """Issue 37's survivor (``len(tied) > 1`` read as ``>= 1``): Aki is split off; Ben and Chie
    stay level and share second; Aki is not told he shares anything."""
    standings = rank({"Aki": 7, "Ben": 7, "Chie": 7}, lower_wins=True, chain=[link({"Aki": 1, "Ben": 4, "Chie": 4})])
    assert places(standings) == [("Aki", 1), ("Ben", 2), ("Chie", 2)]
    said = [say(n) for n in standings.tiebreaks]
    assert said[0] == (
        "Tie on 7 between Aki, Ben and Chie, broken by king number: Aki 1, Ben 4, Chie 4. Ben and Chie are still tied."
    )
    shared = [line for line in said if "share" in line]
    assert len(shared) == 1 and "Ben" in shared[0] and "Chie" in shared[0] and "Aki" not in shared[0]


# --- properties, over any table -----------------------------------------------------------------

NAMES = ["Aki", "Ben", "Chie", "Dan", "Emi", "Fumi", "Gen"]
TABLES = st.lists(st.integers(-50, 50), min_size=1, max_size=7).map(lambda t: dict(zip(NAMES, t, strict=False)))
VALUES = st.lists(st.one_of(st.none(), st.integers(0, 5)), min_size=7, max_size=7).map(
    lambda v: dict(zip(NAMES, v, strict=True))
)


@settings(max_examples=200, deadline=None, derandomize=True)
@given(TABLES, st.booleans(), VALUES, st.booleans(), st.randoms(use_true_random=False))
def test_ranks_follow_totals_then_the_chain_whatever_the_seats(totals, lower_wins, values, less_is_better, rnd):
    """Each rank is one more than the players strictly ahead (1, 1, 3); reseating the table changes
    no one's rank; a player with no tie-break value is never ahead of one tied with them who has
    one; nobody tied on total ends ahead of someone whose value the link prefers."""
    chain = [link(values, less_is_better)]
    standings = rank(totals, lower_wins=lower_wins, chain=chain)
    ranks = {s.player: s.rank for s in standings.places}
    assert sorted(ranks) == sorted(totals) and [s.rank for s in standings.places] == sorted(ranks.values())

    def ahead(a: str, b: str) -> bool:  # a strictly better than b, by total then by the link
        if totals[a] != totals[b]:
            return totals[a] < totals[b] if lower_wins else totals[a] > totals[b]
        va, vb = values[a], values[b]
        if va is None or vb is None:
            return va is not None and vb is None
        return va < vb if less_is_better else va > vb

    for p in totals:
        assert ranks[p] == 1 + sum(1 for q in totals if ahead(q, p)), (p, ranks)
    seats = list(totals)
    rnd.shuffle(seats)
    reseated = rank({p: totals[p] for p in seats}, lower_wins=lower_wins, chain=chain)
    assert {s.player: s.rank for s in reseated.places} == ranks


@settings(max_examples=200, deadline=None, derandomize=True)
@given(TABLES, st.booleans(), st.integers(1, 20))
def test_scoring_more_never_costs_a_place(totals, lower_wins, more):
    """Monotonic: a player whose total moves the better way never ends lower in the standings."""
    player = next(iter(totals))
    before = {s.player: s.rank for s in rank(totals, lower_wins=lower_wins).places}[player]
    better = {**totals, player: totals[player] + (-more if lower_wins else more)}
    after = {s.player: s.rank for s in rank(better, lower_wins=lower_wins).places}[player]
    assert after <= before
