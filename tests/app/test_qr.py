"""The BG Stats QR code is read back by a real QR decoder, as a phone's camera would: the PNG file,
the half-block drawing as the export page shows it, and what ``companion qr`` prints in a real
(pseudo-)terminal painted as a dark and as a light terminal paints it; the export page draws it where
it fits, offers the image where it does not, and saves any export where the player says."""

import json
import os
from pathlib import Path

import pytest

from companion.exports.bgstats import bgstats_url
from companion.exports.files import export_folder
from companion.exports.formats import export
from companion.exports.native import import_text
from companion.exports.qr import qr_lines, qr_png
from companion.store.database import Store
from companion.store.sessions import Sessions
from screens.app import CompanionApp
from screens.export import ExportScreen, qr_room
from tests.app.pilot import quiet
from tests.app.qr_decoder import Picture, decode, drawn, read_png
from tests.app.terminal_picture import DARK, LIGHT, SOLARIZED_DARK, picture, run_in_terminal, screen

ROOT = Path(__file__).resolve().parents[2]
GAMES = ["examples/sheriff/game-6-deals.json", "examples/trickster/game-5p-strategy.json"]


def decoded(picture: Picture) -> str:
    text = decode(*picture)
    assert text is not None, "no QR code found"
    return text


@pytest.mark.parametrize("record", GAMES)
def test_the_png_reads_back_as_the_link(sessions, tmp_path, record):
    sid = import_text(sessions, (ROOT / record).read_bytes())
    link = bgstats_url(sessions, sid)
    path = qr_png(link, tmp_path / "nested" / "qr.png")
    assert decoded(read_png(path)) == link


@pytest.mark.parametrize("record", GAMES)
def test_the_half_block_drawing_reads_back_as_the_link(sessions, record):
    sid = import_text(sessions, (ROOT / record).read_bytes())
    link = bgstats_url(sessions, sid)
    lines = qr_lines(link)
    assert len({len(line) for line in lines}) == 1 and len(lines) == (len(lines[0]) + 1) // 2
    assert decoded(drawn(lines)) == link


def a_finished_sheriff_game(tmp_path) -> tuple[str, str]:
    """A database holding the 6-deal Sheriff game (session 1), and its BG Stats link."""
    db = f"sqlite:///{tmp_path / 'terminal.db'}"
    sessions = Sessions(Store(db))
    link = bgstats_url(sessions, import_text(sessions, (ROOT / GAMES[0]).read_bytes()))
    sessions.store.engine.dispose()
    return db, link


def test_companion_qr_in_a_terminal_reads_on_a_dark_and_on_a_light_one(tmp_path):
    # the same characters and colours, painted by the usual light-on-dark terminal, a light one and
    # a tinted one (Solarized's black is dark teal, its bright white cream): each reads as the link
    db, link = a_finished_sheriff_game(tmp_path)
    shown = run_in_terminal(["--db", db, "qr", "1"], columns=110, rows=60)
    cells = screen(shown, 110)
    code = [row for row in cells if row and row[0][2] is not None]  # the rows that name a background
    assert len(code) == 51 and {len(row) for row in code} == {101}  # 93 modules and a quiet zone of 4
    assert all(back is not None and (char == " " or front is not None) for row in code for char, front, back in row)
    assert "Scan it with the phone's camera or BG Stats" in "".join(c for c, _, _ in cells[-1])
    for theme in (DARK, LIGHT, SOLARIZED_DARK):
        assert decode(*picture(shown, theme, 110)) == link, theme.name


def test_with_no_color_companion_qr_draws_plain_blocks_that_read_on_a_light_terminal_only(tmp_path):
    db, link = a_finished_sheriff_game(tmp_path)
    shown = run_in_terminal(["--db", db, "qr", "1"], columns=110, rows=60, env={"NO_COLOR": "1"})
    assert "\x1b" not in shown and "Drawn without colours (NO_COLOR is set)" in shown
    assert decode(*picture(shown, LIGHT, 110)) == link
    # what the issue found: on light text over black the blocks are the code inverted, and a
    # decoder that reads codes the usual way round reads nothing; the note says to use --png
    assert decode(*picture(shown, DARK, 110)) is None
    assert "On a light-on-dark terminal use --png FILE." in shown


