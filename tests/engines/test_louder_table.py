"""LOUDER TRICKSTAR at a real table (issue 13): nothing lying face down is ever shown or exported
while the game runs, names are typed by their start, what may come next is offered word by word
from what the table has seen, and the table is told what each turn did in its own words."""

import json
import re
from pathlib import Path

import pytest
from rich.cells import cell_len

from companion.exports.formats import NAMES, export
from companion.exports.native import import_text
from companion.store.database import Store
from companion.store.sessions import Sessions
from companion.table.typeahead import TypeAhead
from scoring.errors import RuleViolation
from scoring.louder.board import HEIGHT, WIDTH
from scoring.louder.engine import Drew, HandsRevealed, Header, Placed, Used
from scoring.louder.game import GAME
from scoring.louder.simulator import play_game
from scoring.words import Fact, keys, placeholders, say, say_all, template
from tests.engines.positions import board as drawn
from tests.engines.test_words import SAYS_MORE

ROOT = Path(__file__).resolve().parents[2]
P3 = ["Aki", "Ben", "Chie"]

# Aki places an Enemy -2 saying Score 5 at 0,0; Ben a Score 4 saying Trap 0 at 1,0; Chie's Seeker
# looks at 0,0 (only Chie sees it); Aki places a Trap saying Score 5 at 2,0; Ben's Trickster turns
# the Trap at 2,0 over (everyone sees it; it goes back face down). Face down and never seen: the
# Enemy -2 and the Score 4.
BLUFFS = [
    {"place": "enemy:-2", "at": [0, 0], "says": "score:5"},
    {"place": "score:4", "at": [1, 0], "says": "trap:0"},
    {"use": "seeker", "flip": [[0, 0]]},
    {"place": "trap:0", "at": [2, 0], "says": "score:5"},
    {"use": "trickster", "flip": [[2, 0]]},
]
NEVER_SEEN = ("enemy:-2", "score:4", "Enemy -2", "Score 4", "エネミー-2", "スコア4")


def example(name: str) -> tuple[dict, list]:
    return GAME.split(json.loads((ROOT / "examples/louder" / f"{name}.json").read_text()))


def texts(position, typed: str = "") -> list[str]:
    return [m.text for m in GAME.completions(position, typed)]


def play(entries, players=P3, **header):
    p = GAME.new({"players": list(players), **header})
    for entry in entries:
        p = GAME.apply(p, entry)
    return p


# --- nothing hidden is ever shown -----------------------------------------------------------------


def test_an_unfinished_games_every_export_format_holds_no_face_down_card(sessions):
    sid = sessions.create("louder", {"players": P3})
    live = sessions.open(sid)
    for entry in BLUFFS:
        live = sessions.append(live, entry)
    for fmt in NAMES:
        if fmt == "bgstats":  # BG Stats logs finished plays only: refused, with the reason
            with pytest.raises(RuleViolation, match="not over"):
                export(sessions, sid, fmt)
            continue
        text = export(sessions, sid, fmt)
        assert not any(card.lower() in text.lower() for card in NEVER_SEEN), fmt
    entries = json.loads(export(sessions, sid, "json"))["entries"]
    assert [e.get("place") for e in entries] == ["■", "■", None, "trap:0", None]  # the Trap was turned over
    assert [e.get("says") for e in entries] == ["score:5", "trap:0", None, "score:5", None]  # what was announced
    assert [e.get("at") for e in entries][:2] == [[0, 0], [1, 0]]
    assert sessions.entries(sid)[0]["place"] == "enemy:-2"  # the store keeps the true cards


def test_once_the_game_is_over_the_export_is_whole(sessions):
    header, entries = example("game-4p")
    sid = sessions.import_whole("louder", header, entries)
    assert json.loads(export(sessions, sid, "json"))["entries"] == entries
    unfinished = sessions.import_whole("louder", header, entries[:-1])  # the deck is empty, the hands not shown
    shown = json.loads(export(sessions, unfinished, "json"))["entries"]
    assert shown != entries[:-1] and "■" in {e.get("place") for e in shown}


