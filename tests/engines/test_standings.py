"""``scoring.standings.rank``, the one ranking every game's standings go through, by small tables
whose places are plain to see: competition ranks (1, 1, 3), a player without a tie-break value
last, a three-way tie settled by one link, and only those still level told they share a place."""

from scoring.standings import TieBreak, rank
from scoring.words import say


def link(values: dict[str, int | None], lower_wins: bool = True) -> TieBreak:
    return TieBreak("king number", lambda p: values[p], lower_wins)


def places(standings) -> list[tuple[str, int]]:
    return [(s.player, s.rank) for s in standings.places]


def test_players_level_on_total_share_a_rank_and_the_next_rank_skips():
    standings = rank({"Aki": 10, "Ben": 30, "Chie": 30, "Dan": 5}, lower_wins=False)
    assert places(standings) == [("Ben", 1), ("Chie", 1), ("Aki", 3), ("Dan", 4)]


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
    assert "Ben 1, Chie 2, Aki 3" in say(note)


def test_after_a_split_only_the_players_still_level_share_a_place():
    """Issue 37's survivor (``len(tied) > 1`` read as ``>= 1``): Aki is split off; Ben and Chie
    stay level and share second; Aki is not told he shares anything."""
    standings = rank({"Aki": 7, "Ben": 7, "Chie": 7}, lower_wins=True, chain=[link({"Aki": 1, "Ben": 4, "Chie": 4})])
    assert places(standings) == [("Aki", 1), ("Ben", 2), ("Chie", 2)]
    said = [say(n) for n in standings.tiebreaks]
    shared = [line for line in said if "share" in line]
    assert len(shared) == 1 and "Ben" in shared[0] and "Chie" in shared[0] and "Aki" not in shared[0]
