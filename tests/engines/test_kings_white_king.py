"""Two players and the White King expansion (「【拡張】白キングはゲームに慣れてから、使用してください」).

The 2-player draft lays out the red, blue, green and black kings; a table that knows the game adds
the White King with house rule ``two_player_white_king``: unused it scores 60 every round, used
20/50/80/150 for 1/2/3/4 White Flags and Rares captured. Both records follow the setting.
"""

import copy
import json
from pathlib import Path

import pytest

from scoring.errors import RuleViolation
from scoring.kings.engine import DRAFT, Header, apply, new_game
from scoring.kings.events import DevilContracted, DraftPick
from scoring.kings.game_record import read as read_game
from scoring.kings.game_record import replay_game, to_record
from scoring.kings.record import Sheet
from scoring.kings.record import read as read_record
from scoring.kings.settings import HouseRules
from scoring.kings.simulator import play_game
from scoring.rulesbook import section
from scoring.words import say, say_all
from tests.engines.kings_tables import scoresheet_of

EXPANSION = {"two_player_white_king": True}

# Round 1's nine tricks: who leads, the leader's card, the other player's card ("+king": the king on it).
TRICKS = [
    ("Ben", "r9", "r2"),  # 1 Ben: red 9 over red 2
    ("Ben", "RA", "RA+king"),  # 2 Aki: his White King, on a Rare, beats Ben's Rare
    ("Aki", "WF", "WF"),  # 3 Aki: two White Flags, the first played wins
    ("Aki", "b9", "b1"),  # 4 Aki
    ("Aki", "b3", "b5"),  # 5 Ben
    ("Ben", "g9", "g1"),  # 6 Ben
    ("Ben", "g5", "g2"),  # 7 Ben
    ("Ben", "k9", "k4"),  # 8 Ben: two black cards, the Devil's colour
    ("Ben", "r5", "r1"),  # 9 Ben
]


def plays_of(tricks) -> list[dict]:
    out = []
    for leader, *cards in tricks:
        for who, card in zip((leader, "Ben" if leader == "Aki" else "Aki"), cards, strict=True):
            code, _, king = card.partition("+")
            out.append({"by": who, "play": code, **({"king": True} if king else {})})
    return out


# Round 1, trick by trick. Aki drafts the White King, Ben the red; Ben contracts black to the Devil.
# Ben leads the first trick: his red king shows 4, Aki's White King 5 (placeholder numbers).
GAME = {
    "game": "kings",
    "players": ["Aki", "Ben"],
    "settings": EXPANSION,
    "rounds": [
        {
            "draft": [
                {"by": "Aki", "king": "white"},
                {"by": "Ben", "king": "red"},
                {"by": "Aki", "character": "Collector"},
                {"by": "Ben", "character": "Healer"},
                {"by": "Aki", "character": "Gambler"},
                {"by": "Ben", "character": "Ninja"},
                {"by": "Aki", "character": "Hermit"},
                {"by": "Ben", "character": "Samurai"},
            ],
            "devil": {"by": "Ben", "color": "black"},
            "fronts": {"Aki": ["Collector", "Gambler"], "Ben": ["Healer", "Ninja"]},
            "bids": {
                "Aki": [{"card": "Hermit", "bid": {"tricks": 3, "points": 60}}],
                "Ben": [{"card": "Samurai", "bid": {"tricks": 3, "points": 70}}],
            },
            "plays": plays_of(TRICKS),
        }
    ],
}

# The same round as a scoresheet.
SHEET = {
    "game": "kings",
    "players": ["Aki", "Ben"],
    "settings": EXPANSION,
    "rounds": [
        {
            "devil": "black",
            "players": {
                "Aki": {
                    "king": "white",
                    "fronts": ["Collector", "Gambler"],
                    "bid": {"tricks": 3, "points": 60},
                    "tricks": 3,
                    "captured": {"rare": 2, "white_flag": 2, "blue": 2},
                    "king_played": True,
                },
                "Ben": {
                    "king": "red",
                    "fronts": ["Healer", "Ninja"],
                    "bid": {"tricks": 3, "points": 70},
                    "tricks": 6,
                    "captured": {"red": 4, "blue": 2, "green": 4, "black": 2},
                },
            },
        }
    ],
}


