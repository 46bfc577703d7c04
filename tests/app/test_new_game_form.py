"""The new-game form: game, players, then every option as a list, a switch or a short line — no
JSON. Driven by keys through Textual's pilot; each test checks the header the session stored."""

import json

import pytest
from textual import events
from textual.keys import _character_to_key
from textual.widgets import Button, Checkbox, Input, Select

from companion.table.header import read_mapping
from scoring.registry import games, ids
from screens.app import CompanionApp
from screens.widgets.choice import Choice
from screens.widgets.line import WrappedLine
from tests.app.pilot import focus_on, new_game, quiet, set_options, settled, type_line

KEYS = {g: ["enter", *["down"] * i, "enter"] if i else [] for i, g in enumerate(ids())}


def header_of(app) -> tuple[str, dict]:
    assert type(app.screen).__name__ == "SessionScreen", app.screen.query_one("#status").render()
    return app.sessions.header(app.screen.sid)


def status(app) -> tuple[str, bool]:
    widget = app.screen.query_one("#status")
    return str(widget.render()), "refused" in widget.classes


async def form(pilot, game: str, players: str) -> None:
    """The new-game form with ``game`` chosen and ``players`` typed (Enter: on to the options); the
    form opens on the last game started, and the list moves from there."""
    await pilot.press("n")
    await pilot.pause()
    rows = ids().index(game) - ids().index(str(pilot.app.screen.query_one("#game", Select).value))
    if rows:
        await pilot.press("shift+tab", "enter", *["down" if rows > 0 else "up"] * abs(rows), "enter")
        await pilot.pause()
        await pilot.press("tab")
    await type_line(pilot, players)


def app_at(tmp_path) -> CompanionApp:
    return CompanionApp(f"sqlite:///{tmp_path / 'c.db'}")


