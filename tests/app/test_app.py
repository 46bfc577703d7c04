"""The table app, driven by key presses through Textual's pilot."""

import json
import os
from pathlib import Path

import pytest
from textual.widgets import OptionList

from scoring import registry
from scoring.records import read_record, split_record
from screens.app import CompanionApp
from tests.app.pilot import choices_line, new_game, quiet, screen_text, settled, shown_but_choices, type_line
from tests.typed import line_for, louder_line, phantom_line

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "docs" / "screenshots"
TRICKSTER = json.loads((ROOT / "examples/trickster/game-4p-introductory.json").read_text())
KINGS = json.loads((ROOT / "examples/kings/scoresheet-5p.json").read_text())


async def enter_all(pilot, lines) -> None:
    """Type each line at the table screen; every one must be accepted."""
    for line in lines:
        await type_line(pilot, line)
        status = pilot.app.screen.query_one("#status")
        assert "refused" not in status.classes, (line, status.render())


async def trickster_round_one(pilot) -> None:
    """A new 4-player Trickster game, Chie first, with round 1 set up from the example game."""
    await new_game(pilot, [], "Aki, Ben, Chie, Dan", {"first": "Chie"})
    await type_line(pilot, line_for(split_record(TRICKSTER)[2][0]))


def standings(app) -> list[tuple[str, int]]:
    scored = app.sessions.scored(app.screen.sid)
    return [(s.player, s.total) for s in scored.standings.places]


@pytest.mark.asyncio
async def test_a_whole_4_player_trickster_game_by_key_presses(tmp_path):
    app = CompanionApp(f"sqlite:///{tmp_path / 'c.db'}")
    _, _, entries = split_record(TRICKSTER)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        await new_game(pilot, [], "Aki, Ben, Chie, Dan", {"first": "Chie"})
        assert type(app.screen).__name__ == "SessionScreen"
        await enter_all(pilot, [line_for({k: v for k, v in entry.items() if k != "by"}) for entry in entries])
        expected = [(s.player, s.total) for s in read_record(TRICKSTER).standings.places]
        assert standings(app) == expected == [("Chie", 11), ("Aki", 16), ("Ben", 17), ("Dan", 29)]
        assert "The game is over" in str(app.screen.query_one("#status").render())


@pytest.mark.asyncio
async def test_a_whole_5_player_kings_game_by_key_presses(tmp_path):
    app = CompanionApp(f"sqlite:///{tmp_path / 'c.db'}")
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        await new_game(
            pilot,
            ["enter", "down", "enter"],
            "Aki, Ben, Chie, Dan, Emi",
            {"kings": " ".join(f"{p}={k}" for p, k in KINGS["kings"].items())},
        )
        assert app.screen.game.id == "kings"
        for round_ in KINGS["rounds"]:
            await type_line(pilot, json.dumps(round_))
        assert standings(app) == [("Aki", 350), ("Ben", 350), ("Dan", 260), ("Chie", 210), ("Emi", 140)]


@pytest.mark.asyncio
async def test_a_whole_5_player_kings_game_trick_by_trick_by_key_presses(tmp_path):
    from tests.typed import kings_line

    game = json.loads((ROOT / "examples/kings/game-5p.json").read_text())
    _, _, entries = split_record(game)
    app = CompanionApp(f"sqlite:///{tmp_path / 'c.db'}")
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        await new_game(pilot, ["enter", "down", "enter"], "Aki, Ben, Chie, Dan, Emi")
        assert "Draft: Aki picks" in str(app.screen.query_one("#board").render())
        await enter_all(pilot, [kings_line(entry) for entry in entries])
        expected = [(s.player, s.total) for s in read_record(game).standings.places]
        assert standings(app) == expected == [("Chie", 250), ("Emi", 220), ("Ben", 140), ("Aki", 100), ("Dan", -10)]


