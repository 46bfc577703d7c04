"""Every door of the command line checks what it takes (issue 34's reproductions, each as found):
times no game was played at, text that is not UTF-8, a command's names counted, files refused by
size before they are read, a name too long for the system, a backup whose checksum holds but whose
games do not replay or whose numbers no database keeps. Then generated command lines over every
command: each ends with an exit code and a sentence, never a traceback.

The commands run in this process (``companion.cli.command.main``) on a real SQLite file.
COMPANION_FUZZ sets the generated command lines (default 40, for ``make test``; ``make fuzz`` runs
many more).
"""

from __future__ import annotations

import io
import json
import os
import sys
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.cli.command import main
from companion.store.backup import digest

ROOT = Path(__file__).resolve().parents[2]
FUZZ = int(os.environ.get("COMPANION_FUZZ", "40"))


@pytest.fixture
def companion(tmp_path, capsys, monkeypatch):
    """``companion --db <a file of this test> ARGS…`` in this process: (exit code, output, errors)."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    db = f"sqlite:///{tmp_path / 'c.db'}"

    def call(*argv: str) -> tuple[int, str, str]:
        try:
            code = main(["--db", db, *argv])
        except SystemExit as end:  # argparse: a usage error (2) or --help (0)
            code = end.code if isinstance(end.code, int) else 1
        out, err = capsys.readouterr()
        return code, out, err

    return call


def session_file(tmp_path: Path, **changed: object) -> Path:
    data = json.loads((ROOT / "examples/sheriff/game-6-deals.json").read_text(encoding="utf-8"))
    data.update(changed)
    path = tmp_path / "record.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_an_import_dated_outside_the_calendar_is_refused_and_one_stored_before_breaks_no_page(
    companion, tmp_path, monkeypatch
):
    assert companion("import", str(ROOT / "examples/sheriff/game-6-deals.json"))[0] == 0
    assert companion("export", "1", "--format", "json", "-o", "native.json")[0] == 0
    native = json.loads((tmp_path / "native.json").read_text(encoding="utf-8"))
    for stamp in ("0001-01-01T03:00:00+00:00", "9999-12-31T23:59:59+00:00", "2100-01-01T00:00:00+00:00"):
        path = tmp_path / "dated.json"
        path.write_text(json.dumps({**native, "uid": "another", "created_at": stamp}), encoding="utf-8")
        code, _, err = companion("import", str(path))
        assert code == 1 and f"created_at is {stamp}: a game is played between 1970 and now" in err
    # a time stored before imports checked it: every command reads on in any time zone
    import sqlite3

    with sqlite3.connect(tmp_path / "c.db") as raw:
        raw.execute("UPDATE sessions SET created_at = '0001-01-01 03:00:00', updated_at = '9999-12-31 23:59:59'")
    for zone in ("Asia/Tokyo", "America/Los_Angeles"):
        monkeypatch.setenv("TZ", zone)
        time.tzset()
        for argv in (
            ["ratings", "sheriff"],
            ["player", "Aki"],
            ["show", "1"],
            ["history"],
            ["stats", "sheriff"],
            ["export", "1", "--format", "md"],
            ["export", "1", "--format", "bgg"],
            ["sessions"],
        ):
            code, _out, err = companion(*argv)
            assert code in (0, 1) and "Traceback" not in err, (zone, argv, err)
    monkeypatch.delenv("TZ")
    time.tzset()


def test_text_that_is_not_utf8_is_refused_in_words(companion):
    companion("new", "sheriff", "Aki", "Ben", "Chie")
    for argv in (["note", "1", "--notes", "caf\udcff"], ["players", "rename", "Aki", "Ak\udcff"]):
        code, out, err = companion(*argv)
        assert (code, out) == (2, "") and err.endswith("is not UTF-8 text: type it again in a UTF-8 terminal.\n")
    code, _, err = companion("sessions", "--player", "Ak\udcff")
    assert code == 2 and "caf" not in err and "Ak\\xff is not UTF-8 text" in err


def test_players_rename_and_merge_take_exactly_two_names(companion):
    companion("new", "sheriff", "Aki", "Ben", "Chie")
    for argv, said in (
        (["players", "rename", "Aki"], "players rename takes the names OLD NEW; 1 given.\n"),
        (["players", "merge"], "players merge takes the names FROM INTO; 0 given.\n"),
        (["players", "rename", "Aki", "Bo", "Extra"], "players rename takes the names OLD NEW; 3 given.\n"),
        (["players", "list", "Aki"], "players list takes no names.\n"),
    ):
        assert companion(*argv) == (2, "", said)
    assert companion("players")[1] == "Aki\nBen\nChie\n"  # nothing renamed


@pytest.mark.parametrize("command", ["import", "score", "restore"])
def test_a_file_that_never_ends_is_refused_by_size_not_read_whole(companion, command):
    started = time.perf_counter()
    code, _out, err = companion(command, "/dev/zero")
    assert code == 1 and "/dev/zero: the file is more than" in err and "byte limit." in err
    assert time.perf_counter() - started < 10  # read up to its limit at most, not for ever


def test_a_large_file_is_refused_by_its_size_before_a_byte_is_read(companion, tmp_path):
    big = tmp_path / "big.json"
    with big.open("wb") as out:
        out.truncate(6 * 1024 * 1024)  # sparse: 6 MB on paper, nothing on disk
    code, _, err = companion("import", str(big))
    assert code == 1 and err.startswith(f"{big}: the file is 6,291,456 bytes, over the 5,242,880-byte limit.")


def test_a_backup_name_too_long_for_the_system_is_one_sentence(companion):
    companion("new", "sheriff", "Aki", "Ben", "Chie")
    name = "x" * 300 + ".json"
    code, _out, err = companion("backup", name)
    assert code == 1 and err == f"{name}: cannot write the backup to {name} (File name too long).\n"


def backup_of(companion, tmp_path: Path) -> dict:
    companion("import", str(ROOT / "examples/sheriff/game-6-deals.json"))
    assert companion("backup", "whole.json")[0] == 0
    return json.loads((tmp_path / "whole.json").read_text(encoding="utf-8"))


def signed(data: dict, path: Path) -> str:
    """The backup written with a checksum that matches what it now holds (``digest``)."""
    data = {**data, "sha256": digest(data)}
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


def test_restore_replays_every_session_before_it_writes_anything(companion, tmp_path):
    data = backup_of(companion, tmp_path)
    session = data["sessions"][0]
    session["log"][5]["payload"] = json.dumps({"play": "Ks"})  # a card nobody could play there, checksum kept
    code, _out, err = main_into(companion, tmp_path, "restore", signed(data, tmp_path / "sealed.json"))
    assert code == 1 and "session 1: entry 6 does not match the seal it was written with" in err  # its seal says so
    del session["log"][5]["seal"]  # as an older backup holds it: no seal, so only its replay can tell
    path = signed(data, tmp_path / "changed.json")
    code, _out, err = main_into(companion, tmp_path, "restore", path)
    assert (
        code == 1
        and f"session {session['id']}: its entries do not replay (Entry 12: The K of spades was already played" in err
    )
    assert "Nothing was restored." in err


def test_restore_refuses_an_id_or_revision_no_database_keeps(companion, tmp_path):
    data = backup_of(companion, tmp_path)
    data["sessions"][0]["revision"] = 2**63
    code, _, err = main_into(companion, tmp_path, "restore", signed(data, tmp_path / "big.json"))
    assert code == 1 and "larger than a database keeps" in err and "Traceback" not in err


def main_into(companion, tmp_path: Path, *argv: str) -> tuple[int, str, str]:
    """A command on another, empty database (a restore takes only an empty one)."""
    fresh = f"sqlite:///{tmp_path / 'fresh.db'}"
    return companion("--db", fresh, *argv)


# --- generated command lines over every command ------------------------------------------------

TEXT = st.one_of(
    st.text(max_size=12),
    st.sampled_from(["Aki", "Ben", "Chie", "caf\udcff", "x" * 300, "", " ", "--", "<b>", "アキ"]),
)
NUMBER = st.one_of(
    st.sampled_from(["1", "2", "0", "-1", "3", "99999999999999999999", "1e3", "one"]), st.integers().map(str)
)
GAME = st.one_of(st.sampled_from(["sheriff", "kings", "trickster", "louder", "phantom"]), TEXT)
#: files a command reads: worked examples, files that never end or do not exist, a folder
FILE = st.sampled_from(
    [
        *(str(p) for p in sorted((ROOT / "examples").glob("*/*.json"))[::3]),
        "/dev/zero",
        "/dev/null",
        "/nonexistent/x.json",
        "x" * 300,
        ".",
        "whole.json",
    ]
)
#: files a command writes: only in the test's own folder (its working directory), or nowhere
WRITTEN = st.sampled_from(["out.json", "whole.json", "x" * 300, ".", "/dev/null", "/nonexistent/x.json", "a/b.json"])
LINE = st.one_of(
    st.sampled_from(
        ["Ks", "bust", "draw", "deal joker=Ben Aki=mayor Ben=robber Chie=sheriff trump=spades", "{", "[]", "-"]
    ),
    TEXT,
)
SEASON = st.one_of(st.sampled_from(["2026", "2026-04-01..2026-09-30", "2026-13-01..2026-01-01", "0", "9999"]), TEXT)
FORMAT = st.one_of(st.sampled_from(["json", "csv", "md", "bgg", "bgstats"]), TEXT)


def _flags(*pairs: tuple[str, st.SearchStrategy[str] | None]) -> st.SearchStrategy[list[str]]:
    """Some of the options ``pairs`` (each with a value, or alone), in any order."""
    options = [
        st.tuples(st.just(flag), value) if value is not None else st.tuples(st.just(flag)) for flag, value in pairs
    ]
    return st.lists(st.one_of(*options), max_size=3).map(lambda chosen: [w for option in chosen for w in option])


def _command(name: str, *slots: st.SearchStrategy[str], flags: st.SearchStrategy[list[str]] | None = None):
    return st.tuples(st.just([name]), st.tuples(*slots).map(list), st.just([]) if flags is None else flags).map(
        lambda p: p[0] + p[1] + p[2]
    )


LANG = _flags(("--lang", st.sampled_from(["ja", "en", "fr"])), ("--json", None))
COMMAND_LINES = st.one_of(
    _command("score", FILE, flags=LANG),
    _command(
        "new",
        GAME,
        TEXT,
        TEXT,
        TEXT,
        flags=_flags(
            ("--header", st.sampled_from(['{"first": "Ben"}', "{", "[]"])), ("--location", TEXT), ("--notes", TEXT)
        ),
    ),
    _command("note", NUMBER, flags=_flags(("--location", TEXT), ("--notes", TEXT))),
    *(_command(name, NUMBER, flags=LANG) for name in ("pause", "resume", "undo", "redo", "show", "qr")),
    _command("record", NUMBER, LINE),
    _command("edit", NUMBER, NUMBER, LINE),
    _command("sessions", flags=_flags(("--player", TEXT), ("--game", GAME))),
    _command("export", NUMBER, flags=_flags(("--format", FORMAT), ("-o", WRITTEN))),
    _command("history", flags=_flags(("--game", GAME), ("-o", WRITTEN))),
    _command("import", FILE),
    _command("backup", WRITTEN),
    _command("restore", FILE),
    _command("players", st.sampled_from(["list", "rename", "merge", "drop"]), flags=st.lists(TEXT, max_size=3)),
    _command(
        "stats", GAME, flags=_flags(("--season", SEASON), ("--variants", st.sampled_from(["apart", "together", "x"])))
    ),
    _command("ratings", GAME, flags=_flags(("--season", SEASON), ("--json", None))),
    _command("player", TEXT, flags=_flags(("--season", SEASON))),
    _command("rules", GAME, flags=st.lists(TEXT, max_size=2)),
    _command("arbiter", GAME, TEXT, flags=_flags(("--trump", TEXT), ("--pot", TEXT), ("--deck", TEXT))),
)  # every command but serve, which serves until stopped


@settings(
    max_examples=FUZZ,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(argv=COMMAND_LINES)
def test_any_command_line_ends_in_a_sentence_never_a_traceback(companion, argv):
    companion("import", str(ROOT / "examples/sheriff/game-6-deals.json"))  # a history to work on
    code, out, err = companion(*argv)
    assert isinstance(code, int) and 0 <= code <= 2, (argv, code)
    assert "Traceback" not in err + out
