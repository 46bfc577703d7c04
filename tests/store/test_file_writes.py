"""Every file Companion writes is written whole or not at all, where the player meant it: a full
disk or a size limit leaves last week's file as it was, a symbolic link gets the file at its end,
and a folder, a device or a named pipe is refused with a sentence and left as it was.

The full disk is real: a 64 KiB tmpfs mounted for the test (as root; skipped elsewhere, saying
why) and filled. The size limit (RLIMIT_FSIZE on the real command's process) needs no privilege
and runs everywhere."""

import ast
import json
import os
import shutil
import sqlite3
import stat
from pathlib import Path

import pytest

from companion.exports.files import save_file
from companion.exports.native import import_text
from companion.exports.qr import qr_png
from companion.store.database import Store
from companion.store.files import NotAFile, destination
from companion.store.sessions import Sessions
from companion.store.settings import AppSettings
from tests.store.full_disk import companion, fill, size_limit, small_disk

ROOT = Path(__file__).resolve().parents[2]
GAMES = sorted(p for p in (ROOT / "examples").glob("*/game-*.json") if not p.name.endswith(".expected.json"))
LAST_WEEK = "player,round 1,total,rank\nAki,12,12,1\n"  # the file a refused write must leave as it was


@pytest.fixture(scope="module")
def written_once(tmp_path_factory) -> tuple[Path, int]:
    """The history of ``history``, written once for the module (about 2 s): its file and the session id."""
    db = tmp_path_factory.mktemp("history") / "history.db"
    sessions = Sessions(Store(f"sqlite:///{db}"))
    for _ in range(10):
        sids = [import_text(sessions, game.read_bytes()) for game in GAMES]
    sessions.store.engine.dispose()
    with sqlite3.connect(db) as conn:  # everything in the file itself, none of it left in the WAL
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.close()
    return db, sids[GAMES.index(ROOT / "examples/trickster/game-5p-strategy.json")]


@pytest.fixture
def history(written_once, tmp_path):
    """A database holding every example game, each played ten times (the history's CSV is about
    30 KB, a Trickster game's JSON export about 8 KB), a copy of the test's own; the URL and a session id."""
    source, sid = written_once
    db = tmp_path / "history.db"
    shutil.copyfile(source, db)
    return f"sqlite:///{db}", sid


def temporaries(folder: Path) -> list[str]:
    """The writer's temporary files left in ``folder`` (``.NAME.….tmp``): none, ever."""
    return sorted(p.name for p in folder.iterdir() if p.name.startswith(".") and p.name.endswith(".tmp"))


# the commands that write an export with -o, by what they write
COMMANDS = {
    "history": lambda sid: ("history",),
    "export json": lambda sid: ("export", str(sid)),
    "export md": lambda sid: ("export", str(sid), "--format", "md"),
}
KEPT = "The file already there is as it was."


@pytest.mark.parametrize("command", list(COMMANDS))
def test_a_full_disk_refuses_the_export_and_last_weeks_file_survives_whole(command, history, tmp_path):
    url, sid = history
    args = (*COMMANDS[command](sid), "-o")
    with small_disk(tmp_path / "stick") as stick:
        old = stick / "history.csv"
        old.write_text(LAST_WEEK)
        assert fill(stick) > 0
        done = companion("--db", url, *args, str(old), config=tmp_path / "settings.json")
        assert old.read_text() == LAST_WEEK  # last week's file, whole
        assert done.returncode == 1 and done.stdout == ""
        assert done.stderr == f"{old}: cannot write the export (the disk is full); nothing was written. {KEPT}\n"
        assert sorted(p.name for p in stick.iterdir()) == ["filler", "history.csv"]  # no part of the new one
        ja = companion("--db", url, "--lang", "ja", *args, str(old), config=tmp_path / "settings.json")
        assert ja.stderr == (
            f"{old} に書き出せません（ディスクがいっぱいです）。何も書き込んでいません。元のファイルはそのままです。\n"
        )
        assert old.read_text() == LAST_WEEK
        (stick / "filler").unlink()  # room again: the same command writes the whole export
        again = companion("--db", url, *args, str(old), config=tmp_path / "settings.json")
        shown = companion("--db", url, *args[:-1], config=tmp_path / "settings.json").stdout
        assert again.returncode == 0 and old.read_text() == shown and len(shown) > 512
        assert sorted(p.name for p in stick.iterdir()) == ["history.csv"]


