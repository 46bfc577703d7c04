"""The pseudo-locale: every text of the catalogue said in ``xx`` comes wrapped in ⟦ ⟧, so a word
on a screen (or, later, in a command's output) outside every wrapping did not pass through the
catalogue. What may stand unwrapped is named here: the app's name, codes and keys a player types,
and what a player typed."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
from babel import Locale
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

import companion.words as words
from companion.cli import command
from companion.exports.native import import_text
from companion.store.database import Store
from companion.store.sessions import Sessions
from companion.words import formats
from scoring.records import read_record
from scoring.registry import name as game_name
from scoring.words import say_all

ROOT = Path(__file__).resolve().parent.parent

PSEUDO = "xx"
OPEN, CLOSE = "⟦", "⟧"
ALWAYS = {"Companion"}  # the app's own name, in every language


@pytest.fixture
def pseudo(tmp_path, monkeypatch) -> str:
    """The pseudo-locale beside the real catalogues, in a locale folder of this test's own: every
    message of the template, its text wrapped in ⟦ ⟧ (its fields kept, so values go inside)."""
    for lang in words.languages()[1:]:
        shutil.copytree(words.LOCALE / lang, tmp_path / lang)
    with (words.LOCALE / "companion.pot").open("rb") as file:
        catalogue = read_po(file, locale="en")
    for message in catalogue:
        if isinstance(message.id, tuple):  # a message with a plural: each form wrapped
            message.string = tuple(OPEN + form + CLOSE for form in message.id)
        elif message.id:
            message.string = OPEN + message.id + CLOSE
    folder = tmp_path / PSEUDO / "LC_MESSAGES"
    folder.mkdir(parents=True)
    with (folder / "companion.mo").open("wb") as file:
        write_mo(file, catalogue)
    monkeypatch.setattr(words, "LOCALE", tmp_path)
    # what was read from the catalogues once a process: the texts, the languages, the command
    # line's parser (--lang offers the languages there are)
    cached = (words.catalogue, words.languages, formats.locale, command._parser)
    for reading in cached:
        reading.cache_clear()
    yield PSEUDO
    for reading in cached:
        reading.cache_clear()


def unwrapped(text: str, allowed: set[str] = frozenset()) -> list[str]:
    """The words of ``text`` outside every ⟦ ⟧ (two letters or more: a one-letter key is a key),
    less those ``allowed`` and the codes a program reads (a rule's id, ``record-format``,
    ``sheriff.overview``; a binding's, ``session.undo``)."""
    text = re.sub(r"(?<![\w⟦])[a-z0-9_]+(?:[.-][a-z0-9_]+)+(?![\w⟧])", " ", text)
    while True:
        inner = re.sub(f"{OPEN}[^{OPEN}{CLOSE}]*{CLOSE}", " ", text)
        if inner == text:
            break
        text = inner
    return [w for w in re.findall(r"[^\W\d_]{2,}", text) if w not in ALWAYS | allowed]


def test_the_pseudo_locale_wraps_every_message_and_a_bare_word_is_found(pseudo):
    assert words.t("New game", pseudo) == "⟦New game⟧"
    resume = "Resume {id}: {game} — {players} ({entries} entries)"
    said = words.t(resume, pseudo, id=1, game="x", players="A", entries=3)
    assert said == "⟦Resume 1: x — A (3 entries)⟧"
    assert unwrapped("⟦Saved to ⟦a⟧ file⟧ Aki") == ["Aki"] and unwrapped("⟦Back⟧ ^p ⟦palette⟧") == []
    assert pseudo in words.languages()


def game_words(record: Path) -> set[str]:
    """What may stand unwrapped where a session of ``record`` is shown: its players, the game's code
    and name, the game's own words (its score told as parts, its tie-breaks: scoring's catalogue),
    and Babel's English months and AM/PM (the pseudo-locale's times are written as English's)."""
    data = json.loads(record.read_bytes())
    scored = read_record(data)
    said = [*say_all(scored.details, "en"), *scored.standings.tiebreaks_in("en"), *say_all(scored.notes, "en")]
    return {
        *data["players"],
        data["game"],
        game_name(data["game"]),
        *(word for line in said for word in re.findall(r"[^\W\d_]{2,}", line)),
        *Locale.parse("en").months["format"]["abbreviated"].values(),
        "AM",
        "PM",
    }


def screen_text(app) -> str:
    """Every character the screen in front shows, line by line."""
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


def keys_shown(app) -> set[str]:
    """The keys the footer names (``esc``, ``^p``): keys, not words."""
    return {word for key in app.screen.query("FooterKey") for word in re.findall(r"[^\W\d_]{2,}", key.key_display)}


@pytest.mark.asyncio
async def test_the_home_settings_and_history_screens_say_every_word_through_the_catalogue(pseudo, tmp_path):
    from textual.widgets import DataTable

    from screens.app import CompanionApp

    url = f"sqlite:///{tmp_path / 'c.db'}"
    record = (ROOT / "examples/sheriff/scoresheet-3-deals.json").read_bytes()
    import_text(Sessions(Store(url)), record)
    names = {*json.loads(record)["players"], "sheriff", "Sheriff"}  # the players, the game's code and name
    app = CompanionApp(url, lang=pseudo)
    async with app.run_test(size=(100, 30)) as pilot:
        assert await app.store_open()
        await pilot.pause(0.2)
        home = screen_text(app)
        assert unwrapped(home, names | keys_shown(app)) == [], home  # the game to resume
        await pilot.press("s")
        await pilot.pause(0.3)
        keys = app.screen.query_one("#keys", DataTable)
        typed = {  # each binding's id and keys, as a player types them to remap one
            word
            for row in range(keys.row_count)
            for cell in keys.get_row_at(row)[:2]
            for word in re.findall(r"[^\W\d_]{2,}", str(cell))
        }
        settings = screen_text(app)
        # the list of languages names the pseudo-locale by its code
        assert unwrapped(settings, typed | keys_shown(app) | {pseudo}) == [], settings
        await pilot.press("escape", "h")
        await pilot.pause(0.3)
        history = screen_text(app)
        assert "Sheriff" in history and unwrapped(history, names | keys_shown(app)) == [], history


def test_the_command_line_says_every_word_through_the_catalogue(pseudo, run):
    """A sample of what the commands print, in the pseudo-locale: a session listed, shown, its
    clock paused, exported as Markdown, the game's statistics, league table and a player's page."""
    record = ROOT / "examples/sheriff/scoresheet-3-deals.json"
    assert run("--lang", pseudo, "import", str(record))[0] == 0
    names = {*game_words(record), "rule"}  # and a refusal's last line as a program reads it: rule: ID
    for args in (
        ("import", str(record)),
        ("sessions",),
        ("show", "1"),
        ("note", "1", "--location", "Aki's kitchen"),
        ("pause", "2"),
        ("export", "1", "--format", "md"),
        ("stats", "sheriff"),
        ("ratings", "sheriff"),
        ("player", "Aki"),
    ):
        _code, out, err = run(*args, "--lang", pseudo)
        said = out + err
        assert unwrapped(said, names) == [], f"{args}: {said}"


@pytest.mark.asyncio
async def test_the_export_page_says_every_word_through_the_catalogue(pseudo, tmp_path):
    """F6 on a finished game: the Markdown shown, the formats' keys and the page's own words."""
    from companion.exports.formats import FORMATS
    from screens.app import CompanionApp
    from screens.export import ExportScreen

    url = f"sqlite:///{tmp_path / 'c.db'}"
    record = ROOT / "examples/sheriff/scoresheet-3-deals.json"
    import_text(Sessions(Store(url)), record.read_bytes())
    allowed = {
        *game_words(record),
        *(word for f in FORMATS for word in re.findall(r"[^\W\d_]{2,}", f.label)),  # JSON, BG Stats, BGG XML
        "QR",
    }
    app = CompanionApp(url, lang=pseudo)
    async with app.run_test(size=(100, 40)) as pilot:
        assert await app.store_open()
        await app.push_screen(ExportScreen(1))
        await pilot.pause(0.5)
        shown = screen_text(app)
        assert "Sheriff" in shown and unwrapped(shown, allowed | keys_shown(app)) == [], shown
