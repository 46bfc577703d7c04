"""What issue 33 found cut or misdrawn at 80×24, replayed at that size in English and Japanese:
the round's end on the status line, F1 and the rules texts reflowed to the width, the log box's
long lines wrapped, the new-game form's options readable, its game list drawn as a list and
opened on the last game started, and the rules searched for several words."""

import itertools
import json
import re
from pathlib import Path

import pytest

from companion.wrapping import break_points, cells, has_wide, text_column
from scoring.records import split_record
from scoring.registry import ids
from scoring.registry import name as game_name
from screens.app import CompanionApp
from screens.widgets.plain import plain
from tests.app.pilot import quiet, table_at, type_line

ROOT = Path(__file__).resolve().parents[2]
KINGS = json.loads((ROOT / "examples/kings/game-5p.json").read_text(encoding="utf-8"))


def lines_of(widget) -> list[str]:
    """A widget's lines as drawn."""
    return [widget.render_line(y).text.rstrip() for y in range(widget.size.height)]


async def on_the_form(app, pilot) -> None:
    """The new-game form, opened from the home screen once the database is."""
    assert await app.store_open()
    await pilot.press("n")
    await pilot.pause()


@pytest.mark.asyncio
@pytest.mark.parametrize(
    "lang, trick, scores, next_up",
    [
        ("en", "Chie takes trick 5 with the blue 7: the highest blue, the colour led.", "Round 1 scored", "Round 2"),
        ("ja", "Chieが第5トリックを取りました：青7、リードの色の青で一番強い。", "第1ラウンドの得点", "第2ラウンド"),
    ],
)
async def test_the_rounds_end_keeps_who_took_the_last_trick_and_cuts_the_scores(tmp_path, lang, trick, scores, next_up):
    # KINGs, 5 players, the last card of round 1 (Ben's g5): the status line used to start
    # "(f7) …1 made: +80", the trick cut away by the round's scores (which the board shows)
    app = CompanionApp(f"sqlite:///{tmp_path / 'c.db'}", lang=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await table_at(app, pilot, KINGS, 52)
        await type_line(pilot, "g5")
        status = app.screen.query_one("#status")
        said, lines = str(status.render()), lines_of(status)
    assert "refused" not in status.classes
    assert len(lines) == 3, lines
    assert trick in said  # what just happened, whole
    assert scores in said and "… (f7)" in said  # the scores' start, cut, and the key of the whole log
    assert next_up in said and said.endswith(("(a digit takes one).", "数字で選ぶ。"))  # what comes next, whole


@pytest.mark.asyncio
@pytest.mark.parametrize(
    "lang, trick, won",
    [
        ("en", "Dan takes trick 5", "(f7) Chie wins with 250. f5 shows the scoreboard, f6 exports it."),
        ("ja", "Danが第5トリックを取りました", "(f7) Chieが250点で勝ち。f5で得点表、f6で書き出し。"),
    ],
)
async def test_the_games_end_keeps_the_last_trick_and_who_won(tmp_path, lang, trick, won):
    app = CompanionApp(f"sqlite:///{tmp_path / 'c.db'}", lang=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        moves = split_record(KINGS)[2]
        await table_at(app, pilot, KINGS, len(moves) - 1)
        await type_line(pilot, moves[-1]["play"])
        status = app.screen.query_one("#status")
        said, lines = str(status.render()), lines_of(status)
    assert "refused" not in status.classes
    assert len(lines) == 3, lines
    assert trick in said and said.endswith(won), said  # the round's scores cut, who won whole


def needless_breaks(lines: list[str], width: int) -> list[tuple[str, str]]:
    """Pairs of drawn lines broken where the next line's first word would still have fitted: the
    text goes on at the same column, the line before does not end a sentence nor is a heading,
    neither is a row of columns (``text  more``), yet it stops short."""
    found = []
    for before, after in itertools.pairwise(lines):
        indent = len(before) - len(before.lstrip())
        if not before.strip() or not after.strip() or len(after) - len(after.lstrip()) != indent:
            continue
        if before.rstrip().endswith((".", "。", ":", "：", ")", "）", "]")) or "  " in before.strip() + after.strip():
            continue
        if re.match(r"\d+\. ", before):  # a section's heading: its number and title
            continue
        text = after.lstrip()
        word = text[: (break_points(text) or [len(text)])[0]].rstrip()  # what cannot be parted
        joint = 0 if has_wide(before.rstrip()[-1]) and has_wide(word[0]) else 1  # a space, where there may be one
        if cells(before.rstrip()) + joint + cells(word) <= width:
            found.append((before, after))
    return found


def drawn(widget) -> tuple[list[str], int]:
    """A text's lines as the widget draws them (all of them, scrolled out of sight or not), and the
    width it wraps them at."""
    width = widget.content_size.width
    return [line.plain for line in widget.content.wrap(widget.app.console, width)], width


@pytest.mark.asyncio
@pytest.mark.parametrize("lang", ["en", "ja"])
async def test_f1_breaks_its_lines_only_where_the_screen_ends_them(tmp_path, lang):
    # the help files are hard-wrapped at about 100 columns: at 80×24 F1 showed "…whole as" /
    # "typed)," / "a digit takes…", a sentence broken twice; every game's help, in both languages
    from screens.help import HelpScreen, help_text

    app = CompanionApp(f"sqlite:///{tmp_path / 'c.db'}", lang=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        for game in ids():
            await app.push_screen(HelpScreen(game))
            await pilot.pause()
            lines, width = drawn(app.screen.query_one("#output"))
            assert width >= 70 and len(lines) > 20
            assert not needless_breaks(lines, width), (game, needless_breaks(lines, width))
            assert all(cells(line) <= width for line in lines)
            # a line of a column that wraps goes on under its column, never back at the first
            source = help_text(game, lang).split("\n")
            first = [line for line in source if not line.startswith(" ")]
            back = [line for line in lines if line.strip() and not any(line.strip() in text for text in first)]
            assert not [line for line in back if not line.startswith(" ")], back
            if game == "kings" and lang == "en":
                assert "typed), a digit takes a numbered choice" in "\n".join(lines)
            await app.pop_screen()


@pytest.mark.asyncio
@pytest.mark.parametrize("lang", ["en", "ja"])
async def test_the_rules_break_their_lines_only_where_the_screen_ends_them(tmp_path, lang):
    # rules.<lang>.md is hard-wrapped too: "it then scores the points on the" / "card. Your …";
    # each game's longest section, as the rules screen shows it
    from scoring.rulesbook import sections

    app = CompanionApp(f"sqlite:///{tmp_path / 'c.db'}", lang=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        assert await app.store_open()
        await pilot.press("u")  # the rules, from home
        await pilot.pause()
        for game in ids():
            app.screen.query_one("#game").value = game
            await pilot.pause()
            longest = max(sections(game, lang), key=lambda section: len(section.body))
            app.screen.show(longest.id)
            await pilot.pause()
            lines, width = drawn(app.screen.query_one("#text"))
            assert len(lines) > 3, (game, lines)
            assert not needless_breaks(lines, width), (game, needless_breaks(lines, width))


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("game", ids())
def test_every_rules_section_reflows_to_any_width(game, lang):
    # every section of every game, as the rules screen shows it, at 80 columns and at 60
    from rich.console import Console

    from companion.table.lookup import rules_text
    from scoring.rulesbook import sections

    console = Console(width=200)
    for section in sections(game, lang):
        text = plain(rules_text(game, section.id, lang, reflowed=True), hang=text_column)
        for width in (74, 58):
            lines = [line.plain for line in text.wrap(console, width)]
            assert not needless_breaks(lines, width), (section.id, needless_breaks(lines, width))


# the KINGs game with Japanese names, each long enough to be split where Japanese may break
NAMES = {"Aki": "秋子さん", "Ben": "弁慶", "Chie": "千恵子", "Dan": "団十郎", "Emi": "恵美子"}


def kings_named(names: dict[str, str]) -> dict:
    text = json.dumps(KINGS, ensure_ascii=False)
    for name, other in names.items():
        text = text.replace(f'"{name}"', f'"{other}"')
    return json.loads(text)


def split_names(lines: list[str], names) -> list[tuple[str, str]]:
    """Names begun at the end of one line and ended at the start of the next."""
    found = []
    for before, after in itertools.pairwise(lines):
        for name in names:
            for cut in range(1, len(name)):
                if before.rstrip().endswith(name[:cut]) and after.lstrip().startswith(name[cut:]):
                    found.append((before, after))
    return found


@pytest.mark.asyncio
@pytest.mark.parametrize("lang", ["en", "ja"])
async def test_the_log_wraps_a_long_entry_under_its_line_and_never_splits_a_name(tmp_path, lang):
    # KINGs, 5 players: the fronts and bids lines were cut at 80 columns ("… Emi=H…", "Dan…")
    record = kings_named(NAMES)
    app = CompanionApp(f"sqlite:///{tmp_path / 'c.db'}", lang=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await table_at(app, pilot, record, 27)
        log = app.screen.query_one("#entries")
        drawn_log = [log.render_line(y).text.rstrip(" ▁▂▃▄▅▆▇█") for y in range(log.size.height)]
        # F7: every entry whole, with what it did
        await pilot.press("f7")
        await quiet(pilot)
        whole = app.screen.query_one("#whole-log")
        drawn_f7 = [whole.render_line(y).text.rstrip(" ▁▂▃▄▅▆▇█") for y in range(whole.size.height)]
    for lines in (drawn_log, drawn_f7):
        assert not [line for line in lines if line.endswith("…")], lines
        assert not split_names(lines, NAMES.values()), split_names(lines, NAMES.values())
    bids = next(n for n, line in enumerate(drawn_log) if line.startswith("  27  "))
    assert drawn_log[bids + 1].startswith("      ") and drawn_log[bids + 1].strip()  # goes on under its line
    assert "恵美子=" in "".join(drawn_log[bids:])  # the last player's bid, not cut away


@pytest.mark.asyncio
@pytest.mark.parametrize("lang", ["en", "ja"])
async def test_every_option_on_the_new_game_form_reads_whole(tmp_path, lang):
    # LOUDER's deck (137 cells of card=count) stopped at "enemy:-2=4 ene" on its one-row line;
    # now a line wraps over the rows it takes, and every list's rows fit their width
    from textual.widgets import Select

    from screens.widgets.choice import CLOSED, Choice
    from screens.widgets.line import WrappedLine

    app = CompanionApp(f"sqlite:///{tmp_path / 'c.db'}", lang=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await on_the_form(app, pilot)
        app.screen.query_one("#players").value = "Aki, Ben, Chie"
        lines = choices = 0
        for game in ids():
            app.screen.query_one("#game", Select).value = game
            await pilot.pause()
            form = app.screen.forms[game]
            for widget in form.inputs.values():
                form.screen.scroll_to_widget(widget, animate=False)
                await pilot.pause()
                if isinstance(widget, WrappedLine):
                    drawn_line = " ".join(widget.render_line(y).text.strip() for y in range(widget.size.height))
                    shown = widget.value or str(widget.placeholder)  # an empty line shows its example
                    assert drawn_line.split() == shown.split(), (game, widget.id, drawn_line)
                    lines += 1
                elif isinstance(widget, Choice):
                    room = widget.content_size.width - cells(CLOSED)
                    assert all(cells(row) <= room for row in widget.rows), (game, widget.id, widget.rows)
                    assert widget.render_line(0).text.rstrip(" ▼").rstrip() == widget.chosen
                    choices += 1
        assert lines >= 4 and choices >= 10
        deck = app.screen.forms["louder"].inputs["opt-deck"]
        assert deck.size.height >= 2 and "seeker=11" in deck.value  # the deck's last card, in view


@pytest.mark.asyncio
async def test_the_game_list_opens_in_a_box_of_its_own_over_the_form(tmp_path):
    # the list of games drew its rows straight over the setup card below ("Setup: ShufTRICKTAKERs
    # KINGs"): now it has a border and a background of its own
    from textual.widgets import Select
    from textual.widgets._select import SelectOverlay

    app = CompanionApp(f"sqlite:///{tmp_path / 'c.db'}")
    async with app.run_test(size=(80, 24)) as pilot:
        await on_the_form(app, pilot)
        await pilot.press("shift+tab", "enter")
        await pilot.pause()
        chooser = app.screen.query_one("#game", Select)
        overlay = chooser.query_one(SelectOverlay)
        assert chooser.expanded and overlay.display
        assert overlay.styles.border_top[0] != "" and overlay.styles.border_bottom[0] != ""
        assert overlay.styles.background != app.screen.query_one("#setup").styles.background
        screen = app.export_screenshot()
        # every game's name in the box, between its sides
        for game in ids():
            assert any(game_name(game) in line for line in overlay_rows(screen)), game
        await pilot.press("escape")


def overlay_rows(svg: str) -> list[str]:
    """The text of an SVG screenshot, a row at a time (what lies on each row)."""
    import html
    import re

    rows: dict[str, list[tuple[float, str]]] = {}
    for found in re.finditer(r'<text class="[^"]*" x="([\d.]+)" y="([\d.]+)"[^>]*>(.*?)</text>', svg):
        rows.setdefault(found.group(2), []).append((float(found.group(1)), html.unescape(found.group(3))))
    return ["".join(text for _, text in sorted(row)).replace("\xa0", " ") for _, row in sorted(rows.items())]


@pytest.mark.asyncio
async def test_the_new_game_form_opens_on_the_last_game_started_even_after_a_restart(tmp_path):
    # the form always reset to Trickster; a table that plays KINGs every week chose it every time
    from textual.widgets import Select

    from companion.store.settings import AppSettings
    from tests.app.pilot import GAME_KEYS, new_game, settled

    url = f"sqlite:///{tmp_path / 'c.db'}"
    app = CompanionApp(url)
    async with app.run_test(size=(80, 24)) as pilot:
        assert await app.store_open()
        await new_game(pilot, GAME_KEYS["kings"], "Aki, Ben, Chie, Dan")
        assert type(app.screen).__name__ == "SessionScreen" and app.screen.game.id == "kings"
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("n")
        await pilot.pause()
        assert app.screen.query_one("#game", Select).value == "kings"  # the same run
        assert "Draft a king" in str(app.screen.query_one("#setup").render())
        await pilot.press("escape")
        await pilot.pause()
    assert AppSettings.load().last_game == "kings"
    again = CompanionApp(url, lang="ja")
    async with again.run_test(size=(80, 24)) as pilot:
        await on_the_form(again, pilot)
        assert again.screen.query_one("#game", Select).value == "kings"  # the next run
        # two rows down from KINGs: the Phantom, now the game the form opens on
        await pilot.press("shift+tab", "enter", "down", "down", "enter", "tab")
        await type_line(pilot, "Aki, Ben, Chie")
        await pilot.press("ctrl+s")
        await settled(pilot)
        assert again.screen.game.id == "phantom"
    assert AppSettings.load().last_game == "phantom"


@pytest.mark.asyncio
@pytest.mark.parametrize(
    "lang, words, first",
    [("en", "white king", "Kings"), ("ja", "白 キング", "キング")],
)
async def test_a_search_of_several_words_shows_the_sections_that_hold_them_all(tmp_path, lang, words, first):
    # "white king" found every section with "white" in it (White Flags), since every section's id
    # starts with "kings." and so holds "king"; now only those that speak of both, the White King first
    from textual.widgets import Select

    app = CompanionApp(f"sqlite:///{tmp_path / 'c.db'}", lang=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        assert await app.store_open()
        await pilot.press("u")
        await pilot.pause()
        app.screen.query_one("#game", Select).value = "kings"
        await pilot.pause()
        app.screen.query_one("#search").focus()
        await type_line(pilot, words)
        shown = str(app.screen.query_one("#text").render())
    from scoring.rulesbook import section

    # each section found under its number in the contents and its title, no program's id
    titles = [line.split(". ", 1)[1] for line in shown.split("\n") if re.match(r"\d+\. ", line)]
    assert titles[0] == first and "kings." not in shown, titles
    unwanted = {section("kings", rule, lang).title for rule in ("kings.cards", "kings.follow")}
    assert len(titles) <= 6 and not unwanted & set(titles)
    for part in shown.split("\n\n"):
        assert all(word in part.lower() for word in words.lower().split()), part


@pytest.mark.asyncio
async def test_a_wrapped_line_of_the_form_takes_a_paste_on_one_line_and_refuses_terminal_codes(tmp_path):
    from textual import events

    from screens.widgets.line import WrappedLine

    app = CompanionApp(f"sqlite:///{tmp_path / 'c.db'}")
    async with app.run_test(size=(80, 24)) as pilot:
        await on_the_form(app, pilot)
        app.screen.query_one("#game").value = "louder"
        await pilot.pause()
        line = app.screen.query_one("#opt-flip_limits", WrappedLine)
        line.focus()
        await pilot.pause()
        assert line.selected_text == line.value  # focused: all of it, as a form's line
        line.post_message(events.Paste("trickster=4\nseeker=2"))
        await pilot.pause()
        assert line.value == "trickster=4 seeker=2"  # a line break pasted is a space
        line.post_message(events.Paste("seeker=\x1b[2J1"))
        await pilot.pause()
        assert line.value == "trickster=4 seeker=2"  # refused whole
        await pilot.press("enter")
        assert app.focused is not line and "\n" not in line.value  # Enter moves on
