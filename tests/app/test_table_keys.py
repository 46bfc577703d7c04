"""Keys at the table screen (80×24, Textual's pilot), from a newcomer's whole games: what the
choices line marks for Enter is what is stored, every numbered choice is in view, keys pressed
quickly after F4 land where they were meant, the whole log reads at F7, and the status line says
one sentence after another.
"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest
from rich.cells import cell_len

from scoring.registry import get
from scoring.words import say
from screens.app import CompanionApp
from tests.app.pilot import choices_line, quiet
from tests.app.snapshot_apps import opened

ROOT = Path(__file__).resolve().parents[2]


def recorded(app: CompanionApp, path: str, upto: int) -> tuple[int, list]:
    """A session of the worked example ``path`` with its first ``upto`` entries; (id, entries)."""
    record = json.loads((ROOT / path).read_text())
    game = get(record["game"])
    header, entries = game.split(record)
    sid = app.sessions.create(game.id, header)
    live = app.sessions.open(sid)
    for entry in entries[:upto]:
        live = app.sessions.append(live, entry)
    return sid, entries


async def at_table(pilot, sid: int) -> None:
    from screens.session import SessionScreen

    await pilot.app.push_screen(SessionScreen(sid))
    await pilot.pause()


def status(app: CompanionApp) -> str:
    return str(app.screen.query_one("#status").render())


@pytest.mark.asyncio
async def test_kings_a_card_typed_whole_is_stored_plain_and_the_line_says_so(tmp_path):
    """KINGs, 5 players: Dan leads round 1's first trick. He types ``k2``; the choices line says
    Enter records ``k2`` as typed, with the king (1) as the other choice. Enter stores the plain
    black 2, as the line said (a newcomer's ``r3`` was stored without the king the screen had
    marked)."""
    app = CompanionApp(f"sqlite:///{tmp_path / 'c.db'}")
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        sid, entries = recorded(app, "examples/kings/game-5p.json", 27)
        await at_table(pilot, sid)
        await pilot.press("k", "2")
        await pilot.pause()
        shown = choices_line(app)
        assert shown[0].startswith("⏎ k2 as typed (Dan plays the black 2")  # what Enter does, said
        assert "· or 1 king" in shown[0]
        await pilot.press("enter")
        await pilot.pause()
        assert app.sessions.entries(sid)[-1] == entries[27] == {"by": "Dan", "play": "k2"}


@pytest.mark.asyncio
async def test_trickster_the_doctor_typed_whole_says_where_the_card_goes_and_1_sends_it_to_dan(tmp_path):
    """Trickster, 5 players, the strategy deck: Chie's blue Doctor moves the orange Scion from Emi's
    tableau. ``bdos`` gives ``BDOC OSCI ``: the line says Enter records it as typed, and what that
    does (the Scion into Emi's own hand); the table meant Dan's, and 1 takes him before Enter."""
    app = CompanionApp(f"sqlite:///{tmp_path / 'c.db'}")
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        sid, entries = recorded(app, "examples/trickster/game-5p-strategy.json", 3)
        await at_table(pilot, sid)
        await pilot.press(*"bdos")
        await pilot.pause()
        assert app.screen.query_one("#entry").value == "BDOC OSCI "
        shown = choices_line(app)[0]
        assert shown.startswith("⏎ BDOC OSCI as typed (") and "into Emi's hand" in shown and "· or" in shown
        assert choices_line(app)[1].startswith("1 Dan")
        await pilot.press("1", "enter")
        await pilot.pause()
        assert app.sessions.entries(sid)[-1] == entries[3]
        assert get("trickster").format(entries[3]) == "BDOC OSCI Dan"


@pytest.mark.asyncio
async def test_a_bid_is_typed_as_the_card_prints_it_a_digit_never_takes_another(tmp_path):
    """KINGs, 5 players, round 1's bids: after ``Aki=Maru:`` the bids are in view, never numbered
    (a digit starts a bid: 2/60 typed key by key used to become 2/50 then 60); 3/7 is 3/70, the
    one bid it starts, and c the copies."""
    app = CompanionApp(f"sqlite:///{tmp_path / 'c.db'}")
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        sid, _ = recorded(app, "examples/kings/game-5p.json", 26)
        await at_table(pilot, sid)
        await pilot.press("b", "1")
        await pilot.pause()
        assert app.screen.query_one("#entry").value == "bids Aki=Maru:"
        shown = " ".join(choices_line(app))
        assert all(cell_len(line) <= 78 for line in choices_line(app))
        assert shown.startswith("Maru: 0/50 0 tricks for 50") and "1 0/50" not in shown
        await pilot.press("3")
        assert app.screen.query_one("#entry").value == "bids Aki=Maru:3"  # 3/60 or 3/70
        await pilot.press("/", "7")
        assert app.screen.query_one("#entry").value == "bids Aki=Maru:3/70 "


@pytest.mark.asyncio
async def test_fronts_typed_in_small_letters_are_stored_as_the_cards_name_them(tmp_path):
    app = CompanionApp(f"sqlite:///{tmp_path / 'c.db'}")
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        sid, entries = recorded(app, "examples/kings/game-5p.json", 25)
        await at_table(pilot, sid)
        line = app.screen.query_one("#entry")
        line.value = "fronts a=berserker b=collector c=collector d=collector e=hermit nine=a"
        await pilot.press("enter")
        await pilot.pause()
        assert app.sessions.entries(sid)[-1] == entries[25]
        assert get("kings").format(entries[25]).startswith("fronts Aki=Berserker Ben=Collector")


@pytest.mark.asyncio
async def test_f4_and_arrows_pressed_at_once_choose_the_entry_and_the_keys_after_change_it(tmp_path):
    """Sheriff, a deal and two tricks: F4 ↑ ↑ Enter sent at once (faster than any typist: a
    newcomer lost both arrows 1 time in 6 at typing pace) choose entry 5, and the keys typed right
    after go to the line being changed: nothing lands in the entry line as a new entry."""
    app = CompanionApp(f"sqlite:///{tmp_path / 'c.db'}")
    sheriff = get("sheriff")
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        sid, entries = recorded(app, "examples/sheriff/game-6-deals.json", 7)
        await at_table(pilot, sid)
        fifth = sheriff.format(entries[4])
        await pilot.press("f4", "up", "up", "enter", *["backspace"] * len(fifth), *fifth, "enter")
        await pilot.pause()
        assert app.sessions.entries(sid) == entries[:7]  # nothing new was recorded
        assert app.screen.editing is None
        assert "Entry 5 is as it was" in status(app)


@pytest.mark.asyncio
async def test_an_unchanged_entry_is_said_to_be_unchanged(tmp_path):
    app = CompanionApp(f"sqlite:///{tmp_path / 'c.db'}")
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        sid, entries = recorded(app, "examples/sheriff/game-6-deals.json", 7)
        await at_table(pilot, sid)
        await pilot.press("f4", "enter", "enter")
        await pilot.pause()
        assert "Entry 7 is as it was" in status(app)
        assert app.sessions.entries(sid) == entries[:7]


@pytest.mark.asyncio
async def test_the_log_never_takes_the_focus_so_keys_after_f4_stay_in_order(tmp_path):
    app = CompanionApp(f"sqlite:///{tmp_path / 'c.db'}")
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        sid, _ = recorded(app, "examples/sheriff/game-6-deals.json", 7)
        await at_table(pilot, sid)
        await pilot.press("f4", "up", "up", "up")
        await pilot.pause()
        assert app.screen.focused is app.screen.query_one("#entry")
        assert app.screen.query_one("#entries").highlighted == 3
        assert "Change entry 4" in status(app)
        await pilot.press("escape")
        assert not app.screen.choosing and app.screen.query_one("#entries").highlighted is None


@pytest.mark.asyncio
async def test_f7_shows_every_entry_whole_with_who_made_it_and_what_it_did(tmp_path):
    """Trickster, 3 players with the Timeline: the round's setup line is 21 cards long, cut in the
    table's log; F7 shows it whole, and what each trick did ("… busts …")."""
    app = CompanionApp(f"sqlite:///{tmp_path / 'c.db'}")
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        sid, entries = recorded(app, "examples/trickster/game-3p-timeline-gambit.json", 20)
        await at_table(pilot, sid)
        await pilot.press("f7")
        await quiet(pilot)
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert type(app.screen).__name__ == "GameLogScreen"
        view = app.screen.query_one("#whole-log")
        assert view.option_count == 20
        first = app.screen.line(1, entries[0]).plain
        assert get("trickster").format(entries[0]).split()[-1] in first  # the last card of the setup, in view
        assert all(len(row) <= 76 for row in first.splitlines())
        second = app.screen.line(2, entries[1]).plain.splitlines()
        assert second[0].startswith("   2  ") and any("what it did" in row for row in second)
        assert all(row.startswith(" " * 6) for row in second[1:])  # under the line, not the number
        assert second[-1].rstrip().endswith(".")  # its last line too (a newcomer saw it cut)
        await pilot.press("home", "enter")
        await pilot.pause()
        assert type(app.screen).__name__ == "SessionScreen" and app.screen.editing == 0


@pytest.mark.asyncio
async def test_an_undo_and_what_comes_next_are_two_sentences(tmp_path):
    app = CompanionApp(f"sqlite:///{tmp_path / 'c.db'}")
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        sid, _ = recorded(app, "examples/kings/game-5p.json", 30)
        await at_table(pilot, sid)
        await pilot.press("ctrl+z")
        await pilot.pause()
        said = status(app)
        assert said.startswith("Undone: ") and ". " in said  # "Undone: k9b gift. Aki to play …"
        assert not said.startswith("Undone: k9b gift Aki")


@pytest.mark.asyncio
async def test_f7_then_keys_at_once_read_the_log_and_enter_changes_the_entry_chosen_there(tmp_path):
    """F7 ↑ ↑ Enter sent at once: the arrows move through the whole log (not the entry line below
    it), Enter goes back to the table changing the entry chosen, and what is typed next goes to
    that line."""
    app = CompanionApp(f"sqlite:///{tmp_path / 'c.db'}")
    sheriff = get("sheriff")
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        sid, entries = recorded(app, "examples/sheriff/game-6-deals.json", 7)
        await at_table(pilot, sid)
        fifth = sheriff.format(entries[4])
        await pilot.press("f7", "up", "up", "enter", *["backspace"] * len(fifth), *fifth, "enter")
        await pilot.pause()
        assert type(app.screen).__name__ == "SessionScreen"
        assert app.sessions.entries(sid) == entries[:7]
        assert "Entry 5 is as it was" in status(app)
        assert app.screen.query_one("#entry").value == ""


@pytest.mark.asyncio
@pytest.mark.parametrize("lang", ["en", "ja"])
async def test_a_long_message_keeps_what_comes_next_and_never_scrolls_the_entry_line_away(tmp_path, lang):
    """Trickster, 3 players: Chie's bust after a General's copied Shaman is told at length (a
    newcomer saw who plays next cut off in Japanese, the screen scrolled). The status line keeps
    three lines: the end of what happened and what comes next, whole; F7 has the rest."""
    app = CompanionApp(f"sqlite:///{tmp_path / 'c.db'}", lang=lang)
    game = get("trickster")
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        sid, entries = recorded(app, "examples/trickster/game-3p-timeline-gambit.json", 9)
        await at_table(pilot, sid)
        app.screen.query_one("#entry").value = game.format(entries[9])
        await pilot.press("enter")
        await pilot.pause()
        assert len(app.sessions.entries(sid)) == 10
        status = app.screen.query_one("#status")
        said = str(status.render())
        prompt = say(game.prompt(app.screen.position), lang)
        assert said.endswith(prompt) and status.size.height <= 3
        entry = app.screen.query_one("#entry")
        assert entry.region.y + entry.region.height <= 23  # the entry line in view, above the footer


@pytest.mark.asyncio
@pytest.mark.parametrize(
    ("lang", "ends"),
    [
        ("en", ["takes the pot: OMAG GREV BSOL PPED.", "wins with 11 trouble points."]),
        ("ja", ["の手札がなくなった。", "（11トラブルポイント）。"]),
    ],
)
async def test_f7_at_80_columns_shows_each_long_entry_to_its_last_word(tmp_path, lang, ends):
    """Trickster, 4 players, the whole game: the log's last entries are long (a bust with the pot,
    a round's and the game's end). At 80×24, with the scrollbar a long log has, each is wrapped under
    its line to the end (a newcomer saw ``… so Ben,`` cut there, and a word left alone at the
    start of a line)."""
    app = CompanionApp(f"sqlite:///{tmp_path / 'c.db'}")
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        app.lang = lang
        sid, _ = recorded(app, "examples/trickster/game-4p-introductory.json", 110)
        await at_table(pilot, sid)
        await pilot.press("f7")
        await quiet(pilot)
        await app.workers.wait_for_complete()
        await quiet(pilot)
        screen = html.unescape(app.export_screenshot()).replace("\xa0", " ")
        rows = [row for row in re.findall(r">([^<]*)</text>", screen) if row.strip()]
        for end in ends:  # the ends of entries 106 (109 in Japanese, longer) and 110, each on its own row
            assert any(row.rstrip().endswith(end) for row in rows), rows[-12:]


@pytest.mark.asyncio
async def test_ctrl_l_says_what_the_last_entry_did_again_in_the_other_language(tmp_path):
    """KINGs, 5 players: a card played, then ctrl+l. The status line said what the card did in
    English; in Japanese it says the same news (a stranger saw only what comes next); an undo's
    ``Undone:`` too."""
    app = CompanionApp(f"sqlite:///{tmp_path / 'c.db'}")
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        sid, entries = recorded(app, "examples/kings/game-5p.json", 29)
        await at_table(pilot, sid)
        game = get("kings")
        before = app.screen.position
        after = game.apply(before, entries[29])
        told = game.told(before, after)
        app.screen.query_one("#entry").value = game.format(entries[29])
        await pilot.press("enter")
        await quiet(pilot)
        assert status(app).startswith(say(told[0], "en")[:30])
        await pilot.press("ctrl+l")
        await quiet(pilot)
        assert status(app).startswith(say(told[0], "ja")[:15]), status(app)
        await pilot.press("ctrl+z")
        await quiet(pilot)
        assert status(app).startswith("取り消し")
        await pilot.press("ctrl+l")
        await quiet(pilot)
        assert status(app).startswith("Undone: "), status(app)


@pytest.mark.asyncio
async def test_a_bracketed_paste_of_several_lines_records_each_in_order_and_keeps_the_rest_after_a_refusal(tmp_path):
    """A terminal's bracketed paste of ``Ks⏎Kh⏎`` records both cards (Textual's line would keep
    ``Ks`` and drop ``Kh`` without a word); in a paste whose second line is refused, that line comes
    back to be corrected and the lines after it are kept aside and said."""
    from textual import events

    app = CompanionApp(f"sqlite:///{tmp_path / 'c.db'}")
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        sid, entries = recorded(app, "examples/sheriff/game-6-deals.json", 1)  # the first deal dealt
        await at_table(pilot, sid)
        lines = [get("sheriff").format(e) for e in entries[1:4]]
        entry = app.screen.query_one("#entry")
        entry.post_message(events.Paste("\n".join(lines[:2]) + "\n"))
        await quiet(pilot)
        assert app.sessions.entries(sid) == entries[:3]  # both, in order
        entry.post_message(events.Paste(f"{lines[2]}\nJx\n9s\n"))
        await quiet(pilot)
        assert app.sessions.entries(sid) == entries[:4]
        entry.value = ""
        entry.post_message(events.Paste("Jx"))  # one line: in the line once, not recorded (no Enter in it)
        await quiet(pilot)
        assert entry.value == "Jx" and app.sessions.entries(sid) == entries[:4]
        assert entry.value == "Jx" and entry.aside == ["9s"]
        assert "kept for after this line: 9s" in status(app)