def test_companion_qr_piped_draws_plain_blocks_and_says_so(run, monkeypatch):
    run("import", str(ROOT / GAMES[0]))
    monkeypatch.setenv("COLUMNS", "110")  # not a terminal: the size comes from COLUMNS and LINES
    monkeypatch.setenv("LINES", "60")
    monkeypatch.delenv("NO_COLOR", raising=False)
    code, out, _ = run("qr", "1", "--url")
    link = out.splitlines()[0]  # the link first, so the code below it stays in view
    assert code == 0 and link.startswith("https://app.bgstatsapp.com/createPlay.html?data=")
    assert "\x1b" not in out and "Drawn without colours (the output is not a terminal)" in out
    assert decode(*picture(out, LIGHT, 110)) == link
    code, out, _ = run("qr", "1", "--lang", "ja")
    assert "色なしで描きました（出力が端末ではありません）" in out


async def _export_page(app, pilot, record: str) -> int:
    await pilot.pause()
    while not await app.store_open():
        await quiet(pilot)
    sid = import_text(app.sessions, (ROOT / record).read_bytes())
    app.push_screen(ExportScreen(sid))
    await quiet(pilot)
    return sid


@pytest.mark.asyncio
async def test_at_80x24_the_qr_code_is_offered_as_an_image_and_saved_where_the_player_says(tmp_path):
    app = CompanionApp(f"sqlite:///{tmp_path / 'c.db'}")
    async with app.run_test(size=(80, 24)) as pilot:
        sid = await _export_page(app, pilot, GAMES[0])
        await pilot.press("q")
        await quiet(pilot)
        shown = str(app.screen.query_one("#output").render())
        assert "needs a terminal of at least" in shown and "Press s to save it as an image" in shown
        await pilot.press("s")
        await quiet(pilot)
        line = app.screen.query_one("#save-path")
        assert line.value == str(
            export_folder() / f"sheriff-{app.sessions.info(sid).created_at:%Y-%m-%d}-s{sid}-bgstats.png"
        )
        line.value = str(tmp_path / "out" / "result.png")
        await pilot.press("enter")
        await quiet(pilot)
        saved = tmp_path / "out" / "result.png"
        assert decoded(read_png(saved)) == bgstats_url(app.sessions, sid)
        assert f"Saved to {saved}" in str(app.screen.query_one("#saved").render())


@pytest.mark.asyncio
async def test_a_terminal_that_holds_it_draws_it_black_on_white(tmp_path):
    app = CompanionApp(f"sqlite:///{tmp_path / 'c.db'}")
    async with app.run_test(size=(110, 60)) as pilot:
        sid = await _export_page(app, pilot, GAMES[0])
        await pilot.press("q")
        await quiet(pilot)
        drawing = app.screen.query_one("#output").render()
        assert drawing.plain.split("\n") == qr_lines(bgstats_url(app.sessions, sid))
        output = app.screen.query_one("#output")
        for y in range(1, len(qr_lines(bgstats_url(app.sessions, sid)))):
            modules = [seg for seg in output.render_line(y) if seg.text.strip("\xa0 ") or "\xa0" in seg.text]
            assert modules and all(
                seg.style.color.triplet.hex == "#000000" and seg.style.bgcolor.triplet.hex == "#ffffff"
                for seg in modules
            ), y