@pytest.mark.parametrize("command", list(COMMANDS))
def test_a_file_size_limit_refuses_the_export_and_last_weeks_file_survives_whole(command, history, tmp_path):
    """The same refusal from the operating system's size limit (EFBIG): any machine, no root."""
    url, sid = history
    args = (*COMMANDS[command](sid), "-o")
    old = tmp_path / "history.csv"
    old.write_text(LAST_WEEK)
    # held open here, the database's shared-memory file is already full size: the limit meets the
    # export alone, never SQLite's own files
    held = sqlite3.connect(url.removeprefix("sqlite:///"))
    try:
        held.execute("SELECT count(*) FROM sessions").fetchall()
        done = companion("--db", url, *args, str(old), config=tmp_path / "settings.json", before=size_limit(512))
    finally:
        held.close()
    assert old.read_text() == LAST_WEEK and temporaries(tmp_path) == []  # last week's file, whole
    assert done.returncode == 1, done.stderr
    assert "the file would be larger than this system allows" in done.stderr and KEPT in done.stderr


def test_a_full_disk_refuses_the_backup_and_the_settings_and_keeps_both_whole(history, tmp_path, monkeypatch):
    url, _ = history
    with small_disk(tmp_path / "stick", size="4m") as stick:  # room for one backup of the history (1 MB)
        backup, settings = stick / "history.json", stick / "settings.json"
        monkeypatch.setenv("COMPANION_CONFIG", str(settings))
        AppSettings(language="ja", keymap={"session.undo": "ctrl+u"}).save()
        assert companion("--db", url, "backup", str(backup), config=settings).returncode == 0
        before = backup.read_bytes()
        fill(stick)
        done = companion("--db", url, "backup", str(backup), config=settings)
        # the reason in table words, as every file Companion writes says it
        assert done.returncode == 1 and "(the disk is full)" in done.stderr
        assert backup.read_bytes() == before
        with pytest.raises(OSError):
            AppSettings(language="en", keymap={}).save()
        assert AppSettings.load() == AppSettings(language="ja", keymap={"session.undo": "ctrl+u"})
        assert sorted(p.name for p in stick.iterdir()) == ["filler", "history.json", "settings.json"]


# --- a symbolic link, a folder, a device, a named pipe ---------------------------------------------


def test_a_backup_through_a_symbolic_link_reaches_its_target_and_the_link_stays(history, tmp_path):
    url, _ = history
    (tmp_path / "sync").mkdir()
    target = tmp_path / "sync" / "history.json"
    target.write_text("last week's backup")
    link = tmp_path / "history.json"
    link.symlink_to(Path("sync") / "history.json")  # relative, as `ln -s` makes it
    done = companion("--db", url, "backup", str(link), config=tmp_path / "settings.json")
    assert done.returncode == 0, done.stderr
    assert link.is_symlink() and os.readlink(link) == str(Path("sync") / "history.json")
    assert json.loads(target.read_text())["format"] == "companion-backup"
    dangling = tmp_path / "new.json"
    dangling.symlink_to(tmp_path / "sync" / "not-yet.json")  # a link to a file not yet there: made
    assert companion("--db", url, "backup", str(dangling), config=tmp_path / "settings.json").returncode == 0
    assert dangling.is_symlink() and json.loads((tmp_path / "sync" / "not-yet.json").read_text())["sessions"]


def test_an_export_and_the_settings_through_a_chain_of_links_reach_the_file_at_its_end(history, tmp_path, monkeypatch):
    url, sid = history
    end = tmp_path / "dotfiles" / "companion.json"
    end.parent.mkdir()
    (tmp_path / "middle.json").symlink_to(end)
    (tmp_path / "settings.json").symlink_to(tmp_path / "middle.json")
    monkeypatch.setenv("COMPANION_CONFIG", str(tmp_path / "settings.json"))
    AppSettings(language="ja").save()
    assert (tmp_path / "settings.json").is_symlink() and json.loads(end.read_text())["language"] == "ja"
    assert destination(tmp_path / "settings.json") == end.resolve()
    done = companion("--db", url, "export", str(sid), "-o", str(tmp_path / "middle.json"), config=tmp_path / "x.json")
    assert done.returncode == 0 and json.loads(end.read_text())["game"] == "trickster"
    assert (tmp_path / "middle.json").is_symlink()


def what_is_there(kind: str, path: Path) -> None:
    """A folder, a named pipe, or a device (the null device's own numbers: harmless if written)."""
    if kind == "folder":
        path.mkdir()
    elif kind == "named pipe":
        os.mkfifo(path)
    else:
        try:
            os.mknod(path, 0o666 | stat.S_IFCHR, os.makedev(1, 3))
        except PermissionError:
            pytest.skip("making a device node needs root (CAP_MKNOD); the named pipe and folder cases still run")


def unchanged(kind: str, path: Path) -> bool:
    mode = os.lstat(path).st_mode
    return {"folder": stat.S_ISDIR, "named pipe": stat.S_ISFIFO, "device": stat.S_ISCHR}[kind](mode)


ENGLISH = {"folder": "a folder", "named pipe": "a named pipe", "device": "a device"}
JAPANESE = {"folder": "フォルダー", "named pipe": "名前付きパイプ", "device": "デバイス"}


