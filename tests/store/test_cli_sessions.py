"""The session commands, as a table uses them; bad databases give a sentence, never a traceback."""

import json
from pathlib import Path

from companion.cli import main

ROOT = Path(__file__).resolve().parents[2]
DEALS = json.loads((ROOT / "examples/sheriff/scoresheet-3-deals.json").read_text())["deals"]


def test_a_session_from_the_command_line(run, tmp_path, monkeypatch):
    code, out, _ = run("new", "sheriff", "Aki", "Ben", "Chie")
    assert code == 0 and out.strip() == "1"
    for deal in DEALS[:2]:
        assert run("record", "1", json.dumps(deal))[0] == 0
    code, _, err = run("record", "1", json.dumps({"roles": {"Aki": "mayor"}}))
    assert code == 1 and "exactly one player" in err and "rule: sheriff.roles" in err
    assert run("undo", "1")[1].startswith("undo: ")
    assert run("redo", "1")[1].startswith("redo: ")
    code, out, _ = run("record", "1", json.dumps(DEALS[2]))
    assert "The game is over." in out
    code, out, _ = run("sessions")
    assert "Sheriff" in out and "finished" in out and "Aki, Ben, Chie" in out
    code, out, _ = run("show", "1")
    assert "Aki (Mayor): 3 Queen(s) + 2 Jack(s)" in out
    for fmt in ("json", "csv", "md", "bgstats", "bgg"):
        assert run("export", "1", "--format", fmt)[0] == 0
    target = tmp_path / "s.json"
    assert run("export", "1", "-o", str(target))[0] == 0
    code, out, _ = run("import", str(target))
    assert code == 1 or "Imported" in out  # the same uid is refused in the same database
    monkeypatch.setenv("COLUMNS", "80")
    monkeypatch.setenv("LINES", "24")
    code, out, _ = run("qr", "1", "--url")  # 80×24: too small to draw it, and it says so
    assert code == 0 and "https://app.bgstatsapp.com/createPlay.html?data=" in out and "█" not in out
    # 93 modules and a quiet zone of 4 each side, two rows of modules a line, the note and the prompt
    assert "needs a terminal of at least 101×54; this one is 80×24" in out and "--png" in out
    monkeypatch.setenv("COLUMNS", "120")
    monkeypatch.setenv("LINES", "60")
    code, out, _ = run("qr", "1")
    assert code == 0 and "█" in out and "Drawn without colours (the output is not a terminal)" in out
    code, out, _ = run("qr", "1", "--png", str(tmp_path / "qr.png"))
    assert code == 0 and (tmp_path / "qr.png").read_bytes().startswith(b"\x89PNG")


def test_rules_and_the_arbiter(run):
    code, out, _ = run("rules", "kings", "ties")
    assert code == 0 and "the one played later wins" in out
    code, out, _ = run("rules", "trickster", "bust", "--lang", "ja")
    assert "ドボン" in out
    code, _, err = run("rules", "sheriff", "zeppelin")
    assert code == 1 and "No rule mentions" in err
    code, out, _ = run("arbiter", "kings", "r9:samurai", "k9")
    assert "as strong as" in out and "Player 1 wins" in out
    code, out, _ = run("arbiter", "phantom", "10", "5", "9", "P")
    assert "the 9 is the culprit" in out


def test_players_rename_merge_and_stats(run):
    run("import", str(ROOT / "examples/sheriff/scoresheet-3-deals.json"))
    assert run("players", "rename", "Ben", "Benjamin")[0] == 0
    _, out, _ = run("players")
    assert out.split() == ["Aki", "Benjamin", "Chie"]
    _, out, _ = run("stats", "sheriff")
    assert "Aki" in out and "1     1" in out


def test_a_damaged_database_gives_a_sentence_not_a_traceback(tmp_path, capsys):
    path = tmp_path / "broken.db"
    path.write_bytes(b"garbage" * 50)
    assert main(["--db", f"sqlite:///{path}", "sessions"]) == 1
    err = capsys.readouterr().err
    assert "not a Companion database" in err and "Traceback" not in err


def test_trickster_stats_call_the_lowest_total_the_best(run):
    # Aki 5 in one game, 0 in the other: in Trickster the fewest trouble points win
    run("import", str(ROOT / "examples/trickster/scoresheet-5p-tiebreak.json"))
    run("import", str(ROOT / "examples/trickster/scoresheet-4p.json"))
    _, out, _ = run("stats", "trickster")
    aki = next(line.split() for line in out.splitlines() if line.startswith("Aki"))
    assert aki == ["Aki", "2", "1", "50%", "2.5", "0", "5"]  # played, wins, win rate, average, best, worst