def test_a_masked_export_imports_as_far_as_the_table_saw_it(sessions, tmp_path):
    sid = sessions.create("louder", {"players": P3})
    live = sessions.open(sid)
    for entry in BLUFFS:
        live = sessions.append(live, entry)
    other = Sessions(Store(f"sqlite:///{tmp_path / 'other.db'}"))
    again = import_text(other, export(sessions, sid, "json").encode())
    assert other.entries(again)[0] == {"place": "■", "at": [0, 0], "says": "score:5"}
    other.append(other.open(again), {"use": "seeker", "flip": [[1, 0]]})  # Chie only looks: fine
    with pytest.raises(RuleViolation) as err:  # Aki's Trickster would show a card nobody recorded
        other.append(other.open(again), {"use": "trickster", "flip": [[0, 0], [1, 0]]})
    assert err.value.reason.startswith("Entry 7: The card at 0,0 was left out of this record while the game ran")
    assert "0,0のカード" in err.value.message("ja")


def test_the_public_record_keeps_every_card_the_table_saw_turned_over():
    header, entries = example("opening-3p")
    public = GAME.public(GAME.replay(header, entries))
    # 0,1 and 0,0 were collected by the Trickster; 2,0 and 1,0 turned over by the Destroyer (the Trap
    # sent them back); the Seeker only looked at 1,0; 3,0 and 2,0 collected by the last Trickster
    assert [t.get("place") for t in public["turns"] if "place" in t] == [
        "score:3",
        "trap:0",
        "score:2",
        "enemy:1",
        "score:4",
    ]
    p = GAME.replay(header, entries[:6])  # before the last card is placed, after the Destroyer
    p = GAME.apply(p, GAME.parse("use seeker 1,0", p))
    p = GAME.apply(p, GAME.parse("place score:4 at 3,0 says score:4", p))
    assert GAME.public(p)["turns"][-1]["place"] == "■"  # its announcement does not show it
    assert GAME.public(p)["turns"][1]["place"] == "trap:0"  # the Destroyer turned it over


def test_a_json_placement_is_masked_while_it_is_typed():
    line = '{"place": "trap:0", "at": [1, 0], "says": "score:4"}'
    for typed in (line[:12], line[:17], line[:20], line):
        shown = GAME.hidden(typed)
        assert shown is not None and "tra" not in shown and "trap" not in shown, typed
    assert GAME.hidden(line) == '{"place": "■", "at": [1, 0], "says": "score:4"}'
    assert GAME.hidden('  {"PLACE": ["score:5"], "at": [0, 0]}') == '{"PLACE": ["■"], "at": [0, 0]}'
    assert "enemy" not in GAME.hidden('{"pl\\u0061ce": "enemy:2", "at": [0, 0]}')  # an escaped key too
    assert GAME.hidden('{"says": "trap:0", "place": "score:1"}') == '{"says": "trap:0", "place": "■"}'
    assert GAME.hidden('{"draw": true}') is None and GAME.hidden('{"use": "seeker", "flip": [[0, 0]]}') is None
    assert GAME.hidden("place enemy:2 at 0,0 says trap:0") == "place ■ at 0,0 says trap:0"


def test_a_refusal_of_a_json_placement_never_names_its_card():
    header, entries = example("opening-3p")  # the deck's one Enemy 1 lies at 2,0
    p = GAME.replay(header, entries[:5])
    line = '{"place": "enemy:1", "at": [3, 0], "says": "score:1"}'
    with pytest.raises(RuleViolation) as err:
        GAME.apply(p, GAME.parse(line, p))
    assert "Enemy 1" in err.value.message("en") and err.value.reason.startswith("Entry 6:")
    for lang in ("en", "ja"):
        masked = GAME.mask(err.value.message(lang), line, lang)
        assert not re.search("enemy|エネミー", masked, re.IGNORECASE) and "■" in masked
    assert GAME.mask("There is already a card at 2,0.", '{"place": "enemy:1", "at": [2, 0]}') == (
        "There is already a card at 2,0."
    )


