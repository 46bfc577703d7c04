"""The pseudo-locale: every text of the catalogue said in ``xx`` comes wrapped in ⟦ ⟧, so a word
on a screen (or, later, in a command's output) outside every wrapping did not pass through the
catalogue. What may stand unwrapped is named here: the app's name, codes and keys a player types,
and what a player typed."""

from __future__ import annotations

import json
import re
import shutil
import tomllib
from pathlib import Path

import pytest
from babel import Locale
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

import companion.words as words
import scoring.words as game_words_module
from companion.cli import command
from companion.exports.native import import_text
from companion.store.database import Store
from companion.store.sessions import Sessions
from companion.words import formats
from companion.words.games import templates
from tests.app.pilot import screen_text

ROOT = Path(__file__).resolve().parent.parent

PSEUDO = "xx"
OPEN, CLOSE = "⟦", "⟧"
ALWAYS = {"Companion"}  # the app's own name, in every language


def wrapped(template: Path, folder: Path, domain: str) -> None:
    """The pseudo-locale of one domain: every message of its template, its text wrapped in ⟦ ⟧
    (its fields kept, so values go inside), compiled into ``folder/xx/LC_MESSAGES``."""
    with template.open("rb") as file:
        catalogue = read_po(file, locale="en")
    for message in catalogue:
        if isinstance(message.id, tuple):  # a message with a plural: each form wrapped
            message.string = tuple(OPEN + form + CLOSE for form in message.id)
        elif message.id:
            message.string = OPEN + message.id + CLOSE
    (folder / PSEUDO / "LC_MESSAGES").mkdir(parents=True)
    with (folder / PSEUDO / "LC_MESSAGES" / f"{domain}.mo").open("wb") as file:
        write_mo(file, catalogue)


@pytest.fixture
def pseudo(tmp_path, monkeypatch) -> str:
    """The pseudo-locale beside the real catalogues, in locale folders of this test's own: the
    app's (companion/words) and every game's and scoring's (scoring/<game>/locale)."""
    for lang in words.languages()[1:]:
        shutil.copytree(words.LOCALE / lang, tmp_path / "companion" / lang)
    wrapped(words.LOCALE / "companion.pot", tmp_path / "companion", "companion")
    monkeypatch.setattr(words, "LOCALE", tmp_path / "companion")
    for template in templates():
        domain = template.stem
        shutil.copytree(template.parent, tmp_path / domain)
        wrapped(template, tmp_path / domain, domain)
        monkeypatch.setitem(game_words_module.LOCALES, domain, tmp_path / domain)
    # what was read from the catalogues once a process: the texts, the languages, the command
    # line's parser (--lang offers the languages there are)
    cached = (words.catalogue, words.languages, formats.locale, command._parser, game_words_module.translations)
    for reading in cached:
        reading.cache_clear()
    yield PSEUDO
    for reading in cached:
        reading.cache_clear()


def unwrapped(text: str, allowed: set[str] = frozenset()) -> list[str]:
    """The words of ``text`` outside every ⟦ ⟧ (two letters or more: a one-letter key is a key),
    less those ``allowed``. A program's id (a rule's, ``sheriff.overview``; a binding's,
    ``session.undo``) is a word like any other: a player reads a rule's or a key's name instead."""
    while True:
        inner = re.sub(f"{OPEN}[^{OPEN}{CLOSE}]*{CLOSE}", " ", text)
        if inner == text:
            break
        text = inner
    text = re.sub(f"{OPEN}[^{CLOSE}\n]*…", " ", text)  # a wrapped text cut short where the line ends
    text = re.sub(f"{OPEN}[^\\s{CLOSE}]*", " ", text)  # a wrapped word cut short by a board's narrow cell
    return [w for w in re.findall(r"[^\W\d_]{2,}", text) if w not in ALWAYS | allowed]