def parts(score) -> dict[str, int]:
    return {say(p.label): p.points for p in score.parts}


def test_two_players_draft_the_white_king_with_the_expansion():
    _, _, s = replay_game(GAME)
    aki, ben = s.scores[0]
    assert s.tricks == (0, 0) and s.round == 2 and s.phase == DRAFT  # round 2 drafts again
    summary, devil = s.summaries[0]
    assert devil == "black" and [r.tricks for r in summary] == [3, 6]
    assert summary[0].captured == (0, 2, 0, 0, 2, 2)  # blue 9 and 1, both White Flags, both Rares
    assert summary[0].king == "white" and summary[0].king_used and not summary[1].king_used
    # Aki: 3 tricks = the Hermit's bid 60; Collector 4 White Flags and Rares, capped at 80; Gambler
    # +20 for the hit bid; the White King, played on a Rare, 150 for all four: 310. Fewer tricks, and
    # no black card among his: the Devil takes nothing.
    assert parts(aki) == {
        "bid (hit)": 60,
        "Collector": 80,
        "Gambler": 20,
        "White King (used)": 150,
        "devil cards (black)": 0,
    }
    assert aki.total == 310
    # Ben: 6 tricks miss the Samurai's 3; Healer 2 blue + 4 green, capped at 50; Ninja needs exactly
    # 2; the red king unused scores 50 every round; 50 for more tricks; black 9 and 4 cost 2 × 10: 130.
    assert parts(ben) == {
        "bid (missed)": 0,
        "Healer": 50,
        "Ninja": 0,
        "Red King (unused)": 50,
        "most tricks": 50,
        "devil cards (black)": -20,
    }
    assert ben.total == 130
    # the expansion stays on the table: Ben, first to pick in round 2, takes the White King himself
    s = apply(s, DraftPick(1, king="white"))
    assert s.kings == (None, "white")


def test_the_scoresheet_of_the_same_round_scores_the_same():
    table = read_record(SHEET)
    assert [(r.player, r.total) for r in table.standings.places] == [("Aki", 310), ("Ben", 130)]
    assert read_game(GAME).standings.places == table.standings.places
    assert (
        "  Aki: 310 = bid (hit) 60 + Collector 80 + Gambler 20 + White King (used) 150 + devil cards "
        "(black) 0" in say_all(table.details)
    )


def test_an_unused_white_king_scores_60_every_round_with_two_players():
    sheet = copy.deepcopy(SHEET)
    aki = sheet["rounds"][0]["players"]["Aki"]
    aki["king_played"] = False
    score = Sheet(sheet).scores[0][0]
    assert parts(score)["White King (unused)"] == 60 and score.total == 60 + 80 + 20 + 60


@pytest.mark.parametrize(("flags_and_rares", "points"), [(0, 0), (1, 20), (2, 50), (3, 80), (4, 150)])
def test_a_used_white_king_pays_20_50_80_150(flags_and_rares, points):
    sheet = copy.deepcopy(SHEET)
    aki = sheet["rounds"][0]["players"]["Aki"]
    rares, others = min(flags_and_rares, 2), 6 - flags_and_rares  # 3 tricks: 6 cards
    aki["captured"] = {
        "rare": rares,
        "white_flag": flags_and_rares - rares,
        "blue": min(others, 4),
        "black": max(others - 4, 0),
    }  # Ben holds 2 of the 6 blue cards
    aki["fronts"] = ["Healer", "Gambler"]  # keep the Collector out of it
    assert parts(Sheet(sheet).scores[0][0])["White King (used)"] == points


