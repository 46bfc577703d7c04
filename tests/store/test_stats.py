"""Statistics that respect each game: per game, per variant, per player, read from what is stored
with each finished session (standings, winners, header, date), in a real SQLite file."""

from __future__ import annotations

import json
import re
import sqlite3
from datetime import UTC, datetime, timedelta
from pathlib import Path
from unittest.mock import patch

import pytest
from rich.cells import cell_len
from sqlalchemy import event
from sqlmodel import select

from companion.club.season import season
from companion.club.stats import by_player, by_variant
from companion.store import players
from companion.store.database import SessionRow, Store
from companion.store.sessions import Sessions
from scoring.registry import get

ROOT = Path(__file__).resolve().parents[2]
DAY = datetime(2026, 3, 1, 20, 0, tzinfo=UTC)


def squeezed(line: str) -> str:
    """A statistics line with its alignment spaces taken out (the numbers are padded to line up)."""
    return re.sub(r"\s+", " ", line).replace("( ", "(").replace("（ ", "（").strip()


def example(game: str, name: str, **header) -> tuple[dict, list]:
    """The header and entries of ``examples/<game>/<name>.json``, with ``header`` set over it."""
    h, entries = get(game).split(json.loads((ROOT / "examples" / game / f"{name}.json").read_text()))
    return {**h, **header}, entries


def renamed(header: dict, entries: list, old: str, new: str) -> tuple[dict, list]:
    """The same game with ``old`` in the seat played under the name ``new``."""
    swap = json.dumps([header, entries]).replace(f'"{old}"', json.dumps(new))
    return tuple(json.loads(swap))


def phantom_history(sessions: Sessions) -> None:
    """Two Phantom variants, both played to 3 points: the base game twice, the 4th Person once."""
    target = {"settings": {"target": 3}}
    base = example("phantom", "base-4p", **target)  # Ben 4, Dan 3, Aki 2, Chie 1
    fourth = example("phantom", "fourth-person-3p", **target)  # Ben 3, Chie 2, Aki 0
    for k, (header, entries) in enumerate([base, fourth, base]):
        sessions.import_whole("phantom", header, entries, created_at=DAY + timedelta(days=7 * k))


def trickster_history(sessions: Sessions) -> None:
    """Two Trickster games: Aki 0 (a three-way tie for first) and Aki 5 (last)."""
    for k, name in enumerate(["scoresheet-4p", "scoresheet-5p-tiebreak"]):
        sessions.import_whole("trickster", *example("trickster", name), created_at=DAY + timedelta(days=k))


def test_trickster_calls_the_lowest_total_the_best(sessions):
    trickster_history(sessions)
    [plain] = by_variant(sessions, "trickster")
    assert plain.variant == "" and plain.title() == "Trickster" and plain.games == 2
    aki = {p.player: p for p in plain.players}["Aki"]
    assert (aki.played, aki.wins, aki.average, aki.best, aki.worst) == (2, 1, 2.5, 0, 5)
    dan = {p.player: p for p in plain.players}["Dan"]
    assert (dan.best, dan.worst) == (1, 3)  # Dan's 1 is his best, though higher is worse here


def test_a_shared_first_place_is_a_win_for_each_who_shares_it(sessions):
    trickster_history(sessions)
    wins = {p.player: (p.played, p.wins) for p in by_player(sessions, "trickster")}
    # scoresheet-4p: Aki, Ben and Chie share the rank after every tie-break; 5p: Chie alone
    assert wins == {"Aki": (2, 1), "Ben": (2, 1), "Chie": (2, 2), "Dan": (2, 0), "Emi": (1, 0)}


def test_the_phantom_variants_are_kept_apart(sessions):
    phantom_history(sessions)
    base, fourth = by_variant(sessions, "phantom")
    assert (base.variant, base.games) == ("target 3", 2)
    assert (fourth.variant, fourth.games) == ("The 4th Person, target 3", 1)
    assert fourth.title() == "Phantom (The 4th Person, target 3)"
    assert by_variant(sessions, "phantom", "ja")[1].title("ja") == "怪人 (4人目の人物、目標3点)"
    by_base = {p.player: (p.played, p.wins, p.average, p.best, p.worst) for p in base.players}
    assert by_base == {"Aki": (2, 0, 2.0, 2, 2), "Ben": (2, 2, 4.0, 4, 4), "Chie": (2, 0, 1.0, 1, 1),
                       "Dan": (2, 0, 3.0, 3, 3)}  # fmt: skip
    by_fourth = {p.player: (p.played, p.wins, p.average) for p in fourth.players}
    assert by_fourth == {"Aki": (1, 0, 0.0), "Ben": (1, 1, 3.0), "Chie": (1, 0, 2.0)}
    assert all(p.variant == "The 4th Person, target 3" for p in fourth.players)
    assert len(by_player(sessions, "phantom")) == 7  # one line per player per variant


