"""A player's name is checked the same at every door (``new``, the new-game screen, ``import``,
``players rename``, ``restore``): at most 16 cells, so seven names fit the table screen's heading
at 80 columns; plain visible text, no invisible character that makes one name look like another;
and no new name that reads the same as a player already here (case, width, an invisible mark)."""

import json
from pathlib import Path

import pytest

from companion.cli import main
from companion.store import players
from companion.store.backup import digest
from companion.store.database import Store
from companion.store.names import MAX_NAME_CELLS
from companion.store.sessions import Sessions
from scoring.errors import RuleViolation

ROOT = Path(__file__).resolve().parents[2]
SHERIFF = json.loads((ROOT / "examples/sheriff/scoresheet-3-deals.json").read_text())


def cli(capsys, url: str, *args: str) -> tuple[int, str, str]:
    code = main(["--db", url, *args])
    out = capsys.readouterr()
    assert "Traceback" not in out.err
    return code, out.out, out.err


def test_a_name_of_ten_thousand_characters_is_refused_at_every_door(tmp_path, capsys):
    url = f"sqlite:///{tmp_path / 'c.db'}"
    long = "A" * 10_000
    code, _, err = cli(capsys, url, "new", "sheriff", long, "Ben", "Chie")
    assert code == 1 and "is 10000 cells wide; a name takes at most 16" in err and len(err) < 400
    code, _, err = cli(capsys, url, "--lang", "ja", "new", "sheriff", long, "Ben", "Chie")
    assert code == 1 and "長すぎます（10000桁）" in err
    record = tmp_path / "long.json"
    record.write_text(json.dumps(SHERIFF).replace('"Chie"', f'"{"C" * 17}"'))
    code, _, err = cli(capsys, url, "import", str(record))
    assert code == 1 and "is 17 cells wide" in err
    assert cli(capsys, url, "new", "sheriff", "Aki", "Ben", "Chie")[0] == 0
    code, _, err = cli(capsys, url, "players", "rename", "Chie", "C" * 17)
    assert code == 1 and "is 17 cells wide" in err
    code, out, _ = cli(capsys, url, "players")
    assert out.split() == ["Aki", "Ben", "Chie"]


def test_a_name_of_sixteen_cells_is_welcome_in_either_script(tmp_path):
    sessions = Sessions(Store(f"sqlite:///{tmp_path / 'c.db'}"))
    sessions.create("sheriff", {"players": ["Alexandra Smithe", "佐藤　花子さん", "Ben"]})  # 16 and 14 cells
    with pytest.raises(RuleViolation, match="at most 16"):
        sessions.create("sheriff", {"players": ["やまもとたろうさん", "Ben", "Chie"]})  # 9 characters: 18 cells


@pytest.mark.parametrize(
    ("name", "words"),
    [
        ("A\u200bki", "invisible character (U+200B ZERO WIDTH SPACE)"),
        ("A\u200dki", "invisible character (U+200D ZERO WIDTH JOINER)"),  # joins no emoji
        ("Aki\u00ad", "U+00AD SOFT HYPHEN"),
        ("Ak\u3164i", "U+3164 HANGUL FILLER"),
        ("Aki\ufe0f", "U+FE0F"),
        ("A\u2028ki", "U+2028 LINE SEPARATOR"),
        ("\u2066Aki", "U+2066"),
        ("Aki\x1b[2J", "U+001B"),
        ("Aki ", "starts or ends with a space"),
        ("Ａｋｉ", "looks the same as the player 'Aki' already here"),
        ("aki", "looks the same as the player 'Aki' already here"),
        ("AKI", "looks the same as the player 'Aki' already here"),
    ],
)
def test_a_look_alike_of_aki_is_refused_and_says_why(tmp_path, capsys, name, words):
    url = f"sqlite:///{tmp_path / 'c.db'}"
    assert cli(capsys, url, "new", "sheriff", "Aki", "Ben", "Chie")[0] == 0
    code, _, err = cli(capsys, url, "new", "sheriff", name, "Ben", "Dan")
    assert code == 1 and words in err and "\x1b" not in err
    code, _, err = cli(capsys, url, "players", "rename", "Ben", name)
    assert code == 1 and (words in err or "looks the same" in err or "already a player" in err)
    assert cli(capsys, url, "sessions")[1].count("\n") == 1  # nothing was stored


def test_two_look_alikes_in_one_game_are_refused(tmp_path):
    sessions = Sessions(Store(f"sqlite:///{tmp_path / 'c.db'}"))
    with pytest.raises(RuleViolation, match=r"The names 'José' and 'Jos.*' look the same"):
        sessions.create("sheriff", {"players": ["José", "Jose\u0301", "Ben"]})  # one precomposed, one not
    with pytest.raises(RuleViolation, match="look the same"):
        sessions.create("phantom", {"players": ["Aki", "Ben", "ben", "Dan"]})


