"""A club's ratings per game, league table, head-to-head and player's page, read from the finished
games in a real SQLite file and (COMPANION_TEST_PG) on a real PostgreSQL server: the ratings are
openskill's Plackett–Luce ratings of the standings, the same as the library gives when a small
league is rated by hand, and after an undo, an edit, a merge or a restore exactly what rating the
record from scratch gives."""

from __future__ import annotations

import json
import os
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from openskill.models import PlackettLuce
from sqlmodel import select

from companion.club.head_to_head import head_to_head
from companion.club.player_page import UnknownPlayer, page
from companion.club.ratings import league, pools, rate
from companion.club.results import people, read, record
from companion.club.season import season
from companion.store import players
from companion.store.backup import backup, restore
from companion.store.database import EntryRow, Store
from companion.store.sessions import Sessions
from companion.store.settings import AppSettings, config_path
from scoring.registry import get
from tests.pg import emptied

ROOT = Path(__file__).resolve().parents[2]
PG = os.environ.get("COMPANION_TEST_PG")
DAY = datetime(2026, 3, 1, 11, 0, tzinfo=UTC)  # 20:00 in Tokyo, a club night
WEEK = timedelta(days=7)
SUITS = ("red", "orange", "yellow", "green", "blue", "purple", "black", "white")


@pytest.fixture(
    params=[
        "sqlite",
        pytest.param(
            "postgres",
            marks=[
                pytest.mark.skipif(not PG, reason="COMPANION_TEST_PG is not set (CI sets it to a real server)"),
                pytest.mark.xdist_group("postgres"),  # one database, emptied by each test: one worker at a time
            ],
        ),
    ]
)
def club(request, tmp_path) -> Sessions:
    """A club's history on a real SQLite file, or on the PostgreSQL server, emptied first."""
    if request.param == "sqlite":
        return Sessions(Store(f"sqlite:///{tmp_path / 'club.db'}"))
    return Sessions(Store(emptied(PG)))


@pytest.fixture
def tokyo():
    """The laptop's clock in Tokyo (UTC+9), as a club there keeps it."""
    before = os.environ.get("TZ")
    os.environ["TZ"] = "Asia/Tokyo"
    time.tzset()
    yield
    if before is None:
        del os.environ["TZ"]
    else:
        os.environ["TZ"] = before
    time.tzset()


def trickster(*places: str | tuple[str, ...], **header) -> tuple[dict, list]:
    """A finished three-round Trickster scoresheet whose standings come out as ``places`` say, best
    first (a tuple of names shares its place): the winner's tableau holds the sole majority of every
    suit, so their cards are exempt; each other player holds one card of a suit per player placed
    before them, and so scores that many (players sharing a place hold the same cards and tie on
    every tie-break)."""
    groups = [p if isinstance(p, tuple) else (p,) for p in places]
    tableau, before = {}, 0
    for group in groups:
        for name in group:
            tableau[name] = {SUITS[s]: 1 for s in range(before)}
        before += len(group)
    tableau[groups[0][0]] = {SUITS[s]: 2 for s in range(before - 1)}
    record = {"game": "trickster", "players": [n for g in groups for n in g], **header}
    record["rounds"] = [{"tableau": tableau}, {"tableau": {}}, {"tableau": {}}]
    return get("trickster").split(record)


def example(game: str, name: str) -> tuple[dict, list]:
    return get(game).split(json.loads((ROOT / "examples" / game / f"{name}.json").read_text()))


def small_league(club: Sessions) -> None:
    """Four Trickster nights. The last is imported first (the lowest id): the games are rated in
    the order they were played, not stored. The second and third were started the same minute:
    the one stored first is rated first."""
    club.import_whole("trickster", *trickster("Chie", "Aki"), created_at=DAY + 3 * WEEK)
    club.import_whole("trickster", *trickster("Aki", "Ben", "Chie"), created_at=DAY)
    club.import_whole("trickster", *trickster("Ben", ("Chie", "Dan"), "Aki"), created_at=DAY + WEEK)
    club.import_whole(
        "trickster", *example("trickster", "scoresheet-4p"), created_at=DAY + WEEK
    )  # Aki, Ben, Chie share first