@pytest.mark.parametrize("kind", ["device", "named pipe", "folder"])
def test_a_backup_onto_a_device_a_pipe_or_a_folder_is_refused_and_it_stays_what_it_was(kind, run, tmp_path):
    there = tmp_path / "null"
    what_is_there(kind, there)
    run("new", "sheriff", "Aki", "Ben", "Chie")
    code, out, err = run("backup", str(there))
    assert (code, out) == (1, "")
    assert err == (
        f"{there}: it is {ENGLISH[kind]}, not a file; nothing was written to it. Name a file, or a new name for one.\n"
    )
    code, _, err = run("--lang", "ja", "backup", str(there))
    assert code == 1 and err == (
        f"{there} は{JAPANESE[kind]}で、ファイルではありません。何も書き込んでいません。"
        "ファイル名か新しい名前を指定してください。\n"
    )
    assert unchanged(kind, there) and temporaries(tmp_path) == []


@pytest.mark.parametrize("kind", ["device", "named pipe", "folder"])
def test_an_export_or_the_history_onto_a_device_a_pipe_or_a_folder_is_refused(kind, run, tmp_path):
    there = tmp_path / "null"
    what_is_there(kind, there)
    run("new", "sheriff", "Aki", "Ben", "Chie")
    for args in (("export", "1"), ("history",)):
        code, _, err = run(*args, "-o", str(there))
        assert code == 1
        assert err == f"{there}: cannot write the export (it is {ENGLISH[kind]}, not a file); nothing was written.\n"
        code, _, err = run("--lang", "ja", *args, "-o", str(there))
        assert (
            err == f"{there} に書き出せません（{JAPANESE[kind]}で、ファイルではありません）。何も書き込んでいません。\n"
        )
        assert unchanged(kind, there) and temporaries(tmp_path) == []


@pytest.mark.parametrize("kind", ["device", "named pipe"])
def test_f6s_save_the_qr_image_and_the_settings_refuse_a_device_or_a_pipe(kind, tmp_path, monkeypatch):
    there = tmp_path / "null"
    what_is_there(kind, there)
    for write in (lambda: save_file(there, "{}"), lambda: qr_png("https://example.org", there)):
        with pytest.raises(NotAFile) as refused:
            write()
        assert refused.value.message("ja").startswith(f"{there} は{JAPANESE[kind]}で")
    monkeypatch.setenv("COMPANION_CONFIG", str(there))
    with pytest.raises(NotAFile):
        AppSettings(language="ja").save()
    assert unchanged(kind, there)


# --- one writer for every file -------------------------------------------------------------------


def test_every_file_companion_writes_goes_through_the_whole_file_writer():
    """No plain write anywhere in companion/ or screens/ but the writer itself (companion/store/files.py):
    no write_text, write_bytes, or open() for writing."""
    found = []
    for path in sorted([*(ROOT / "companion").rglob("*.py"), *(ROOT / "screens").rglob("*.py")]):
        if path.name == "files.py" and path.parent.name == "store":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
            if name in ("write_text", "write_bytes", "mkstemp", "fdopen"):
                found.append(f"{path.relative_to(ROOT)}:{node.lineno} {name}")
            if name == "open":
                modes = [a.value for a in node.args[1:2] if isinstance(a, ast.Constant)]
                modes += [k.value.value for k in node.keywords if k.arg == "mode" and isinstance(k.value, ast.Constant)]
                if any(isinstance(m, str) and set(m) & set("wax+") for m in modes):
                    found.append(f"{path.relative_to(ROOT)}:{node.lineno} open {modes}")
    assert found == []


@pytest.mark.asyncio
async def test_f6_saving_onto_a_named_pipe_says_so_in_japanese_and_the_pipe_stays(tmp_path):
    from screens.app import CompanionApp
    from screens.export import ExportScreen
    from tests.app.pilot import quiet

    pipe = tmp_path / "results.md"
    os.mkfifo(pipe)
    app = CompanionApp(f"sqlite:///{tmp_path / 'c.db'}", lang="ja")
    async with app.run_test(size=(80, 24)) as pilot:
        while not await app.store_open():
            await pilot.pause(0.1)
        sid = import_text(app.sessions, (ROOT / "examples/sheriff/game-6-deals.json").read_bytes())
        app.push_screen(ExportScreen(sid))
        await quiet(pilot)
        await pilot.press("m", "s")
        await quiet(pilot)
        app.screen.query_one("#save-path").value = str(pipe)
        await pilot.press("enter")
        await quiet(pilot)
        said = str(app.screen.query_one("#saved").render())
        assert said == f"{pipe} に書き込めません（名前付きパイプで、ファイルではありません）。何も保存していません。"
    assert stat.S_ISFIFO(os.lstat(pipe).st_mode)
