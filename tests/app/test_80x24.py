"""What issue 33 found cut or misdrawn at 80×24, replayed at that size in English and Japanese:
the round's end on the status line, F1 and the rules texts reflowed to the width, the log box's
long lines wrapped, the new-game form's options readable, its game list drawn as a list and
opened on the last game started, and the rules searched for several words."""

import itertools
import json
from pathlib import Path

import pytest

from companion.exports.native import import_text
from companion.wrapping import break_points, cells, has_wide, text_column
from scoring.records import build_record, split_record
from scoring.registry import ids
from screens.app import CompanionApp
from screens.widgets.plain import plain
from tests.app.pilot import type_line

ROOT = Path(__file__).resolve().parents[2]
KINGS = json.loads((ROOT / "examples/kings/game-5p.json").read_text(encoding="utf-8"))


async def table_at(app, pilot, record: dict, entries: int):
    """The table screen of the first ``entries`` entries of ``record``, as a session."""
    from screens.session import SessionScreen

    assert await app.store_open()
    game, header, moves = split_record(record)
    sid = import_text(app.sessions, json.dumps(build_record(game, header, moves[:entries])).encode())
    await app.push_screen(SessionScreen(sid))
    await pilot.pause(0.3)
    return moves


def lines_of(widget) -> list[str]:
    """A widget's lines as drawn."""
    return [widget.render_line(y).text.rstrip() for y in range(widget.size.height)]


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
        ("en", "Dan takes trick 5", "(f7) Chie wins with 340. f5 shows the scoreboard, f6 exports it."),
        ("ja", "Danが第5トリックを取りました", "(f7) Chieが340点で勝ち。f5で得点表、f6で書き出し。"),
    ],
)
async def test_the_games_end_keeps_the_last_trick_and_who_won(tmp_path, lang, trick, won):
    app = CompanionApp(f"sqlite:///{tmp_path / 'c.db'}", lang=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        moves = await table_at(app, pilot, KINGS, len(split_record(KINGS)[2]) - 1)
        await type_line(pilot, moves[-1]["play"])
        status = app.screen.query_one("#status")
        said, lines = str(status.render()), lines_of(status)
    assert "refused" not in status.classes
    assert len(lines) == 3, lines
    assert trick in said and said.endswith(won), said  # the round's scores cut, who won whole


def needless_breaks(lines: list[str], width: int) -> list[tuple[str, str]]:
    """Pairs of drawn lines broken where the next line's first word would still have fitted: the
    text goes on at the same column, the line before does not end a sentence, neither is a row of
    columns (``text  more``), yet it stops short."""
    found = []
    for before, after in itertools.pairwise(lines):
        indent = len(before) - len(before.lstrip())
        if not before.strip() or not after.strip() or len(after) - len(after.lstrip()) != indent:
            continue
        if before.rstrip().endswith((".", "。", ":", "：", ")", "）", "]")) or "  " in before.strip() + after.strip():
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
        await pilot.pause(0.3)
        whole = app.screen.query_one("#whole-log")
        drawn_f7 = [whole.render_line(y).text.rstrip(" ▁▂▃▄▅▆▇█") for y in range(whole.size.height)]
    for lines in (drawn_log, drawn_f7):
        assert not [line for line in lines if line.endswith("…")], lines
        assert not split_names(lines, NAMES.values()), split_names(lines, NAMES.values())
    bids = next(n for n, line in enumerate(drawn_log) if line.startswith("  27  "))
    assert drawn_log[bids + 1].startswith("      ") and drawn_log[bids + 1].strip()  # goes on under its line
    assert "恵美子=" in "".join(drawn_log[bids:])  # the last player's bid, not cut away