def test_what_is_offered_and_told_never_depends_on_a_face_down_card():
    """Two tables that saw the same things, with different cards lying face down, are offered the
    same words, shown the same board and prompt, and told the same: no list gives a card away."""
    other = [{**t, "place": "score:1"} if t.get("place") in ("enemy:-2", "score:4") else t for t in BLUFFS]
    a, b = play(BLUFFS), play(other)
    for typed in ("", "place", "place score:", "place enemy:", "place trap:0", "place trap:0 at", "use"):
        assert GAME.completions(a, typed) == GAME.completions(b, typed), typed
    for kind in ("trickster", "destroyer"):  # a run on through the unseen cards is offered to both
        assert texts(a, f"use {kind} 0,0") == texts(b, f"use {kind} 0,0") == ["1,0"]
    assert GAME.board(a) == GAME.board(b)
    for lang in ("en", "ja"):
        assert drawn(a, lang) == drawn(b, lang) and say(GAME.prompt(a), lang) == say(GAME.prompt(b), lang)
    for n in range(len(BLUFFS)):
        assert GAME.told(play(BLUFFS[:n]), play(BLUFFS[: n + 1])) == GAME.told(play(other[:n]), play(other[: n + 1]))
    assert GAME.public(a) == GAME.public(b)


def test_a_card_is_offered_while_the_table_has_not_seen_every_copy():
    """The deck holds one Enemy 1. While it lies face down the table may still be offered it (the
    refusal, masked, is the only sign); once it is turned over, it is offered no more."""
    header, entries = example("opening-3p")
    p = GAME.replay(header, entries[:5])  # the Enemy 1 lies at 2,0, announced as Score 1
    assert "1" in texts(p, "place enemy:")
    p = GAME.replay(header, entries[:6])  # the Destroyer turned it over
    assert "1" not in texts(p, "place enemy:")


# --- names ----------------------------------------------------------------------------------------


def test_a_name_may_be_the_start_of_one_in_any_case():
    header, entries = example("game-4p")
    p = GAME.replay(header, entries[:-1])
    hands = entries[-1]["hands"]
    line = "hands " + " ".join(f"{who[:1].lower()}={','.join(cards)}" for who, cards in hands.items())
    assert GAME.parse(line, p) == entries[-1]
    assert GAME.format(GAME.parse(line, p)).startswith("hands Aki=seeker,score:5")
    assert GAME.parse(json.dumps({"hands": {k.upper(): v for k, v in hands.items()}}), p) == entries[-1]
    q = GAME.new({"players": P3})
    assert GAME.parse('{"by": "a", "place": "trap:0", "at": [0, 0]}', q)["by"] == "Aki"
    assert GAME.to_play(GAME.new({"players": P3, "first": "C"})) == "Chie"
    assert GAME.first_player({"players": P3, "first": "b"}) == "Ben"


def test_a_start_that_fits_two_players_or_none_is_refused_naming_them():
    p = play([], ["Aki", "Ben", "Benji"])
    with pytest.raises(RuleViolation, match="'be' could be Ben or Benji: type more of the name"):
        GAME.parse("hands be=trap:0", p)
    assert GAME.parse("hands ben=trap:0 BENJ=", p) == {"hands": {"Ben": ["trap:0"], "Benji": []}}
    with pytest.raises(RuleViolation, match=r"'Dan' is not a player of this game \(Aki, Ben, Benji\)"):
        GAME.parse("hands Dan=", p)
    with pytest.raises(RuleViolation, match="given twice"):
        GAME.parse("hands a=trap:0 AKI=", p)
    with pytest.raises(RuleViolation, match="could be Ben or Benji"):
        GAME.new({"players": ["Aki", "Ben", "Benji"], "first": "b"})