@pytest.mark.asyncio
async def test_a_whole_sheriff_game_card_by_card_by_key_presses(tmp_path):
    from tests.typed import sheriff_line

    game = json.loads((ROOT / "examples/sheriff/game-6-deals.json").read_text())
    lines = []
    for deal in game["deals"]:
        lines.append(sheriff_line({"deal": {"joker": deal["joker"], "roles": deal["roles"], "trump": deal["trump"]}}))
        lines += [card for trick in deal["tricks"] for card in trick]
    app = CompanionApp(f"sqlite:///{tmp_path / 'c.db'}")
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        await new_game(pilot, ["enter", "down", "down", "enter"], "Aki, Ben, Chie")
        assert app.screen.game.id == "sheriff"
        await enter_all(pilot, lines)
        board = str(app.screen.query_one("#board").render())
        assert "The game is over." in board
        assert standings(app) == [("Aki", 9), ("Ben", 5), ("Chie", 3)]


@pytest.mark.asyncio
async def test_tricks_and_the_phantom_half_by_half_by_key_presses(tmp_path):
    game = json.loads((ROOT / "examples/phantom/base-4p.json").read_text())
    lines = [phantom_line(half) for half in game["rounds"][0]["halves"]]
    app = CompanionApp(f"sqlite:///{tmp_path / 'c.db'}")
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        await new_game(pilot, ["enter", "down", "down", "down", "enter"], "Aki, Ben, Chie, Dan")
        assert app.screen.game.id == "phantom"
        await enter_all(pilot, lines)
        assert standings(app) == [("Ben", 4), ("Dan", 3), ("Aki", 2), ("Chie", 1)]
        assert "the Courier (3) is the culprit" in str(app.screen.query_one("#board").render())


@pytest.mark.asyncio
async def test_louder_trickstar_turn_by_turn_by_key_presses(tmp_path):
    game = json.loads((ROOT / "examples/louder/opening-3p.json").read_text())
    lines = [louder_line(turn) for turn in game["turns"]]
    app = CompanionApp(f"sqlite:///{tmp_path / 'c.db'}")
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        await new_game(pilot, ["enter", "down", "down", "down", "down", "enter"], "Aki, Ben, Chie")
        assert app.screen.game.id == "louder"
        await enter_all(pilot, lines)
        board = str(app.screen.query_one("#board").render())
        assert "■" in board and "trap" not in board  # face down: the screen never shows a placed card
        shown = [str(o.prompt) for o in app.screen.query_one("#entries").options]
        assert shown[1].endswith("placed a card at 1,0, saying score:5")  # Ben's bluff, never his trap
        assert "trap" not in shown[1]
        assert standings(app) == [("Aki", 5), ("Chie", 5), ("Ben", 0)]


@pytest.mark.asyncio
async def test_a_refused_entry_keeps_what_was_typed_and_f2_opens_its_rule(tmp_path):
    app = CompanionApp(f"sqlite:///{tmp_path / 'c.db'}")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await trickster_round_one(pilot)
        await type_line(pilot, "GPED -")  # the green Peddler lies face up in the trash
        status = str(app.screen.query_one("#status").render())
        assert "in the trash" in status and "(f2: the rule “Cards and codes”)" in status
        assert app.screen.query_one("#entry").value == "GPED -"
        await pilot.press("f2")
        await quiet(pilot)  # the game list set up on mount must not replace the rule with the contents
        assert type(app.screen).__name__ == "RulesScreen"
        assert "Cards and codes" in str(app.screen.query_one("#text").render())
        await pilot.press("escape")
        await pilot.press("ctrl+z")
        await quiet(pilot)
        assert app.sessions.entries(app.screen.sid) == []


