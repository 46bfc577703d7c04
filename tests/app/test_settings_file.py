"""The settings file (the language, the remapped keys) is never lost by halves: a save killed
half-way leaves the settings before it, and a damaged file is never used in silence — Companion
starts with the defaults, keeps the damaged file aside as settings.json.damaged and says so once
(the app on the home screen, the command line on standard error)."""

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from companion.store.settings import AppSettings, config_path
from screens.app import CompanionApp
from tests.app.pilot import quiet, type_line

ROOT = Path(__file__).resolve().parents[2]
SAVED = b'{\n "language": "ja",\n "keymap": {\n  "session.undo": "ctrl+u",\n  "app.history": "H"\n }\n}'
CUT_SHORT = SAVED[:41]  # what a crash half-way through a plain write left: b'{ "language": "ja", "keymap": { "sess'


@pytest.fixture
def settings(tmp_path, monkeypatch) -> Path:
    path = tmp_path / "config" / "settings.json"
    path.parent.mkdir()
    monkeypatch.setenv("COMPANION_CONFIG", str(path))
    return path


def toasts(app) -> list[str]:
    return [str(toast.render()) for toast in app.screen.query("Toast")]


def test_a_settings_file_cut_short_starts_with_the_defaults_says_so_and_keeps_the_file(settings):
    settings.write_bytes(CUT_SHORT)
    loaded = AppSettings.load()
    assert (loaded.language, loaded.keymap) == ("en", {})
    kept = settings.with_name("settings.json.damaged")
    assert loaded.problem.message("en") == (
        f"The settings file {settings} is damaged (it is cut short or not JSON: line 4, column 3); Companion "
        f"starts with the default language and keys. The damaged file is kept as {kept}."
    )
    assert loaded.problem.message("ja") == (
        f"設定ファイル {settings} が壊れています（途中で切れているか、JSONではありません：4行3列）。"
        f"既定の言語とキーで始めます。壊れたファイルは {kept} として残してあります。"
    )
    assert kept.read_bytes() == CUT_SHORT and not settings.exists()  # nothing lost
    assert AppSettings.load().problem is None  # said once: the next start has plain defaults


@pytest.mark.parametrize(
    ("content", "why"),
    [
        (b"", "it is empty"),
        (b"\xff\xfe{}", "it is not text"),
        (b'["ja"]', "it is not a JSON object"),
        (b'{"language": "fr"}', "its language 'fr' is not one of en, ja"),
        (b'{"language": "ja", "keymap": ["session.undo"]}', "its keymap is not binding ids with their keys"),
    ],
)
def test_every_kind_of_damage_is_named_and_kept_aside(settings, content, why):
    settings.write_bytes(content)
    problem = AppSettings.load().problem
    assert f"is damaged ({why})" in problem.message("en")
    assert settings.with_name("settings.json.damaged").read_bytes() == content


def test_a_second_damaged_file_is_kept_beside_the_first(settings):
    settings.write_bytes(CUT_SHORT)
    AppSettings.load()
    settings.write_bytes(b"{")
    assert AppSettings.load().problem.kept == settings.with_name("settings.json.damaged.2")
    assert settings.with_name("settings.json.damaged").read_bytes() == CUT_SHORT


def test_a_settings_file_that_cannot_be_read_is_said_and_left_where_it_is(settings):
    settings.mkdir()  # a folder where the file should be
    problem = AppSettings.load().problem
    assert problem.message("en") == (
        f"The settings file {settings} cannot be read (it is a folder, not a file); Companion starts with the "
        "default language and keys."
    )
    assert settings.is_dir() and problem.kept is None


def test_settings_saved_before_are_read_back_and_a_missing_file_is_no_problem(settings):
    assert AppSettings.load() == AppSettings() and AppSettings.load().problem is None
    settings.write_bytes(SAVED)
    assert AppSettings.load() == AppSettings(language="ja", keymap={"session.undo": "ctrl+u", "app.history": "H"})
    assert AppSettings.load().problem is None


@pytest.mark.asyncio
async def test_the_home_screen_says_once_that_the_settings_were_damaged(settings, tmp_path):
    settings.write_bytes(CUT_SHORT)
    app = CompanionApp(f"sqlite:///{tmp_path / 'c.db'}")
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await quiet(pilot)
        said = toasts(app)
        assert len(said) == 1 and "is damaged" in said[0] and "settings.json.damaged" in said[0]
        assert app.lang == "en" and app.settings.keymap == {}
    again = CompanionApp(f"sqlite:///{tmp_path / 'c.db'}")
    async with again.run_test(size=(80, 24), notifications=True) as pilot:
        await quiet(pilot)
        assert toasts(again) == []


@pytest.mark.asyncio
async def test_the_home_screen_says_it_in_japanese_when_asked_for(settings, tmp_path):
    settings.write_bytes(CUT_SHORT)
    app = CompanionApp(f"sqlite:///{tmp_path / 'c.db'}", lang="ja")
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await quiet(pilot)
        assert any("壊れています" in said for said in toasts(app))


def test_a_backup_says_the_settings_were_damaged_and_holds_none(settings, tmp_path, run):
    settings.write_bytes(CUT_SHORT)
    run("new", "sheriff", "Aki", "Ben", "Chie")
    code, out, err = run("backup", str(tmp_path / "history.json"))
    assert code == 0 and out == f"Wrote 1 session and 3 players to {tmp_path / 'history.json'}.\n"
    assert err.startswith(f"The settings file {settings} is damaged")
    assert json.loads((tmp_path / "history.json").read_text())["settings"] is None
    assert settings.with_name("settings.json.damaged").read_bytes() == CUT_SHORT