# --- what may come next ---------------------------------------------------------------------------


def test_the_likeliest_turn_comes_first():
    p = GAME.new({"players": P3})
    assert texts(p)[0] == "place trap:0" and texts(p)[-1] == "draw"  # an empty field: the first card goes down
    header, entries = example("game-4p")
    later = texts(GAME.replay(header, entries[:30]))  # a draw, then each card one digit: the strategy
    assert later[0] == "draw" and later[4].startswith("place ")  # cards (11 of each), then the placement cards
    assert sorted(later[1:4]) == ["use destroyer", "use seeker", "use trickster"]  # the most not yet seen first
    assert texts(GAME.replay(header, entries[:-1])) == ["hands"]
    assert texts(GAME.replay(header, entries)) == []


def test_every_word_offered_has_a_short_unique_start():
    header, entries = example("game-4p")
    p = GAME.replay(header, entries[:60])
    words = texts(p, "use")
    assert len({w[0] for w in words}) == len(words), words  # one key names each
    assert {w[0] for w in texts(p)} == {"u", "p", "d"}  # the empty line's moves start by one of three words
    # a placement is a digit a word: its card (each by its code), its cell, what it is announced as
    cards = texts(p, "place")
    assert len(set(cards)) == len(cards) and all(":" in c for c in cards)
    assert texts(p, "place trap:0") == [f"at {cell}" for cell in texts(p, "place trap:0 at")]
    assert texts(p, "place trap:0 at -3,0")[:3] == ["says same", "says trap:0", "says score:5"]
    assert texts(p, "place score:1 at -3,0 says")[:4] == ["same", "trap:0", "score:", "enemy:"]


def test_a_cell_is_offered_by_its_column_then_its_row():
    header, entries = example("game-4p")
    p = GAME.replay(header, entries[:60])
    cells = texts(p, "place trap:0 at")
    assert "-3,0" in cells and "-1,-2" in cells
    rows = texts(p, "place trap:0 at -1,")
    assert rows == [c.split(",")[1] for c in cells if c.startswith("-1,")]
    assert texts(p, "use trickster -3,") == ["-1", "-2"] == texts(p, "use trickster at -3,")
    assert texts(p, "use trickster at -3,-1") == ["-2,-1", "-3,-2"]  # on along its row or its column


def test_the_hands_are_offered_name_by_name_and_card_by_card():
    header, entries = example("game-4p")
    p = GAME.replay(header, entries[:-1])
    assert texts(p, "hands") == ["Aki=", "Ben=", "Chie=", "Dan="]
    assert texts(p, "hands Aki=")[:3] == ["trap:0", "score:", "enemy:"]
    assert texts(p, "hands Aki=score:") == ["1", "4", "5", "2"]  # Score 3s are all collected
    assert texts(p, "hands Aki=score:5")[:3] == [",trap:0", ",score:", ",enemy:"]  # Aki holds 8
    assert next(say(m.label) for m in GAME.completions(p, "hands Aki=score:5")).startswith("Aki 2/8: Trap 0")
    assert texts(p, "hands a=score:5 dan=seeker") == ["Ben=", "Chie="]  # Dan's hand is whole
    assert texts(p, "hands dan=seeker") == ["Aki=", "Ben=", "Chie="]  # Dan's one card given
    assert texts(p, "hands Dan=seeker,") == []  # Dan holds one card