def from_scratch(sessions: Sessions, game: str = "trickster", **kw) -> dict:
    """The game's ratings with nothing kept: the record read whole, every game rated in order."""
    apart = kw.pop("apart", False)
    return rate(read(sessions, game, **kw).results, apart)


def test_a_small_league_is_rated_as_openskill_rates_it_by_hand(club):
    small_league(club)
    model = PlackettLuce()
    aki, ben, chie, dan = (model.rating() for _ in range(4))
    after = []  # Aki's rating after each of his games
    [aki], [ben], [chie] = model.rate([[aki], [ben], [chie]], ranks=[1, 2, 3])
    after.append(aki)
    [ben], [chie], [dan], [aki] = model.rate([[ben], [chie], [dan], [aki]], ranks=[1, 2, 2, 4])
    after.append(aki)
    [aki], [ben], [chie], [dan] = model.rate([[aki], [ben], [chie], [dan]], ranks=[1, 1, 1, 4])
    after.append(aki)
    [chie], [aki] = model.rate([[chie], [aki]], ranks=[1, 2])
    after.append(aki)

    [table] = league(club, "trickster")
    assert table.games == 4 and table.variant is None and table.title() == "Trickster"
    lines = [(line.place, line.player, line.rating.mu, line.rating.sigma, line.games) for line in table.lines]
    assert lines == [
        (1, "Ben", ben.mu, ben.sigma, 3),
        (2, "Chie", chie.mu, chie.sigma, 4),
        (3, "Aki", aki.mu, aki.sigma, 4),
        (4, "Dan", dan.mu, dan.sigma, 2),
    ]
    # ordered by the ordinal (mu - 3 sigma): Dan's two games leave him less sure of than Aki, though his mu is higher
    assert [round(line.rating.ordinal, 2) for line in table.lines] == [4.71, 1.81, -0.40, -0.52]
    assert [line.rating.ordinal for line in table.lines] == [r.ordinal() for r in (ben, chie, aki, dan)]
    assert [line.last for line in table.lines] == [DAY + WEEK, DAY + 3 * WEEK, DAY + 3 * WEEK, DAY + WEEK]
    _, person = people(club.store)
    history = pools(club, "trickster")[None].steps(person["Aki"])
    assert [(s.rank, s.players, s.rating.mu, s.rating.sigma) for s in history] == [
        (1, 3, after[0].mu, after[0].sigma),
        (4, 4, after[1].mu, after[1].sigma),
        (1, 4, after[2].mu, after[2].sigma),
        (2, 2, after[3].mu, after[3].sigma),
    ]
    assert [s.played for s in history] == [DAY, DAY + WEEK, DAY + WEEK, DAY + 3 * WEEK]


def test_players_who_share_a_place_share_the_rating_change(club):
    club.import_whole("trickster", *trickster(("Aki", "Ben"), "Chie"), created_at=DAY)
    [table] = league(club, "trickster")
    aki, ben, chie = table.lines
    assert (aki.place, ben.place, chie.place) == (1, 1, 3)  # equal ratings share a place
    assert aki.rating == ben.rating and aki.rating.mu > 25 > chie.rating.mu
    [[a], [_], [c]] = PlackettLuce().rate([[PlackettLuce().rating()] for _ in range(3)], ranks=[1, 1, 3])
    assert (aki.rating.mu, chie.rating.mu) == (a.mu, c.mu)


def test_an_unfinished_game_is_not_rated(club):
    club.import_whole("trickster", *trickster("Aki", "Ben"), created_at=DAY)
    header, entries = trickster("Ben", "Aki")
    club.import_whole("trickster", header, entries[:2], created_at=DAY + WEEK)  # two rounds of three
    [table] = league(club, "trickster")
    assert table.games == 1 and [line.player for line in table.lines] == ["Aki", "Ben"]
    assert league(club, "sheriff") == []


def played_live(club: Sessions, header: dict, entries: list, when: datetime) -> int:
    """A game recorded round by round at the table, its last entry finishing it."""
    sid = club.create("trickster", header, created_at=when)
    live = club.open(sid)
    for entry in entries:
        live = club.append(live, entry)
    assert club.info(sid).finished
    return sid


