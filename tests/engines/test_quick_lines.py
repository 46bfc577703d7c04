"""Quick lines a table types: a line that cannot be read is refused with what to type instead (rule
record-format), never half read and never a crash."""

import pytest

from scoring.errors import RuleViolation
from tests.typed import quick

REFUSED = [
    ("kings", "pick"),
    ("kings", "devil"),
    ("kings", "lead"),
    ("kings", "pick red blue"),
    ("kings", "lead Ben Chie"),
    ("kings", "hermit Ben Chie"),
    ("kings", "fronts Aki"),
    ("kings", "r5 [/]"),
    ("louder", "place"),
    ("louder", "use"),
    ("louder", "place x at"),
    ("louder", "place x says"),
    ("louder", "place x says y"),
    ("louder", "place x at 0,0 at 1,1"),
    ("louder", "place x at 0,0 shouts y"),
    ("louder", "use x [/]"),
    ("louder", "draw draw"),
    ("louder", "hands Aki"),
    ("trickster", "tableau Aki=R²"),
    ("trickster", "tableau Aki=[/]"),
    ("trickster", "tableau Aki"),
    ("trickster", "round [/]"),
    ("trickster", "round tableau=Aki:PBRI,Ben"),
    ("trickster", "bust Ben Chie"),
    ("trickster", "reveal Aki"),
    ("trickster", '{"a": ' + "1" * 5000 + "}"),
    ("trickster", '{"a": ' * 100_000),
    ("sheriff", "sheet Aki=mayor:Q*²"),
    ("sheriff", "sheet Aki=mayor:[/]"),
    ("sheriff", "sheet Aki"),
    ("sheriff", "deal joker"),
    ("phantom", "[/]"),
]


@pytest.mark.parametrize(("game", "line"), REFUSED)
def test_a_line_that_cannot_be_read_is_refused_with_a_reason(game, line):
    with pytest.raises(RuleViolation) as refused:
        quick(line, game, to_play="Aki")
    assert refused.value.rule == "record-format"
    assert refused.value.message("en") and refused.value.message("ja")


def test_the_lines_that_crashed_say_what_to_type():
    with pytest.raises(RuleViolation, match=r"pick red · pick Healer"):
        quick("pick", "kings")
    with pytest.raises(RuleViolation, match=r"lead Ben"):
        quick("lead", "kings", to_play="Aki")
    with pytest.raises(RuleViolation, match=r"place CARD at X,Y says CARD"):
        quick("place x at", "louder")
    with pytest.raises(RuleViolation, match=r"draw alone"):
        quick("draw draw", "louder")
    with pytest.raises(RuleViolation, match=r"'R²' in 'tableau Aki=R²': a count is a suit letter"):
        quick("tableau Aki=R²", "trickster")
    with pytest.raises(RuleViolation, match=r"'Q\*²' in 'sheet Aki=mayor:Q\*²'"):
        quick("sheet Aki=mayor:Q*²", "sheriff")


def test_the_good_lines_still_read_as_before():
    assert quick("tableau Aki=R３,B1 Ben=", "trickster") == {"tableau": {"Aki": {"red": 3, "blue": 1}, "Ben": {}}}
    assert quick("sheet Aki=mayor:Q*２ Ben=sheriff: Chie=robber:", "sheriff")["captured"]["Aki"] == {"Q": 2}
    assert quick("place score:3 at 0,1 says score:5", "louder") == {"place": "score:3", "at": [0, 1], "says": "score:5"}
    assert quick("place trap:0 says score:5 at 1,0", "louder") == {"place": "trap:0", "at": [1, 0], "says": "score:5"}
    assert quick("place score:3 at 0,1 says same", "louder") == {"place": "score:3", "at": [0, 1], "says": "score:3"}
    assert quick("draw", "louder") == {"draw": True}
    assert quick("hermit", "kings", to_play="Ben") == {"hermit": "Ben"}
    assert quick("bust", "trickster", to_play="Chie") == {"bust": "Chie"}
    assert quick("bust Ben", "trickster", to_play="Chie") == {"bust": "Ben"}
    assert quick("reveal Aki=ONOM Ben=", "trickster") == {"reveal": {"Aki": ["ONOM"], "Ben": []}}
