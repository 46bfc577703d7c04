"""KINGs behind the one game contract: every entry has a typed line, what ``legal`` offers the table
is what ``apply`` accepts, and the simulator plays only what the engine's ``legal`` allows."""

import json
import os
import random
from functools import partial
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring.errors import RuleViolation
from scoring.kings.cards import characters, code
from scoring.kings.engine import (
    BidChoice,
    Header,
    bid_choices,
    devil_colors,
    draft_choices,
    front_choices,
    legal,
    new_game,
    nine_choices,
    partner_choices,
    tricks_per_round,
    turn_actions,
)
from scoring.kings.events import (
    BidsRevealed,
    CardPlayed,
    CheerExchanged,
    DevilContracted,
    DraftPick,
    FrontsRevealed,
    HermitDrew,
    LeadNamed,
)
from scoring.kings.game import GAME, tracked
from scoring.kings.settings import HouseRules
from scoring.kings.simulator import play_game
from scoring.registry import get
from scoring.words import say
from tests.engines import positions

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = sorted(p for p in (ROOT / "examples/kings").glob("*.json") if not p.name.endswith(".expected.json"))
GAME_5P = json.loads((ROOT / "examples/kings/game-5p.json").read_text())
GAME_2P = json.loads((ROOT / "examples/kings/game-2p-white-king.json").read_text())
SHEET_5P = json.loads((ROOT / "examples/kings/scoresheet-5p.json").read_text())
CHECK = settings(
    max_examples=int(os.environ.get("KINGS_EXAMPLES", "40")),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
NAMES = ("Aki", "Ben", "Chie", "Dan", "Emi")


def totals(position):
    return [(s.player, s.total) for s in position.scored.standings.places]


after = partial(positions.after, GAME)
texts = positions.texts
BINDING = ("=", ":", ",")


def typed_through(p, line: str, pick=lambda moves: moves[0]) -> str:
    """``line`` with what ``legal`` offers next added until it offers nothing more: after a word
    ending in ``=`` ``:`` or ``,`` (a group, ``Aki=Maru:``) without a space, as the screen does."""
    for _ in range(40):
        moves = GAME.completions(p, line)
        if not moves:
            return line
        line += ("" if line.endswith(BINDING) else " ") + pick(moves).text
    raise AssertionError(f"legal never ends: {line}")


def test_the_registry_gives_the_kings_game():
    assert get("kings") is GAME
    assert GAME.players == (2, 4, 5)
    assert GAME.header_keys == {"players", "kings", "king_numbers", "copies", "backs", "settings"}


# --- every entry has a line ------------------------------------------------------------------------


def test_round_one_of_the_five_player_sheet_typed_as_one_line():
    line = (
        "sheet Aki: fronts=Healer bid=2/50 tricks=2 won=r*2,b*3,g,k*2,WF,RA "
        "Ben: fronts=Devil bid=3/60 tricks=1 won=r,b*2,g,k king "
        "Chie: fronts=Collector bid=0/50 tricks=0 won= "
        "Dan: fronts=Ninja bid=miss tricks=2 won=r*2,b,g*3,k*3,RA "
        "Emi: fronts=Gambler bid=1/40 tricks=0 won="
    )
    p = GAME.new({"players": list(NAMES), "kings": SHEET_5P["kings"]})
    entry = GAME.parse(line, p)
    assert entry == SHEET_5P["rounds"][0]
    assert GAME.format(entry) == line
    assert totals(GAME.apply(p, entry)) == [("Aki", 90), ("Ben", 80), ("Dan", 60), ("Chie", 50), ("Emi", 0)]


def test_two_players_round_three_bids_twice_and_a_list_of_one_keeps_its_form():
    p = GAME.new({"players": ["Aki", "Ben"]})
    two = GAME.parse("sheet Aki: bids=2/50+3/60 Ben: bids=miss", p)
    assert two["players"]["Aki"]["bid"] == [{"tricks": 2, "points": 50}, {"tricks": 3, "points": 60}]
    assert two["players"]["Ben"]["bid"] == [{"special": "devil_miss"}]
    assert GAME.format(two) == "sheet Aki: bids=2/50+3/60 Ben: bids=miss"


def test_the_items_and_a_king_not_played_have_words_too():
    row = {
        "fronts": ["Healer", "Maru"],
        "bid": {"special": "bond", "partner": "Ben"},
        "tricks": 1,
        "captured": {"red": 0},
        "king_played": False,
        "items": ["fairys_gift", "kings_sword"],
    }
    line = GAME.format({"players": {"Aki": row}})
    assert line == "sheet Aki: fronts=Healer,Maru bid=bond:Ben tricks=1 won=r*0 king=no items=gift,sword"
    assert GAME.parse(line, GAME.new({"players": ["Aki", "Ben"]})) == {"players": {"Aki": row}}


def test_a_round_the_line_cannot_write_stays_json():
    odd = {"players": {"Aki Tanaka": {"tricks": 2}}}  # a name with a space
    assert json.loads(GAME.format(odd)) == odd


@pytest.mark.parametrize(
    ("line", "words"),
    [
        ("sheet fronts=Healer tricks=2", "start each player's part with their name and a colon"),
        ("sheet Aki: tricks=two", "tricks won as a number"),
        ("sheet Aki: won=r2,b3", "with \\*N for several: won=r\\*2"),  # r2 is the red 2 card, not two reds
        ("sheet Aki: bid=2-50", "a bid is TRICKS/POINTS"),
        ("sheet Aki: items=shield", "the items are gift"),
        ("sheet Aki: colour=red", "a player's part takes fronts, bid"),
        ("sheet Aki: king=maybe", "king=no"),
        ("sheet Aki: tricks=1 tricks=2", "tricks is given twice"),
        ("sheet Aki: tricks=1 Aki: tricks=2", "Aki is given twice"),
        ("sheet devil=green Aki: tricks=1 devil=red", "devil is given twice"),
        ("sheet Aki: bid=2/50 bids=3/60", "bid is given twice"),
    ],
)
def test_an_unreadable_sheet_word_is_refused_with_what_to_type(line, words):
    p = GAME.new({"players": list(NAMES), "kings": SHEET_5P["kings"]})
    with pytest.raises(RuleViolation, match=words) as err:
        GAME.parse(line, p)
    assert err.value.rule == "record-format"
    assert err.value.message("ja")


# --- whose turn, and what may come next ------------------------------------------------------------


def test_the_draft_offers_what_is_left_and_the_last_pick_is_a_king():
    p = after(GAME_5P, 21)  # Ben's fifth pick: four characters and no king yet
    assert GAME.to_play(p) == "Ben"
    assert texts(GAME.completions(p)) == ["red", "blue"]  # white, green and black are taken
    assert [say(m.label, "ja") for m in GAME.completions(p)] == ["赤のキング", "青のキング"]
    with pytest.raises(RuleViolation, match="last pick must be a king"):
        GAME.apply(p, GAME.parse("Ninja", p))
    assert texts(GAME.completions(p, "pick")) == ["red", "blue"]  # the long form still works
    assert GAME.parse("pick red", p) == GAME.parse("red", p) == {"pick": {"by": "Ben", "king": "red"}}


def test_the_draft_offers_only_draft_picks_never_a_card():
    p = after(GAME_5P, 3)
    offered = texts(GAME.completions(p))
    assert offered[:5] == ["white", "red", "blue", "green", "black"] and "Maru" not in offered  # Aki has the one Maru
    assert not [m for m in offered if m[:1] in "rbgk" and m[1:2].isdigit()] and "WF" not in offered
    assert GAME.parse("Devil", p) == {"pick": {"by": "Dan", "character": "Devil"}}  # not the 2-player devil word
    assert GAME.parse("hermit", p) == {"pick": {"by": "Dan", "character": "Hermit"}}  # a character, not the action
    with pytest.raises(RuleViolation, match="in the draft, type a king's colour or a character"):
        GAME.parse("r5", p)


def test_every_move_offered_is_accepted_all_through_a_recorded_game():
    header, entries = GAME.split(GAME_5P)
    p = GAME.new(header)
    offered = 0
    for i, entry in enumerate(entries):
        for move in (
            GAME.completions(p) if i % 3 == 0 or "fronts" in entry or "bids" in entry else ()
        ):  # each apply replays
            GAME.apply(p, GAME.parse(typed_through(p, move.text), p))  # fronts and bids: every player's part
            offered += 1
        line, moves = GAME.format(entry), texts(GAME.completions(p))
        assert not moves or line in moves or line.split()[0] in moves  # b3 king: b3 offered, then king
        p = GAME.apply(p, entry)
    assert offered > 200
    assert GAME.completions(p) == [] and GAME.to_play(p) is None and p.finished


def test_a_player_who_showed_a_void_is_offered_no_card_of_that_colour():
    # Trick 1 of round 1: Dan led the black 2 and Emi threw the green 8, so Emi has no black card.
    p = after(GAME_5P, 36)
    assert GAME.to_play(p) == "Emi"
    offered = texts(GAME.completions(p))
    assert "RA" in offered and "hermit" in offered
    assert not [c for c in offered if c.startswith("k")]
    with pytest.raises(RuleViolation, match="did not follow black earlier this round") as err:
        GAME.apply(p, GAME.parse("k3", p))
    assert err.value.rule == "kings.follow"
    # her Hermit draws three new cards: black may come back
    p = after(GAME_5P, 42)
    assert GAME.to_play(p) == "Emi" and "k3" in texts(GAME.completions(p))


def test_after_a_lead_the_colour_led_comes_first_then_black():
    p = after(GAME_5P, 33)  # round 1, trick 2: Aki led the red 9 under the King's Sword; Ben to play
    assert GAME.to_play(p) == "Ben"
    offered = texts(GAME.completions(p))
    assert offered[:7] == ["r1", "r2", "r3", "r4", "r5", "r6", "r7"]  # r9 is played; r8 and the rest follow
    assert offered[8:12] == ["k1", "k3", "k4", "k5"]  # then black, which beats the other colours
    assert offered[-2:] == ["WF", "RA"]
    leader = after(GAME_5P, 27)  # trick 1: Dan leads, any card in colour order
    assert texts(GAME.completions(leader))[:3] == ["r1", "r2", "r3"]


def test_the_berserkers_nine_is_offered_only_to_the_player_who_took_it():
    p = after(GAME_5P, 29)  # round 1: Aki took the Berserker's black 9
    assert GAME.to_play(p) == "Aki" and "k9b" in texts(GAME.completions(p))
    assert "k9b" not in texts(GAME.completions(after(GAME_5P, 30)))  # Ben's turn
    assert [say(m.label) for m in GAME.completions(p) if m.text == "k9b"] == ["Berserker's black 9"]


def test_after_a_card_the_words_that_may_follow_it():
    p = after(GAME_5P, 39)  # Chie, with the blue king unplayed, plays the blue 3
    assert GAME.to_play(p) == "Chie"
    assert texts(GAME.completions(p, "b3")) == ["king"]  # her king fits a blue card; no item, no Resistance
    assert [say(m.label) for m in GAME.completions(p, "b3") if m.text == "king"] == ["the blue king on it"]
    for word in texts(GAME.completions(p, "b3")):
        GAME.apply(p, GAME.parse(f"b3 {word}", p))
    assert "king" not in texts(GAME.completions(p, "r1"))  # the blue king goes on a blue card only
    assert GAME.completions(p, "b3 banana") == [] and GAME.completions(p, "zz") == []
    sword = after(GAME_5P, 32)  # Aki holds the King's Sword (Neme) and leads trick 2
    assert texts(GAME.completions(sword, "r9")) == ["sword"]  # her green king fits no red card; the Gift is used


def test_two_players_start_with_a_pick_and_the_devil_chooser_is_to_play():
    p = GAME.new({"players": ["Aki", "Ben"]})
    assert GAME.to_play(p) == "Aki"  # the first drafter, unless the table types a sheet line
    assert texts(GAME.completions(p)) == [
        "red",
        "blue",
        "green",
        "black",
        "Gambler",
        "Hermit",
        "Resistance",
        "Berserker",
        "Ninja",
        "Samurai",
        "Healer",
        "Collector",
    ]
    for line in ["red", "pick blue", "Ninja", "Healer", "pick Gambler", "Samurai", "Hermit", "Collector"]:
        p = GAME.apply(p, GAME.parse(line, p))
    assert GAME.to_play(p) == "Ben"  # the second picker of round 1 contracts a king to the Devil
    assert texts(GAME.completions(p)) == ["green", "black"]
    assert GAME.parse("green", p) == GAME.parse("devil green", p) == {"devil": {"by": "Ben", "color": "green"}}
    assert GAME.format({"devil": {"by": "Ben", "color": "green"}}) == "green"


def test_fronts_are_typed_a_player_at_a_time():
    p = after(GAME_5P, 25)  # round 1: the draft is over, nobody's turn
    assert GAME.to_play(p) is None and texts(GAME.completions(p)) == ["fronts"]
    # Aki first: each character of her party, each kind once
    assert texts(GAME.completions(p, "fronts")) == ["Aki=Maru", "Aki=Collector", "Aki=Berserker", "Aki=Neme"]
    assert texts(GAME.completions(p, "fronts Aki=Berserker")) == ["Ben=Collector", "Ben=Cheerleader", "Ben=Devil"]
    # any player may be typed first, by a prefix of the name; the line goes on with the first one left
    assert texts(GAME.completions(p, "fronts b=Devil")) == texts(GAME.completions(p, "fronts"))
    assert texts(GAME.completions(p, "fronts e=")) == ["Devil", "Hermit", "Gambler"]
    # Aki turns up a Berserker: the black 9 may go to her once every part is typed
    line = "fronts Aki=Berserker Ben=Collector Chie=Collector Dan=Collector Emi=Hermit"
    assert texts(GAME.completions(p, line)) == ["nine=Aki"]
    assert [say(m.label, "ja") for m in GAME.completions(p, line)] == ["Akiがバーサーカー専用黒9を取る"]
    assert texts(GAME.completions(p, "fronts Aki=Berserker nine=")) == ["Aki"]
    assert GAME.completions(p, "fronts Aki=Berserker nine=Aki nine=Dan") == []  # given twice: unreadable
    assert GAME.completions(p, "fronts Aki=Healer") == []  # not in her party
    assert GAME.completions(p, "fronts Aki=Collector nine=Aki") == []  # no Berserker in play
    assert GAME.completions(p, f"{line} nine=Aki") == []  # complete: the line the table typed
    assert GAME.format(GAME.split(GAME_5P)[1][25]) == f"{line} nine=Aki"
    assert GAME.parse("fronts a=Berserker b=Collector c=Collector d=Collector e=Hermit nine=A", p) == GAME.parse(
        f"{line} nine=Aki", p
    )


def test_a_berserker_face_up_since_round_one_may_take_the_nine_in_round_two_but_not_three():
    p = after(GAME_5P, 53)  # round 2: Aki's round-1 Berserker is still face up
    assert texts(GAME.completions(p, "fronts")) == ["Aki=Maru", "Aki=Collector", "Aki=Neme"]  # the Berserker is up
    assert texts(GAME.completions(p, "fronts a=Collector b=Devil c=Devil d=Gambler e=Devil")) == ["nine=Aki"]
    p = after(GAME_5P, 81)  # round 3: Aki's round-1 front retires, so her Berserker with it
    assert texts(GAME.completions(p, "fronts nine=")) == []
    assert texts(GAME.completions(p, "fronts Dan=Berserker nine=")) == ["Dan"]


def test_two_players_turn_up_two_characters_each():
    p = after(GAME_2P, 9)
    assert texts(GAME.completions(p, "fronts")) == [
        "Aki=Collector,Gambler",
        "Aki=Collector,Hermit",
        "Aki=Gambler,Hermit",
    ]
    assert texts(GAME.completions(p, "fronts Aki=Gambler,Collector")) == [
        "Ben=Healer,Ninja",
        "Ben=Healer,Samurai",
        "Ben=Ninja,Samurai",
    ]  # either order
    assert texts(GAME.completions(p, "fronts Ben=")) == ["Healer,Ninja", "Healer,Samurai", "Ninja,Samurai"]
    assert texts(GAME.completions(p, "fronts Ben=Ninja,")) == ["Healer", "Samurai"]


def test_bids_offer_each_card_left_and_what_its_back_allows():
    p = after(GAME_5P, 54)  # round 2: Ben's Cheerleader back bonds, Chie's Devil back misses
    assert texts(GAME.completions(p)) == ["bids"]
    # Aki has 18 bids (Maru or Neme, six backs or a Copy of three players): the card first
    assert texts(GAME.completions(p, "bids")) == ["Aki=Maru:", "Aki=Neme:"]
    assert [say(m.label) for m in GAME.completions(p, "bids")] == ["Maru…", "Neme…"]
    assert texts(GAME.completions(p, "bids Aki=Maru:")) == ["0/50", "1/40", "2/50", "3/60", "3/70", "4/90", "copy:"]
    # not Ben: his backs left, the Cheerleader and a Devil, bid no number of tricks
    assert texts(GAME.completions(p, "bids Aki=Maru:copy:")) == ["Chie", "Dan", "Emi"]
    labels = {m.text: say(m.label) for m in GAME.completions(p, "bids Aki=Maru:")}
    assert labels["3/70"] == "Maru: 3 tricks for 70"
    assert labels["1/40"] == "Maru: 1 trick for 40 (unconfirmed)"  # a placeholder back: the table types its card's
    # Ben has five bids: each whole, a digit away
    assert texts(GAME.completions(p, "bids Aki=Maru:0/50")) == [
        "Ben=Cheerleader:bond:Aki",
        "Ben=Cheerleader:bond:Chie",
        "Ben=Cheerleader:bond:Dan",
        "Ben=Cheerleader:bond:Emi",
        "Ben=Devil:miss",
    ]
    # Dan copies Emi: Emi's bid must be a number of tricks, and nobody may copy Dan's Copy
    assert "copy:" not in texts(GAME.completions(p, "bids d=Collector:copy:e Emi=Hermit:"))
    assert "Dan" not in texts(GAME.completions(p, "bids d=Collector:copy:e Aki=Maru:copy:"))
    assert "Dan" in texts(GAME.completions(p, "bids d=Collector:copy:e Ben=Cheerleader:bond:"))
    assert GAME.completions(p, "bids Dan=Collector:copy:Emi Emi=Hermit:copy:Aki") == []
    assert GAME.completions(p, "bids Aki=Maru:9/50") == []  # a round has 5 tricks
    line = "bids Aki=Maru:0/50 Ben=Cheerleader:bond:Emi Chie=Devil:miss Dan=Collector:0/50 Emi=Hermit:0/50"
    assert GAME.completions(p, line) == []  # no Cheerleader face up: no partner card to hand


def test_a_cheerleader_face_up_hands_the_partner_card_to_another_player():
    p = after(GAME_5P, 53)
    p = GAME.apply(p, GAME.parse("fronts Aki=Collector Ben=Cheerleader Chie=Devil Dan=Gambler Emi=Devil nine=Aki", p))
    line = "bids Aki=Maru:0/50 Ben=Devil:miss Chie=Devil:miss Dan=Collector:0/50 Emi=Hermit:0/50"
    assert texts(GAME.completions(p, line)) == [
        "partner=Ben:Aki",
        "partner=Ben:Chie",
        "partner=Ben:Dan",
        "partner=Ben:Emi",
    ]
    assert say(GAME.completions(p, line)[0].label) == "Ben's Cheerleader: the partner card to Aki"
    assert texts(GAME.completions(p, f"{line} partner=b:")) == ["Aki", "Chie", "Dan", "Emi"]
    assert GAME.completions(p, f"{line} partner=Ben:Ben") == [] and GAME.completions(p, f"{line} partner=Aki:Ben") == []
    p = GAME.apply(p, GAME.parse(f"{line} partner=b:e", p))
    assert tracked(p).partners[1] == 4
    assert GAME.format(p.entries[-1]).endswith("partner=Ben:Emi")


def test_two_players_bid_with_every_card_not_face_up():
    p = after(GAME_2P, 10)
    assert texts(GAME.completions(p, "bids"))[:2] == ["Aki=Hermit:0/50", "Aki=Hermit:1/40"]  # seven bids: all whole
    assert "Ben=Samurai:copy:Aki" in texts(GAME.completions(p, "bids Aki=Hermit:3/60"))


def test_every_part_offered_for_fronts_and_bids_completes_to_a_line_that_is_accepted():
    rng = random.Random(12)
    for record in (GAME_5P, GAME_2P):
        header, entries = GAME.split(record)
        for n, entry in enumerate(entries):
            if "fronts" not in entry and "bids" not in entry:
                continue
            p = GAME.replay(header, entries[:n])
            head = "fronts" if "fronts" in entry else "bids"
            for first in GAME.completions(p, head):
                line = typed_through(p, f"{head} {first.text}", pick=rng.choice)
                GAME.apply(p, GAME.parse(line, p))


# --- the simulator plays only what the engine allows ------------------------------------------------

games = st.builds(
    lambda n, white: Header(NAMES[:n], HouseRules(two_player_white_king=white)),
    st.sampled_from([2, 4, 5]),
    st.booleans(),
)


@CHECK
@given(games, st.integers(0, 2**32 - 1))
def test_the_simulator_chooses_only_among_the_engines_legal_moves(game, seed):
    before = [new_game(game)]

    def check(table) -> None:
        s, e = before[-1], table.events[-1]
        if isinstance(e, DraftPick):
            kings, characters = draft_choices(s)
            assert (e.king in kings) if e.king else (e.character in characters)
        elif isinstance(e, DevilContracted):
            assert e.color in devil_colors(s)
        elif isinstance(e, FrontsRevealed):
            for p, new in enumerate(e.fronts):
                assert sorted(new) in [sorted(c) for c in front_choices(s, p)]
            takers = [p for p, took in enumerate(e.berserker_nine) if took]
            assert len(takers) <= 1 and set(takers) <= set(nine_choices(s, e.fronts))
        elif isinstance(e, BidsRevealed):
            for p, (cards, bids) in enumerate(zip(e.cards, e.bids, strict=True)):
                chosen = tuple(BidChoice(c, b.kind, b.other) for c, b in zip(cards, bids, strict=True))
                assert chosen in bid_choices(s, p, e.bids)  # given the others' bids
                assert all(0 <= b.tricks <= tricks_per_round(len(s.players)) for b in bids)
                assert e.partners[p] in (partner_choices(s, p) or [None])
        elif isinstance(e, LeadNamed | HermitDrew | CheerExchanged):
            assert e in turn_actions(s)
        elif isinstance(e, CardPlayed):
            hand = [*table.hands[e.player], e.card]  # the hand it was played from
            assert e.card in legal(s, hand)
            assert code(e.card) in {code(c) for c in legal(s)}  # and the table would offer it
        before.append(table.s)

    _, final = play_game(game, seed, check=check)
    assert final.phase == "over"


def test_a_seeded_simulated_game_is_the_same_game():
    first, _ = play_game(Header(NAMES), seed=7)
    assert play_game(Header(NAMES), seed=7)[0] == first


# --- what else the game object answers ---------------------------------------------------------------


def test_the_rules_carry_a_section_per_character_and_item():
    ids = [s.id for s in GAME.rules()]
    assert "kings.two-player" in ids and "kings.character.ninja" in ids and "kings.item.kings_sword" in ids
    ninja = next(s for s in GAME.rules("ja") if s.id == "kings.character.ninja")
    assert ninja.title == characters()["Ninja"].name_ja


def test_the_arbiter_refuses_a_card_given_twice():
    with pytest.raises(RuleViolation, match=r"The red 7 \(r7\) is given twice"):
        GAME.arbitrate(["r7", "r7"], {"settings": {}})
    lines = GAME.arbitrate(["b3:king", "k9"], {"settings": {"king_vs_king": "earlier"}, "trump": None})
    assert lines[-2] == "Player 1 wins the trick with the blue 3 and the blue king."


def test_options_are_the_header_fields_then_the_house_rules():
    options = GAME.options()
    header = [("kings", False), ("king_numbers", False), ("copies", False), ("backs", False)]
    assert [(o.name, o.house_rule) for o in options[:4]] == header
    assert {o.name for o in options[4:]} == set(HouseRules.DOCS)
    assert GAME.setup(2).startswith("28 cards") and GAME.setup(5) != GAME.setup(2)


def test_a_damaged_record_is_refused_with_its_place_never_a_traceback():
    record = json.loads((ROOT / "examples/kings/game-2p-white-king.json").read_text())
    header, entries = GAME.split(record)
    picks = [e for e in entries if "pick" in e]
    extra = {"pick": {"king": "white"}}  # a pick with no name after the draft is over
    at = entries.index(picks[-1]) + 1
    with pytest.raises(RuleViolation, match="the draft is over"):
        GAME.replay(header, [*entries[:at], extra])
    record = json.loads((ROOT / "examples/kings/game-5p.json").read_text())
    record["rounds"][0]["fronts"]["Aki"] = [None]  # a character that is no name
    with pytest.raises(RuleViolation, match="Aki's character"):
        GAME.read(record)


def test_the_tables_copy_counts_limit_the_draft_and_f1_says_what_is_assumed():
    """The 5-player example drafts five Devils: the data's counts are unverified, so only single
    characters are limited. A table that says its set holds two Devils has the third refused;
    one that names the Devil in Japanese, five of them, plays the example as it is."""
    from scoring.errors import RuleViolation
    from scoring.words import say

    game = get("kings")
    record = json.loads((ROOT / "examples/kings/game-5p.json").read_text())
    with pytest.raises(RuleViolation) as refused:
        game.read({**record, "copies": {"Devil": 2}})
    assert refused.value.rule == "kings.draft"
    assert refused.value.message().endswith("The table's set holds 2 of the Devil, and all are taken (copies).")
    assert game.read({**record, "copies": {"デビル": 5}}).standings.places[0].total == 250
    header, _ = game.split({**record, "copies": {"Devil": 5}})
    assert header["copies"] == {"Devil": 5} and "the table's copy counts" in say(game.heading(header))
    assert "copies: Devil=2" in game.help("en") and "キャラの枚数" in game.help("ja")