def test_a_whole_example_game_is_typed_in_a_few_keys_per_turn():
    header, entries = example("game-4p")
    p = GAME.new(header)
    counts = []
    for entry in entries[:-1]:
        counts.append(len(TypeAhead(p).keys(entry)))
        p = GAME.apply(p, entry)
    assert max(counts) <= 10 and sum(counts) / len(counts) < 3.0  # a draw 2 keys, a placement 3 to 10
    # at the screen: a digit for the card (p and a digit for the rarest ones), one for the cell, one
    # for what it says, Enter
    before = GAME.replay(header, entries[:7])
    assert TypeAhead(before).keys(entries[7]) == ["9", "1", "2", "enter"]  # place enemy:-1 at 0,0 says trap:0
    # said as it is, Enter takes says same: three keys
    assert TypeAhead(GAME.replay(header, entries[:15])).keys(entries[15]) == ["5", "1", "enter"]
    # a strategy card: a digit for it, one for the first cell it flips, Enter
    assert GAME.format(entries[19]) == "use destroyer at -2,0"
    assert TypeAhead(GAME.replay(header, entries[:19])).keys(entries[19])[-1:] == ["enter"]
    assert len(TypeAhead(GAME.replay(header, entries[:19])).keys(entries[19])) == 3


# --- what the table is told -----------------------------------------------------------------------


def told(name: str, n: int, lang: str = "en") -> list[str]:
    header, entries = example(name)
    return say_all(GAME.told(GAME.replay(header, entries[: n - 1]), GAME.replay(header, entries[:n])), lang)


def test_each_turn_is_told_in_table_words_never_naming_a_card_face_down():
    assert told("opening-3p", 2) == ["Ben places a card face down at 1,0, announcing Score 5."]
    assert told("opening-3p", 4) == [
        "Aki uses the Trickster: flips 0,1 Score 2 (said Trap 0) and 0,0 Score 3 and collects them: +5, 5 in all."
    ]
    assert told("opening-3p", 6) == [
        "Chie uses the Destroyer: flips 2,0 Enemy 1 (said Score 1) and 1,0 Trap 0 (said "
        "Score 5). The Trap ends the turn: they go back face down."
    ]
    assert told("opening-3p", 7) == [
        "Aki uses the Seeker and looks at 1,0: only Aki sees, and the cards stay face down."
    ]
    assert told("opening-3p", 7, "ja") == ["Akiがシーカーで1,0を見ました。見たのはAkiだけで、カードは伏せたままです。"]
    assert told("game-4p", 1) == ["Aki draws a card: 43 left in the deck."]
    assert told("game-4p", 89) == ["Aki draws the last card of the deck: the game ends, and Aki does nothing more."]


def test_the_end_is_told_hand_by_hand_with_the_winner():
    lines = told("game-4p", 90)
    assert lines[0] == "The hands are shown."
    assert lines[1] == "Aki keeps Score 5, Enemy -2, Trap 0 and Score 4: -11."
    assert lines[4] == "Dan keeps no placement card: 0."
    assert lines[-2:] == ["Final scores: Dan 11, Chie -6, Ben -9, Aki -10.", "Dan wins with 11."]
    assert told("game-4p", 90, "ja")[-1] == "Danの勝ちです（11点）。"


def test_every_louder_word_is_in_english_and_japanese_with_the_same_values():
    louder = [key for key in keys() if key.startswith("louder.")]
    assert len(louder) > 50
    for key in louder:
        en, ja = placeholders(key)
        assert en == ja or key in SAYS_MORE, key
        assert template(key, "en") and template(key, "ja"), key


def test_one_turn_is_told_to_two_viewers_each_in_their_own_language():
    header, entries = example("opening-3p")
    facts = GAME.told(GAME.replay(header, entries[:3]), GAME.replay(header, entries[:4]))
    assert say_all(facts) == [
        "Aki uses the Trickster: flips 0,1 Score 2 (said Trap 0) and 0,0 Score 3 and collects them: +5, 5 in all."
    ]
    assert say_all(facts, "ja") == [
        "Akiがトリックスターで0,1のスコア2（宣言「トラップ0」）・0,0のスコア3を獲得：+5点（計5点）。"
    ]