@pytest.mark.asyncio
async def test_scoreboard_history_rules_and_export_screens(tmp_path):
    from companion.exports.native import import_text
    from companion.store.database import Store
    from companion.store.sessions import Sessions

    url = f"sqlite:///{tmp_path / 'c.db'}"
    import_text(Sessions(Store(url)), (ROOT / "examples/sheriff/scoresheet-3-deals.json").read_bytes())
    app = CompanionApp(url)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        await pilot.press("h")
        await quiet(pilot)
        assert "Aki" in str(app.screen.query_one("#stats").render())
        await pilot.press("tab", "enter")
        await quiet(pilot)
        assert type(app.screen).__name__ == "SessionScreen"
        await pilot.press("f5")
        await quiet(pilot)
        text = " ".join(str(app.screen.query_one(part).render()) for part in ("#output", "#chart", "#details"))
        assert "Running totals (the highest total wins):" in text and "Aki (Mayor)" in text
        await pilot.press("escape", "f6")
        await quiet(pilot)
        assert "# Sheriff" in str(app.screen.query_one("#output").render())
        await pilot.press("q")
        await quiet(pilot)  # a cut or wrapped QR code cannot be scanned: it says what size it needs
        assert "needs a terminal of at least 99×54; this one is 100×40" in str(app.screen.query_one("#output").render())
        await pilot.resize_terminal(120, 60)
        await pilot.press("q")
        await quiet(pilot)
        drawn = str(app.screen.query_one("#output").render()).splitlines()
        assert "█" in drawn[1] and len(drawn) == 48 and {len(line) for line in drawn} == {95}
        await pilot.press("escape", "escape", "escape", "u")
        await quiet(pilot)
        await type_line(pilot, "sole majority")
        assert "Trouble points" in str(app.screen.query_one("#text").render())


@pytest.mark.asyncio
@pytest.mark.parametrize("size", [(80, 24), (160, 48)])
async def test_snapshots_of_the_main_screens(tmp_path, size):
    app = CompanionApp(f"sqlite:///{tmp_path / 'c.db'}")
    _, _, entries = split_record(TRICKSTER)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        home = app.export_screenshot(title="Companion — home")
        await new_game(pilot, [], "Aki, Ben, Chie, Dan", {"first": "Chie"})
        for entry in entries[:9]:
            await type_line(pilot, line_for({k: v for k, v in entry.items() if k != "by"}))
        table = app.export_screenshot(title="Companion — a Trickster table")
        await pilot.press("f5")
        await quiet(pilot)
        board = app.export_screenshot(title="Companion — scoreboard")
        await pilot.press("escape", "ctrl+l")
        await quiet(pilot)
        japanese = app.export_screenshot(title="Companion — a Trickster table in Japanese")
    name = f"{size[0]}x{size[1]}"
    folder = SHOTS if os.environ.get("COMPANION_WRITE_SCREENSHOTS") else tmp_path  # make screenshots
    for label, svg in (
        ("home", home),
        ("trickster-table", table),
        ("scoreboard", board),
        ("trickster-table-ja", japanese),
    ):
        assert svg.startswith("<svg") and "Companion" in svg
        (folder / f"{label}-{name}.svg").write_text(svg, encoding="utf-8")
    assert "trouble" in table and "Trickster" in table