@pytest.mark.asyncio
async def test_a_phantom_poker_game_with_a_house_rule_toggled(tmp_path):
    app = app_at(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await new_game(
            pilot, KEYS["phantom"], "Aki, Ben", {"variant": "Tricks and the Phantom Poker", "floor_zero": ""}
        )
        game, header = header_of(app)
        assert game == "phantom"
        assert header == {"players": ["Aki", "Ben"], "variant": "poker", "settings": {"floor_zero": True}}


@pytest.mark.asyncio
async def test_a_trickster_strategy_deck_game_with_ben_first(tmp_path):
    app = app_at(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await new_game(pilot, [], "Aki, Ben, Chie", {"deck": "Strategy deck", "first": "Ben"})
        assert header_of(app) == ("trickster", {"players": ["Aki", "Ben", "Chie"], "deck": "strategy", "first": "Ben"})


@pytest.mark.asyncio
@pytest.mark.parametrize(
    ("width", "title"), [(80, "Trickster"), (120, "Trickster: Champions of Time")], ids=["80", "120"]
)
async def test_a_three_player_trickster_heading_names_the_timeline_and_who_starts_on_one_line(tmp_path, width, title):
    """Three players play with the Timeline, and Ben holds the Trickster token first: the heading says
    both, on one line, with the box's short name where the whole one does not fit."""
    app = app_at(tmp_path)
    async with app.run_test(size=(width, 24)) as pilot:
        await pilot.pause()
        await new_game(pilot, [], "Aki, Ben, Chie", {"first": "Ben"})
        heading = str(app.screen.query_one("#heading").render())
        assert heading == f"Session 1 — {title} (Timeline, Ben starts) — Aki, Ben, Chie (0 entries)"
        assert len(heading) <= width - 2


@pytest.mark.asyncio
async def test_a_louder_game_with_a_changed_flip_limit(tmp_path):
    app = app_at(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("n")
        await pilot.pause()
        await pilot.press("shift+tab", *KEYS["louder"], "tab")
        await type_line(pilot, "Aki, Ben, Chie")
        line = app.screen.query_one("#opt-flip_limits", WrappedLine)
        assert line.value == "trickster=3 destroyer=2 seeker=3"  # the default, in table words
        await focus_on(pilot, "opt-flip_limits")
        await pilot.press("end", *["backspace"] * len("seeker=3"))
        await type_line(pilot, "seeker=2")
        assert app.focused is not line  # Enter moved on
        await pilot.press("ctrl+s")
        await settled(pilot)
        game, header = header_of(app)
        assert game == "louder"
        assert header == {
            "players": ["Aki", "Ben", "Chie"],
            "flip_limits": {"trickster": 3, "destroyer": 2, "seeker": 2},
        }


@pytest.mark.asyncio
async def test_a_louder_flip_limit_typed_alone_keeps_the_others_and_prefixes_name_the_card(tmp_path):
    app = app_at(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await new_game(pilot, KEYS["louder"], "Aki, Ben, Chie", {"flip_limits": "d=3", "first": "Chie"})
        _, header = header_of(app)
        assert header["flip_limits"] == {"trickster": 3, "destroyer": 3, "seeker": 3}
        assert header["first"] == "Chie" and "deck" not in header


@pytest.mark.asyncio
async def test_a_kings_scoresheet_game_with_each_players_king_and_a_house_rule(tmp_path):
    app = app_at(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await new_game(
            pilot,
            KEYS["kings"],
            "Aki, Ben, Chie, Dan, Emi",
            {"kings": "a=r b=blu chie=green d=bla e=w", "king_vs_king": "earlier"},
        )
        game, header = header_of(app)
        assert game == "kings"
        assert header == {
            "players": ["Aki", "Ben", "Chie", "Dan", "Emi"],
            "kings": {"Aki": "red", "Ben": "blue", "Chie": "green", "Dan": "black", "Emi": "white"},
            "settings": {"king_vs_king": "earlier"},
        }


@pytest.mark.asyncio
async def test_a_kings_game_played_trick_by_trick_needs_nothing_but_the_players(tmp_path):
    app = app_at(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await new_game(pilot, KEYS["kings"], "Aki, Ben, Chie, Dan")
        assert header_of(app) == ("kings", {"players": ["Aki", "Ben", "Chie", "Dan"]})


@pytest.mark.asyncio
async def test_a_default_chosen_again_and_a_switch_toggled_back_leave_the_header_plain(tmp_path):
    app = app_at(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await form(pilot, "sheriff", "Aki, Ben, Chie")
        await set_options(pilot, {"target": "12"})
        await set_options(pilot, {"target": "8"})
        await pilot.press("ctrl+s")
        await settled(pilot)
        assert header_of(app) == ("sheriff", {"players": ["Aki", "Ben", "Chie"]})
        await pilot.press("escape")
        await form(pilot, "trickster", "Aki, Ben, Chie")
        await set_options(pilot, {"copy_copiers": "", "inventor_resolves": ""})
        await set_options(pilot, {"copy_copiers": ""})
        await pilot.press("ctrl+s")
        await settled(pilot)
        assert header_of(app)[1] == {"players": ["Aki", "Ben", "Chie"], "settings": {"inventor_resolves": True}}


@pytest.mark.asyncio
async def test_enter_on_the_players_moves_on_and_the_button_at_the_end_starts_at_80x24(tmp_path):
    app = app_at(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await form(pilot, "phantom", "Aki, Ben, Chie, Dan")
        assert app.focused.id == "opt-variant"  # the first option, right after the players
        await focus_on(pilot, "start")
        button = app.screen.query_one("#start", Button)
        form_box = app.screen.query_one("#form")
        assert form_box.scroll_y > 0  # the form scrolled to the button
        assert button.region.y + button.region.height <= 24 - 2  # above the status line and footer
        await pilot.press("enter")
        await settled(pilot)
        assert header_of(app) == ("phantom", {"players": ["Aki", "Ben", "Chie", "Dan"]})


@pytest.mark.asyncio
@pytest.mark.parametrize("lang", ["en", "ja"])
async def test_every_option_of_every_game_has_its_widget_and_every_phantom_variant_is_listed(tmp_path, lang):
    app = app_at(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        if lang == "ja":
            await pilot.press("ctrl+l")
            await pilot.pause()
        await pilot.press("n")
        await pilot.pause()
        for game in games():
            chooser = app.screen.query_one("#game", Select)
            chooser.value = game.id
            await quiet(pilot)
            # what the screen shows (the forms of the other games are kept, hidden)
            shown = {w.id: w for w in app.screen.query("#game-options *") if w.id and w.region}
            for option in game.options(lang):
                widget = shown[f"opt-{option.name}"]
                kind = option.typed_as()
                expected = {"switch": Checkbox, "choice": Choice, "player": Choice, "mapping": WrappedLine}[kind]
                assert isinstance(widget, expected), (game.id, option.name)
                explained = "".join(str(s.render()) for s in app.screen.query(".explain") if s.region)
                assert option.text(lang)[:6] in explained
            text = "".join(str(s.render()) for s in app.screen.query("#game-options Static") if s.region)
            assert "{" not in text.replace("{…}", ""), (game.id, text)  # no JSON in the explanations
            assert ("ハウスルール" if lang == "ja" else "House rules") in text
        variant = next(o for o in games()[ids().index("phantom")].options(lang) if o.name == "variant")
        chooser.value = "phantom"
        await quiet(pilot)
        rows = app.screen.query_one("#opt-variant", Choice).rows
        words = {
            "en": ["Base game", "Poker", "4th Person", "West Coast", "Oshaberi"],
            "ja": ["基本ルール", "ポーカー", "4人目", "西海岸", "おしゃべり"],
        }[lang]
        assert len(rows) == len(variant.choices) == 5
        assert all(word in row for word, row in zip(words, rows, strict=True)), rows
        assert ("（既定）" if lang == "ja" else "(default)") in rows[0]


@pytest.mark.asyncio
async def test_the_language_changes_and_what_was_set_stays(tmp_path):
    app = app_at(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await form(pilot, "phantom", "Aki, Ben")
        await set_options(pilot, {"variant": "Tricks", "floor_zero": ""})
        await pilot.press("ctrl+l")
        await quiet(pilot)
        variant = app.screen.query_one("#opt-variant", Choice)
        assert variant.value == 1 and "ポーカー" in str(variant.render())
        assert app.screen.query_one("#opt-floor_zero", Checkbox).value is True
        assert "ゲーム開始" in str(app.screen.query_one("#start", Button).label)
        await pilot.press("ctrl+s")
        await settled(pilot)
        assert header_of(app)[1] == {"players": ["Aki", "Ben"], "variant": "poker", "settings": {"floor_zero": True}}


@pytest.mark.asyncio
async def test_a_refused_header_says_why_and_keeps_everything_set(tmp_path):
    app = app_at(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await form(pilot, "phantom", "Aki, Ben, Chie")
        await set_options(pilot, {"variant": "Tricks", "self_pointing": ""})
        await pilot.press("ctrl+s")
        await settled(pilot)
        text, refused = status(app)
        assert refused and "2" in text  # Poker is for 2 players
        assert type(app.screen).__name__ == "NewGameScreen"
        assert app.screen.query_one("#players", Input).value == "Aki, Ben, Chie"
        assert app.screen.query_one("#opt-variant", Choice).value == 1
        assert app.screen.query_one("#opt-self_pointing", Checkbox).value is True
        # the players fixed, the same form starts the game
        app.screen.query_one("#players", Input).value = "Aki, Ben"
        await pilot.press("ctrl+s")
        await settled(pilot)
        assert header_of(app)[1] == {"players": ["Aki", "Ben"], "variant": "poker", "settings": {"self_pointing": True}}


@pytest.mark.asyncio
async def test_a_line_the_form_cannot_read_is_refused_in_place_with_the_reason(tmp_path):
    app = app_at(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await form(pilot, "kings", "Aki, Ben, Chie, Dan")
        await set_options(pilot, {"kings": "a=b b=red"})  # b: blue or black
        await pilot.press("ctrl+s")
        await settled(pilot)
        text, refused = status(app)
        assert refused and "kings" in text and "blue" in text and "black" in text
        assert app.screen.query_one("#opt-kings", WrappedLine).value == "a=b b=red"
        await pilot.press("ctrl+l")
        await quiet(pilot)
        await pilot.press("ctrl+s")
        await settled(pilot)
        text, refused = status(app)
        assert refused and "決まりません" in text
        await focus_on(pilot, "opt-kings")
        await type_line(pilot, "a=blu b=red c=g d=bla")
        await pilot.press("ctrl+s")
        await settled(pilot)
        assert header_of(app)[1]["kings"] == {"Aki": "blue", "Ben": "red", "Chie": "green", "Dan": "black"}


@pytest.mark.asyncio
@pytest.mark.parametrize("name", ["X\x1b]0;PWNED\x07Y", "B\x1b[41mRED"])
async def test_a_name_with_terminal_codes_is_refused_with_the_reason(tmp_path, name):
    app = app_at(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("n")
        await pilot.pause()
        players = app.screen.query_one("#players", Input)
        players.value = f"Aki, Ben, {name}"  # however it got there (a paste is refused whole)
        await pilot.press("enter")
        await pilot.pause()
        text, refused = status(app)
        assert refused and "control character" in text and "\x1b" not in text and "␛" in text
        assert app.focused is players  # it stays on the players to be typed again
        await pilot.press("ctrl+s")
        await settled(pilot)
        assert status(app)[1] and type(app.screen).__name__ == "NewGameScreen"
        # names given on the advanced JSON line are checked the same way
        players.value = "Aki, Ben, Chie"
        await focus_on(pilot, "options")
        app.screen.query_one("#options", Input).value = json.dumps({"players": ["Aki", "Ben", name]})
        await pilot.press("enter")
        await settled(pilot)
        text, refused = status(app)
        assert refused and "␛" in text and type(app.screen).__name__ == "NewGameScreen"
        assert app.sessions.list() == []


def test_a_mapping_line_reads_prefixes_lists_and_japanese_punctuation():
    kings = next(o for o in games()[ids().index("kings")].options() if o.name == "kings")
    numbers = next(o for o in games()[ids().index("kings")].options() if o.name == "king_numbers")
    assert read_mapping("Aki＝red、Ben＝blue", kings, ["Aki", "Ben"]) == {"Aki": "red", "Ben": "blue"}
    assert read_mapping("red=4,9 blue=3/8", numbers, ["Aki", "Ben"]) == {"red": [4, 9], "blue": [3, 8]}
    assert read_mapping("a=4 b=7", numbers, ["Aki", "Ben"]) == {"Aki": 4, "Ben": 7}


# keys pressed while the form opens or follows a change of game ---------------------------------
def send_keys(app, *keys: str) -> None:
    """Keys as a terminal delivers a burst of them: all at once, nothing waited for in between."""
    for key in keys:
        event = events.Key(
            key if len(key) > 1 or key.isalnum() else _character_to_key(key), key if len(key) == 1 else None
        )
        event.set_sender(app)
        app._driver.send_message(event)


def shown_game(app) -> tuple[str, str, set[str]]:
    """The game the list names, the setup card and the options whose widgets are drawn."""
    screen = app.screen
    name = str(screen.query_one("#game", Select).query_one("SelectCurrent #label").render())
    setup = str(screen.query_one("#setup").render())
    drawn = {
        w.id.removeprefix("opt-")
        for w in screen.query("#game-options *")
        if (w.id or "").startswith("opt-") and w.region
    }
    return name, setup, drawn


def options_of(game_id: str) -> set[str]:
    return {o.name for o in games()[ids().index(game_id)].options()}


@pytest.mark.asyncio
async def test_n_and_the_keys_that_pick_kings_typed_at_once_leave_a_kings_form_with_its_players(tmp_path):
    app = app_at(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        assert await app.store_open()
        await pilot.pause()
        # n, back to the game list, open it, one down (KINGs), choose, on to the players, type them
        send_keys(app, "n", "shift+tab", "enter", "down", "enter", "tab", *"Aki, Ben, Chie, Dan")
        await quiet(pilot)
        assert type(app.screen).__name__ == "NewGameScreen"
        name, setup, drawn = shown_game(app)
        assert name == "TRICKTAKERs KINGs" and setup.startswith("Setup: Draft a king")
        assert drawn == options_of("kings")
        assert app.screen.query_one("#players", Input).value == "Aki, Ben, Chie, Dan"
        await pilot.press("ctrl+s")
        await settled(pilot)
        assert header_of(app) == ("kings", {"players": ["Aki", "Ben", "Chie", "Dan"]})


@pytest.mark.asyncio
async def test_the_same_keys_pressed_through_the_pilot_without_a_pause_pick_kings_too(tmp_path):
    app = app_at(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("n", "shift+tab", "enter", "down", "enter")
        await pilot.pause()
        name, setup, drawn = shown_game(app)
        assert name == "TRICKTAKERs KINGs" and drawn == options_of("kings") and "Draft a king" in setup


@pytest.mark.asyncio
async def test_two_quick_changes_of_game_end_on_the_second(tmp_path):
    app = app_at(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        assert await app.store_open()
        await pilot.pause()
        # LOUDER TRICKSTAR (four down), then at once back up three rows: KINGs
        send_keys(app, "n", "shift+tab", "enter", *["down"] * 4, "enter", "enter", *["up"] * 3, "enter")
        await quiet(pilot)
        name, setup, drawn = shown_game(app)
        assert name == "TRICKTAKERs KINGs" and drawn == options_of("kings") and "Draft a king" in setup
        assert app.focused.id == "game"  # the list, closed, where the last Enter left it


@pytest.mark.asyncio
async def test_a_change_of_game_never_draws_the_new_name_over_the_last_games_setup_or_options(tmp_path):
    app = app_at(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("n")
        await pilot.pause()
        screen = app.screen
        drawn_as: list[tuple[str, str, set[str]]] = []
        draw = screen._compositor_refresh

        def looked_at_each_time_it_is_drawn() -> None:
            draw()
            drawn_as.append(shown_game(app))

        screen._compositor_refresh = looked_at_each_time_it_is_drawn
        for game in ("louder", "kings", "louder", "phantom", "trickster", "sheriff"):
            screen.query_one("#game", Select).focus()
            await pilot.press("enter", *["down"] * ids().index(game), "enter")
            await pilot.pause()
            screen.query_one("#game", Select).value = ids()[0]
            await pilot.pause()
        assert len(drawn_as) > 12
        setups = {g: games()[ids().index(g)].setup(0)[:30] for g in ids()}
        for name, setup, drawn in drawn_as:
            game = next(g for g in ids() if games()[ids().index(g)].names.en == name)
            assert setups[game] in setup, (name, setup)
            assert drawn <= options_of(game), (name, drawn - options_of(game))


@pytest.mark.asyncio
async def test_a_second_new_game_starts_from_a_clear_form_whatever_the_first_was_set_to(tmp_path):
    app = app_at(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await form(pilot, "phantom", "Aki, Ben, Chie")
        await set_options(pilot, {"variant": "Tricks", "floor_zero": ""})
        await pilot.press("ctrl+s")  # refused: Poker is for 2 players
        await settled(pilot)
        assert status(app)[1]
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("n")
        await pilot.pause()
        screen = app.screen
        assert app.focused is screen.query_one("#players", Input) and app.focused.value == ""
        assert shown_game(app)[0] == "Trickster: Champions of Time" and status(app) == ("", False)
        await pilot.press("shift+tab", *KEYS["phantom"], "tab")
        await type_line(pilot, "Aki, Ben, Chie")
        assert screen.query_one("#opt-variant", Choice).chosen.startswith("Base game")
        assert screen.query_one("#opt-floor_zero", Checkbox).value is False
        await pilot.press("ctrl+s")
        await settled(pilot)
        assert header_of(app) == ("phantom", {"players": ["Aki", "Ben", "Chie"]})


@pytest.mark.asyncio
async def test_the_last_option_of_a_long_form_is_drawn_and_reached_by_tab(tmp_path):
    app = app_at(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await form(pilot, "phantom", "Aki, Ben, Chie, Dan")
        await focus_on(pilot, "opt-self_pointing")
        await pilot.pause()
        widget = app.focused
        x, y = widget.region.x + 1, widget.region.y
        assert 0 < y < 22 and app.screen.get_widget_at(x, y)[0] is widget  # on the screen, not clipped


# the house rules' switches ------------------------------------------------------------------------
@pytest.mark.asyncio
@pytest.mark.parametrize(("lang", "on", "off"), [("en", "on", "off"), ("ja", "オン", "オフ")])
async def test_a_house_rule_switch_reads_on_or_off_by_its_mark_and_its_word_not_its_colour(tmp_path, lang, on, off):
    app = CompanionApp(f"sqlite:///{tmp_path / 'c.db'}", lang=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await form(pilot, "trickster", "Aki, Ben, Chie")
        switch = app.screen.query_one("#opt-copy_copiers", Checkbox)
        assert str(switch.render()).split() == ["▐", "▌", off]  # an empty box: off
        await set_options(pilot, {"copy_copiers": ""})
        assert switch.value is True and str(switch.render()).split() == ["▐✓▌", on]
        await set_options(pilot, {"copy_copiers": ""})
        assert switch.value is False and str(switch.render()).split() == ["▐", "▌", off]
        assert str(app.screen.query_one("#opt-strict_targets", Checkbox).render()).split() == ["▐✓▌", on]


@pytest.mark.asyncio
async def test_names_typed_with_the_japanese_comma_are_four_players_and_a_typo_of_a_known_one_is_asked_once(tmp_path):
    """「アキ、ベン、チエ、ダン」 is four players, not one name of 22 cells; ``Chei`` beside a known
    ``Chie`` is asked about once (did you mean Chie?), and a second start keeps it as typed."""
    from companion.store.database import Store
    from companion.store.sessions import Sessions

    url = f"sqlite:///{tmp_path / 'c.db'}"
    Sessions(Store(url)).create("sheriff", {"players": ["Aki", "Ben", "Chie"]})
    app = CompanionApp(url)
    async with app.run_test(size=(80, 24)) as pilot:
        await quiet(pilot)
        await form(pilot, "kings", "アキ、ベン、チエ、ダン")
        await pilot.press("ctrl+s")
        await settled(pilot)
        assert header_of(app)[1]["players"] == ["アキ", "ベン", "チエ", "ダン"]
        await pilot.press("escape")
        await settled(pilot)
        await form(pilot, "sheriff", "Aki, Ben, Chei")
        await pilot.press("ctrl+s")
        await settled(pilot)
        text, refused = status(app)
        assert refused and "Chei — did you mean Chie?" in text, text
        assert type(app.screen).__name__ == "NewGameScreen"
        await pilot.press("ctrl+s")  # asked once: started as typed
        await settled(pilot)
        assert header_of(app)[1]["players"] == ["Aki", "Ben", "Chei"]


@pytest.mark.asyncio
async def test_the_tables_own_cards_typed_once_are_kept_for_its_next_game(tmp_path):
    """A table types what its own KINGs characters' backs print once (the box's values are
    placeholders): the game's header holds them, and the next game's form, even after a restart,
    starts from the same line (an own card left at its default is not pinned)."""
    from companion.store.settings import AppSettings
    from tests.app.pilot import GAME_KEYS

    url = f"sqlite:///{tmp_path / 'c.db'}"
    backs = "Healer=2/50 Gambler=0/50 Samurai=0/50+2/50 Neme=copy"
    app = CompanionApp(url)
    async with app.run_test(size=(80, 24)) as pilot:
        assert await app.store_open()
        await new_game(pilot, GAME_KEYS["kings"], "Aki, Ben, Chie, Dan", {"backs": backs})
        assert app.screen.game.id == "kings"
        _, header = app.sessions.header(app.screen.sid)
        assert header["backs"] == {"Healer": [2, 50], "Gambler": [0, 50], "Samurai": "0/50+2/50", "Neme": "copy"}
    assert AppSettings.load().own_cards == {"kings": {"backs": backs}}
    again = CompanionApp(url)
    async with again.run_test(size=(80, 24)) as pilot:
        assert await again.store_open()
        await pilot.press("n")
        await quiet(pilot)
        assert again.screen.query_one("#opt-backs", WrappedLine).value == backs
        assert again.screen.query_one("#opt-copies", WrappedLine).value == ""