def test_the_pseudo_locale_wraps_every_message_and_a_bare_word_is_found(pseudo):
    assert words.t("New game", pseudo) == "⟦New game⟧"
    resume = "Resume {id}: {game} — {players} ({entries} entries)"
    said = words.t(resume, pseudo, id=1, game="x", players="A", entries=3)
    assert said == "⟦Resume 1: x — A (3 entries)⟧"
    assert unwrapped("⟦Saved to ⟦a⟧ file⟧ Aki") == ["Aki"] and unwrapped("⟦Back⟧ ^p ⟦palette⟧") == []
    assert pseudo in words.languages()


def box_words(game: str) -> set[str]:
    """The names the game's box gives in each language (``name``, ``name_ja`` in its data files: a
    card's, a role's, a suit's, the game's own): a language without them in the box says the
    English, as the pseudo-locale does."""
    found: set[str] = set()

    def walk(value) -> None:
        if isinstance(value, dict):
            for key, inner in value.items():
                if key == "name" and isinstance(inner, str):
                    found.update(re.findall(r"[^\W\d_]{2,}", inner))
                walk(inner)
        elif isinstance(value, list):
            for inner in value:
                walk(inner)

    for path in sorted((ROOT / "data" / game).glob("*.toml")):
        walk(tomllib.loads(path.read_text(encoding="utf-8")))
    return found


def game_words(record: Path) -> set[str]:
    """What may stand unwrapped where a session of ``record`` is shown: its players, the game's code,
    the names its box gives (the game's, its cards'), and Babel's English months and AM/PM (the
    pseudo-locale's times are written as English's). Every other word of the game — its score
    told as parts, its tie-breaks, what happened — passes through the game's catalogue."""
    data = json.loads(record.read_bytes())
    return {
        *data["players"],
        data["game"],
        *box_words(data["game"]),
        *Locale.parse("en").months["format"]["abbreviated"].values(),
        "AM",
        "PM",
    }


def keys_shown(app) -> set[str]:
    """The keys the footer names (``esc``, ``^p``): keys, not words."""
    return {word for key in app.screen.query("FooterKey") for word in re.findall(r"[^\W\d_]{2,}", key.key_display)}


@pytest.mark.asyncio
async def test_the_home_settings_and_history_screens_say_every_word_through_the_catalogue(pseudo, tmp_path):
    from textual.widgets import DataTable

    from screens.app import CompanionApp
    from tests.app.pilot import quiet

    url = f"sqlite:///{tmp_path / 'c.db'}"
    record = (ROOT / "examples/sheriff/scoresheet-3-deals.json").read_bytes()
    import_text(Sessions(Store(url)), record)
    names = {*json.loads(record)["players"], "sheriff", "Sheriff"}  # the players, the game's code and name
    app = CompanionApp(url, lang=pseudo)
    async with app.run_test(size=(100, 30)) as pilot:
        assert await app.store_open()
        await quiet(pilot)
        home = screen_text(app)
        assert unwrapped(home, names | keys_shown(app)) == [], home  # the game to resume
        await pilot.press("s")
        await quiet(pilot)
        keys = app.screen.query_one("#keys", DataTable)
        typed = {  # each binding's keys, as a player types them to remap one
            word
            for row in range(keys.row_count)
            for cell in keys.get_row_at(row)[1:2]
            for word in re.findall(r"[^\W\d_]{2,}", str(cell))
        }
        settings = screen_text(app)
        # the list of languages names the pseudo-locale by its code
        assert unwrapped(settings, typed | keys_shown(app) | {pseudo}) == [], settings
        await pilot.press("escape", "h")
        await quiet(pilot)
        history = screen_text(app)
        assert "Sheriff" in history and unwrapped(history, names | keys_shown(app)) == [], history


def typed_in_help(text: str) -> set[str]:
    """What argparse's usage and help show to be typed: the program and its commands, options and
    their values (``--db DB``, ``{en,ja}``, ``id``), and the games' ids the help lists."""
    typed = re.findall(r"\{[^}]*\}|--?[\w-]+|\b[A-Z]+\b|\bcompanion(?: \w+)?|\[[^\]]*\]|\b\w+$", text, re.M)
    commands = [line.split()[0] for line in text.splitlines() if line.startswith("  ") and line.split()]
    return set(re.findall(r"[^\W\d_]{2,}", " ".join(typed + commands)))


