"""The arbiter reads every card and modifier it is given, or refuses it: nothing is silently dropped.

Each test is a question a table could type, asked through ``companion arbiter`` as a player would,
or straight to ``arbitrate``.
"""

import subprocess
import sys
from pathlib import Path

import pytest

from companion.cli import main
from companion.table.lookup import arbitrate
from scoring.errors import RuleViolation
from scoring.kings.arbiter import KINGS_MODIFIERS

ROOT = Path(__file__).resolve().parents[2]
KNOWN = "samurai, king, sword, nine, one, rare, flag"


@pytest.fixture
def ask(capsys):
    """``companion arbiter …``: (exit status, standard output, standard error)."""

    def ask(*args):
        code = main(["arbiter", *args])
        out = capsys.readouterr()
        return code, out.out, out.err

    return ask


def refused(game, *cards, **options):
    with pytest.raises(RuleViolation) as err:
        arbitrate(game, list(cards), **options)
    return err.value


# --- KINGs: modifiers ----------------------------------------------------------------------------


def test_a_misspelt_samurai_is_refused_with_the_known_modifiers(ask):
    code, out, err = ask("kings", "r9:samuri", "k9", "r2")
    assert code == 1 and out == ""
    assert "'samuri' is not a card modifier" in err
    assert f"The modifiers are {KNOWN}" in err
    assert "rule: kings.strength" in err
    assert "Traceback" not in err


def test_a_king_given_a_colour_after_a_second_colon_is_refused_and_told_how_to_write_it(ask):
    code, out, err = ask("kings", "r5:king:red", "k9", "r2")
    assert code == 1 and out == ""
    assert "'red' is not a card modifier" in err
    assert "not a second colon" in err
    assert "A king takes the colour of the card under it" in err and "write r5:king." in err
    assert f"The modifiers are {KNOWN}" in err
    assert "rule: kings.kings" in err


def test_known_modifiers_after_a_second_colon_are_refused_with_the_fix():
    err = refused("kings", "r5:king:samurai")
    assert err.rule == "kings.strength"
    assert "join modifiers with +, not a second colon (r5:king+samurai)" in err.reason
    assert "not a second colon (r4:samurai)" in refused("kings", "r4:samurai:").reason


def test_the_known_modifiers_listed_are_the_ones_the_arbiter_reads():
    assert ", ".join(KINGS_MODIFIERS) == KNOWN


@pytest.mark.parametrize(
    ("cards", "expected"),
    [
        (["r9:samurai", "k9"], "Player 1 plays the red 9: black strength 9 (Samurai)"),
        (["r9:Samurai", "k9"], "Player 1 plays the red 9: black strength 9 (Samurai)"),
        (["r2", "b3:king"], "Player 2 plays the blue 3 (with the blue king)"),
        (["r2", "b3:king+samurai"], "Player 2 plays the blue 3 (with the blue king)"),
        (["r1:nine", "r8"], "Player 1 plays the red 1 (declared as nine): the lead colour, 9"),
        (["r9:one", "r8"], "Player 1 plays the red 9 (declared as one): the lead colour, 1"),
        (["WF:rare", "r8"], "Player 1 plays the White Flag (declared as a rare)"),
        (["RA:flag", "r8"], "Player 1 plays the Rare (declared as a flag)"),
        (["r2", "g2:sword"], "Player 2 plays the green 2 (with the King's Sword): Rare strength"),
        (["r2", "g2:sword+king"], "Player 2 plays the green 2 (with the white king, with the King's Sword)"),
        (["r2:", "r3"], "Player 1 plays the red 2: the lead colour, 2"),
    ],
)
def test_every_known_modifier_is_still_read(cards, expected):
    assert any(line.startswith(expected) for line in arbitrate("kings", cards)), arbitrate("kings", cards)


@pytest.mark.parametrize("text", ["r9:samuri", "r9:Samurai+kng", "b3:king+ swrd", "r4:samurai+red"])
def test_any_unknown_modifier_is_refused(text):
    err = refused("kings", text)
    assert "is not a card modifier" in err.reason and KNOWN in err.reason
    assert KNOWN in err.message("ja") and "修飾子ではありません" in err.message("ja")


def test_two_declarations_on_one_card_are_refused():
    err = refused("kings", "r1:nine+one")
    assert err.rule == "kings.character.resistance"
    assert "declares the card as nine and as one" in err.reason


