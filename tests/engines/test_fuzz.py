"""Malformed input of every kind, at every door a table has: ``score``, ``import``, ``record`` and
the typed lines of every game. Each input is refused with a message, or accepted and replayable;
never a traceback, and a refusal never changes the database.

COMPANION_FUZZ sets the examples per property (default 40: bounded, for ``make test``).
"""

from __future__ import annotations

import json
import os
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlmodel import func, select

from companion.exports.native import import_text
from companion.store import players
from companion.store.database import EntryRow, PlayerRow, SessionRow, Store, StoreError
from companion.store.sessions import Sessions
from scoring.errors import RuleViolation
from scoring.recordkit import loads
from scoring.records import read_record, split_record
from scoring.registry import get, ids

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = {
    p.stem: json.loads(p.read_text())
    for p in sorted((ROOT / "examples").glob("*/*.json"))
    if not p.name.endswith(".expected.json")
}

FUZZ = int(os.environ.get("COMPANION_FUZZ", "40"))
# a bit flipped in a whole history runs every command on it (about 40 each): a handful of examples in
# `make test`, as many as asked in `make fuzz`
FLIPS = int(os.environ.get("COMPANION_FLIPS", "8"))
CHECK = settings(
    max_examples=FUZZ,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.function_scoped_fixture],
)
FLIPPED = settings(CHECK, max_examples=FLIPS)


def _keys(value: Any, out: set[str]) -> set[str]:
    if isinstance(value, dict):
        out.update(value)
        for v in value.values():
            _keys(v, out)
    elif isinstance(value, list):
        for v in value:
            _keys(v, out)
    return out


KEYS = sorted(_keys(list(EXAMPLES.values()), set()))
WORDS = [
    "Aki",
    "Ben",
    "Chie",
    "Dan",
    "Zed",
    "",
    " ",
    "[/]",
    "[@click=app.quit]Q[/]",
    "\x1b[2J",
    "²",
    "g²",
    "R²",
    "RGUA",
    "WGUA",
    "KDOC",
    "PED",
    "r5",
    "b3",
    "k9b",
    "WF",
    "RA",
    "Kh",
    "10s",
    "Ts",
    "JO",
    "P",
    "10",
    "2",
    "1",
    "score:3",
    "score:6",
    "trap:0",
    "enemy:-1",
    "trickster",
    "seeker",
    "mayor",
    "sheriff",
    "robber",
    "red",
    "white",
    "spades",
    "none",
    "Gambler",
    "Devil",
    "2/50",
    "miss",
    "introductory",
    "strategy",
    "poker",
    "blue",
    "yellow",
    "yes",
    "no",
    "-",
    "0,0",
    "1,0",
]
scalars = (
    st.none()
    | st.booleans()
    | st.integers(-3, 60)
    | st.sampled_from(WORDS)
    | st.floats(allow_nan=False, allow_infinity=False, width=16)
    | st.text(max_size=5)
)
junk = st.recursive(
    scalars,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.sampled_from(KEYS) | st.sampled_from(WORDS), inner, max_size=4)
    ),
    max_leaves=10,
)