@pytest.mark.asyncio
async def test_settings_switch_the_language_and_remap_a_key_by_its_row_or_its_id(tmp_path):
    from companion.store.settings import AppSettings

    app = CompanionApp(f"sqlite:///{tmp_path / 'c.db'}")
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        await pilot.press("s")
        await pilot.pause()
        assert type(app.screen).__name__ == "SettingsScreen"
        table = app.screen.query_one("#keys")
        assert table.row_count >= 20  # every binding of every screen, by what it does: no id shown
        assert "session.undo" not in screen_text(app) and "Undo" in screen_text(app)
        await pilot.press("tab", "tab")  # past how variants are rated, to the line that remaps a key
        await type_line(pilot, "session.undo=ctrl+u")  # the settings file's form
        assert "“Undo” is now ctrl+u." in str(app.screen.query_one("#status").render())
        # or: Tab to the table, the row chosen with ↓ and Enter, and its keys typed
        row = [str(table.get_row_at(r)[0]) for r in range(table.row_count)].index("Quit")
        await pilot.press("tab", *["down"] * row, "enter")
        assert "“Quit”" in app.screen.query_one("#remap").placeholder
        await type_line(pilot, "ctrl+q,f10")
        assert "“Quit” is now ctrl+q,f10." in str(app.screen.query_one("#status").render())
        assert app.settings.keymap == {"session.undo": "ctrl+u", "app.quit": "ctrl+q,f10"}
        await type_line(pilot, "app.quit=ctrl+q")
        await pilot.press("shift+tab", "shift+tab", "enter", "down", "enter")
        await pilot.pause()
        assert app.lang == "ja"
    saved = AppSettings.load()
    assert saved.keymap == {"session.undo": "ctrl+u", "app.quit": "ctrl+q"} and saved.language == "ja"
    again = CompanionApp(f"sqlite:///{tmp_path / 'c.db'}")  # the next start uses them
    assert again.lang == "ja" and again.settings.keymap["session.undo"] == "ctrl+u"


@pytest.mark.asyncio
async def test_f3_opens_the_card_pick_list_and_puts_the_choice_in_the_entry(tmp_path):
    app = CompanionApp(f"sqlite:///{tmp_path / 'c.db'}")
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        await trickster_round_one(pilot)
        await pilot.press("f3")
        await pilot.pause()
        assert type(app.screen).__name__ == "CardPicker"
        assert app.screen.query_one("#cards").option_count == 56 - 6 - 4  # trash and tableaus are face up
        await pilot.press(*"yellow ped", "enter")
        await pilot.pause()
        assert app.screen.query_one("#entry").value == "YPED"


@pytest.mark.asyncio
async def test_a_whole_game_of_tricks_and_the_phantom_to_the_target_by_key_presses(tmp_path):
    one = json.loads((ROOT / "examples/phantom/base-4p.json").read_text())["rounds"][0]["halves"]
    game = {
        "game": "phantom",
        "players": ["Aki", "Ben", "Chie", "Dan"],
        "rounds": [{"halves": one} for _ in range(3)],
    }  # three deals played alike: Ben reaches 12
    lines = [phantom_line({**half, "new_round": r > 0 and h == 0}) for r in range(3) for h, half in enumerate(one)]
    app = CompanionApp(f"sqlite:///{tmp_path / 'c.db'}")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await new_game(pilot, ["enter", "down", "down", "down", "enter"], "Aki, Ben, Chie, Dan")
        assert app.screen.game.id == "phantom"
        await enter_all(pilot, lines)
        expected = [(s.player, s.total) for s in read_record(game).standings.places]
        assert standings(app) == expected == [("Ben", 12), ("Dan", 9), ("Aki", 6), ("Chie", 3)]
        assert "The game is over" in str(app.screen.query_one("#status").render())
        await type_line(pilot, lines[0])  # nothing more can be recorded once Ben has won
        assert "refused" in app.screen.query_one("#status").classes


@pytest.mark.asyncio
async def test_a_whole_louder_trickstar_game_to_the_final_reveal_by_key_presses(tmp_path):
    game = json.loads((ROOT / "examples/louder/game-4p.json").read_text())
    lines = [louder_line(turn) for turn in [*game["turns"], {"hands": game["hands"]}]]
    app = CompanionApp(f"sqlite:///{tmp_path / 'c.db'}")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await new_game(pilot, ["enter", "down", "down", "down", "down", "enter"], "Aki, Ben, Chie, Dan")
        await enter_all(pilot, lines)
        expected = [(s.player, s.total) for s in read_record(game).standings.places]
        assert standings(app) == expected == [("Dan", 11), ("Chie", -6), ("Ben", -9), ("Aki", -10)]
        assert "Dan wins with 11" in str(app.screen.query_one("#status").render())