def test_the_command_line_says_every_word_through_the_catalogue(pseudo, run):
    """A sample of what the commands print, in the pseudo-locale: a session listed, shown, its
    clock paused, exported as Markdown, the game's statistics, league table and a player's page."""
    record = ROOT / "examples/sheriff/scoresheet-3-deals.json"
    assert run("--lang", pseudo, "import", str(record))[0] == 0
    names = game_words(record)
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
        ("show", "Ks"),  # refused by argparse, in its own words
        ("--help",),  # the help
    ):
        _code, out, err = run(*args, "--lang", pseudo)
        said = out + err
        games = {word for game in ("trickster", "kings", "phantom", "louder") for word in box_words(game)}
        assert unwrapped(said, names | games | typed_in_help(said)) == [], f"{args}: {said}"


@pytest.mark.asyncio
async def test_the_export_page_says_every_word_through_the_catalogue(pseudo, tmp_path):
    """F6 on a finished game: the Markdown shown, the formats' keys and the page's own words."""
    from companion.exports.formats import FORMATS
    from screens.app import CompanionApp
    from screens.export import ExportScreen
    from tests.app.pilot import quiet

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
        await quiet(pilot)
        shown = screen_text(app)
        assert "Sheriff" in shown and unwrapped(shown, allowed | keys_shown(app)) == [], shown


def page_words(html: str) -> str:
    """What a phone shows of a page: its text without tags, and the words a script shows (the
    status line's ``data-live``/``data-away``) and a reader hears (``aria-label``, the chart's
    ``<title>``/``<desc>``)."""
    from html import unescape

    said = re.findall(r'(?:data-live|data-away|aria-label)="([^"]*)"', html)
    return unescape(" ".join([re.sub(r"<[^>]+>", " ", html), *said]))