def test_the_plain_game_comes_first_then_the_most_played(sessions):
    trickster_history(sessions)
    strategy = example("trickster", "scoresheet-4p", deck="strategy")
    for _ in range(3):
        sessions.import_whole("trickster", *strategy)
    sessions.import_whole("trickster", *example("trickster", "scoresheet-4p", settings={"trash_pick": "top"}))
    groups = by_variant(sessions, "trickster")
    assert [(g.title(), g.games) for g in groups] == [
        ("Trickster", 2),
        ("Trickster (Strategy deck)", 3),
        ("Trickster (top trash card only)", 1),
    ]
    assert sum(len(g.players) for g in groups) == len(by_player(sessions, "trickster")) == 5 + 4 + 4


def test_win_rates_are_exact(sessions):
    trickster_history(sessions)
    sessions.import_whole("trickster", *example("trickster", "scoresheet-4p"))  # Aki shares first again
    rates = {p.player: p.win_rate for p in by_player(sessions, "trickster")}
    assert rates["Aki"] == pytest.approx(200 / 3) and rates["Chie"] == 100.0
    assert rates["Dan"] == 0.0 and rates["Emi"] == 0.0
    aki = next(p for p in by_player(sessions, "trickster") if p.player == "Aki")
    assert (aki.wins, aki.played) == (2, 3) and f"{aki.win_rate:.0f}%" == "67%"


def test_the_stored_winners_count_over_the_ranks(sessions):
    trickster_history(sessions)
    with sessions.store.session() as s:  # as if the game's end had named Dan alone the winner
        row = s.exec(select(SessionRow).order_by(SessionRow.id)).first()
        row.winners = json.dumps(["Dan"])
        s.add(row)
        s.commit()
    wins = {p.player: p.wins for p in by_player(sessions, "trickster")}
    assert wins == {"Aki": 0, "Ben": 0, "Chie": 1, "Dan": 1, "Emi": 0}


def test_merged_players_count_under_the_name_they_go_by_now(sessions):
    trickster_history(sessions)
    sessions.import_whole("trickster", *renamed(*example("trickster", "scoresheet-4p"), "Aki", "Akiko"))
    sessions.import_whole("trickster", *renamed(*example("trickster", "scoresheet-4p"), "Ben", "Benji"))
    players.merge(sessions.store, "Akiko", "Aki")
    players.merge(sessions.store, "Benji", "Ben")
    players.rename(sessions.store, "Ben", "Benjamin")
    stats = {p.player: (p.played, p.wins) for p in by_player(sessions, "trickster")}
    assert stats == {"Aki": (4, 3), "Benjamin": (4, 3), "Chie": (4, 4), "Dan": (4, 0), "Emi": (1, 0)}


def test_the_days_are_those_the_finished_games_were_played(sessions):
    header, entries = example("trickster", "scoresheet-4p")
    with patch("companion.store.sessions.now", lambda: datetime(2026, 11, 1, 12, tzinfo=UTC)):  # imported today …
        sessions.import_whole("trickster", header, entries, created_at=datetime(2025, 6, 1, 21, tzinfo=UTC))
        sessions.import_whole("trickster", header, entries, created_at=datetime(2025, 9, 14, 19, tzinfo=UTC))
        sessions.create("trickster", header, created_at=datetime(2025, 1, 1, tzinfo=UTC))  # never finished
        others = renamed(header, entries, "Dan", "Emi")
        sessions.import_whole("trickster", *others, created_at=datetime(2025, 7, 4, 20, tzinfo=UTC))
    with sessions.store.session() as s:  # … and finished when it was imported
        assert {r.finished_at.date() for r in s.exec(select(SessionRow)) if r.finished_at} == {
            datetime(2026, 11, 1).date()
        }
    [plain] = by_variant(sessions, "trickster")
    assert plain.games == 3
    assert (plain.first.date(), plain.last.date()) == (datetime(2025, 6, 1).date(), datetime(2025, 9, 14).date())
    days = {p.player: (f"{p.first:%Y-%m-%d}", f"{p.last:%Y-%m-%d}") for p in plain.players}
    assert days["Aki"] == ("2025-06-01", "2025-09-14")
    assert days["Dan"] == ("2025-06-01", "2025-09-14") and days["Emi"] == ("2025-07-04", "2025-07-04")