def test_a_card_lying_face_down_is_in_no_fact_the_table_is_told():
    """The Enemy -2 (only Aki peeked at it) and the Score 4 (never flipped) are in no fact of any turn,
    prompt or log line: not by their codes, not by their names in either language."""
    secrets = ("enemy:-2", "score:4", "Enemy -2", "Score 4", "エネミー-2", "スコア4")
    for n in range(len(BLUFFS)):
        before, after = play(BLUFFS[:n]), play(BLUFFS[: n + 1])
        facts = [*GAME.told(before, after), GAME.prompt(after), GAME.shown(BLUFFS[n])]
        data = json.dumps([f.as_json() for f in facts if isinstance(f, Fact)], ensure_ascii=False)
        said = " ".join(say(f, lang) for f in facts for lang in ("en", "ja"))
        assert not any(secret in data or secret in said for secret in secrets), n


def entries_of(events) -> list[dict]:
    out = []
    for e in events:
        if isinstance(e, Drew):
            out.append({"draw": True})
        elif isinstance(e, Placed):
            out.append({"place": e.card.code(), "at": list(e.cell), "says": e.said})
        elif isinstance(e, Used):
            out.append({"use": e.card, "flip": [list(c) for c in e.flips]})
        elif isinstance(e, HandsRevealed):
            out.append({"hands": {who: [c.code() for c in hand] for who, hand in zip(P3, e.hands, strict=True)}})
    return out


def test_a_tie_at_the_top_shares_the_win():
    events, _ = play_game(Header(tuple(P3)), seed=7)  # Aki and Chie finish on 4, Ben on -7
    entries = entries_of(events)
    before, after = play(entries[:-1]), play(entries)
    assert say_all(GAME.told(before, after))[-2:] == [
        "Final scores: Aki 4, Chie 4, Ben -7.",
        "Aki and Chie tie at 4 and share the win.",
    ]
    assert say(GAME.prompt(after), "ja") == "ゲーム終了：Aki・Chieが4点で並び、勝利を分け合います。"


def test_the_prompt_follows_the_state():
    header, entries = example("game-4p")
    assert say(GAME.prompt(GAME.new(header))) == (
        "Aki to play: place the first card anywhere (at 0,0), draw (44 left), or use a strategy card."
    )
    assert say(GAME.prompt(GAME.replay(header, entries[:30]))) == (
        "Chie to play: draw (25 left), place a card face down, or use a strategy card."
    )
    assert say(GAME.prompt(GAME.replay(header, entries[:30])), "ja") == (
        "Chieの番：山札から引く（残り25枚）・カードを伏せて置く・攻略カードを使う。"
    )
    assert say(GAME.prompt(GAME.replay(header, entries[:-1]))) == (
        "The deck is empty: type every card left in each hand (hands Aki=… Ben=… Chie=… Dan=…)."
    )
    assert say(GAME.prompt(GAME.replay(header, entries))) == "The game is over: Dan wins with 11."
    turns = []
    for x in range(7):  # Aki places all seven cards while Ben and Chie draw
        turns += [{"place": "trap:0", "at": [x, 0]}, {"draw": True}, {"draw": True}]
    empty = play(turns)
    assert say(GAME.prompt(empty)) == "Aki to play: Aki's hand is empty, so draw (37 left)."


def test_the_variant_names_what_the_table_set_away_from_the_defaults():
    assert say(GAME.variant({"players": P3})) == "" and say(GAME.variant({"players": P3, "first": "aki"})) == ""
    header = {
        "players": P3,
        "first": "c",
        "flip_limits": {"trickster": 3, "seeker": 1},
        "settings": {"seeker_mode": "safe_collect", "destroyer_ignores_trap": True},
    }
    assert say(GAME.variant(header)) == (
        "flip limits Seeker 1, the Seeker collects, ignoring Traps, the Destroyer ignores Traps"
    )
    assert say(GAME.variant(header), "ja") == (
        "めくれる上限：シーカー 1、シーカーはトラップを無視して獲得、デストロイヤーはトラップを無視"
    )
    own = {"trap:0": 39, "trickster": 33}
    assert say(GAME.variant({"players": P3, "deck": own})) == "the table's own deck"


# --- refusals are numbered as the log numbers entries ---------------------------------------------