@pytest.mark.asyncio
async def test_a_louder_placement_is_typed_hidden_and_echoed_without_its_card(tmp_path):
    app = CompanionApp(f"sqlite:///{tmp_path / 'c.db'}")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await new_game(pilot, ["enter", "down", "down", "down", "down", "enter"], "Aki, Ben, Chie")
        await pilot.press(*"place trap:0 at 0,0 says score:5")
        entry = app.screen.query_one("#entry")
        assert entry.value == "place trap:0 at 0,0 says score:5" and entry.public == "place ■ at 0,0 says score:5"
        status = str(app.screen.query_one("#status").render())
        assert "place ■ at 0,0 says score:5" in status and "trap" not in status
        assert "trap" not in app.export_screenshot()  # what the whole table sees while it is typed
        await pilot.press("enter")
        await quiet(pilot)
        assert entry.public is None and entry.value == ""
        shown = str(app.screen.query_one("#entries").options[-1].prompt)
        assert shown.endswith("placed a card at 0,0, saying score:5")
        assert "trap" not in shown_but_choices(app)  # the empty line lists every card: 1 trap:0 …


@pytest.mark.asyncio
async def test_a_louder_placement_is_a_digit_a_word_and_its_card_never_shows(tmp_path):
    """p, the card (a digit, or its short code typed key by key: e-2), a digit for the cell, a digit
    for what it says or Enter for says same. The screen shows the same lists whatever the card,
    the line as place ■, and nothing narrowed by the card's letters while it is typed."""
    app = CompanionApp(f"sqlite:///{tmp_path / 'c.db'}")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await new_game(pilot, ["enter", "down", "down", "down", "down", "enter"], "Aki, Ben, Chie")
        entry = app.screen.query_one("#entry")
        await pilot.press("p", "4", "1")  # the 4th card listed (Score 5), the one cell, 0,0
        await quiet(pilot)
        assert entry.public == "place ■ at 0,0" and "place score" not in screen_text(app)
        assert choices_line(app)[0].startswith("says… ⏎ 1 same · 2 trap:0")
        await pilot.press("enter")  # says same
        await quiet(pilot)
        assert app.sessions.entries(app.screen.sid)[-1] == {"place": "score:5", "at": [0, 0], "says": "score:5"}
        await pilot.press("p", "e", "-")
        await quiet(pilot)
        shown = screen_text(app)
        assert choices_line(app) == ["The card stays hidden while it is typed: a space ends it."]
        assert "enemy" not in shown and "e-" not in shown and entry.public == "place ■"
        await pilot.press("2", "space", "2", "2")  # e-2, the cell -1,0, says trap:0
        await quiet(pilot)
        assert entry.public == "place ■ at -1,0 says trap:0" and "enemy" not in screen_text(app)
        await pilot.press("enter")
        await quiet(pilot)
        assert app.sessions.entries(app.screen.sid)[-1] == {"place": "enemy:-2", "at": [-1, 0], "says": "trap:0"}


@pytest.mark.asyncio
async def test_quick_scoresheets_for_trickster_and_sheriff_by_key_presses(tmp_path):
    from tests.typed import sheriff_line

    trickster = json.loads((ROOT / "examples/trickster/scoresheet-5p-tiebreak.json").read_text())
    sheriff = json.loads((ROOT / "examples/sheriff/scoresheet-3-deals.json").read_text())
    app = CompanionApp(f"sqlite:///{tmp_path / 'c.db'}")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await new_game(pilot, [], "Aki, Ben, Chie, Dan, Emi")
        await enter_all(pilot, [line_for(round_) for round_ in trickster["rounds"]])
        assert standings(app) == [("Chie", 2), ("Emi", 3), ("Dan", 3), ("Ben", 5), ("Aki", 5)]
        await pilot.press("escape", "n")
        await pilot.pause()
        await pilot.press("shift+tab", "enter", "down", "down", "enter", "tab")
        await type_line(pilot, "Aki, Ben, Chie")
        await pilot.press("ctrl+s")  # Enter on the players moves on; ctrl+s starts the game
        await settled(pilot)
        await enter_all(pilot, [sheriff_line(deal) for deal in sheriff["deals"]])
        assert standings(app) == [("Aki", 9), ("Chie", 8), ("Ben", 6)]