def test_a_large_history_is_read_with_one_query_per_table(sessions):
    trickster_history(sessions)
    phantom_history(sessions)
    statements: list[str] = []

    def count(conn, cursor, statement, *args) -> None:
        if statement.lstrip().upper().startswith("SELECT"):
            statements.append(statement)

    event.listen(sessions.store.engine, "before_cursor_execute", count)
    try:
        by_variant(sessions, "trickster")
        few = len(statements)
        for _ in range(30):
            sessions.import_whole("trickster", *example("trickster", "scoresheet-4p"))
        statements.clear()
        assert by_variant(sessions, "trickster")[0].games == 32
    finally:
        event.remove(sessions.store.engine, "before_cursor_execute", count)
    assert len(statements) == few == 3  # the sessions, their seats, the players: never an entry
    assert not any("entries" in s for s in statements)


def test_no_finished_game_gives_no_statistics(sessions):
    sessions.create("phantom", example("phantom", "base-4p")[0])
    assert by_player(sessions, "phantom") == [] and by_variant(sessions, "phantom") == []


# --- the command line -----------------------------------------------------------------------------
def imported(run, folder: Path, game: str, name: str, **header) -> None:
    """``companion import`` of an example, with ``header`` set over its own."""
    record = json.loads((ROOT / "examples" / game / f"{name}.json").read_text())
    path = folder / f"{name}.json"
    path.write_text(json.dumps({**record, **header}))
    assert run("import", str(path))[0] == 0


def test_the_stats_command_has_a_variant_column_only_for_several_variants(run, tmp_path):
    for name in ("scoresheet-4p", "scoresheet-5p-tiebreak"):
        imported(run, tmp_path, "trickster", name)
    code, out, _ = run("stats", "trickster")
    lines = out.splitlines()
    assert code == 0 and lines[0].startswith("Trickster: 2 games, ")
    assert lines[2].split() == ["player", "played", "wins", "win%", "average", "best", "worst"]
    aki = next(line.split() for line in lines if line.startswith("Aki"))
    assert aki == ["Aki", "2", "1", "50%", "2.5", "0", "5"]
    for name in ("base-4p", "fourth-person-3p"):
        imported(run, tmp_path, "phantom", name, settings={"target": 3})
    code, out, _ = run("stats", "phantom")
    lines = out.splitlines()
    today = f"{datetime.now(UTC):%Y-%m-%d}"
    assert lines[:2] == [f"Phantom (target 3): 1 game, {today}", f"Phantom (The 4th Person, target 3): 1 game, {today}"]
    assert lines[3].split()[:2] == ["variant", "player"]
    assert lines[4].startswith("Phantom (target 3)") and lines[4].split()[-7:] == [
        "Aki",
        "1",
        "0",
        "0%",
        "2.0",
        "2",
        "2",
    ]
    assert lines[5].startswith(" ") and "Ben" in lines[5]  # the variant named once, on its first line
    assert any(line.startswith("Phantom (The 4th Pe…") for line in lines)  # cut to fit
    assert all(cell_len(line) <= 80 for line in lines)
    code, out, _ = run("--lang", "ja", "stats", "phantom")
    # its words in Japanese too, every line within 80 cells
    assert "怪人 (4人目の人物、目標3点)：1ゲーム" in out and all(cell_len(line) <= 80 for line in out.splitlines())


