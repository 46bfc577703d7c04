"""LOUDER TRICKSTAR behind the one contract: every turn a typed line, a placement's card never
shown to the table, what may come next offered from the engine's legal turns, and the simulator
choosing only among them."""

import json
import random
from dataclasses import replace
from pathlib import Path
from unittest import mock

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.contract import Game
from scoring.errors import RuleViolation
from scoring.louder import simulator
from scoring.louder.engine import Card, HandsRevealed, Header, Placed, Used, apply, legal, new_game
from scoring.louder.game import GAME
from scoring.louder.record import table_state
from scoring.registry import get
from scoring.words import say

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = sorted(p for p in (ROOT / "examples/louder").glob("*.json") if not p.name.endswith(".expected.json"))
P4 = ("Aki", "Ben", "Chie", "Dan")


def example(name: str) -> dict:
    return json.loads((ROOT / "examples/louder" / f"{name}.json").read_text())


def texts(position, typed: str = "") -> list[str]:
    return [m.text for m in GAME.completions(position, typed)]


def test_the_registry_gives_louder_and_it_keeps_the_contract():
    assert get("louder") is GAME and isinstance(GAME, Game)
    assert GAME.players == (3, 4) and GAME.header_keys == {"players", "first", "flip_limits", "deck", "settings"}
    options = {o.name: o for o in GAME.options("ja")}
    assert not options["deck"].house_rule and sum(options["deck"].default.values()) == 72
    assert options["flip_limits"].default == {"trickster": 3, "destroyer": 2, "seeker": 3}
    assert options["seeker_mode"].house_rule and options["seeker_mode"].choices == ("peek", "safe_collect")


def test_a_turn_no_line_says_exactly_stays_json():
    assert GAME.format({"by": "Ben", "draw": True}) == '{"by": "Ben", "draw": true}'
    assert GAME.format({"use": "seeker", "flip": []}) == '{"use": "seeker", "flip": []}'
    # a placement recorded unannounced (before a typed line had to say it): no line says it exactly
    assert GAME.format({"place": "trap:0", "at": [1, 0]}) == '{"place": "trap:0", "at": [1, 0]}'


def test_the_table_never_sees_a_placed_card():
    entry = {"place": "trap:0", "at": [1, 0], "says": "score:5"}
    assert say(GAME.shown(entry)) == "placed a card at 1,0, saying score:5"
    assert say(GAME.shown(entry), "ja") == "1,0にカードを置き、「スコア5」と宣言"  # what was said, by its name
    assert say(GAME.shown({"hands": {"Aki": ["trap:0"]}}), "ja") == "手札公開"
    assert GAME.hidden("place trap:0 at 1,0 says score:5") == "place ■ at 1,0 says score:5"
    assert GAME.hidden("use trickster 0,0") is None and GAME.hidden("") is None
    p = GAME.replay(*GAME.split(example("opening-3p")))  # the deck's one Enemy 1 lies at 2,0
    line = f"place enemy:1 at {texts(p, 'place score:1 at')[0]} says score:1"
    with pytest.raises(RuleViolation) as err:
        GAME.apply(p, GAME.parse(line, p))
    assert "Enemy 1 (enemy:1)" in err.value.message("en") and "エネミー1" in err.value.message("ja")
    for lang in ("en", "ja"):
        masked = GAME.mask(err.value.message(lang), line)
        assert "enemy:1" not in masked and "Enemy 1" not in masked and "エネミー1" not in masked and "■" in masked
    assert GAME.mask("There is no card at (9, 9).", "use trickster 9,9") == "There is no card at (9, 9)."