@pytest.mark.asyncio
async def test_every_format_saves_to_a_file_and_says_where_in_japanese_too(tmp_path):
    app = CompanionApp(f"sqlite:///{tmp_path / 'c.db'}")
    async with app.run_test(size=(80, 24)) as pilot:
        sid = await _export_page(app, pilot, GAMES[0])
        for key, fmt in (("j", "json"), ("c", "csv"), ("m", "md"), ("b", "bgstats"), ("g", "bgg")):
            await pilot.press(key, "s")
            await quiet(pilot)
            app.screen.query_one("#save-path").value = str(tmp_path)  # a folder: the usual name inside it
            await pilot.press("enter")
            await quiet(pilot)
            said = str(app.screen.query_one("#saved").render())
            assert said.startswith(f"Saved to {tmp_path}{os.sep}sheriff-"), fmt
        assert {p.name for p in tmp_path.iterdir() if not p.name.startswith("c.db")} == {
            f"sheriff-{app.sessions.info(sid).created_at:%Y-%m-%d}-s{sid}{tail}"
            for tail in (".json", ".csv", ".md", "-bgstats.txt", "-bgg.xml")
        }
        assert (tmp_path / f"sheriff-{app.sessions.info(sid).created_at:%Y-%m-%d}-s{sid}.csv").read_text() == export(
            app.sessions, sid, "csv"
        )
        await app.set_language("ja")
        await pilot.press("m", "s")
        await quiet(pilot)
        app.screen.query_one("#save-path").value = str(tmp_path / "c.db" / "inside-a-file.md")  # not a folder
        await pilot.press("enter")
        await quiet(pilot)
        said = str(app.screen.query_one("#saved").render())
        assert "書き込めません" in said and "何も保存していません" in said
        await pilot.press("escape")
        await quiet(pilot)
        assert "保存しませんでした" in str(app.screen.query_one("#saved").render())
        assert isinstance(app.screen, ExportScreen)


@pytest.mark.asyncio
async def test_an_unfinished_game_is_refused_before_a_path_is_asked_for(tmp_path):
    app = CompanionApp(f"sqlite:///{tmp_path / 'c.db'}")
    async with app.run_test(size=(80, 24)) as pilot:
        await _export_page(app, pilot, "examples/phantom/base-4p.json")
        for key in ("q", "b"):
            await pilot.press(key, "s")
            await quiet(pilot)
            assert "The game is not over" in str(app.screen.query_one("#output").render())
            assert app.screen.query_one("#save-path").has_class("hidden"), key  # nothing to save: no path asked
        await pilot.press("g", "s")  # the BGG play of an unfinished game: marked incomplete, saved
        await quiet(pilot)
        assert not app.screen.query_one("#save-path").has_class("hidden")


def played_at_the_table(sessions: Sessions, record: Path) -> int:
    """``record``'s game entered at the table, an entry a minute (so BG Stats gets its duration)."""
    from datetime import timedelta

    from scoring.registry import get
    from tests.app.snapshot_apps import frozen_clock

    data = json.loads(record.read_text(encoding="utf-8"))
    header, entries = get(data["game"]).split(data)
    with frozen_clock() as clock:
        sid = sessions.create(data["game"], header, created_at=clock.at)
        live = sessions.open(sid)
        for entry in entries:
            clock.at += timedelta(minutes=1)
            live = sessions.append(live, entry)
    return sid


def test_the_readme_states_the_sizes_the_export_page_asks_for(sessions):
    rooms = {}
    for record in sorted((ROOT / "examples").glob("*/*.json")):
        if record.name.endswith(".expected.json"):
            continue
        sid = played_at_the_table(sessions, record)
        if sessions.info(sid).finished:
            rooms[record.relative_to(ROOT).as_posix()] = qr_room(qr_lines(bgstats_url(sessions, sid)))
    smallest, largest = min(rooms.values()), max(rooms.values())
    assert smallest == rooms["examples/sheriff/game-6-deals.json"] and len(rooms) >= 8
    assert largest == rooms["examples/kings/scoresheet-5p.json"] == rooms["examples/trickster/game-5p-strategy.json"]
    readme = " ".join((ROOT / "README.md").read_text(encoding="utf-8").split())
    said = f"from {smallest[0]}×{smallest[1]} for a game of Sheriff to {largest[0]}×{largest[1]} for five players"
    assert said in readme, said


