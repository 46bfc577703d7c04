"""Tricks and the Phantom at the table: names by any unique beginning, a half offered word by word
as its variant has it, and the table told each half's culprit, who found it, the points, a tie at
the top that lets the game go on and the winner — in both languages, within 80 columns."""

import json
import random
import re
from pathlib import Path

import pytest
from rich.cells import cell_len

from scoring.errors import RuleViolation
from scoring.phantom.game import GAME
from scoring.words import keys, placeholders, say, say_all, template
from tests.engines.positions import board
from tests.engines.test_words import SAYS_MORE

ROOT = Path(__file__).resolve().parents[2]
BINDING = ("=", ":", ",", ">")


def example(name: str):
    return GAME.split(json.loads((ROOT / "examples/phantom" / f"{name}.json").read_text()))


def texts(position, line: str = "") -> list[str]:
    return [m.text for m in GAME.completions(position, line)]


def play(position, *lines):
    for line in lines:
        position = GAME.apply(position, GAME.parse(line, position))
    return position


# names by any unique beginning ---------------------------------------------------------------------


def test_a_half_typed_with_short_names_is_the_full_line():
    p = GAME.new({"players": ["Aki", "Ben", "Chie"]})
    full = GAME.parse("Aki=10:blue Ben=P:red Chie=3:yellow point Aki>Ben Ben>Aki Chie>Aki", p)
    for short in ("a=10 b=P:r c=3 point a>b b>a c>a", "AKI=10:blue ben=p:RED chie=3 POINT A>B B>A C>A"):
        half = GAME.parse(short, p)
        assert {k: v for k, v in half.items() if k != "played"} == {k: v for k, v in full.items() if k != "played"}
        assert [(w, c["card"].upper(), c["hint"]) for w, c in half["played"].items()] == [
            (w, c["card"], c["hint"]) for w, c in full["played"].items()
        ]
    assert GAME.parse("a=10 b=P:r c=3 point a>b b>a c>a", p) == full


def test_double_and_a_phantom_call_take_short_names():
    poker = GAME.new({"players": ["Aki", "Ben"], "variant": "poker", "settings": {"phantom_accusations": True}})
    half = GAME.parse("a=8:red,P:blue b=10, double=b:yes accuse=b>a:2", poker)
    assert half["double"] == {"by": "Ben", "accepted": True} and half["accused"] == {"Ben": "Aki:2"}
    assert GAME.format(half) == "Aki=8,P:blue Ben=10 double=Ben:yes accuse=Ben>Aki:2"  # Poker: Ben's one card alone
    # a call after the pointing is a call, not a pointing
    base = GAME.new({"players": ["Aki", "Ben", "Chie"], "settings": {"phantom_accusations": True}})
    half = GAME.parse("a=10 b=P:red c=3 point a>b b>a c>a accuse=c>b", base)
    assert half["accused"] == {"Chie": "Ben"} and half["pointed"] == {"Aki": "Ben", "Ben": "Aki", "Chie": "Aki"}


def test_an_ambiguous_or_unknown_name_is_refused_naming_the_players():
    p = GAME.new({"players": ["Aki", "Dan", "Dai"]})
    with pytest.raises(RuleViolation) as err:
        GAME.parse("Aki=10 Da=9 Dai=8 point Aki>Dan Dan>Aki Dai>Aki", p)
    assert err.value.reason == (
        "'Da' in 'Aki=10 Da=9 Dai=8 point Aki>Dan Dan>Aki Dai>Aki' could be Dan or Dai: type more of the name."
    )
    assert "Dan、Dai" in err.value.message("ja")
    with pytest.raises(RuleViolation, match=r"is no player of this game \(Aki, Dan, Dai\)"):
        GAME.parse("Aki=10 Dan=9 Dai=8 point Aki>Ed Dan>Aki Dai>Aki", p)


def test_a_colour_is_needed_only_where_the_card_may_show_several():
    p = GAME.new({"players": ["Aki", "Ben"]})
    assert GAME.parse("Aki=10 Ben=2 point Aki>Ben Ben>Aki", p)["played"]["Ben"] == {"card": "2", "hint": "yellow"}
    with pytest.raises(RuleViolation) as err:
        GAME.apply(p, GAME.parse("Aki=P Ben=2 point Aki>Ben Ben>Aki", p))
    assert err.value.reason == "Entry 1: give the colour the Phantom's hint token showed: P:red, :blue or :yellow."
    assert GAME.parse("Aki=7:b Ben=2", p)["played"]["Aki"] == {"card": "7", "hint": "blue"}  # the 7's colour is unsure


# a half word by word, as the variant has it ---------------------------------------------------------


