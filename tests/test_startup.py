"""Cheap start-up paths: `companion --help`, `rules`, `arbiter` and `score` load no database code
(and `--help` no game package and no Textual), checked in fresh processes by what they imported.
How long they take is measured by `make bench` (benchmarks/cli.py), never here."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from companion.cli import build_parser
from scoring.box import box_names
from scoring.registry import get, ids
from scoring.registry import name as game_name

ROOT = Path(__file__).resolve().parent.parent

DATABASE = {"sqlalchemy", "sqlmodel", "psycopg"}
DATABASE_MODULES = {
    "companion.store.database",
    "companion.store.sessions",
    "companion.exports.native",
    "companion.club.stats",
    "companion.store.players",
}
APP = {"textual", "rich", "platformdirs", "qrcode"}
GAMES = {f"scoring.{g}" for g in ("trickster", "kings", "sheriff", "phantom", "louder")}

# runs the command line's main in a fresh interpreter, then says what it printed and imported
PROBE = """
import contextlib, io, json, sys
from companion.cli import main
out, err = io.StringIO(), io.StringIO()
with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
    try:
        code = main(sys.argv[1:])
    except SystemExit as exit:
        code = exit.code
print(json.dumps({"code": code, "out": out.getvalue(), "err": err.getvalue(), "modules": sorted(sys.modules)}))
"""


def run_fresh(*args: str, tmp_path: Path) -> dict:
    """``companion ARGS…`` in a new Python process, from the checkout: its exit code, output and
    every module it had imported by the end."""
    env = {
        **os.environ,
        "PYTHONPATH": str(ROOT),
        "COLUMNS": "80",  # argparse wraps its help to the terminal's width
        "COMPANION_CONFIG": str(tmp_path / "settings.json"),
        "COMPANION_DB": f"sqlite:///{tmp_path / 'c.db'}",
    }
    done = subprocess.run(
        [sys.executable, "-c", PROBE, *args], cwd=ROOT, env=env, capture_output=True, text=True, check=True
    )
    return json.loads(done.stdout)


def loaded(modules: list[str], roots: set[str], names: set[str] = frozenset()) -> list[str]:
    return [m for m in modules if m.split(".")[0] in roots or m in names]


def in_packages(modules: list[str], packages: set[str]) -> list[str]:
    return [m for m in modules if any(m == p or m.startswith(p + ".") for p in packages)]


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (("rules", "sheriff"), " 3  Dealing and roles"),
        (("rules", "trickster", "bust"), "Busting"),
        (("arbiter", "sheriff", "As", "Ks", "--trump", "spades"), "Player 1 wins the trick."),
        (("arbiter", "kings", "r5", "k9", "r2"), "Player 2 wins the trick with the black 9."),
        (("arbiter", "trickster", "BGUA"), "The blue Guard may be played"),
        (("score", "examples/sheriff/scoresheet-3-deals.json"), "Aki"),
        (("score", "examples/trickster/game-4p-introductory.json", "--json"), '"standings"'),
    ],
)
def test_rules_arbiter_and_score_load_no_database_code(args, says, tmp_path):
    ran = run_fresh(*args, tmp_path=tmp_path)
    assert (ran["code"], ran["err"]) == (0, "")
    assert says in ran["out"]
    assert loaded(ran["modules"], DATABASE, DATABASE_MODULES) == []
    assert loaded(ran["modules"], APP, {"screens.app"}) == []


@pytest.mark.parametrize(
    ("args", "code", "says"),
    [
        (("score", "no-such-file.json"), 2, "no-such-file.json: cannot read the file: No such file or directory\n"),
        (
            ("rules", "sheriff", "zzzz"),
            1,
            "No rule mentions 'zzzz': search other words, or none for the contents.\n"
            "rule: sheriff.overview (The game)\n",
        ),
    ],
)
def test_a_refusal_on_those_paths_is_unchanged_and_loads_no_database_code(args, code, says, tmp_path):
    ran = run_fresh(*args, tmp_path=tmp_path)
    assert (ran["code"], ran["out"], ran["err"]) == (code, "", says)
    assert loaded(ran["modules"], DATABASE, DATABASE_MODULES) == []


def test_help_loads_no_database_no_app_and_no_game(tmp_path, monkeypatch):
    monkeypatch.setenv("COLUMNS", "80")
    ran = run_fresh("--help", tmp_path=tmp_path)
    assert ran["code"] == 0 and ran["out"].startswith("usage: companion")
    assert loaded(ran["modules"], DATABASE | APP, DATABASE_MODULES | {"screens.app"}) == []
    assert in_packages(ran["modules"], GAMES) == []
    # …and says the same as when the games are loaded
    assert ran["out"] == build_parser().format_help()


def test_the_probe_sees_a_database_command_load_the_database(tmp_path):
    """The check above is not blind: a command that opens a database is seen loading it."""
    ran = run_fresh("sessions", tmp_path=tmp_path)
    assert (ran["code"], ran["out"]) == (0, "No sessions yet.\n")
    assert {"sqlalchemy", "companion.store.database", "companion.store.sessions"} <= set(ran["modules"])


def test_a_database_refusal_is_still_a_sentence_and_exit_code_1(tmp_path):
    """StoreError is caught without importing the store up front: still one sentence, code 1."""
    (tmp_path / "a-file").write_text("not a folder")
    env = {**os.environ, "PYTHONPATH": str(ROOT), "COMPANION_CONFIG": str(tmp_path / "settings.json")}
    done = subprocess.run(
        [sys.executable, "-m", "companion", "--db", f"sqlite:///{tmp_path / 'a-file' / 'c.db'}", "sessions"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 1
    assert done.stderr.strip().endswith("is a file, not a folder, so c.db cannot be created in it.")
    assert "Traceback" not in done.stderr


def test_help_names_each_game_as_the_game_itself_does():
    """--help reads the names from the boxes; they are the names the games give (games loaded here)."""
    for game in ids():
        for lang in ("en", "ja"):
            assert box_names(game).name(lang) == get(game).names.name(lang) == game_name(game, lang)
            assert box_names(game).name(lang, short=True) == game_name(game, lang, short=True)
    text = build_parser().format_help()
    assert text.endswith(
        "the games, by id:\n"
        "  trickster  Trickster: Champions of Time\n"
        "  kings      TRICKTAKERs KINGs\n"
        "  sheriff    Sheriff\n"
        "  phantom    Tricks and the Phantom\n"
        "  louder     LOUDER TRICKSTAR\n"
    )