@pytest.mark.asyncio
async def test_a_remapped_key_that_cannot_be_saved_works_until_companion_closes_and_says_why(settings, tmp_path):
    settings.mkdir()  # nothing can be saved there
    app = CompanionApp(f"sqlite:///{tmp_path / 'c.db'}")
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        await pilot.press("s")
        await pilot.pause()
        await pilot.press("tab", "tab")  # past how variants are rated, to the line that remaps a key
        await type_line(pilot, "session.undo=ctrl+u")
        said = str(app.screen.query_one("#status").render())
        assert said == (
            f"“Undo” is now ctrl+u until Companion closes: the settings cannot be saved to {settings} "
            "(it is a folder, not a file)."
        )
        assert app.settings.keymap == {"session.undo": "ctrl+u"}
    assert settings.is_dir()


@pytest.mark.asyncio
@pytest.mark.parametrize("lang", ["en", "ja"])
async def test_rating_a_games_variants_apart_is_chosen_on_the_settings_screen_and_kept(settings, tmp_path, lang):
    app = CompanionApp(f"sqlite:///{tmp_path / 'c.db'}", lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("s")
        await pilot.pause()
        rated = app.screen.query_one("#rate-variants")
        hint = str(app.screen.query_one("#rate-hint").render())
        if lang == "en":
            assert str(rated.selection) == "together" and "together (default)" in str(
                rated.query_one("#label").render()
            )
            assert hint == "Together: one rating per player and game. Apart: one per variant."
        else:
            assert "まとめて（既定）" in str(rated.query_one("#label").render())
            assert hint == "まとめて：ゲームごとに1つのレーティング。別々に：バリアントごとに1つ。"
        await pilot.press("tab", "enter", "down", "enter")  # the list after the language's: apart
        await pilot.pause()
        said = str(app.screen.query_one("#status").render())
        assert said == (
            "A game's variants are now rated apart: one rating per variant."
            if lang == "en"
            else "バリアントを別々にレーティングします（バリアントごとに1つ）。"
        )
        assert app.settings.rate_variants == "apart"
    assert AppSettings.load().rate_variants == "apart"
    assert json.loads(settings.read_text())["rate_variants"] == "apart"
    again = CompanionApp(f"sqlite:///{tmp_path / 'c.db'}")  # the next start shows it chosen
    async with again.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("s")
        await pilot.pause()
        assert again.screen.query_one("#rate-variants").selection == "apart"
        await pilot.press("tab", "enter", "up", "enter")  # and back to the default
        await pilot.pause()
    assert AppSettings.load().rate_variants == "together" and "rate_variants" not in json.loads(settings.read_text())


@pytest.mark.asyncio
async def test_variants_rated_apart_where_the_settings_cannot_be_saved_are_so_until_companion_closes(
    settings, tmp_path
):
    settings.mkdir()  # nothing can be saved there
    app = CompanionApp(f"sqlite:///{tmp_path / 'c.db'}")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("s")
        await pilot.pause()
        await pilot.press("tab", "enter", "down", "enter")
        await pilot.pause()
        said = app.screen.query_one("#status")
        assert str(said.render()) == (
            "A game's variants are now rated apart: one rating per variant. Until Companion closes: the settings "
            f"cannot be saved to {settings} (it is a folder, not a file)."
        )
        assert said.has_class("refused") and app.settings.rate_variants == "apart"
    assert settings.is_dir()


@pytest.mark.asyncio
async def test_ctrl_l_where_the_settings_cannot_be_saved_switches_now_and_says_it_is_not_kept(settings, tmp_path):
    settings.mkdir()
    app = CompanionApp(f"sqlite:///{tmp_path / 'c.db'}")
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await quiet(pilot)
        await pilot.press("ctrl+l")
        await quiet(pilot)
        assert app.lang == "ja"
        assert (
            f"次回の起動には言語を保存できませんでした：{settings} に書き込めません"
            "（フォルダーで、ファイルではありません）。" in toasts(app)
        )


# one process saving two different settings, turn about, until it is killed
SAVER = """
import itertools
from companion.store.settings import AppSettings
keys = {f"screen{n}.action{n}": f"ctrl+{n % 10}" for n in range(40000)}  # about 1.3 MB: a save takes a while
for language in itertools.cycle(["ja", "en"]):
    AppSettings(language=language, keymap=keys).save()
"""


def test_settings_saves_killed_at_random_moments_leave_whole_settings_every_time(settings):
    """A real process killed (SIGKILL) 20 times while it saves: each time at a random moment once
    its next save has begun writing (its temporary file is there). Every time the file holds whole
    settings — the ones before the save or the ones it wrote — never a part of them."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "COMPANION_CONFIG": str(settings)}
    shuffle = random.Random(23)
    half_way = 0
    for _ in range(20):
        saver = subprocess.Popen([sys.executable, "-c", SAVER], cwd=ROOT, env=env)
        try:
            while not settings.exists():  # the first save is whole before a kill means anything
                time.sleep(0.001)
            time.sleep(shuffle.uniform(0.0, 0.1))
            while not writing(settings):  # then a save that has begun: the kill meets it
                pass
            time.sleep(shuffle.uniform(0.0, 0.002))
        finally:
            saver.send_signal(signal.SIGKILL)
            saver.wait()
        loaded = AppSettings.load()
        assert loaded.problem is None, loaded.problem.message("en")
        assert loaded.language in ("ja", "en") and len(loaded.keymap) == 40000
        left = writing(settings)  # the temporary file of a save the kill cut short
        half_way += bool(left)
        for name in left:
            (settings.parent / name).unlink()
    assert config_path() == settings
    assert half_way >= 5, f"only {half_way} of 20 kills met a save half-way"


def writing(settings: Path) -> list[str]:
    """The temporary file of a save under way (or cut short) beside ``settings``."""
    return [name for name in os.listdir(settings.parent) if name.endswith(".tmp")]
