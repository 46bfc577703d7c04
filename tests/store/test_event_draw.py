"""A club night's draw and standings (issue 35): every player present seated once a round at a
table size the game allows, sitting out rotated, repeated meetings the fewest a round allows
(checked against every possible split on small tables), the same seed giving the same night."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.club.draw import DrawRefused, History, cost, draw_round, fewest_repeats, sizes, splits
from companion.club.event_points import SAT_OUT, event_standings, table_points
from scoring.registry import games

NAMES = [f"P{i:02}" for i in range(40)]
GAMES = {g.id: (g.best_players, g.players) for g in games()}


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(sorted(GAMES)), st.data(), st.integers(1, 5), st.integers(0, 2**32), st.booleans())
def test_every_player_present_sits_once_a_round_at_a_size_the_game_allows(game, data, rounds, seed, swiss):
    best, allowed = GAMES[game]
    count = data.draw(st.integers(min(allowed), 40))
    present = NAMES[:count]
    history = History()
    order = list(present)
    for r in range(1, rounds + 1):
        draw = draw_round(
            present, best, allowed, seed=seed, round=r, history=history, how="swiss" if swiss else "mix", order=order
        )
        seated = [p for t in draw.tables for p in t]
        assert sorted(seated + list(draw.out)) == sorted(present)  # each exactly once
        assert all(len(t) in allowed for t in draw.tables)
        shape, out = sizes(count, best, allowed)
        assert len(draw.out) == out and sorted(map(len, draw.tables), reverse=True) == list(shape)
        if not out:  # a split that fits everyone leaves nobody out
            assert not draw.out
        history.add(draw)
    # sitting out is rotated: nobody sits out twice before everyone has sat out once
    counts = [history.sat_out[p] for p in present]
    assert max(counts) - min(counts) <= 1


def test_the_best_size_is_preferred_and_the_fewest_sit_out():
    assert sizes(13, (4, 5), (2, 4, 5)) == ((5, 4, 4), 0)  # KINGs: never a table of two when 4s and 5s fit
    assert sizes(7, (4, 5), (2, 4, 5)) == ((5, 2), 0)  # no split of 4s and 5s: a two-player table, nobody out
    assert sizes(10, (3,), (3,)) == ((3, 3, 3), 1)  # Sheriff is three players: one sits out
    assert sizes(20, (4, 5), (2, 3, 4, 5, 6, 7)) == ((5, 5, 5, 5), 0)
    assert sizes(6, (3, 4), (3, 4)) == ((3, 3), 0)
    with pytest.raises(DrawRefused):
        sizes(2, (3,), (3,))


def test_the_same_seed_draws_the_same_night_and_another_seed_another():
    def night(seed):
        history, tables = History(), []
        for r in range(1, 4):
            draw = draw_round(NAMES[:17], (4, 5), (2, 4, 5), seed=seed, round=r, history=history)
            history.add(draw)
            tables.append(draw)
        return tables

    assert night(35) == night(35)
    assert night(35) != night(36)


@pytest.mark.parametrize(
    ("count", "best", "rounds"),
    [(6, (3,), 4), (7, (3, 4), 4), (8, (4,), 4), (9, (3,), 4), (10, (5,), 3)],
)
def test_each_round_of_a_mix_draw_is_the_cheapest_split_there_is(count, best, rounds):
    """Brute force: with few players every split of the round is tried, and none repeats fewer
    earlier meetings than the draw's."""
    present = NAMES[:count]
    history = History()
    for r in range(1, rounds + 1):
        draw = draw_round(present, best, best, seed=3, round=r, history=history)
        shape, _ = sizes(count, best, best)
        seated = [p for t in draw.tables for p in t]
        fewest = min(cost(split, history.met) for split in splits(seated, shape))
        assert cost(draw.tables, history.met) == fewest
        history.add(draw)