def test_a_base_half_is_offered_word_by_word():
    p = GAME.new({"players": ["Aki", "Ben", "Chie"]})
    assert texts(p) == ["Aki="]  # the next to lay, in seat order (any other may still be typed)
    assert texts(p, "Aki=") == ["10", "9", "8", "7", "6", "5", "4", "3", "2", "P"]
    assert texts(p, "Aki=10") == ["Ben="]  # the 10 shows blue: a whole word
    assert texts(p, "Chie=10") == ["Aki="]  # after Chie, round the table
    assert texts(p, "Aki=P") == [] and texts(p, "Aki=P:") == ["red", "blue", "yellow"]
    assert texts(p, "Aki=10 Ben=P:red Chie=") == ["9", "8", "7", "6", "5", "4", "3", "2"]
    assert texts(p, "Aki=10 Ben=P:red Chie=3") == ["point"]
    # who points, then at whom: a digit each, the next player first (a name's first letter takes it)
    assert texts(p, "Aki=10 Ben=P:red Chie=3 point") == ["Aki>"]  # the next to point, written at once
    assert texts(p, "Aki=10 Ben=P:red Chie=3 point Aki>") == ["Ben", "Chie"]
    assert texts(p, "Aki=10 Ben=P:red Chie=3 point Ben>") == ["Chie", "Aki"]
    assert texts(p, "Aki=10 Ben=P:red Chie=3 point Aki>Ben Ben>Aki") == ["Chie>"]
    assert texts(p, "Aki=10 Ben=P:red Chie=3 point Aki>Ben Ben>Aki Chie>") == ["Aki", "Ben"]
    assert texts(p, "Aki=10 Ben=P:red Chie=3 point Aki>Ben Aki>") == []  # Aki has pointed
    line = "Aki=10 Ben=P:red Chie=3 point Aki>Ben Ben>Aki Chie>Aki"
    assert texts(p, line) == []
    q = play(p, line)
    assert texts(q, "Aki=9 Ben=8 Chie=2 point Aki>Ben Ben>Aki Chie>Aki") == ["new"]  # half 2 may start a new round
    assert texts(q, "Aki=") == ["9", "8", "7", "6", "5", "4", "2"]  # the 10, 3 and the one Phantom are out
    assert texts(q, "new Aki=")[0] == "10"  # a new round: a new deal


def test_poker_never_offers_point_and_offers_double_and_which_card_a_call_names():
    p = GAME.new({"players": ["Aki", "Ben"], "variant": "poker", "settings": {"phantom_accusations": True}})
    line = "Aki=8:red,P:blue Ben=10"
    assert texts(p, line) == [
        "double=",
        "accuse=Aki>Ben",
        "accuse=Ben>Aki:1",
        "accuse=Ben>Aki:2",
    ]
    assert texts(p, "Aki=8:red,") == ["10", "9", "7", "6", "5", "4", "3", "2", "P"]
    assert texts(p, line + " double=") == ["Aki:yes", "Aki:no", "Ben:yes", "Ben:no"]
    assert texts(p, line + " double=Ben:") == ["yes", "no"]
    assert "point" not in say(GAME.prompt(p)) and "double=" in say(GAME.prompt(p))


def test_the_4th_person_comes_first_and_west_coast_offers_more_after_a_find():
    fourth = GAME.new({"players": ["Aki", "Ben", "Chie"], "variant": "fourth_person"})
    assert texts(fourth)[0] == "fourth=" and texts(fourth, "fourth=")[0] == "10"
    assert texts(fourth, "fourth=6")[:1] == ["Aki="]
    assert say(GAME.prompt(fourth)) == "Round 1, half 1: each card (fourth=6 Aki=10 Ben=P:red …), then point Aki>Ben …"
    five = ["Aki", "Ben", "Chie", "Dan", "Emi"]
    half = "Aki=10 Ben=8 Chie=6 Dan=4 Emi=P:red point Aki>Ben Ben>Aki Chie>Aki Dan>Emi Emi>Aki"
    plain = play(GAME.new({"players": five, "variant": "west_coast"}), half)
    assert "more" not in texts(plain)  # as written: one half, then a new deal
    assert say(GAME.prompt(plain)).startswith("Round 2: each card")
    allowed = play(
        GAME.new(
            {
                "players": five,
                "variant": "west_coast",
                "settings": {"five_player_second_half": "only_if_someone_guessed"},
            }
        ),
        half,
    )  # Ben and Chie found Aki's 10
    assert texts(allowed) == ["Aki=", "more"]
    assert say(GAME.prompt(allowed)).endswith("(more: a second half)")
    assert "10" not in texts(allowed, "more Aki=") and "10" in texts(allowed, "Aki=")