def test_the_white_king_is_refused_without_the_expansion():
    game = {k: v for k, v in GAME.items() if k != "settings"}
    with pytest.raises(RuleViolation) as err:
        replay_game(game)
    assert err.value.rule == "kings.two-player"
    assert err.value.path == "rounds[0].draft[0]"
    assert "Aki cannot take the White King: with 2 players it is the expansion" in err.value.reason
    assert "turns on house rule two_player_white_king" in err.value.reason
    assert "拡張" in err.value.message("ja") and "two_player_white_king" in err.value.message("ja")

    sheet = {k: v for k, v in SHEET.items() if k != "settings"}
    with pytest.raises(RuleViolation) as err:
        Sheet(sheet)
    assert err.value.rule == "kings.two-player"
    assert err.value.path == "rounds[0].players.Aki.king"
    assert "house rule two_player_white_king" in err.value.reason and "白のキング" in err.value.message("ja")

    # at the table, without a record: the same reason, and the four coloured kings are still there
    s = new_game(Header(("Aki", "Ben")))
    with pytest.raises(RuleViolation, match="two_player_white_king"):
        apply(s, DraftPick(0, king="white"))
    assert apply(s, DraftPick(0, king="red")).kings == ("red", None)


@pytest.mark.parametrize("n", [4, 5])
def test_four_and_five_players_always_lay_out_the_white_king(n):
    s = new_game(Header(("Aki", "Ben", "Chie", "Dan", "Emi")[:n]))
    assert apply(s, DraftPick(0, king="white")).kings[0] == "white"


def test_the_worked_examples_are_this_round():
    examples = Path(__file__).resolve().parents[2] / "examples" / "kings"
    for name, record in (("game-2p-white-king.json", GAME), ("scoresheet-2p-white-king.json", SHEET)):
        example = json.loads((examples / name).read_text(encoding="utf-8"))
        example.pop("notes")
        assert example == record, name


def test_the_devil_contracts_a_coloured_king_not_the_white_king():
    s = new_game(Header(("Aki", "Ben"), HouseRules(two_player_white_king=True)))
    for p, pick in zip(
        [0, 1] * 4, ["red", "blue", "Healer", "Ninja", "Gambler", "Samurai", "Collector", "Hermit"], strict=True
    ):
        s = apply(s, DraftPick(p, king=pick) if pick in ("red", "blue") else DraftPick(p, character=pick))
    with pytest.raises(RuleViolation, match="The White King has no colour") as err:
        apply(s, DevilContracted(1, "white"))
    assert err.value.rule == "kings.two-player"
    assert apply(s, DevilContracted(1, "green")).devil == "green"


def test_a_record_of_the_expansion_carries_the_setting_back():
    game, events, _ = replay_game(GAME)
    record = to_record(game, events)
    assert record["settings"] == EXPANSION
    assert record["rounds"][0]["draft"][0] == {"by": "Aki", "king": "white"}
    assert replay_game(record)[2].scores == replay_game(GAME)[2].scores


def test_simulated_two_player_games_with_the_expansion_draft_and_play_the_white_king():
    rules = HouseRules(two_player_white_king=True)
    drafted = played = 0
    for seed in range(12):
        _, final = play_game(Header(("Aki", "Ben"), rules), seed=seed)
        rows = [row for summary, _ in final.summaries for row in summary if row.king == "white"]
        drafted += len(rows)
        played += sum(row.king_used for row in rows)
        assert Sheet(scoresheet_of(final)).standings() == final.standings()
    assert drafted and played
    for seed in range(12):  # without the expansion the simulator never offers it
        _, final = play_game(Header(("Aki", "Ben")), seed=seed)
        assert all(row.king != "white" for summary, _ in final.summaries for row in summary)


def test_the_expansion_is_a_house_rule_shown_with_its_default():
    rows = {name: (value, default, text) for name, value, default, text in HouseRules().describe()}
    assert rows["two_player_white_king"][:2] == (False, False)
    assert "White King expansion" in rows["two_player_white_king"][2]
    assert "白のキング" in {row[0]: row[3] for row in HouseRules().describe("ja")}["two_player_white_king"]
    assert HouseRules.from_dict(EXPANSION).changed() == EXPANSION
    for lang in ("en", "ja"):
        assert "two_player_white_king" in section("kings", "kings.house-rules", lang).body
        assert "two_player_white_king" in section("kings", "kings.two-player", lang).body
