"""A tie-break said while the game goes on says it holds so far: after round 2 of 3, "the final
round's" cards name who leads the tie now, not who won it."""

from __future__ import annotations

import json
from pathlib import Path

from scoring.registry import get
from scoring.words import say

EXAMPLE = Path(__file__).resolve().parents[2] / "examples/trickster/scoresheet-5p-tiebreak.json"


def test_a_tie_broken_after_round_two_of_three_is_so_far_and_after_round_three_is_won():
    game = get("trickster")
    header, entries = game.split(json.loads(EXAMPLE.read_text()))
    two, three = game.replay(header, entries[:2]), game.replay(header, entries)
    assert not two.finished and three.finished
    assert [say(t) for t in two.scored.standings.tiebreaks] == [
        "So far (the game goes on): Emi wins the tie on 1 against Chie: fewer red cards in the final round, "
        "0 against 2.",
        "So far (the game goes on): Aki wins the tie on 3 against Dan: fewer green cards in the final round, "
        "0 against 3.",
    ]
    assert say(two.scored.standings.tiebreaks[0], "ja").startswith("途中経過（ゲームは続く）：")
    assert [say(t) for t in three.scored.standings.tiebreaks] == [
        "Emi wins the tie on 3 against Dan: fewer green cards in the final round, 0 against 2.",
        "Ben wins the tie on 5 against Aki: fewer orange cards in the final round, 0 against 2.",
    ]