VARIANTS = [
    ("base", ["Aki", "Ben", "Chie"], {}),
    ("base", ["Aki", "Ben", "Chie", "Dan"], {"edition": "oink", "phantom_accusations": True}),
    ("poker", ["Aki", "Ben"], {}),
    ("poker", ["Aki", "Ben"], {"phantom_accusations": True}),
    ("fourth_person", ["Aki", "Ben", "Chie"], {}),
    ("west_coast", ["Aki", "Ben", "Chie", "Dan", "Emi"], {"five_player_second_half": "only_if_someone_guessed"}),
    ("oshaberi", ["Aki", "Ben", "Chie", "Dan"], {}),
]


@pytest.mark.parametrize(("variant", "players", "settings"), VARIANTS, ids=lambda x: str(x))
def test_every_variant_is_played_to_its_end_from_what_legal_offers(variant, players, settings):
    """A table that only ever takes offered words (a colour typed after a card that needs one) is
    never refused, plays each variant to its end, and is then offered nothing."""
    rng = random.Random(f"{variant}{len(players)}{sorted(settings)}")
    p = GAME.new({"players": players, "variant": variant, "settings": settings})
    for _ in range(200):
        if p.finished:
            break
        prompt = say(GAME.prompt(p))
        assert ("point" in prompt) == (variant != "poker"), prompt
        line = ""
        while True:
            moves = texts(p, line)
            if not moves:
                if line.rsplit("=", 1)[-1] in ("P", "7") and ":" not in line.rsplit(" ", 1)[-1]:
                    line += ":"  # a Phantom, or the 7 of unsure colour: its colour next
                    continue
                break
            if variant == "poker" and not line.endswith(BINDING):
                assert "point" not in moves
            pick = rng.choice(moves[: 2 if line.endswith("=") and not line.endswith("fourth=") else len(moves)])
            line = line + pick if not line or line.endswith(BINDING) else f"{line} {pick}"
        p = GAME.apply(p, GAME.parse(line, p))
    assert p.finished, variant
    assert texts(p) == [] and say(GAME.prompt(p)).startswith("The game is over: ")
    assert "Round" not in say(GAME.prompt(p)) and "point" not in say(GAME.prompt(p))


def test_the_heading_names_the_variant_and_the_house_rules_set():
    assert say(GAME.variant({"players": ["Aki", "Ben"]})) == ""
    assert [say(GAME.variant({"variant": v})) for v in ("poker", "fourth_person", "west_coast", "oshaberi")] == [
        "Poker",
        "The 4th Person",
        "West Coast",
        "Oshaberi Sanniba",
    ]
    assert say(GAME.variant({"variant": "poker", "settings": {"target": 12, "phantom_accusations": True}})) == (
        "Poker, variation b, target 12"
    )
    assert say(GAME.variant({"variant": "west_coast"}), "ja") == "西海岸"
    assert GAME.options()[0].label("fourth_person") == "The 4th Person (3 players)"


# what the table is told -------------------------------------------------------------------------------


def test_each_half_tells_its_cards_culprit_and_points():
    header, entries = example("base-4p")
    p = GAME.new(header)
    q = GAME.apply(p, entries[0])
    assert say_all(GAME.told(p, q)) == [
        "Round 1, half 1: Aki 10, Ben 5, Chie 9, Dan P.",
        "The 10 would be the culprit, but the Forensic expert (5) is in play, so the 10 escapes: the 9 is the culprit.",
        "Chie played the culprit: +1.",
        "Aki, Ben pointed at the culprit: +2 each (4 players − 2 who found it).",
        "Chie pointed at Dan's Phantom and pays 1 to Dan.",
    ]
    assert say_all(GAME.told(p, q), "ja")[0] == "第1ラウンド 前半戦：Aki 10、Ben 5、Chie 9、Dan 怪人。"
    assert say(GAME.prompt(q)) == "Round 1, half 2: each card (Aki=10 Ben=P:red …), then point Aki>Ben …"
    r = GAME.apply(q, GAME.parse("Aki=8 Ben=7:blue Chie=6 Dan=4 point Aki>Ben Ben>Chie Chie>Dan Dan>Chie", q))
    assert say_all(GAME.told(q, r))[-2:] == ["Aki played the culprit: +1.", "Nobody pointed at the culprit."]


TWO = {"players": ["Aki", "Ben"]}
# two players, each pointing at the other: the culprit's player +1, the other found it: +1
ROUND = ("Aki=10 Ben=9 point Aki>Ben Ben>Aki", "Aki=8 Ben=7:blue point Aki>Ben Ben>Aki")