def test_emoji_japanese_and_accented_names_pass(tmp_path):
    sessions = Sessions(Store(f"sqlite:///{tmp_path / 'c.db'}"))
    names = ["👩\u200d👧", "❤\ufe0f", "佐藤　花子", "Zoë"]  # a joined emoji, a coloured heart, a full-width space
    sid = sessions.create("phantom", {"players": names})
    assert sessions.info(sid).players == tuple(names)


def test_the_same_person_may_be_renamed_in_another_case(tmp_path):
    sessions = Sessions(Store(f"sqlite:///{tmp_path / 'c.db'}"))
    sessions.create("sheriff", {"players": ["aki", "Ben", "Chie"]})
    players.rename(sessions.store, "aki", "Aki")  # the same person, written better
    with pytest.raises(RuleViolation, match="looks the same as the player 'Aki'"):
        players.rename(sessions.store, "Ben", "AKI")
    assert players.names(sessions.store) == ["Aki", "Ben", "Chie"]


@pytest.mark.parametrize(
    ("name", "words"),
    [
        ("X\x1b]0;PWNED\x07Y", "invisible character (U+001B"),
        ("A\u200bki", "U+200B"),
        ("C" * 40, "is 40 cells wide"),
    ],
)
def test_restore_checks_names_as_every_other_door(tmp_path, capsys, name, words):
    source = f"sqlite:///{tmp_path / 'a.db'}"
    assert cli(capsys, source, "new", "sheriff", "Aki", "Ben", "Chie")[0] == 0
    backup = tmp_path / "b.json"
    assert cli(capsys, source, "backup", str(backup))[0] == 0
    data = json.loads(backup.read_text())
    data["players"][2]["name"] = name  # as an older or a hand-made backup may hold it
    data["sessions"][0]["header"] = json.dumps({"players": ["Aki", "Ben", name]})
    data["sha256"] = digest(data)
    backup.write_text(json.dumps(data))
    target = f"sqlite:///{tmp_path / 'b.db'}"
    code, out, err = cli(capsys, target, "restore", str(backup))
    assert code == 1 and out == "" and words in err and "Nothing was restored" in err and "\x1b" not in err
    assert cli(capsys, target, "sessions")[1] == "No sessions yet.\n"


def test_a_backup_of_a_name_restore_would_refuse_says_so_while_it_can_be_renamed(tmp_path, capsys):
    import sqlite3

    url = f"sqlite:///{tmp_path / 'a.db'}"
    assert cli(capsys, url, "new", "sheriff", "Aki", "Ben", "Chie")[0] == 0
    with sqlite3.connect(tmp_path / "a.db") as conn:  # a database from before names had a limit
        conn.execute("UPDATE players SET name = ? WHERE name = 'Chie'", ("Chie" * 10,))
    code, out, err = cli(capsys, url, "backup", str(tmp_path / "b.json"))
    assert code == 1 and out.startswith("Wrote 1 session and 3 players")
    assert "A restore of this backup will be refused" in err and "companion players rename" in err


async def heading_rows(tmp_path, names: list[str], lang: str) -> int:
    from screens.app import CompanionApp
    from screens.session import SessionScreen
    from tests.app.pilot import quiet

    url = f"sqlite:///{tmp_path / f'{lang}.db'}"
    sid = Sessions(Store(url)).create("trickster", {"players": names, "deck": "strategy"})
    app = CompanionApp(url, lang)
    async with app.run_test(size=(80, 24)) as pilot:
        assert await app.store_open()
        await app.push_screen(SessionScreen(sid))
        await quiet(pilot)
        return app.screen.query_one("#heading").region.height


@pytest.mark.asyncio
@pytest.mark.parametrize("lang", ["en", "ja"])
async def test_seven_names_of_the_longest_fit_the_tables_heading_at_80_columns(tmp_path, lang):
    if lang == "ja":  # eight Japanese characters, two cells each
        names = [f"{chr(0x3042 + 2 * k)}いうえおかきく" for k in range(7)]
    else:
        names = [f"{chr(65 + k)}lexandra Smithe" for k in range(7)]
    assert all(len(n) * (2 if lang == "ja" else 1) == MAX_NAME_CELLS for n in names)
    # the session, "Trickster: Champions of Time (Strategy deck)", seven names and the entries: three rows
    assert await heading_rows(tmp_path, names, lang) <= 3