def test_nine_players_in_threes_meet_everyone_once_in_four_rounds():
    """Kirkman's schoolgirls in small: 9 players at 3 tables of 3 can meet all 8 others, once each,
    in 4 rounds, and the draw finds it."""
    history = History()
    for r in range(1, 5):
        history.add(draw_round(NAMES[:9], (3,), (3,), seed=1, round=r, history=history))
    assert history.repeats() == 0 == fewest_repeats(9, 3, 4)
    assert len(history.met) == 36  # every pair of the nine


def test_a_hundred_players_meet_nobody_twice_in_six_rounds_of_five():
    history = History()
    for r in range(1, 7):
        history.add(draw_round([f"Q{i}" for i in range(100)], (5,), (5,), seed=9, round=r, history=history))
    assert history.repeats() <= fewest_repeats(100, 5, 6) + 5


def test_a_swiss_round_seats_the_leaders_together():
    present = NAMES[:12]
    order = list(reversed(present))  # the standings: P11 leads
    draw = draw_round(present, (4,), (4,), seed=5, round=2, how="swiss", order=order)
    assert [sorted(t) for t in draw.tables] == [sorted(order[0:4]), sorted(order[4:8]), sorted(order[8:12])]


def test_a_name_twice_is_refused():
    with pytest.raises(DrawRefused):
        draw_round(["Aki", "Ben", "Aki"], (3,), (3,), seed=1, round=1)


def test_a_table_of_five_gives_its_winner_what_a_table_of_three_does():
    assert table_points({"A": 1, "B": 2, "C": 3, "D": 4, "E": 5}) == {"A": 10, "B": 7.5, "C": 5, "D": 2.5, "E": 0}
    assert table_points({"A": 1, "B": 2, "C": 3}) == {"A": 10, "B": 5, "C": 0}
    assert table_points({"A": 1, "B": 2, "C": 2, "D": 4}) == {"A": 10, "B": 5, "C": 5, "D": 0}  # 6.67 and 3.33 shared


@given(st.lists(st.integers(1, 5), min_size=2, max_size=7))
def test_a_tables_points_always_add_up_to_half_the_top_per_player(raw):
    """Whatever the ties, a table hands out the same total: 5 points a player on average."""
    ranks = sorted(raw)
    # ranks as a table gives them: a tie shares the rank of its first place
    ranked = [next(i for i, r in enumerate(ranks, start=1) if r == x) for x in ranks]
    points = table_points({f"p{i}": r for i, r in enumerate(ranked)})
    assert sum(points.values()) == pytest.approx(SAT_OUT * len(ranks), abs=0.005 * len(ranks))  # each rounded


def test_the_event_standings_add_the_rounds_and_break_ties_by_wins():
    rounds = [
        ([{"Aki": 1, "Ben": 2, "Chie": 3}, {"Dan": 1, "Emi": 2, "Fumi": 3, "Gen": 4}], []),
        ([{"Ben": 1, "Dan": 2, "Gen": 3}, {"Aki": 1, "Chie": 2, "Emi": 3}], ["Fumi"]),
    ]
    lines = event_standings(["Aki", "Ben", "Chie", "Dan", "Emi", "Fumi", "Gen"], rounds)
    table = [(s.player, s.rank, s.points, s.wins) for s in lines]
    assert table[:3] == [("Aki", 1, 20.0, 2), ("Ben", 2, 15.0, 1), ("Dan", 2, 15.0, 1)]  # equal: one rank
    fumi = next(s for s in lines if s.player == "Fumi")
    assert fumi.rounds == (3.33, SAT_OUT) and fumi.points == 8.33


def test_the_brute_force_lists_every_split_once():
    """10 players at two tables of 5: 126 splits; 7 at a table of 4 and one of 3: 35."""
    assert sum(1 for _ in splits(NAMES[:10], (5, 5))) == 126
    assert sum(1 for _ in splits(NAMES[:9], (3, 3, 3))) == 280
    assert sum(1 for _ in splits(NAMES[:7], (4, 3))) == 35
    assert list(itertools.islice(splits(NAMES[:4], (2, 2)), 3)) == [
        [["P00", "P01"], ["P02", "P03"]],
        [["P00", "P02"], ["P01", "P03"]],
        [["P00", "P03"], ["P01", "P02"]],
    ]