def test_whose_turn_it_is_and_what_they_may_do():
    header, entries = GAME.split(example("opening-3p"))
    p = GAME.replay(header, entries[:3])  # Aki, Ben and Chie have each placed a card
    assert GAME.to_play(p) == "Aki"
    # the empty line: draw, then every card a digit (the strategy cards, then the placement cards,
    # each the most not yet seen first)
    assert texts(p)[:5] == ["draw", "use trickster", "use destroyer", "use seeker", "place trap:0"]
    assert len(texts(p)) == 1 + 3 + 10
    assert texts(p, "use") == ["trickster", "destroyer", "seeker"]
    assert [say(m.label, "ja") for m in GAME.completions(p, "use")][-1] == "シーカー"
    # the cards a placement may be, the most not seen yet first (all three placed lie face down)
    assert texts(p, "place")[:4] == ["trap:0", "score:1", "enemy:-2", "score:5"]
    assert texts(p, "place score:") == ["1", "4", "5", "2", "3"]
    last = next(reversed(p.state.public.field))  # the cells beside the card placed last come first
    assert texts(p, "place score:1")[:2] == [f"at {last[0] + 1},{last[1]}", f"at {last[0] - 1},{last[1]}"]
    assert texts(p, "place score:1 at 2,0")[:3] == ["says same", "says trap:0", "says score:5"]
    assert texts(p, "place score:1 at 2,0 says")[:3] == ["same", "trap:0", "score:"]
    assert texts(p, "place score:1 at 2,0 says score:") == ["5", "4", "3", "2", "1"]
    assert texts(p, "place score:1 at 2,0 says score:5") == []
    # the field: score:3 at 0,0, trap:0 at 1,0, score:2 at 0,1, all face down; the Trickster flips up to 3
    assert texts(p, "use trickster") == ["at 0,0", "at 1,0", "at 0,1"]  # the first cell: a digit takes it
    assert texts(p, "use trickster at") == ["0,0", "1,0", "0,1"]  # after at typed out: the cells themselves
    assert texts(p, "use trickster at 0,1") == ["0,0"] == texts(p, "use trickster 0,1")  # at may be left out
    assert texts(p, "use trickster at 0,0") == ["1,0", "0,1"]
    assert texts(p, "draw") == [] and texts(p, "use trickster at 5,5") == []


def test_everything_offered_mid_game_is_accepted_unless_a_face_down_card_refuses_it():
    """What is offered comes from what the table has seen: the only refusals are the ones a card
    lying face down gives (a Trap stops the run, every copy of a card is already placed), and a
    cell not offered is refused."""
    header, entries = GAME.split(example("game-4p"))
    p = GAME.replay(header, entries[:60])
    hidden_refusals = set()

    def tried(line: str) -> None:
        try:
            GAME.apply(p, GAME.parse(line, p))
        except RuleViolation as err:
            assert err.rule in ("louder.trap", "louder.cards"), line
            hidden_refusals.add(err.rule)

    for move in texts(p):  # the empty line's whole first choices: use CARD, place CARD, draw
        if move.startswith("place "):
            for cell in texts(p, f"{move} at"):
                tried(f"{move} at {cell} says score:5")
        elif not move.startswith("use "):
            tried(move)
    for kind in texts(p, "use"):
        runs = [[f"use {kind}"]]
        while runs:
            run = runs.pop()
            tried(" ".join(run))
            runs += [[*run, cell] for cell in texts(p, " ".join(run))]
    # a run on through a Trap nobody has seen is offered; so is a card whose every copy lies face down
    assert hidden_refusals == {"louder.trap", "louder.cards"}
    offered = texts(p, "place score:1 at")
    x, y = map(int, offered[0].split(","))
    diagonal = next(f"{x + dx},{y + dy}" for dx in (-5, 5) for dy in (-5, 5))
    with pytest.raises(RuleViolation, match="not next to a card"):
        GAME.apply(p, GAME.parse(f"place score:1 at {diagonal} says score:5", p))


def test_when_the_deck_runs_out_the_hands_come_next_then_nothing():
    header, entries = GAME.split(example("game-4p"))
    p = GAME.replay(header, entries[:-1])
    assert GAME.to_play(p) is None
    assert texts(p) == ["hands"]
    assert texts(p, "hands Aki=score:1")[0] == ",trap:0"  # Aki holds more: another card, glued on
    whole = "hands Aki=seeker,score:5,enemy:-2,destroyer,trickster,trap:0,seeker,score:1"
    assert texts(p, whole) == ["Ben=", "Chie=", "Dan="]  # her hand is whole: the next player
    p = GAME.apply(p, entries[-1])
    assert p.finished and texts(p) == [] and say(GAME.shown(p.entries[-1])) == "hands revealed"


