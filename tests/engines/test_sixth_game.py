"""A sixth game costs one object: the test-only High Card (tests/engines/toy_game.py), registered here,
appears everywhere a game does — `companion --help`, `companion new`, the new-game screen, the
history filter, `companion rules`, and every export — with nothing else edited."""

import json
from urllib.parse import unquote
from xml.etree import ElementTree

import pytest
from textual.widgets import Select

from companion.cli import main
from scoring.registry import ids, register, unregister
from screens.app import CompanionApp
from tests.app.pilot import opened, quiet, type_line
from tests.engines.toy_game import HIGH_CARD


@pytest.fixture(autouse=True)
def high_card():
    register(HIGH_CARD)
    yield HIGH_CARD
    unregister(HIGH_CARD.id)


def test_the_registry_lists_it_after_the_five():
    assert ids() == ("trickster", "kings", "sheriff", "phantom", "louder", "toy")


def test_the_command_line_knows_it(run, capsys):
    with pytest.raises(SystemExit):
        main(["--help"])
    assert "toy        High Card" in capsys.readouterr().out
    assert run("new", "toy", "Aki", "Ben") == (0, "1\n", "")
    code, out, _ = run("record", "1", "Aki=7 Ben=3")
    assert code == 0 and "Aki" in out
    code, _, err = run("record", "1", "Aki=7 Ben=eleven")
    assert code == 1 and "'eleven' is not a card" in err
    for line in ("Aki=2 Ben=9", "Aki=10 Ben=10", "Aki=8 Ben=1", "Aki=9 Ben=4"):
        assert run("record", "1", line)[0] == 0
    code, out, _ = run("show", "1")
    assert "finished" in out and "Round 3: a tie on 10: no point" in out
    code, out, _ = run("rules", "toy", "tie")
    assert code == 0 and out.startswith("1. High Card\n")
    code, out, _ = run("arbiter", "toy", "3", "9", "4")
    assert out.startswith("Card 2 wins alone with 9.")
    code, out, _ = run("sessions", "--game", "toy")
    assert code == 0 and " High " in out  # the toy by its short name, High (Card)
    code, out, _ = run("stats", "toy")
    assert code == 0 and "Aki" in out


def test_every_export_carries_it(run):
    run("new", "toy", "Aki", "Ben")
    for line in ("Aki=7 Ben=3", "Aki=2 Ben=9"):
        run("record", "1", line)
    code, _, err = run("export", "1", "--format", "bgstats")
    assert code == 1 and "The game is not over" in err  # BG Stats logs finished plays
    assert ElementTree.fromstring(run("export", "1", "--format", "bgg")[1]).find("play").get("incomplete") == "1"
    for line in ("Aki=9 Ben=3", "Aki=9 Ben=3"):
        run("record", "1", line)
    exports = {fmt: run("export", "1", "--format", fmt)[1] for fmt in ("json", "csv", "md", "bgstats", "bgg")}
    native = json.loads(exports["json"])
    assert native["game"] == "toy" and native["entries"][:2] == [{"Aki": 7, "Ben": 3}, {"Aki": 2, "Ben": 9}]
    assert exports["csv"].splitlines()[1:] == ["Aki,1,0,1,1,3,1", "Ben,0,1,0,0,1,2"]
    assert exports["md"].startswith("# High Card — ")
    link = exports["bgstats"].strip()
    assert link.startswith("https://app.bgstatsapp.com/createPlay.html?data=")
    assert json.loads(unquote(link.split("data=", 1)[1]))["game"] == {
        "name": "High Card",
        "sourceGameId": "toy",
        "highestWins": True,
        "noPoints": False,
    }
    play = ElementTree.fromstring(exports["bgg"]).find("play")
    assert play.find("item").attrib == {"name": "High Card", "objecttype": "thing"}


@pytest.mark.asyncio
async def test_the_screens_offer_it_and_the_table_plays_it(tmp_path):
    app = CompanionApp(f"sqlite:///{tmp_path / 'c.db'}")
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        await pilot.press("n")
        await pilot.pause()
        game = app.screen.query_one("#game", Select)
        assert ("High Card", "toy") in [(str(label), value) for label, value in game._options]
        game.value = "toy"
        await pilot.pause()
        assert "Everyone takes the cards 1 to 10." in str(app.screen.query_one("#setup").render())
        await type_line(pilot, "Aki, Ben")
        await type_line(pilot, "")  # no house rules to change
        for _ in range(2):  # and no place or notes either (the form's last fields)
            if type(app.screen).__name__ != "SessionScreen":
                await type_line(pilot, "")
        for _ in range(100):
            if type(app.screen).__name__ == "SessionScreen" and app.screen.position is not None:
                break
            await pilot.pause(0.05)
        await type_line(pilot, "Aki=7 Ben=3")
        await quiet(pilot)
        assert app.sessions.entries(app.screen.sid) == [{"Aki": 7, "Ben": 3}]
        log = app.screen.query_one("#entries")
        listed = [str(o.prompt) for o in log.options]
        assert listed == ["   1  Aki=7 Ben=3"]
        await pilot.press("f6")
        await quiet(pilot)
        await pilot.press("m")
        await quiet(pilot)
        assert str(app.screen.query_one("#output").render()).startswith("# High Card — ")
        await pilot.press("b")
        await quiet(pilot)
        assert "The game is not over" in str(app.screen.query_one("#output").render())  # BG Stats: finished plays
        await pilot.press("escape", "escape", "h")
        await quiet(pilot)
        await type_line(pilot, "toy")
        await quiet(pilot)
        table = app.screen.query_one("#sessions")
        assert table.row_count == 1 and "High" in str(table.get_row_at(0)[2])