@pytest.mark.asyncio
async def test_f3_after_a_hero_card_offers_the_moves_its_effect_makes(tmp_path):
    app = CompanionApp(f"sqlite:///{tmp_path / 'c.db'}")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await trickster_round_one(pilot)
        await pilot.press(*"RGUA", "f3")  # Chie leads the red Guard: a card from an enemy's tableau
        await pilot.pause()
        assert type(app.screen).__name__ == "CardPicker"
        first = app.screen.query_one("#cards").get_option_at_index(0).prompt
        assert "in Aki's tableau" in str(first)
        await pilot.press(*"ben", "enter")
        await pilot.pause()
        assert app.screen.query_one("#entry").value.rstrip() == "RGUA PREV"  # Ben's card: Ben is implied
        await pilot.press("f3")
        await pilot.pause()
        assert type(app.screen).__name__ == "SessionScreen"  # nothing more to name
        await pilot.press("enter")
        await pilot.pause()
        entry = app.sessions.entries(app.screen.sid)[-1]
        assert registry.get("trickster").format(entry) == "RGUA PREV" and "Ben" in json.dumps(entry)


@pytest.mark.asyncio
@pytest.mark.parametrize(
    "game_keys,game,words",
    [
        ([], "trickster", "tableau Aki=R3,B1"),
        (["enter", "down", "enter"], "kings", "bids Aki=Gambler:2/50"),
        (["enter", "down", "down", "enter"], "sheriff", "sheet Aki=mayor:A,K,Q*3,JO"),
        (["enter", "down", "down", "down", "enter"], "phantom", "point Aki>Ben"),
        (["enter", "down", "down", "down", "down", "enter"], "louder", "use trickster at 0,1 0,0"),
    ],
)
async def test_f1_shows_how_to_type_each_game_in_both_languages(tmp_path, game_keys, game, words):
    app = CompanionApp(f"sqlite:///{tmp_path / 'c.db'}")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await new_game(pilot, game_keys, "Aki, Ben, Chie, Dan" if game != "sheriff" else "Aki, Ben, Chie")
        assert app.screen.game.id == game
        await pilot.press("f1")
        await pilot.pause()
        text = str(app.screen.query_one("#output").render())
        assert words in text and "ctrl+z" in text
        await pilot.press("ctrl+l")
        await pilot.pause()
        text = str(app.screen.query_one("#output").render())
        assert words in text and "取り消す" in text
        await pilot.press("escape")
        await pilot.pause()
        assert type(app.screen).__name__ == "SessionScreen"
        assert "取り消し" in app.export_screenshot()  # the table screen came back in Japanese


@pytest.mark.asyncio
async def test_the_command_palette_runs_the_table_screens_own_actions(tmp_path):
    app = CompanionApp(f"sqlite:///{tmp_path / 'c.db'}")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await new_game(pilot, [], "Aki, Ben, Chie")
        await type_line(pilot, "tableau Aki=R1 Ben= Chie=")
        assert len(app.sessions.entries(app.screen.sid)) == 1
        await pilot.press("ctrl+p", *"undo")
        await quiet(pilot)
        options = app.screen.query_one(OptionList)
        assert [str(options.get_option_at_index(i).prompt) for i in range(options.option_count)] == ["Undo\nkey: ^z"]
        await pilot.press("enter")
        await quiet(pilot)
        assert app.sessions.entries(app.screen.sid) == []