def test_the_pages_say_every_word_through_the_catalogue(pseudo, tmp_path):
    """Every page a phone reads, in the pseudo-locale, through Starlette's TestClient: the index,
    a finished game's page and a running one's, the join page and a seat's recorder page (before a
    tap and after each kind), a league table, a player's page and a page that is not there. What
    may stand unwrapped: the players, the game's own words (scoring's: its board, what just
    happened, its log, its choices, a refusal's reason, the players listed), the export formats'
    names, the languages' names as each writes its own, and the codes and keys a program reads."""
    from companion.exports.formats import FORMATS
    from companion.web.links import SessionLinks
    from companion.words.formats import language_name
    from scoring.registry import get
    from scoring.sheriff.cards import code
    from tests.web.client import App

    url = f"sqlite:///{tmp_path / 'c.db'}"
    sessions = Sessions(Store(url))
    records = [ROOT / "examples/sheriff/scoresheet-3-deals.json", ROOT / "examples/sheriff/game-6-deals.json"]
    for record in records:
        import_text(sessions, record.read_bytes())
    sheriff = get("sheriff")
    running = sessions.create("sheriff", {"players": ["Aki", "Ben", "Chie"]})
    live = sessions.open(running)
    for line in ("deal joker=Ben Aki=mayor Ben=robber Chie=sheriff trump=spades", "Ks", "Kh"):
        live = sessions.append(live, sheriff.parse(line, live.position))
    allowed = {
        *(word for record in records for word in game_words(record)),
        *(word for f in FORMATS for word in re.findall(r"[^\W\d_]{2,}", f.label)),
        *(language_name(lang) for lang in words.languages()),
        *(code(card) for card in range(21)),  # the cards' codes, as a player types them (Ks, 10h, JO)
        "sheriff",
        "Sheriff",
    }
    server = App(sessions)
    try:
        key = server.index.split("key=", 1)[1]
        index = server.get(f"{server.index}&lang={pseudo}")
        sessions_pages = re.findall(r'href="(/t/[^"?]+)"', index.text)
        assert index.status == 200 and len(sessions_pages) == 3
        uid = sessions.info(running).uid
        links = SessionLinks(sessions)
        pages = {
            "index": index,
            **{f"session {href}": server.get(f"{href}?lang={pseudo}") for href in sessions_pages},
            "join": server.get(f"{links.join_link(uid)}?lang={pseudo}"),
            "recorder, another's turn": server.get(f"{links.seat_link(uid, 0)}?lang={pseudo}"),
            "recorder, its turn": server.get(f"{links.seat_link(uid, 2)}?lang={pseudo}"),
            "table recorder": server.get(f"{links.seat_link(uid, None)}?lang={pseudo}"),
            "league": server.get(f"/league/sheriff?key={key}&lang={pseudo}"),
            "league in a season": server.get(f"/league/sheriff?key={key}&season=1999&lang={pseudo}"),
            "player": server.get(f"/player?key={key}&name=Aki&lang={pseudo}"),
        }
        for name, page in pages.items():
            assert page.status == 200, name
            shown = page_words(page.text)
            assert f'<html lang="{pseudo}">' in page.text, name
            assert unwrapped(shown, allowed) == [], f"{name}: {shown}"
        # a seat's phone after each kind of tap: recorded, taken back, refused (the rule's own
        # words, scoring's, as the refusal says them), and too late (the table moved on)
        from tests.web.phones import Phone, revision_of

        chie, table_phone = (Phone(server, links.seat_link(uid, seat), lang=pseudo) for seat in (2, None))
        seen = revision_of(chie.page().text)
        taps = {
            "recorded": lambda: chie.tap("Qs"),
            "undone": chie.undo,
            "refused": lambda: chie.tap("Kx"),
            "moved": lambda: (table_phone.tap("Qs"), chie.tap("Js", revision=seen))[1],
        }
        for kind, tap in taps.items():
            page = tap()
            shown = page_words(page.text)
            assert page.status == 200 and f'class="said {kind}' in page.text, kind
            assert unwrapped(shown, allowed) == [], f"{kind}: {shown}"
        missing = server.get(f"/t/nothing-here?lang={pseudo}")
        assert missing.status == 404 and unwrapped(missing.text) == [], missing.text
    finally:
        server.close()


def test_a_language_with_a_catalogue_is_offered_by_every_page_and_serves_words_through_it(pseudo, tmp_path):
    """The pseudo-locale, a catalogue and no code: every page links to it (with English and
    Japanese), a browser that asks for it first is shown it, and ``companion serve``'s sentences
    on the command line are said through it."""
    from companion.web.server import _SAID, said
    from tests.web.client import App

    sessions = Sessions(Store(f"sqlite:///{tmp_path / 'c.db'}"))
    server = App(sessions)
    try:
        page = server.get(server.index).text
        assert re.findall(r'<a class="lang" href="[^"]*lang=(\w+)" hreflang="(\w+)">', page) == [
            ("ja", "ja"),
            (pseudo, pseudo),
        ]
        asked = server.get(server.index, lang=f"{pseudo},en;q=0.8").text
        assert f'<html lang="{pseudo}">' in asked and "⟦Sessions⟧" in asked
    finally:
        server.close()
    for key in _SAID:
        sentence = said(key, pseudo, host="192.0.2.1", port=8765, there="192.0.2.1", db="c.db")
        assert sentence.startswith(OPEN) and unwrapped(sentence) == [], sentence


TABLES = {  # a session of each game that has more than a start: its table, scores and log have words
    "trickster": "game-5p-strategy.json",
    "kings": "game-5p.json",
    "sheriff": "game-6-deals.json",
    "phantom": "base-4p.json",
    "louder": "game-4p.json",
}
CODES = {"sheriff": {"JO"}}  # the Joker's code, heading its column of the board as the ranks do theirs


