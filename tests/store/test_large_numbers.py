"""Numbers too large for what holds them: a session id past the database's integers is no session;
a number of more than 4,300 digits (longer than Python reads) in a record, a header, an entry or a
backup is refused with its length; a BG Stats link too long for any QR code is said, not drawn."""

import json
import sqlite3
from pathlib import Path

import pytest

from companion.cli import main
from companion.store.backup import digest

ROOT = Path(__file__).resolve().parents[2]
SHERIFF = (ROOT / "examples/sheriff/scoresheet-3-deals.json").read_text()
HUGE = "9" * 5000


@pytest.fixture
def cli(tmp_path, capsys):
    url = f"sqlite:///{tmp_path / 'c.db'}"

    def run(*args: str, db: str = url) -> tuple[int, str, str]:
        code = main(["--db", db, *args])
        out = capsys.readouterr()
        assert "Traceback" not in out.err
        return code, out.out, out.err

    return run


@pytest.mark.parametrize("sid", [2**63, 2**63 + 12345, 10**40])
def test_a_session_id_past_the_databases_integers_is_no_session(cli, sid):
    assert cli("new", "sheriff", "Aki", "Ben", "Chie")[0] == 0
    for args in (
        ["show", str(sid)],
        ["record", str(sid), "bust"],
        ["undo", str(sid)],
        ["redo", str(sid)],
        ["edit", str(sid), "1", "bust"],
        ["export", str(sid)],
        ["export", str(sid), "--format", "bgg"],
        ["qr", str(sid)],
    ):
        code, _, err = cli(*args)
        assert (code, err) == (1, f"There is no session {sid}.\n"), args


def test_a_number_of_five_thousand_digits_is_refused_at_every_door(cli, tmp_path):
    said = "A number of 5,000 digits is far longer than any record holds (at most 4,300)."
    record = tmp_path / "r.json"
    record.write_text(SHERIFF.replace('"Q": 3', f'"Q": {HUGE}', 1))
    for args in (["score", str(record)], ["import", str(record)]):
        code, _, err = cli(*args)
        assert code == 1 and said in err, args
    code, _, err = cli("new", "trickster", "Aki", "Ben", "Chie", "--header", f'{{"deck": {HUGE}}}')
    assert code == 1 and said in err
    assert cli("new", "sheriff", "Aki", "Ben", "Chie")[0] == 0
    for entry in (f"sheet Aki=mayor:Q*{HUGE} Ben=sheriff:K Chie=robber:10 trump=spades", f'{{"trump": {HUGE}}}'):
        code, _, err = cli("record", "1", entry)
        assert code == 1 and said in err, entry
    code, _, err = cli("record", "1", f"Aki={HUGE}")
    assert code == 1 and "5,000 digits" in err
    backup = tmp_path / "b.json"
    assert cli("backup", str(backup))[0] == 0
    data = json.loads(backup.read_text())
    text = json.dumps(data).replace('"revision": 1', f'"revision": {HUGE}')
    data = json.loads(text[:0] + json.dumps({**data}))  # the same file, the number put in as text
    backup.write_text(text.replace(data["sha256"], digest(data)))
    code, _, err = cli("restore", str(backup), db=f"sqlite:///{tmp_path / 'new.db'}")
    assert code == 1 and "it holds a number of 5,000 digits. Nothing was restored." in err


def test_a_phantom_card_of_five_thousand_digits_is_no_card(cli, tmp_path):
    record = json.loads((ROOT / "examples/phantom/base-4p.json").read_text())
    record["rounds"][0]["halves"][0]["played"]["Aki"]["card"] = HUGE
    (tmp_path / "p.json").write_text(json.dumps(record))
    code, _, err = cli("import", str(tmp_path / "p.json"))
    assert code == 1 and "is not a card (2–10, or P for a Phantom)" in err


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_link_too_long_for_a_qr_code_is_said(cli, tmp_path, lang):
    assert cli("import", str(ROOT / "examples/sheriff/scoresheet-3-deals.json"))[0] == 0
    with sqlite3.connect(tmp_path / "c.db") as conn:  # three names of 1,500 characters: an older database
        for name in ("Aki", "Ben", "Chie"):
            long = name[0] * 1500
            for table, column in (("sessions", "header"), ("entries", "payload"), ("sessions", "standings")):
                conn.execute(f"UPDATE {table} SET {column} = REPLACE({column}, '\"{name}\"', '\"{long}\"')")
            conn.execute("UPDATE sessions SET winners = REPLACE(winners, ?, ?)", (f'"{name}"', f'"{long}"'))
            conn.execute("UPDATE players SET name = ? WHERE name = ?", (long, name))
    code, out, err = cli("--lang", lang, "qr", "1", "--url")
    assert code == 1 and out.startswith("https://app.bgstatsapp.com/createPlay.html?data=")  # the link itself
    if lang == "ja":
        assert "QRコードに入りません（QRコードは最大2,953バイト）" in err
    else:
        assert "too long for a QR code (the largest holds 2,953)" in err and "--url" in err
    code, _, err = cli("qr", "1", "--png", str(tmp_path / "qr.png"))
    assert code == 1 and "too long for a QR code" in err and not (tmp_path / "qr.png").exists()


@pytest.mark.asyncio
async def test_f6_says_a_link_too_long_for_a_qr_code_in_words(cli, tmp_path):
    """The same older database at the table: F6, then q says the link is too long for a QR code
    and how to get it (b shows it, s saves it), never 'could not handle that (ValueError …)'."""
    from screens.app import CompanionApp
    from screens.export import ExportScreen
    from tests.app.pilot import quiet

    assert cli("import", str(ROOT / "examples/sheriff/scoresheet-3-deals.json"))[0] == 0
    with sqlite3.connect(tmp_path / "c.db") as conn:
        for name in ("Aki", "Ben", "Chie"):
            long = name[0] * 1500
            for table, column in (("sessions", "header"), ("entries", "payload"), ("sessions", "standings")):
                conn.execute(f"UPDATE {table} SET {column} = REPLACE({column}, '\"{name}\"', '\"{long}\"')")
            conn.execute("UPDATE sessions SET winners = REPLACE(winners, ?, ?)", (f'"{name}"', f'"{long}"'))
            conn.execute("UPDATE players SET name = ? WHERE name = ?", (long, name))
    app = CompanionApp(f"sqlite:///{tmp_path / 'c.db'}")
    async with app.run_test(size=(80, 24)) as pilot:
        assert await app.store_open()
        await app.push_screen(ExportScreen(1))
        await pilot.pause()
        await pilot.press("q")
        await quiet(pilot)
        shown = str(app.screen.query_one("#output").render())
        assert "too long for a QR code (the largest holds 2,953)" in shown and "press b" in shown
        assert "could not handle" not in shown