def test_one_new_finished_game_is_rated_on_top_exactly_as_from_scratch(club):
    small_league(club)
    before = record(club, "trickster")
    kept = pools(club, "trickster")[None]
    played_live(club, *trickster("Dan", "Ben"), DAY + 4 * WEEK)
    after = record(club, "trickster")
    assert len(after.results) == 5 and all(a is b for a, b in zip(after.results, before.results, strict=False))
    now = pools(club, "trickster")[None]
    _, person = people(club.store)
    assert now.history[person["Aki"]] is kept.history[person["Aki"]]  # Aki did not play: his history is the one kept
    assert pools(club, "trickster") == from_scratch(club)
    assert now.games == 5 and now.played[person["Dan"]] == 3


def test_a_game_started_before_the_last_rated_one_is_rated_in_its_place(club):
    small_league(club)
    pools(club, "trickster")
    # a second table started at 19:00 on the last night and finished after the first table's game
    played_live(club, *trickster("Dan", "Ben", "Aki"), DAY + 3 * WEEK - timedelta(hours=1))
    assert [r.played for r in record(club, "trickster").results][-2:] == [
        DAY + 3 * WEEK - timedelta(hours=1),
        DAY + 3 * WEEK,
    ]
    assert pools(club, "trickster") == from_scratch(club)


def test_undoing_a_finished_games_last_entry_takes_it_out_of_the_ratings(club):
    small_league(club)
    sid = played_live(club, *trickster("Dan", "Aki", "Ben"), DAY + 4 * WEEK)
    rated = pools(club, "trickster")
    club.undo(club.open(sid))
    assert not club.info(sid).finished
    assert pools(club, "trickster") == from_scratch(club) != rated
    assert league(club, "trickster")[0].games == 4
    club.redo(club.open(sid))
    assert pools(club, "trickster") == from_scratch(club) == rated


def test_an_edited_round_of_a_finished_game_is_rated_again_from_the_start(club):
    small_league(club)
    first = record(club, "trickster").results[0].sid
    rated = pools(club, "trickster")
    _, rounds = trickster("Chie", "Ben", "Aki")  # the first night's first round was miswritten: Chie won it
    club.replace(club.open(first), 0, rounds[0])
    assert pools(club, "trickster") == from_scratch(club) != rated
    step = pools(club, "trickster")[None].steps(people(club.store)[1]["Chie"])[0]
    assert (step.sid, step.rank) == (first, 1)


def test_merged_names_are_rated_as_one_player(club):
    small_league(club)
    club.import_whole("trickster", *trickster("Akiko", "Ben"), created_at=DAY + 4 * WEEK)
    club.import_whole("trickster", *trickster("Ben", "Akiko", "Aki"), created_at=DAY + 5 * WEEK)  # both at one table
    rated = pools(club, "trickster")
    players.merge(club.store, "Akiko", "Aki")
    assert pools(club, "trickster") == from_scratch(club) != rated
    [table] = league(club, "trickster")
    lines = {line.player: line for line in table.lines}
    assert "Akiko" not in lines and lines["Aki"].games == 6  # the last night counts once, at Akiko's second place
    aki = pools(club, "trickster")[None].steps(lines["Aki"].person)
    assert [(s.rank, s.players) for s in aki[-2:]] == [(1, 2), (2, 2)]
    assert table.games == 6


def test_a_restored_backup_is_rated_as_the_history_it_came_from(club, tmp_path):
    small_league(club)
    players.merge(club.store, "Dan", "Ben")
    rated = pools(club, "trickster")
    backup(club.store, tmp_path / "club.backup.json")
    into = Sessions(Store(f"sqlite:///{tmp_path / 'restored.db'}"))
    assert pools(into, "trickster") == {}  # looked at while still empty
    restore(into.store, (tmp_path / "club.backup.json").read_bytes())
    assert pools(into, "trickster") == from_scratch(into) == rated
    assert league(into, "trickster") == league(club, "trickster")