def test_a_refusal_names_the_entry_as_the_log_numbers_it(sessions):
    header, entries = example("opening-3p")
    p = GAME.replay(header, entries[:5])
    with pytest.raises(RuleViolation, match=r"^Entry 6: 3,3 is not next to a card"):
        GAME.apply(p, GAME.parse("place score:1 at 3,3 says score:1", p))
    live = sessions.open(sessions.import_whole("louder", header, entries[:5]))
    with pytest.raises(RuleViolation, match=r"^Entry 6: There is no card at 9,9"):
        sessions.append(live, {"use": "trickster", "flip": [[9, 9]]})
    edit = {"place": "trap:0", "at": [0, 1], "says": "trap:0"}  # flipped first at entry 4
    with pytest.raises(RuleViolation, match=r"^Entry 4: .*no card is flipped after it"):  # it breaks a later entry
        sessions.replace(live, 2, edit)
    with pytest.raises(RuleViolation, match=r"^Entry 3: There is already a card at 0,1"):
        sessions.replace(live, 1, {"place": "trap:0", "at": [0, 1], "says": "score:1"})
    done = sessions.import_whole("louder", *example("game-4p"))
    with pytest.raises(RuleViolation, match="This game is over"):
        sessions.append(sessions.open(done), {"draw": True})


# --- the board ------------------------------------------------------------------------------------


def test_the_board_fits_80_columns_and_has_no_english_in_japanese():
    for name in ("opening-3p", "game-4p"):
        header, entries = example(name)
        p = GAME.new(header)
        for entry in [None, *entries]:
            p = p if entry is None else GAME.apply(p, entry)
            for lang in ("en", "ja"):
                board = drawn(p, lang).text
                assert len(board.splitlines()) <= HEIGHT and max(map(cell_len, board.splitlines())) <= WIDTH
                assert "■" in board or "場は空" in board or "field is empty" in board
            words = drawn(p, "ja").text
            for who in header["players"]:
                words = words.replace(who, "")
            assert not re.search("[A-Za-z]", words), words


def test_a_wide_field_goes_below_the_players_and_is_cut_to_fit():
    own = {"trap:0": 39, "trickster": 33}
    p = GAME.new({"players": P3, "deck": own})
    x = 0
    while x < 30:  # a row of thirty cards, each player placing while they hold a card
        if table_state_hand(p):
            p, x = GAME.apply(p, {"place": "trap:0", "at": [x, 0]}), x + 1
        else:
            p = GAME.apply(p, {"draw": True})
        if x == 12:
            wide = p
    for position, cut in ((wide, False), (p, True)):
        for lang in ("en", "ja"):
            board = drawn(position, lang).text.splitlines()
            assert max(map(cell_len, board)) <= WIDTH and len(board) <= HEIGHT
            assert board[-1].startswith("  0 ") and board[-2].startswith("    ")  # below the players
            assert (board[-2].endswith("（続きあり）") if lang == "ja" else board[-2].endswith("(more beyond)")) == cut


def table_state_hand(p) -> int:
    from scoring.louder.record import table_state

    s = table_state(dict(p.record))
    return s.hands[s.turn]


def test_the_board_shows_the_field_face_down_and_the_turn():
    """Three cards placed at 0,0, 1,0 and 0,1: the field shows each face down (■) where it lies and
    nothing where none does (·), never what a card is; the first line says whose turn it is."""
    header, entries = example("opening-3p")
    board = drawn(GAME.replay(header, entries[:3]), "en").text
    lines = board.splitlines()
    assert lines[0].startswith("Deck 51 · Aki to play") and lines[0].rstrip().endswith("0  1")  # x across
    assert lines[1].rstrip().endswith("0   ■  ■") and lines[2].rstrip().endswith("1   ■  ·")  # y down
    assert board.count("■") == 3
    assert "trap" not in board.lower() and "score" not in board.lower()
    assert drawn(GAME.replay(*example("game-4p")), "ja").text.startswith("ゲーム終了")