@pytest.mark.asyncio
async def test_the_terminal_the_page_asks_for_draws_the_code_whole(tmp_path):
    app = CompanionApp(f"sqlite:///{tmp_path / 'c.db'}")
    async with app.run_test(size=(80, 24)) as pilot:
        sid = await _export_page(app, pilot, GAMES[0])
        lines = qr_lines(bgstats_url(app.sessions, sid))
        width, height = qr_room(lines)
        await pilot.press("q")
        await quiet(pilot)
        asked = f"needs a terminal of at least {width}×{height}; this one is 80×24"
        assert asked in str(app.screen.query_one("#output").render())
        await pilot.resize_terminal(width, height - 1)  # a row short: the code would scroll, cut
        await pilot.press("q")
        await quiet(pilot)
        assert f"at least {width}×{height}" in str(app.screen.query_one("#output").render())
        await pilot.resize_terminal(width, height)
        await pilot.press("q")
        await quiet(pilot)
        box = app.screen.query_one("#output-scroll")
        assert app.screen.query_one("#output").render().plain.split("\n") == lines
        assert box.max_scroll_y == 0 and box.max_scroll_x == 0  # all of it in view, nothing to scroll


@pytest.mark.asyncio
async def test_the_qr_size_message_and_the_markdown_follow_ctrl_l(tmp_path):
    app = CompanionApp(f"sqlite:///{tmp_path / 'c.db'}")
    async with app.run_test(size=(80, 24)) as pilot:
        await _export_page(app, pilot, GAMES[0])
        await pilot.press("q")
        await quiet(pilot)
        await pilot.press("ctrl+l")
        await quiet(pilot)
        shown = str(app.screen.query_one("#output").render())
        assert "以上の端末が必要です（この端末は80×24）" in shown and "needs a terminal" not in shown
        await pilot.press("m")
        await quiet(pilot)
        assert "プレイヤー：Aki、Ben、Chie。終了。" in str(app.screen.query_one("#output").render())
        await pilot.press("ctrl+l")
        await quiet(pilot)
        assert "Players: Aki, Ben, Chie. Finished." in str(app.screen.query_one("#output").render())


def test_companion_qr_says_the_size_it_needs_in_japanese(run):
    run("import", str(ROOT / GAMES[0]))
    code, out, _ = run("qr", "1", "--lang", "ja")  # not a terminal: taken as 80×24
    assert code == 0 and "以上の端末が必要です" in out and "companion qr 1 --png qr.png" in out


@pytest.mark.asyncio
async def test_at_80x24_the_bg_stats_link_fills_its_rows_alone_and_l_copies_it(tmp_path):
    app = CompanionApp(f"sqlite:///{tmp_path / 'c.db'}")
    async with app.run_test(size=(80, 24)) as pilot:
        sid = await _export_page(app, pilot, GAMES[0])
        link = bgstats_url(app.sessions, sid)
        await pilot.press("b")
        await quiet(pilot)
        output = app.screen.query_one("#output")
        assert output.region.x == 0 and output.region.width == 80  # no border, no padding beside it
        rows = [row for y in range(output.size.height) if (row := output.render_line(y).text.rstrip())]
        # a selection of these rows holds the link and nothing else: no │, no space
        assert "".join(rows) == link and {len(row) for row in rows[:-1]} == {80}
        assert "press l to copy it" in str(app.screen.query_one("#saved").render())
        await pilot.press("l")
        await quiet(pilot)
        assert app.clipboard == link
        said = str(app.screen.query_one("#saved").render())
        assert f"The BG Stats link ({len(link)} characters) went to the clipboard" in said
