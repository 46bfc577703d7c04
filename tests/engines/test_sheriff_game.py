"""Sheriff behind the one contract: the board and the pick-list follow every deal, a scoresheet
deal's included, and the table is told how to start a deal."""

import pytest

from scoring.errors import RuleViolation
from scoring.registry import get
from scoring.words import say
from tests.engines.positions import board

GAME = get("sheriff")
PLAYERS = {"players": ["Aki", "Ben", "Chie"]}
SHEET = "sheet Aki=mayor:Q*4,J*3 Ben=sheriff:A,K*3 Chie=robber:10*2 trump=spades"
DEAL = "deal joker=Chie Aki=sheriff Ben=robber Chie=mayor trump=none"


def typed(*lines):
    p = GAME.new(PLAYERS)
    for line in lines:
        p = GAME.apply(p, GAME.parse(line, p))
    return p


def test_an_empty_session_says_how_to_start_a_deal():
    p = typed()
    assert board(p).text == ""  # the status line says what to type
    assert say(GAME.prompt(p)) == "Deal 1: the Joker's holder, roles and trump (deal …), or its scores (sheet …)"
    assert GAME.to_play(p) is None and [m.text for m in GAME.completions(p)] == ["deal", "sheet"]


def test_after_a_scoresheet_deal_a_deal_played_card_by_card_has_its_board_and_its_cards():
    p = typed(SHEET, DEAL, "Kh", "Ah")
    assert GAME.to_play(p) == "Ben"  # Chie, the Mayor, led; Aki followed; Ben is next in seat order
    text = board(p).text
    assert text.startswith("Deal 2: trump no trump; Chie announced the Joker.")
    assert text.endswith("Trick 1: Kh Ah — Aki is winning") and say(GAME.prompt(p)) == "Ben to play — hearts led"
    assert "Trick 1: Kh Ah — Aki is winning" in text
    offered = [m.text for m in GAME.completions(p)]
    assert "Kh" not in offered and "Ah" not in offered and "JO" not in offered  # played; the Joker is Chie's
    assert [s.total for s in p.scored.standings.places] == [4, 3, 2]


def test_a_card_before_any_deal_is_refused_with_the_line_to_type():
    with pytest.raises(RuleViolation) as err:
        typed("Kh")
    assert "deal joker=Ben Aki=mayor Ben=sheriff Chie=robber trump=spades" in err.value.reason


async def dealt_at_the_table(pilot) -> None:
    """The table screen of a new Sheriff game of Aki, Ben and Chie at 80×24, its first deal typed."""
    from tests.app.pilot import GAME_KEYS, new_game, opened, type_line

    await opened(pilot)
    await new_game(pilot, GAME_KEYS["sheriff"], "Aki, Ben, Chie")
    await type_line(pilot, "deal joker=Ben Aki=mayor Ben=sheriff Chie=robber trump=spades")


@pytest.mark.asyncio
async def test_f2_after_a_refusal_opens_the_rule_it_cites_not_the_contents(tmp_path):
    from screens.app import CompanionApp
    from tests.app.pilot import quiet, type_line

    app = CompanionApp(f"sqlite:///{tmp_path / 'c.db'}")
    async with app.run_test(size=(80, 24)) as pilot:
        await dealt_at_the_table(pilot)
        for line in ("Kh", "Kh"):
            await type_line(pilot, line)
        assert "(f2: the rule “Cards”)" in str(app.screen.query_one("#status").render())
        await pilot.press("f2")
        await quiet(pilot)
        assert str(app.screen.query_one("#text").render()).startswith("2. Cards\n")


@pytest.mark.asyncio
async def test_a_card_typed_with_its_player_out_of_turn_says_whose_turn_it_is(tmp_path):
    """The issue's reproduction: ``Ben: Ks`` when it is Aki's turn said how to type a card."""
    from screens.app import CompanionApp
    from tests.app.pilot import status_of, type_line

    app = CompanionApp(f"sqlite:///{tmp_path / 'c.db'}")
    async with app.run_test(size=(80, 24)) as pilot:
        await dealt_at_the_table(pilot)
        await type_line(pilot, "Ben: Ks")
        said, refused = status_of(app)
        assert refused and said == "It is Aki's turn to play, not Ben's.  (f2: the rule “Turn”)", said
        assert app.screen.query_one("#entry").value == "Ben: Ks"  # kept, to be corrected
        app.screen.query_one("#entry").value = ""
        await type_line(pilot, "Aki: Ks")  # in turn: the card, as if typed alone
        assert [e for e in app.sessions.entries(app.screen.sid)][-1] == {"play": "Ks"}