def test_the_stats_command_keeps_to_a_season(run, sessions):
    """A season's games alone, as ``companion ratings --season`` takes them: the days they were
    started on, both ends counted in (noon in Greenwich: the same day on every laptop's clock)."""
    for day, name in [
        ("2025-06-01", "scoresheet-4p"),
        ("2026-03-01", "scoresheet-5p-tiebreak"),
        ("2026-03-02", "scoresheet-4p"),
    ]:
        at = datetime.fromisoformat(f"{day}T12:00:00+00:00")
        sessions.import_whole("trickster", *example("trickster", name), created_at=at)
    code, out, _ = run("stats", "trickster", "--season", "2026")
    lines = out.splitlines()
    assert code == 0 and lines[0] == "Trickster: 2 games in the season 2026, 2026-03-01 to 2026-03-02"
    assert next(line.split() for line in lines if line.startswith("Aki")) == ["Aki", "2", "1", "50%", "2.5", "0", "5"]
    _, out, _ = run("stats", "trickster", "--season", "2025")
    assert out.splitlines()[0] == "Trickster: 1 game in the season 2025, 2025-06-01"
    assert next(line.split() for line in out.splitlines() if line.startswith("Aki")) == [
        "Aki",
        "1",
        "1",
        "100%",
        "0.0",
        "0",
        "0",
    ]
    _, out, _ = run("stats", "trickster", "--season", "2026-03-02..2026-12-31")
    assert out.splitlines()[0] == "Trickster: 1 game in the season 2026-03-02..2026-12-31, 2026-03-02"
    _, every, _ = run("stats", "trickster")
    assert every.splitlines()[0] == "Trickster: 3 games, 2025-06-01 to 2026-03-02"
    assert run("stats", "trickster", "--season", "2024") == (
        0,
        "No finished trickster sessions in the season 2024.\n",
        "",
    )
    assert run("stats", "trickster", "--season", "2026-03-10..2026-03-01") == (
        1,
        "",
        "The season '2026-03-10..2026-03-01' ends before it starts: put its first day first.\n",
    )
    code, _, err = run("--lang", "ja", "stats", "trickster", "--season", "spring")
    assert code == 1 and err.startswith("シーズン 'spring' が読めません")
    assert [v.games for v in by_variant(sessions, "trickster", season=season("2026"))] == [2]


def test_the_stats_command_without_a_finished_game(run):
    code, out, _ = run("stats", "louder")
    assert code == 0 and out == "No finished louder sessions yet.\n"


# --- the history screen -----------------------------------------------------------------------------
@pytest.mark.asyncio
@pytest.mark.parametrize("lang", ["en", "ja"])
async def test_the_history_screen_shows_a_heading_per_variant_and_a_line_per_player(tmp_path, lang):
    from screens.app import CompanionApp
    from screens.history import HistoryScreen

    url = f"sqlite:///{tmp_path / 'c.db'}"
    sessions = Sessions(Store(url))
    phantom_history(sessions)
    trickster_history(sessions)
    sessions.import_whole("trickster", *example("trickster", "scoresheet-4p"))
    with sqlite3.connect(tmp_path / "c.db") as conn:  # a name from before names had a limit (companion.store.names)
        conn.execute("UPDATE players SET name = ? WHERE name = 'Dan'", ("ながいなまえのプレイヤーさんのなまえ",))
    app = CompanionApp(url, lang)
    async with app.run_test(size=(80, 24)) as pilot:
        assert await app.store_open()
        await app.push_screen(HistoryScreen())
        for _ in range(50):
            await pilot.pause(0.05)
            text = str(app.screen.query_one("#stats").render())
            if "Trickster" in text or "トリックスター" in text:
                break
        lines = text.splitlines()
    if lang == "en":
        assert lines[0] == "Phantom (target 3): 2 games, 2026-03-01 to 2026-03-15"
        assert squeezed(lines[1]) == "Aki played 2 wins 0 (0%) average 2.0 best 2 worst 2"
        assert lines[5] == "Phantom (The 4th Person, target 3): 1 game, 2026-03-08"
        trickster = lines.index(f"Trickster: 3 games, 2026-03-01 to {datetime.now(UTC):%Y-%m-%d}")
        assert squeezed(lines[trickster + 1]) == "Aki played 3 wins 2 (67%) average 1.67 best 0 worst 5"
        player_lines = [
            line for line in lines if line.startswith("  ") and "ながい" not in line
        ]  # a long name takes room
        assert len({cell_len(line[: line.index("average")]) for line in player_lines}) == 1  # columns line up
    else:
        assert lines[0] == "怪人 (目標3点)：2ゲーム、2026-03-01〜2026-03-15"
        assert squeezed(lines[1]) == "Aki 2回 勝ち 0（0%） 平均 2.0 ベスト 2 ワースト 2"
        assert lines[5] == "怪人 (4人目の人物、目標3点)：1ゲーム、2026-03-08"
    long = next(line for line in lines if "ながい" in line)
    assert "ながいなまえ" in long and "なまえ…" not in long and "…" in long  # cut where the numbers need it
    assert all(cell_len(line) <= 78 for line in lines)  # 80 columns, a scroll bar's two left