def in_front(app) -> str:
    """What the screen in front shows in its own box: a dialog's text, not the table under it."""
    box = app.screen.children[0].region
    lines = screen_text(app).split("\n")[box.y : box.bottom]
    return "\n".join(line[box.x : box.right] for line in lines)


def typed_codes(text: str) -> set[str]:
    """The codes the choices line (``⏎ KINV …  · OSCI …``, numbered ``· 2 trap:0``, the word a
    group of whole moves shares: ``place… ⏎ 1 trap:0``, ``use: 1 seeker``) and the card list
    (``▊ Jh …``) offer to type: typed, not read."""
    codes = re.findall(r"(?:⏎|·|▊) (?:\d )?([^\W\d_]{2,})", text)
    shared = re.findall(r"([^\W\d_]{2,})(?:…|:) (?:⏎ )?\d ", text)
    picked = [w for item in re.findall(r"▊ (\S+(?: \S+)*?)  ", text) for w in item.split()]  # F3: place trap:0
    return set(codes) | set(shared) | {w for word in picked for w in re.findall(r"[^\W\d_]{2,}", word)}


@pytest.mark.asyncio
@pytest.mark.parametrize("game", sorted(TABLES))
async def test_every_table_at_80x24_says_every_word_through_the_catalogue(pseudo, tmp_path, game):
    """A game part played: its table, its choices and prompt, its scoreboard (F5), its log (F7)
    and its card list (F3) at 80×24, every word through the catalogues but the players' names,
    the box's names and the codes typed. (Help and rules are the box's own texts, a file per
    language, as the rules screens' tests check.)"""
    from screens.app import CompanionApp
    from tests.app.pilot import quiet, table_at

    path = ROOT / "examples" / game / TABLES[game]
    app = CompanionApp(f"sqlite:///{tmp_path / 'c.db'}", lang=pseudo)
    async with app.run_test(size=(80, 24)) as pilot:
        await table_at(app, pilot, json.loads(path.read_text()), 12)
        table = screen_text(app)
        allowed = game_words(path) | keys_shown(app) | typed_codes(table) | CODES.get(game, set())
        assert unwrapped(table, allowed) == [], table
        for key in ("f5", "f7", "f3"):
            await pilot.press(key)
            await quiet(pilot)
            shown = in_front(app)
            assert unwrapped(shown, allowed | keys_shown(app) | typed_codes(shown)) == [], f"{key}: {shown}"
            await pilot.press("escape")
            await quiet(pilot)


@pytest.mark.asyncio
@pytest.mark.parametrize("game", sorted(TABLES))
async def test_every_new_game_form_at_80_columns_says_every_word_through_the_catalogue(pseudo, tmp_path, game):
    """The new-game form of each game, 80 columns wide and tall enough for all of it (the words
    are those of 80×24, wrapped the same): every word through the catalogues but the box's names
    and the codes an option's line holds for a player to type (a deck's counts, by card code)."""
    from textual.widgets import Input

    from screens.app import CompanionApp
    from screens.widgets.line import WrappedLine
    from tests.app.pilot import opened, quiet

    app = CompanionApp(f"sqlite:///{tmp_path / 'c.db'}", lang=pseudo)
    async with app.run_test(size=(80, 80)) as pilot:
        await opened(pilot)
        await pilot.press("n")
        await quiet(pilot)
        app.screen.query_one("#game").value = game
        await quiet(pilot)
        shown = screen_text(app)
        # what a line holds, or shows as an example to type when it is empty: codes (a deck's
        # counts, trap:0=13 …; the advanced line's JSON, {"settings": {…}}), never a sentence
        examples = [line.placeholder for line in app.screen.query(Input) if re.search(r"[=:{]", line.placeholder)]
        lines = [line.value for line in app.screen.query(Input)] + examples
        lines += [line.value for line in app.screen.query(WrappedLine)]
        typed = {w for line in lines for w in re.findall(r"[^\W\d_]{2,}", line)}
        assert unwrapped(shown, {game, *box_words(game)} | keys_shown(app) | typed) == [], shown