def test_a_season_rates_only_its_own_games(club, tokyo):
    new_year = datetime(2025, 12, 31, 15, 30, tzinfo=UTC)  # 00:30 on 1 January 2026 in Tokyo
    club.import_whole("trickster", *trickster("Ben", "Aki"), created_at=new_year - timedelta(hours=1))  # 2025
    club.import_whole("trickster", *trickster("Aki", "Ben"), created_at=new_year)
    club.import_whole("trickster", *trickster("Chie", "Aki"), created_at=datetime(2026, 12, 31, 14, 0, tzinfo=UTC))
    club.import_whole("trickster", *trickster("Chie", "Ben"), created_at=datetime(2026, 12, 31, 15, 0, tzinfo=UTC))
    [year] = league(club, "trickster", season("2026"))
    assert year.games == 2 and {line.player: line.games for line in year.lines} == {"Aki": 2, "Ben": 1, "Chie": 1}
    [ever] = league(club, "trickster")
    assert ever.games == 4
    assert pools(club, "trickster", season("2026")) == from_scratch(club, season=season("2026"))
    [spring] = league(club, "trickster", season("2025-12-01..2026-01-01"))
    assert spring.games == 2
    assert league(club, "trickster", season("2024")) == []


def test_variants_are_rated_together_or_apart(club):
    four = ("Aki", "Ben", "Chie", "Dan")
    club.import_whole("trickster", *trickster(*four), created_at=DAY)
    club.import_whole("trickster", *trickster(*four[::-1], deck="strategy"), created_at=DAY + WEEK)
    club.import_whole("trickster", *trickster(*four[1:], "Emi", deck="strategy"), created_at=DAY + 2 * WEEK)
    club.import_whole("trickster", *trickster("Aki", "Ben", "Chie"), created_at=DAY + 3 * WEEK)  # three play Timeline
    [together] = league(club, "trickster")
    assert together.games == 4 and together.variant is None
    plain, strategy, timeline = league(club, "trickster", apart=True)
    assert (plain.title(), plain.games) == ("Trickster", 1)
    assert (strategy.title(), strategy.games) == ("Trickster (Strategy deck)", 2)
    assert (timeline.title(), timeline.games) == ("Trickster (Timeline)", 1)
    assert [line.player for line in plain.lines] == ["Aki", "Ben", "Chie", "Dan"]
    assert [line.player for line in strategy.lines][-1] == "Aki"
    assert league(club, "trickster", apart=True, lang="ja")[1].title("ja") == "トリックスター (戦略デッキ)"
    assert pools(club, "trickster", apart=True) == from_scratch(club, apart=True)


def test_head_to_head_counts_who_finished_ahead(club):
    small_league(club)
    _, person = people(club.store)
    rivals = {r.name: (r.games, r.ahead, r.behind, r.tied) for r in head_to_head(club, "trickster", person["Aki"])}
    # Aki: ahead of Ben and Chie on the first night, behind everyone on the second, level with Ben and
    # Chie and ahead of Dan on the third, behind Chie on the fourth
    assert rivals == {"Chie": (4, 1, 2, 1), "Ben": (3, 1, 1, 1), "Dan": (2, 1, 1, 0)}
    dan = {r.name: (r.games, r.ahead, r.behind, r.tied) for r in head_to_head(club, "trickster", person["Dan"])}
    assert dan == {"Aki": (2, 1, 1, 0), "Ben": (2, 0, 2, 0), "Chie": (2, 0, 1, 1)}
    assert head_to_head(club, "trickster", person["Aki"], season("2025")) == []