def test_louder_has_no_tricks_to_arbitrate():
    with pytest.raises(RuleViolation, match="see companion rules louder flip") as err:
        GAME.arbitrate(["score:3"], {"trump": None, "deck": "introductory", "pot": [], "settings": {}})
    assert err.value.rule == "louder.overview"
    assert err.value.message("ja") == "LOUDER TRICKSTARにトリックの判定はありません。"


def test_the_engine_refuses_what_legal_leaves_out():
    s = new_game(Header(P4[:3]))
    s = apply(s, Placed(0, Card("score", 3), (0, 0), "score:5"))
    s = apply(s, Placed(1, Card("trap", 0), (1, 0), "score:4"))
    moves = legal(s, [Card("destroyer"), Card("seeker"), Card("score", 1)])
    assert Used(2, "destroyer", ((1, 0), (0, 0))) not in moves  # the Trap stops the Destroyer
    assert Used(2, "seeker", ((1, 0), (0, 0))) in moves  # but not the Seeker, who only looks
    with pytest.raises(RuleViolation, match="no card is flipped after it"):
        apply(s, Used(2, "destroyer", ((1, 0), (0, 0))))
    assert all(isinstance(apply(s, m), type(s)) for m in moves)


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 2**32 - 1), st.sampled_from([3, 4]))
def test_the_simulator_only_plays_what_legal_offers(seed, n):
    game = Header(P4[:n])
    offered: list[list] = []

    def recorded(s, hand=None):
        offered.append(legal(s, hand))
        return offered[-1]

    with mock.patch.object(simulator, "legal", recorded):
        events, final = simulator.play_game(game, seed)
    turns = [e for e in events if not isinstance(e, HandsRevealed)]
    assert len(turns) == len(offered)
    s = new_game(game)
    for e, moves in zip(turns, offered, strict=True):
        public = replace(e, said="") if isinstance(e, Placed) else e
        assert public in moves  # from the player's hand
        assert public in legal(s)  # and what the table, seeing no hand, would offer too
        s = apply(s, e)
    assert isinstance(events[-1], HandsRevealed) and final.revealed is not None


@settings(max_examples=8, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_a_table_typing_only_what_is_offered_is_refused_only_by_a_face_down_card(seed):
    """A session typed word by word from ``legal`` alone: sixty turns or until the deck runs out.
    A turn is refused only where a card lying face down decides it (then the table types another)."""
    rng = random.Random(seed)
    p = GAME.new({"players": list(P4[:3])})
    for _ in range(60):
        if GAME.to_play(p) is None:
            break
        line = rng.choice(texts(p))
        while more := texts(p, line):
            if line.startswith("use ") and rng.random() < 0.3:
                break  # a strategy card stops flipping when its player likes
            word = rng.choice(more)
            line += word if line.endswith(":") else " " + word
        try:
            p = GAME.apply(p, GAME.parse(line, p))
        except RuleViolation as err:
            assert err.rule in ("louder.trap", "louder.cards"), line
            p = GAME.apply(p, GAME.parse("draw", p))
    assert table_state(dict(p.record)).card_count() == 72
    assert GAME.replay(p.header, p.entries).scored == p.scored


def test_the_empty_lines_cards_are_the_same_whatever_lies_face_down():
    """The empty line lists every card a turn may play (``place trap:0``, one digit each): the same
    list, in the same order, whichever card was placed face down before it."""
    p = GAME.new({"players": ["Aki", "Ben", "Chie"]})
    cards = ("trap:0", "score:1", "enemy:2")
    after = [GAME.apply(p, GAME.parse(f"place {card} at 0,0 says score:5", p)) for card in cards]
    offered = [[(m.text, say(m.label)) for m in GAME.completions(q)] for q in after]
    assert offered[0] == offered[1] == offered[2] and ("place trap:0", "Trap 0 (13 not seen yet)") in offered[0]