def test_the_same_king_placed_twice_is_refused():
    err = refused("kings", "r5:king", "r7:king")
    assert err.rule == "kings.kings" and "The red king is placed twice" in err.reason
    err = refused("kings", "WF:king", "RA:king")
    assert "The white king is placed twice" in err.reason


def test_the_kings_sword_used_twice_is_refused():
    err = refused("kings", "RA:king+sword", "r5:sword")
    assert err.rule == "kings.item.kings_sword"


# --- KINGs: cards ----------------------------------------------------------------------------------


def test_the_same_kings_card_twice_is_refused(ask):
    code, out, err = ask("kings", "r9", "k9", "r9")
    assert code == 1 and out == ""
    assert "The red 9 (r9) is given twice: every KINGs card exists once" in err
    assert "rule: kings.cards" in err


def test_the_same_card_with_different_modifiers_is_still_the_same_card():
    assert "The red 9 (r9) is given twice" in refused("kings", "r9:samurai", "r9").reason


def test_two_white_flags_and_two_rares_may_share_a_trick_but_not_three():
    lines = arbitrate("kings", ["WF", "flag", "RA", "RA:flag", "r2"])
    assert lines[-2] == "Player 3 wins the trick with the Rare."
    err = refused("kings", "WF", "WF", "flag")
    assert err.rule == "kings.cards" and "The White Flag (WF) is given 3 times: there are two White Flags" in err.reason
    assert "The Rare (RA) is given 3 times" in refused("kings", "RA", "rare", "RA:flag").reason


def test_the_berserkers_black_9_is_not_the_black_9():
    lines = arbitrate("kings", ["k9", "k9b"])
    assert lines[-2] == "Player 1 wins the trick with the black 9."


def test_a_sixth_card_in_a_kings_trick_is_refused():
    err = refused("kings", "r2", "r3", "r4", "r5", "r6", "r7")
    assert err.rule == "kings.overview" and "at most 5 cards" in err.reason


def test_a_modifier_without_a_card_is_refused():
    err = refused("kings", ":king")
    assert err.rule == "kings.cards" and "names no card before its modifiers" in err.reason


# --- Sheriff ---------------------------------------------------------------------------------------


def test_the_same_sheriff_card_twice_is_refused(ask):
    code, out, err = ask("sheriff", "Kh", "Kh", "10h")
    assert code == 1 and out == ""
    assert "The K of hearts (Kh) is given twice: the 21-card deck holds each card once." in err
    assert "rule: sheriff.cards" in err


def test_the_same_sheriff_card_written_two_ways_is_still_the_same_card():
    assert "The 10 of spades (10s) is given twice" in refused("sheriff", "10s", "Ts", "Kh").reason


def test_a_fourth_card_in_a_sheriff_trick_is_refused(ask):
    code, _, err = ask("sheriff", "Kh", "Qh", "10h", "Jh")
    assert code == 1 and "A Sheriff trick has 3 cards, one per player, not 4." in err
    assert "rule: sheriff.trick" in err


def test_a_trick_of_only_the_joker_is_refused_not_a_traceback(ask):
    code, out, err = ask("sheriff", "JO")
    assert code == 1 and out == "" and "Traceback" not in err
    assert "the Joker always loses" in err
    assert refused("sheriff").reason == "A trick needs at least one card."


def test_a_full_sheriff_trick_is_still_ruled(ask):
    code, out, _ = ask("sheriff", "JO", "10d", "Kh", "--trump", "spades")
    assert code == 0 and "Player 2 wins the trick." in out


# --- Trickster -------------------------------------------------------------------------------------


def test_the_same_trickster_card_asked_about_twice_is_refused(ask):
    code, out, err = ask("trickster", "BGUA", "bgu")
    assert code == 1 and out == ""
    assert "The blue Guard (BGUA) is given twice among the cards asked about: each card exists once." in err
    assert "rule: trickster.cards" in err


def test_the_same_card_twice_in_the_pot_is_refused(ask):
    code, out, err = ask("trickster", "BGUA", "--pot", "KSOL,KSOL")
    assert code == 1 and out == ""
    assert "The black Soldier (KSOL) is given twice in the pot" in err