def _paths(value: Any, here: tuple = ()) -> list[tuple]:
    out = [here]
    if isinstance(value, dict):
        for k, v in value.items():
            out += _paths(v, (*here, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += _paths(v, (*here, i))
    return out


def mutate(value: Any, data: st.DataObject) -> Any:
    """A copy of a real record or entry with one place changed: replaced by junk, dropped, or doubled."""
    value = json.loads(json.dumps(value))
    path = data.draw(st.sampled_from(_paths(value)))
    if not path:
        return data.draw(junk)
    parent = value
    for step in path[:-1]:
        parent = parent[step]
    key = path[-1]
    how = data.draw(st.sampled_from(["replace", "drop", "double"]))
    if how == "drop":
        del parent[key]
    elif how == "double" and isinstance(parent, list):
        parent.insert(key, parent[key])
    else:
        parent[key] = data.draw(junk)
    return value


@cache
def _store() -> Sessions:
    return Sessions(Store("sqlite://"))


def counts(sessions: Sessions) -> tuple[int, ...]:
    with sessions.store.session() as s:
        return tuple(s.exec(select(func.count()).select_from(t)).one() for t in (SessionRow, EntryRow, PlayerRow))


def refused_or_replayable(action, sessions: Sessions, sid: int | None = None) -> Any:
    """Run ``action``; a refusal must leave the database as it was, an acceptance must replay."""
    before = counts(sessions)
    entries = sessions.entries(sid) if sid is not None else None
    try:
        result = action()
    except (RuleViolation, StoreError) as err:
        assert str(err).strip()
        assert counts(sessions) == before
        if sid is not None:
            assert sessions.entries(sid) == entries
        return None
    return result


@CHECK
@given(st.sampled_from(sorted(EXAMPLES)), st.data())
def test_score_refuses_or_reads_any_damaged_record(name, data):
    record = mutate(EXAMPLES[name], data)
    try:
        read_record(loads(json.dumps(record)))
    except RuleViolation as err:
        assert err.reason.strip() and err.rule


@CHECK
@given(st.sampled_from(sorted(EXAMPLES)), st.data())
def test_import_is_all_or_nothing_for_any_damaged_record(name, data):
    sessions = _store()
    record = mutate(EXAMPLES[name], data)
    sid = refused_or_replayable(lambda: import_text(sessions, json.dumps(record).encode()), sessions)
    if sid is not None:
        sessions.scored(sid)  # accepted: it replays


@CHECK
@given(st.binary(max_size=200) | st.text(max_size=200).map(str.encode))
def test_import_refuses_bytes_that_are_not_a_record(raw):
    sessions = _store()
    sid = refused_or_replayable(lambda: import_text(sessions, raw), sessions)
    if sid is not None:
        sessions.scored(sid)


def _session_at(name: str, cut: int) -> tuple[Sessions, int, list]:
    sessions = _store()
    game, header, entries = split_record(EXAMPLES[name])
    cut = min(cut, len(entries))
    return sessions, sessions.import_whole(game, header, entries[:cut]), entries


@CHECK
@given(st.sampled_from(sorted(EXAMPLES)), st.integers(0, 60), st.data())
def test_recording_a_damaged_entry_is_refused_or_replays(name, cut, data):
    sessions, sid, entries = _session_at(name, cut)
    if not entries:
        return
    entry = mutate(data.draw(st.sampled_from(entries)), data) if data.draw(st.booleans()) else data.draw(junk)
    if refused_or_replayable(lambda: sessions.append(sessions.open(sid), entry), sessions, sid) is not None:
        sessions.scored(sid)
        sessions.undo(sessions.open(sid))


TOKENS = [
    *WORDS,
    "round",
    "trash=",
    "tableau=",
    "tableau",
    "reveal",
    "bust",
    "card=",
    "card2=",
    "enemy=",
    "copy=",
    "then.card=",
    "Aki=",
    "Ben=",
    "Aki:PBRI,Ben:PREV",
    "R3,B1",
    "pick",
    "devil",
    "fronts",
    "bids",
    "lead",
    "king",
    "Aki=Gambler:2/50",
    "deal",
    "joker=Ben",
    "Aki=mayor",
    "trump=spades",
    "sheet",
    "Aki=mayor:Q*4,J*4",
    "Q*²",
    "point",
    "Aki>Ben",
    "Aki=10:blue",
    "fourth=6",
    "double=Ben:no",
    "accuse=Aki>Ben:2",
    "new",
    "more",
    "draw",
    "place",
    "at",
    "says",
    "use",
    "hands",
    "Aki=score:2,seeker",
    "{",
    "}",
    "=",
    ":",
    ",",
    ">",
    "*",
]


@CHECK
@given(st.sampled_from(ids()), st.lists(st.sampled_from(TOKENS), min_size=1, max_size=6), st.data())
def test_any_typed_line_of_any_game_is_refused_or_recorded(game, words, data):
    sessions = _store()
    name = data.draw(st.sampled_from(sorted(n for n, r in EXAMPLES.items() if r["game"] == game)))
    sessions, sid, _ = _session_at(name, data.draw(st.integers(0, 40)))
    line = data.draw(st.sampled_from([" ".join(words), "".join(words), " ".join(words[:1]) + "=" + ",".join(words)]))
    try:  # as the table screen reads a line: the game's parser, at the session's position
        entry = get(game).parse(line, sessions.snapshot(sid)[1])
    except RuleViolation as err:
        assert err.reason.strip()
        return
    if refused_or_replayable(lambda: sessions.append(sessions.open(sid), entry), sessions, sid) is not None:
        sessions.scored(sid)


@pytest.mark.parametrize(
    "text", ["[" * 1000 + "]" * 1000, '{"a": ' * 900 + "1" + "}" * 900, '{"draw": NaN}', '{"x": 1e999}', "[-Infinity]"]
)
def test_json_nested_far_too_deep_or_holding_no_number_is_refused(text):
    with pytest.raises(RuleViolation):
        loads(text)


# --- a flipped bit in a real database file ---------------------------------------------------------
# Every command a table runs on a history, on a real SQLite file one bit of which was flipped
# (a stored time, a header, a name, an id, a page of the file): a sentence or the history, never a
# traceback; a flip in one session's own fields leaves every other session as it was.

HISTORY = [
    "sheriff/scoresheet-3-deals.json",
    "trickster/game-4p-introductory.json",
    "phantom/base-4p.json",
    "kings/scoresheet-5p.json",
    "louder/game-4p.json",
]
SESSION_FIELDS = ("uid", "game", "header", "created_at", "updated_at", "finished_at", "standings", "winners")


def run_cli(*args: str) -> tuple[int, str, str]:
    """``companion ARGS…`` in this process; an exception out of it fails the test (a traceback)."""
    import contextlib
    import io

    from companion.cli import main

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(list(args))
    assert "Traceback" not in err.getvalue()
    assert code == 0 or err.getvalue().strip(), args  # a refusal says why
    return code, out.getvalue(), err.getvalue()


class History(tuple):
    """The clean history's bytes, places and shows, with a short repr for Hypothesis's report."""

    def __repr__(self) -> str:
        return f"<history of {len(self[0])} bytes>"


@pytest.fixture(scope="module")
def clean_history(tmp_path_factory) -> History:
    """A real SQLite file holding five games (a merged name and a renamed one too), its bytes, where
    each session's own fields lie in them (``field -> [(session, offset, length)]``), and what
    ``show`` prints of each session."""
    import sqlite3

    folder = tmp_path_factory.mktemp("history")
    path = folder / "c.db"
    url = f"sqlite:///{path}"
    sessions = Sessions(Store(url))
    for example in HISTORY:
        import_text(sessions, (ROOT / "examples" / example).read_bytes())
    sessions.create("sheriff", {"players": ["Akiko", "Ben", "Chie"]})
    players.merge(sessions.store, "Akiko", "Aki")
    players.rename(sessions.store, "Dan", "Daniel")
    sessions.store.engine.dispose()  # the last connection closed: everything is in the file itself
    raw = path.read_bytes()
    places: dict[str, list[tuple[int, int, int]]] = {f: [] for f in SESSION_FIELDS}
    with sqlite3.connect(path) as conn:
        for row in conn.execute(f"SELECT id, {', '.join(SESSION_FIELDS)} FROM sessions"):
            for field, value in zip(SESSION_FIELDS, row[1:], strict=True):
                if value is None:
                    continue
                stored = str(value).encode()
                if raw.count(stored) == 1:  # a text found once in the file: the place of this field
                    places[field].append((row[0], raw.index(stored), len(stored)))
    conn.close()
    shown = {sid: run_cli("--db", url, "show", str(sid))[1] for sid in range(1, len(HISTORY) + 2)}
    return History((raw, places, shown))


def every_command(url: str, folder: Path) -> None:
    """What a table does with a history: list it, show and export every session, the statistics,
    the players, the whole history as CSV, a backup, and that backup restored."""
    run_cli("--db", url, "sessions")
    run_cli("--db", url, "players")
    for game in ids():
        run_cli("--db", url, "stats", game)
    run_cli("--db", url, "history")
    for sid in range(1, len(HISTORY) + 2):
        run_cli("--db", url, "show", str(sid))
        for fmt in ("json", "md", "bgstats", "bgg"):
            run_cli("--db", url, "export", str(sid), "--format", fmt)
    backup_file = folder / "b.json"
    backup_file.unlink(missing_ok=True)
    run_cli("--db", url, "backup", str(backup_file))
    if backup_file.exists():  # whatever it saved, a restore takes back
        target = folder / "restored.db"
        target.unlink(missing_ok=True)
        assert run_cli("--db", f"sqlite:///{target}", "restore", str(backup_file))[0] == 0


@FLIPPED
@given(st.data())
def test_a_bit_flipped_anywhere_in_the_file_never_ends_a_command_in_a_traceback(clean_history, tmp_path_factory, data):
    raw, _, _ = clean_history
    damaged = bytearray(raw)
    at = data.draw(st.integers(100, len(raw) - 1))  # past the file's own header: a page, a row, a value
    damaged[at] ^= 1 << data.draw(st.integers(0, 7))
    folder = tmp_path_factory.mktemp("flipped")
    (folder / "c.db").write_bytes(bytes(damaged))
    url = f"sqlite:///{folder / 'c.db'}"
    every_command(url, folder)
    _, _, shown = clean_history
    for sid, clean in shown.items():  # never a wrong score in silence: the same scores, or why not
        code, out, err = run_cli("--db", url, "show", str(sid))
        if code == 0:
            assert scores_in(out) == scores_in(clean), (sid, err)


def scores_in(shown: str) -> list[str]:
    """The standings ``show`` prints: the lines from its heading (``rank  player  total``) to the
    first empty line."""
    lines = shown.splitlines()
    start = next((i for i, line in enumerate(lines) if line.startswith("rank")), len(lines))
    end = next((i for i in range(start, len(lines)) if not lines[i].strip()), len(lines))
    return lines[start:end]


@FLIPPED
@given(st.sampled_from(SESSION_FIELDS), st.data())
def test_a_bit_flipped_in_a_sessions_own_field_leaves_every_other_session_working(
    clean_history, tmp_path_factory, field, data
):
    raw, places, shown = clean_history
    if not places[field]:
        return
    sid, start, length = data.draw(st.sampled_from(places[field]))
    damaged = bytearray(raw)
    damaged[start + data.draw(st.integers(0, length - 1))] ^= 1 << data.draw(st.integers(0, 7))
    folder = tmp_path_factory.mktemp("flipped")
    (folder / "c.db").write_bytes(bytes(damaged))
    url = f"sqlite:///{folder / 'c.db'}"
    every_command(url, folder)
    for other in shown:
        if other != sid:
            code, out, err = run_cli("--db", url, "show", str(other))
            assert (code, out) == (0, shown[other]), err
    code, out, err = run_cli("--db", url, "show", str(sid))
    assert code == 0 or any(why in err for why in ("damaged in the database", "do not replay", "cannot be opened")), err