def test_a_players_page_holds_games_wins_ratings_time_and_head_to_head(club):
    small_league(club)
    sid = played_live(club, *trickster("Aki", "Ben", deck="strategy"), DAY + 4 * WEEK)
    club.import_whole("sheriff", *example("sheriff", "scoresheet-3-deals"), created_at=DAY)  # Aki 9, Ben 8, Chie 6
    with club.store.session() as s:  # recorded at the table: its last round entered 95 minutes after the start
        for k, row in enumerate(s.exec(select(EntryRow).where(EntryRow.session_id == sid).order_by(EntryRow.seq))):
            row.created_at = DAY + 4 * WEEK + timedelta(minutes=(10, 40, 95)[k])
            s.add(row)
        s.commit()
    aki = page(club, "Aki")
    assert (aki.player, aki.games, aki.wins, aki.seconds, aki.untimed) == ("Aki", 6, 4, 95 * 60, 5)
    played = [(p.game, p.variant, p.games, p.wins, p.best, p.worst, p.seconds, p.untimed) for p in aki.played]
    assert played == [  # in Trickster the lowest total is the best; two or three players play the Timeline variant
        ("trickster", "", 2, 1, 0, 3, 0, 2),
        ("trickster", "Timeline", 2, 1, 0, 1, 0, 2),
        ("trickster", "Strategy deck, Timeline", 1, 1, 0, 0, 95 * 60, 0),
        ("sheriff", "", 1, 1, 9, 9, 0, 1),
    ]
    [trick, sheriff] = aki.ratings
    assert (trick.game, trick.variant, trick.games, trick.of) == ("trickster", None, 5, 4)
    assert trick.rating == trick.history[-1].rating and len(trick.history) == 5
    assert (sheriff.game, sheriff.place, sheriff.of, sheriff.games) == ("sheriff", 1, 3, 1)
    assert [game for game, _ in aki.rivals] == ["trickster", "sheriff"]
    assert {r.name: r.games for r in aki.rivals[0][1]} == {"Chie": 4, "Ben": 4, "Dan": 2}
    apart = page(club, "Aki", apart=True, lang="ja")
    assert [(r.variant, r.games) for r in apart.ratings] == [
        ("", 2),
        ("タイムライン", 2),
        ("戦略デッキ、タイムライン", 1),
        ("", 1),
    ]
    assert page(club, "Aki", season("2025")).played == ()
    with pytest.raises(UnknownPlayer):
        page(club, "Zed")


def test_the_rate_variants_setting_is_saved_and_backed_up(tmp_path, sessions):
    AppSettings(language="ja", rate_variants="apart").save()
    assert json.loads(config_path().read_text()) == {"language": "ja", "keymap": {}, "rate_variants": "apart"}
    backup(sessions.store, tmp_path / "club.backup.json")
    config_path().unlink()
    restore(Store(f"sqlite:///{tmp_path / 'restored.db'}"), (tmp_path / "club.backup.json").read_bytes())
    assert AppSettings.load().rate_variants == "apart"
    AppSettings(language="en").save()  # the default is not written: a file saved before it existed reads the same
    assert json.loads(config_path().read_text()) == {"language": "en", "keymap": {}}
    assert AppSettings.load().rate_variants == "together"


# --- the command line ------------------------------------------------------------------------------


@pytest.fixture
def league_night(sessions, tokyo):
    """The small league in the history the ``run`` fixture's commands read."""
    small_league(sessions)
    return sessions


def test_companion_ratings_prints_the_league_table(run, league_night):
    code, out, err = run("ratings", "trickster")
    assert (code, err) == (0, "")
    assert out.splitlines() == [
        "Trickster: 4 games rated (every season)",
        "place  player  rating      mu   sigma   games  last played",
        "    1  Ben       4.71   28.47    7.92       3  2026-03-08",
        "    2  Chie      1.81   24.75    7.64       4  2026-03-22",
        "    3  Aki      -0.40   22.78    7.73       4  2026-03-22",
        "    4  Dan      -0.52   23.79    8.10       2  2026-03-08",
    ]
    code, out, _ = run("--lang", "ja", "ratings", "trickster", "--season", "2026")
    assert out.splitlines()[:3] == [
        "トリックスター：4ゲームをレーティング（シーズン 2026年）",
        " 順位  プレイヤー  レーティング       μ       σ  ゲーム数  最後の対戦",
        "    1  Ben                 4.71   28.47    7.92         3  2026-03-08",
    ]
    code, out, _ = run("ratings", "trickster", "--season", "2025")
    assert out == "No finished Trickster games of 2 to 7 players to rate in the season 2025.\n"