# --- the export screen ----------------------------------------------------------------------------


@pytest.mark.asyncio
async def test_the_export_screen_of_an_unfinished_game_shows_no_face_down_card(tmp_path):
    from screens.app import CompanionApp
    from screens.export import ExportScreen
    from tests.app.pilot import quiet

    app = CompanionApp(f"sqlite:///{tmp_path / 'c.db'}")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        while not await app.store_open():
            await pilot.pause(0.1)
        sid = app.sessions.create("louder", {"players": P3})
        live = app.sessions.open(sid)
        for entry in BLUFFS:
            live = app.sessions.append(live, entry)
        app.push_screen(ExportScreen(sid))
        for key in ("j", "m", "c", "b", "g"):
            await pilot.press(key)
            await quiet(pilot)
            shown = app.export_screenshot()
            assert not any(card in shown for card in ("enemy:-2", "score:4")), key
        await pilot.press("j")
        await quiet(pilot)
        assert "■" in app.export_screenshot()


def test_a_kept_enemy_minus_two_adds_a_point_unless_the_house_rule_says_a_kept_card_is_never_a_gain():
    """The seed adds 1 to each kept card's number and subtracts the total (「カード毎の数字に1を
    足し」): an enemy:-2 kept costs -1, a point gained. ``kept_card`` names that reading (the
    default) and the other (a kept card costs at least nothing, as the seed calls it a minus score).
    The 4-player example's hands: Aki keeps an enemy:-2; Ben an enemy:-1 (0) and an enemy:-2."""
    import json
    from pathlib import Path

    from scoring.registry import get

    game = get("louder")
    record = json.loads((Path(__file__).resolve().parents[2] / "examples/louder/game-4p.json").read_text())
    totals = {s.player: s.total for s in game.read(record).standings.places}
    assert (totals["Aki"], totals["Ben"]) == (-10, -9)
    strict = {**record, "settings": {**(record.get("settings") or {}), "kept_card": "never_a_gain"}}
    totals = {s.player: s.total for s in game.read(strict).standings.places}
    assert (totals["Aki"], totals["Ben"], totals["Dan"]) == (-11, -10, 11)


def test_a_flip_typed_but_not_recorded_tells_nothing_of_the_card_face_down():
    """``use trickster at 0,0`` typed, before Enter: the choices line said what the flip would collect
    (``…ollects it: -1``), so a player could try cell after cell and undo: a face-down card told
    before anyone flipped it. Nothing a line would do is said before it is recorded here."""
    from screens.widgets.choices import layout

    header, entries = example("game-4p")
    before = GAME.replay(header, entries[:23])  # Dan's Trickster flips -1,0: a Score 5, said Trap 0
    assert GAME.format(entries[23]) == "use trickster at -1,0 -1,-1"
    ahead = TypeAhead(before)
    for lang in ("en", "ja"):
        for typed in ("use trickster at -1,0", "use trickster at -1,0 ", "use trickster -1,0"):
            offer = ahead.offer(typed)
            shown = " ".join(layout(offer, 78, lang))
            assert offer.as_typed and offer.said == "", shown  # it once said: … collects it: +5, 5 in all.
            assert "+5" not in shown and "Score 5" not in shown and "スコア5" not in shown, shown


def test_a_card_typed_short_takes_enter_as_a_card_chosen_does():
    """``p s2`` and a space left the cells with no ⏎, and Enter refused the line: the short code is
    none of the words offered. A card the game goes on after is read, so Enter takes the cell."""
    p = GAME.new({"players": ["Aki", "Ben", "Chie"]})
    ahead = TypeAhead(p)
    assert ahead.enter("place s2 ").line == "place s2 at 0,0 "
    done = ahead.enter("place s2 at 0,0 ")
    assert done.action == "record" and done.entry == {"place": "score:2", "at": [0, 0], "says": "score:2"}
    assert ahead.enter("place zz ").action == "refuse"