def test_a_tie_at_the_top_past_10_lets_the_game_go_on_and_the_sole_leader_wins():
    p = play(GAME.new(TWO), *ROUND * 4, ROUND[0])
    q = play(p, ROUND[1])  # 10 against 10 after five rounds
    assert say_all(GAME.told(p, q))[-1] == "Aki and Ben tie at 10: the game goes on."
    p = play(q, ROUND[0])
    q = play(p, ROUND[1])
    assert [(s.player, s.total) for s in q.scored.standings.places] == [("Aki", 12), ("Ben", 12)]
    assert say_all(GAME.told(p, q))[-1] == "Aki and Ben tie at 12: the game goes on."
    assert say_all(GAME.told(p, q), "ja")[-1] == "AkiとBenが12点で同点：ゲームは続きます。"
    assert not q.finished and say(GAME.prompt(q)).startswith("Round 7, half 1: ")
    # Ben points at Aki's Phantom and pays it 1; Aki found Ben's 9: Aki +2, Ben +1 − 1
    r = play(q, "Aki=P:red Ben=9 point Aki>Ben Ben>Aki")
    assert say_all(GAME.told(q, r))[-1] == "Ben pointed at Aki's Phantom and pays 1 to Aki."
    s = play(r, "Aki=8 Ben=7:blue point Aki>Ben Ben>Aki")
    assert say_all(GAME.told(r, s))[-1] == "The game is over: Aki wins with 15."
    assert s.finished and say(GAME.prompt(s)) == "The game is over: Aki wins with 15."
    assert say(GAME.prompt(s), "ja") == "ゲーム終了：Akiが15点で勝ちです。"
    assert texts(s) == [] and "Round 8" not in board(s).text and "point Aki>" not in board(s).text


def test_a_refusal_names_the_entry_as_the_log_numbers_it():
    header, entries = example("base-4p")
    p = GAME.replay(header, entries)
    with pytest.raises(RuleViolation) as err:
        play(p, "Aki=10 Ben=9 Chie=8 Dan=7:blue point Aki>Aki Ben>Aki Chie>Aki Dan>Aki")
    assert err.value.reason == (
        "Entry 3: Aki points at another player's card, not their own (house rule self_pointing)."
    )
    assert err.value.message("ja") == "記録3：自分のカードは指差せません。"


# Japanese at 80 columns --------------------------------------------------------------------------------

NOTATION = re.compile(
    r"(?<![A-Za-z])(Aki|Ben|Chie|Dan|P|point|fourth|double|accuse|more|new|yes|no|red|blue|yellow)(?![A-Za-z])"
)


@pytest.mark.parametrize("name", ["base-4p", "fourth-person-3p", "poker-2p"])
def test_the_board_is_japanese_and_fits_80_columns(name):
    header, entries = example(name)
    p = GAME.new(header)
    for entry in [None, *entries]:
        p = GAME.apply(p, entry) if entry is not None else p
        for lang in ("en", "ja"):
            text = board(p, lang).text
            assert max(cell_len(line) for line in text.splitlines()) <= 78, text
            assert len(text.splitlines()) <= 11, text
        ja = board(p, "ja").text
        assert re.findall(r"[A-Za-z]{2,}", NOTATION.sub("", ja)) == [], ja
        assert "探偵" not in ja and "ハーフ" not in ja  # one word for a thing: 刑事, 半戦


# the table's words as facts ------------------------------------------------------------------------------


def test_every_phantom_sentence_has_english_and_japanese_with_the_same_blanks():
    """Each blank in both languages, but where a refusal's Japanese leaves out a detail (SAYS_MORE)."""
    phantom = [k for k in keys() if k.startswith("phantom.")]
    assert len(phantom) > 50
    for key in (k for k in phantom if k not in SAYS_MORE):
        english, japanese = placeholders(key)
        both_templates = not callable(template(key, "en")) and not callable(template(key, "ja"))
        assert english == japanese or not both_templates, key


def test_one_half_is_told_to_an_english_and_a_japanese_viewer_from_one_telling():
    header, entries = example("base-4p")
    p = GAME.new(header)
    q = GAME.apply(p, entries[0])
    told = GAME.told(p, q)  # one telling, two viewers
    assert say_all(told)[:2] == [
        "Round 1, half 1: Aki 10, Ben 5, Chie 9, Dan P.",
        "The 10 would be the culprit, but the Forensic expert (5) is in play, so the 10 escapes: the 9 is the culprit.",
    ]
    assert say_all(told, "ja")[:2] == [
        "第1ラウンド 前半戦：Aki 10、Ben 5、Chie 9、Dan 怪人。",
        "10が犯人のはずですが、鑑識屋（5）が出ているので10は逃れます。9が犯人です。",
    ]
    details = q.scored.details  # the score worked out, in the viewer's language wherever it is shown
    assert say_all(details)[0] == "Round 1, half 1" and say_all(details, "ja")[0] == "第1ラウンド 前半戦"