def test_companion_ratings_json_gives_every_figure(run, league_night):
    code, out, _ = run("ratings", "trickster", "--json", "--season", "2026-03-01..2026-03-10")
    assert code == 0
    data = json.loads(out)
    assert data["season"] == {"first": "2026-03-01", "last": "2026-03-10"} and data["variants"] == "together"
    [table] = data["tables"]
    assert table["games"] == 3 and [p["player"] for p in table["players"]] == ["Ben", "Aki", "Dan", "Chie"]
    ben = table["players"][0]
    assert set(ben) == {"place", "player", "ordinal", "mu", "sigma", "games", "last_played"}
    assert ben["ordinal"] == pytest.approx(ben["mu"] - 3 * ben["sigma"])


def test_a_season_that_does_not_read_is_refused_in_table_words(run, league_night):
    assert run("ratings", "trickster", "--season", "2026-09-30..2026-04-01") == (
        1,
        "",
        "The season '2026-09-30..2026-04-01' ends before it starts: put its first day first.\n",
    )
    code, _, err = run("--lang", "ja", "player", "Aki", "--season", "spring")
    assert code == 1 and err.startswith("シーズン 'spring' が読めません")


def test_companion_player_prints_the_players_page(run, league_night):
    code, out, err = run("player", "Dan")
    assert (code, err) == (0, "")
    assert out.splitlines() == [
        "Dan — 2 games, 0 wins, time played unknown (every season)",
        "",
        "Games",
        "game       games   wins   best  worst  time played",
        "Trickster      2      0      1      1  —",
        "",
        "Ratings",
        "Trickster: -0.52 (mu 23.79, sigma 8.10), 4 of 4, 2 games rated",
        "  after each game (all 2; --json gives every one):",
        "  2026-03-08  rank 2 of 4  0.17 (mu 24.69, sigma 8.17)",
        "  2026-03-08  rank 4 of 4  -0.52 (mu 23.79, sigma 8.10)",
        "",
        "Head-to-head: Trickster",
        "opponent   games   ahead  behind    tied",
        "Aki            2       1       1       0",
        "Ben            2       0       2       0",
        "Chie           2       0       1       1",
    ]
    code, out, _ = run("--lang", "ja", "player", "Dan")
    assert out.splitlines()[0] == "Dan — 2ゲーム、0勝、プレイ時間は不明（全シーズン）"
    assert "対戦成績：トリックスター" in out.splitlines()
    code, out, _ = run("player", "Aki", "--json")
    data = json.loads(out)
    assert (data["games"], data["wins"]) == (4, 2) and len(data["ratings"][0]["history"]) == 4
    assert data["head_to_head"][0]["opponents"][0] == {"player": "Chie", "games": 4, "ahead": 1, "behind": 2, "tied": 1}
    assert run("player", "Zed") == (1, "", "No player called 'Zed': companion players lists them.\n")


def test_the_rate_variants_setting_rates_them_apart(run, sessions, tmp_path, monkeypatch):
    sessions.import_whole("trickster", *trickster("Aki", "Ben", "Chie", "Dan"), created_at=DAY)
    sessions.import_whole("trickster", *trickster("Ben", "Aki", "Dan", "Chie", deck="strategy"), created_at=DAY + WEEK)
    settings = tmp_path / "settings.json"
    monkeypatch.setenv("COMPANION_CONFIG", str(settings))
    settings.write_text('{"language": "en", "keymap": {}, "rate_variants": "apart"}')
    _, out, _ = run("ratings", "trickster")
    titles = [line for line in out.splitlines() if "rated" in line]
    assert titles == [
        "Trickster: 1 game rated (every season, variants rated apart)",
        "Trickster (Strategy deck): 1 game rated (every season, variants rated apart)",
    ]
    _, out, _ = run("ratings", "trickster", "--variants", "together")
    assert out.splitlines()[0] == "Trickster: 2 games rated (every season)"
    settings.write_text('{"language": "en", "keymap": {}, "rate_variants": "sometimes"}')
    _, out, err = run("ratings", "trickster")
    assert out.splitlines()[0] == "Trickster: 2 games rated (every season)"
    assert "its rate_variants 'sometimes' is neither together nor apart" in err