def test_a_card_asked_about_that_is_already_in_the_pot_is_still_answered(ask):
    code, out, _ = ask("trickster", "KSOL", "BGUA", "--pot", "KSOL")
    assert code == 0
    assert "The black Soldier is already in the pot." in out
    assert "The blue Guard may be played" in out


# --- Tricks and the Phantom ------------------------------------------------------------------------


def test_the_same_suspect_twice_is_refused(ask):
    code, out, err = ask("phantom", "10", "5", "10")
    assert code == 1 and out == ""
    assert "The Politician (10) is given twice: there is one of each suspect." in err
    assert "rule: phantom.cards" in err


def test_a_second_phantom_needs_a_deck_with_two(ask):
    code, _, err = ask("phantom", "P", "P", "5")
    assert code == 1
    assert "The Phantom is given twice, but the deck of the Base game (original edition) holds 1." in err
    assert "--setting edition=oink" in err
    for setting in ("edition=oink", "variant=west_coast", "variant=fourth_person"):
        code, out, _ = ask("phantom", "P", "P", "5", "--setting", setting)
        assert code == 0 and "The culprit is card 3 in the order given." in out, setting
    err = refused("phantom", "P", "1", "P", settings=["edition=oink"])
    assert "given 3 times, but the deck of the Base game (oink edition) holds 2." in err.reason
    assert "oshaberi" in refused("phantom", "P", "P", settings=["edition=oink", "variant=oshaberi"]).reason.lower()


def test_an_unknown_phantom_variant_is_refused():
    err = refused("phantom", "5", settings=["variant=east_coast"])
    assert err.rule == "phantom.phantom-variants" and "west_coast" in err.reason


def test_a_phantom_question_without_duplicates_is_still_ruled(ask):
    code, out, _ = ask("phantom", "10", "5", "9", "P")
    assert code == 0 and "the 9 is the culprit" in out


# --- every game: a clear sentence, in the table's language, and a non-zero exit --------------------


ISSUE_EXAMPLES = [
    (("kings", "r9:samuri", "k9", "r2"), "「r9:samuri」の「samuri」は修飾子ではありません。"),
    (("kings", "r5:king:red", "k9", "r2"), "「r5:king:red」の「red」は修飾子ではありません。"),
    (("sheriff", "Kh", "Kh", "10h"), "ハートのKが2回あります。"),
    (("trickster", "BGUA", "BGUA"), "青の護衛が質問に2回あります。"),
    (("trickster", "BGUA", "--pot", "KSOL,KSOL"), "黒の兵士が場に2回あります。"),
    (("phantom", "9", "9"), "が2回あります。容疑者は各1枚です。"),
    (("phantom", "P", "P"), "怪人が2回ありますが、このデッキの怪人は1枚です"),
]


@pytest.mark.parametrize(("args", "japanese"), ISSUE_EXAMPLES)
def test_the_refusals_are_in_japanese_with_lang_ja(ask, args, japanese):
    code, out, err = ask(*args, "--lang", "ja")
    assert code == 1 and out == ""
    assert japanese in err


def test_the_known_modifiers_are_listed_in_japanese_too(ask):
    _, _, err = ask("kings", "r9:samuri", "--lang", "ja")
    assert f"使える修飾子：{KNOWN}" in err


@pytest.mark.parametrize(
    "args", [("kings", "zz"), ("kings", "r0"), ("sheriff", "Kx"), ("trickster", "ZZZZ"), ("phantom", "11")]
)
def test_an_unreadable_card_is_refused_not_a_traceback(ask, args):
    code, out, err = ask(*args)
    assert code == 1 and out == "" and "Traceback" not in err
    assert "rule: " in err


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("kings", "r9:samuri", "k9", "r2"), "'samuri' is not a card modifier"),
        (("kings", "r5:king:red", "k9", "r2"), "'red' is not a card modifier"),
        (("sheriff", "Kh", "Kh", "10h"), "The K of hearts (Kh) is given twice"),
    ],
)
def test_the_issues_commands_exit_non_zero_from_the_real_command(args, message):
    """``python -m companion arbiter …`` from the checkout, as a separate process."""
    done = subprocess.run(
        [sys.executable, "-m", "companion", "arbiter", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    assert done.returncode == 1, done.stdout
    assert done.stdout == ""
    assert message in done.stderr and "Traceback" not in done.stderr
