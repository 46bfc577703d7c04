"""KINGs at the table, fast: names typed as prefixes, a card in three keys or fewer, what the table
is told after each entry and what it types next, refusals numbered as the log numbers entries, and
a Japanese board with no English on it that fits 80 columns. Real games, real numbers."""

import json
import re
from pathlib import Path

import pytest
from rich.cells import cell_len

from companion.table.suggest import completions
from companion.table.typeahead import TypeAhead
from scoring.errors import RuleViolation
from scoring.kings.cards import KING_COLORS, characters, kings
from scoring.kings.game import GAME
from scoring.words import keys, placeholders, say, say_all, template
from tests.engines.positions import board
from tests.engines.test_words import SAYS_MORE

ROOT = Path(__file__).resolve().parents[2]
GAME_5P = json.loads((ROOT / "examples/kings/game-5p.json").read_text())
GAME_2P = json.loads((ROOT / "examples/kings/game-2p-white-king.json").read_text())
SHEET_5P = json.loads((ROOT / "examples/kings/scoresheet-5p.json").read_text())

# A four-player table (the simulator's seed 3) up to round 2's first trick, as its lines were typed:
# the draft, the characters and bids, Dan's Resistance declaring the green 1 a 9, Ben's Fairy's
# Gift, Dan's Rare declared a White Flag, and Dan's Samurai taking a trick with the red 2.
SAMURAI_TABLE = ["Aki", "Ben", "Chie", "Dan"]
SAMURAI_LINES = [
    *["black", "green", "Hermit", "Collector", "white", "blue", "Maru", "Neme", "Collector", "Healer"],
    *["Resistance", "Berserker", "Resistance", "Devil", "Healer", "Gambler", "Hermit", "Resistance"],
    *["Gambler", "Samurai"],
    "fronts Aki=Collector Ben=Healer Chie=Hermit Dan=Resistance",
    "bids Aki=Hermit:1/40 Ben=Resistance:2/50 Chie=Gambler:0/50 Dan=Samurai:1/40",
    *["RA", "g4 king", "g9", "g1 nine", "k1 gift", "b4", "b5", "WF", "WF", "g3", "RA flag", "r6"],
    *["b1", "r5", "r1", "b3", "r9", "r3", "r4", "k5"],
    "fronts Aki=Hermit Ben=Healer Chie=Devil Dan=Samurai",
    "bids Aki=Gambler:1/40 Ben=Resistance:1/40 Chie=Gambler:2/50 Dan=Berserker:2/50",
    "r3",
    "g9",
    "r6",
    "r2",
]


def typed(players: list[str], lines: list[str], header: dict | None = None):
    """The positions a table goes through typing ``lines``, the first one empty."""
    p = GAME.new({"players": players, **(header or {})})
    out = [p]
    for line in lines:
        p = GAME.apply(p, GAME.parse(line, p))
        out.append(p)
    return out


def at(record: dict, n: int):
    header, entries = GAME.split(record)
    return GAME.replay(header, entries[:n])


def told_at(record: dict, n: int, lang: str = "en") -> list[str]:
    """What the table is told when entry ``n`` (1-based, as the log numbers it) is recorded."""
    return say_all(GAME.told(at(record, n - 1), at(record, n)), lang)


# --- names: any case, any prefix that fits one player --------------------------------------------------


def test_every_name_typed_may_be_a_prefix_in_any_case():
    p = at(GAME_5P, 25)  # round 1: everyone turns up a character
    full = "fronts Aki=Berserker Ben=Collector Chie=Collector Dan=Collector Emi=Hermit nine=Aki"
    assert GAME.parse("fronts a=Berserker BEN=Collector ch=Collector d=Collector e=Hermit nine=aK", p) == GAME.parse(
        full, p
    )
    p = at(GAME_5P, 26)
    full = "bids Aki=Maru:0/50 Ben=Devil:miss Chie=Hermit:1/40 Dan=Collector:1/40 Emi=Hermit:1/40"
    assert GAME.parse("bids a=Maru:0/50 b=Devil:miss c=Hermit:1/40 d=Collector:1/40 e=Hermit:1/40", p) == GAME.parse(
        full, p
    )
    assert GAME.parse("bids a=Maru:copy:c b=Cheerleader:bond:E partner=e:A", p)["bids"]["Aki"] == [
        {"card": "Maru", "bid": {"special": "copy", "of": "Chie"}}
    ]
    assert GAME.parse("bids b=Cheerleader:bond:E partner=e:A", p) == {
        "bids": {"Ben": [{"card": "Cheerleader", "bid": {"special": "bond", "partner": "Emi"}}]},
        "partners": {"Emi": "Aki"},
    }
    sheet = GAME.new({"players": ["Aki", "Ben", "Chie", "Dan", "Emi"], "kings": SHEET_5P["kings"]})
    line = GAME.format(SHEET_5P["rounds"][0])
    short = line.replace("Aki:", "a:").replace("Ben:", "B:").replace("Chie:", "chie:").replace("Dan:", "d:")
    assert GAME.parse(short, sheet) == GAME.parse(line, sheet) == SHEET_5P["rounds"][0]
    assert GAME.format(GAME.parse(short, sheet)) == line  # the log writes the full names


def test_a_prefix_that_fits_several_players_or_none_is_refused_naming_them():
    p = typed(["Aki", "Chie", "Chika", "Dan"], [])[0]
    with pytest.raises(RuleViolation, match=r"'ch' could be Chie or Chika: type more of the name") as err:
        GAME.parse("fronts ch=Healer", p)
    assert err.value.rule == "record-format"
    assert err.value.message("ja") == "「ch」はChie・Chikaのどちらか分かりません。名前をもう少し入力してください。"
    assert GAME.parse("fronts chik=Healer chie=Ninja", p)["fronts"] == {"Chika": ["Healer"], "Chie": ["Ninja"]}
    with pytest.raises(RuleViolation, match=r"Nobody at this table is called 'Zed' \(Aki, Chie, Chika, Dan\)"):
        GAME.parse("fronts Zed=Healer", p)
    with pytest.raises(RuleViolation, match="Aki is given twice"):
        GAME.parse("fronts a=Healer AKI=Ninja", p)


def test_a_ninja_names_the_leader_by_a_prefix():
    p = at(GAME_2P, 11)  # Ben's Ninja is face up and he is about to lead
    assert GAME.to_play(p) == "Ben"
    assert "lead" in [m.text for m in GAME.completions(p)]
    assert [m.text for m in GAME.completions(p, "lead")] == ["Aki", "Ben"]
    entry = GAME.parse("lead a", p)
    assert entry == {"by": "Ben", "lead": "Aki"} and GAME.format(entry) == "lead Aki"
    assert say_all(GAME.told(p, GAME.apply(p, entry))) == ["Ben's Ninja names Aki to lead."]


# --- keys: a card in three keys or fewer ---------------------------------------------------------------


def keys_per_entry(record: dict) -> list[tuple[str, int]]:
    header, entries = GAME.split(record)
    p = GAME.new(header)
    out = []
    for entry in entries:
        keys = TypeAhead(p).keys(entry)
        assert keys is not None, GAME.format(entry)
        out.append((GAME.format(entry), len(keys)))
        p = GAME.apply(p, entry)
    return out


def is_card(line: str) -> bool:
    return re.fullmatch(r"([rbgk][1-9]b?|WF|RA)( \w+)*", line) is not None


@pytest.mark.parametrize("record", [GAME_5P, GAME_2P], ids=["5p", "2p"])
def test_a_whole_game_typed_by_the_fewest_keys_takes_three_or_fewer_per_card(record):
    counted = keys_per_entry(record)
    cards = [k for line, k in counted if is_card(line)]
    assert sum(cards) / len(cards) <= 3
    assert max(k for line, k in counted if is_card(line) and " " not in line) <= 4  # k9b: k 9 b Enter
    picks = [k for line, k in counted if " " not in line and not is_card(line) and line not in ("hermit", "cheer")]
    assert max(picks) <= 4  # a pick is its first letters and Enter (black: b l a Enter)
    lines = [k for line, k in counted if line.startswith(("fronts", "bids"))]
    assert max(lines) <= 12  # a word, a digit or a value a player, Enter


def test_a_card_is_its_shortest_prefix_and_enter():
    p = at(GAME_5P, 33)  # Aki led the red 9; Ben to play: the reds he could hold come first
    ahead = TypeAhead(p)
    assert completions(p, "")[0][2] == "r1"  # what Enter alone puts in the line: the first card offered
    filled = ahead.enter("")
    assert (filled.action, filled.line.strip(), filled.entry) == ("fill", "r1", None)  # never recorded unseen
    assert ahead.enter(filled.line).entry == {"by": "Ben", "play": "r1"}  # …a second Enter records it
    assert ahead.keys(GAME.parse("r1", p)) == ["r", "enter"]
    assert ahead.enter("r").entry == {"by": "Ben", "play": "r1"}  # r Enter: the first red
    assert ahead.enter("k").entry == {"by": "Ben", "play": "k1"}
    assert ahead.enter("W").entry == {"by": "Ben", "play": "WF"}  # W: the White Flag, the only W
    assert ahead.enter("g5").entry == {"by": "Ben", "play": "g5"}
    assert ahead.keys(GAME.parse("r2", p)) == ["r", "2", "enter"]


def test_the_words_after_a_card_are_a_digit_away():
    p = at(GAME_5P, 39)  # Chie plays the blue 3 with her blue king
    assert TypeAhead(p).keys(GAME.parse("b3 king", p)) == ["b", "3", "1", "enter"]
    p = at(GAME_5P, 32)  # Aki leads the red 9 under the King's Sword
    assert TypeAhead(p).keys(GAME.parse("r9 sword", p)) == ["r", "9", "1", "enter"]


def test_fronts_and_bids_are_a_digit_a_player():
    p = at(GAME_5P, 25)
    entry = GAME.split(GAME_5P)[1][25]
    # f completes fronts; Aki's Berserker is her 3rd choice, Ben's Collector his 1st …; nine=Aki; Enter
    assert TypeAhead(p).keys(entry) == ["f", "3", "1", "3", "1", "2", "1", "enter"]
    p = at(GAME_5P, 26)
    entry = GAME.split(GAME_5P)[1][26]
    keys = TypeAhead(p).keys(entry)
    assert keys[:2] == ["b", "1"] and keys[-1] == "enter" and len(keys) <= 11  # Aki=Maru: then 0 for 0/50 …


def _keyed(ahead: TypeAhead, keys: str, line: str = "") -> str:
    for key in keys:
        line = ahead.key(line, key)
    return line


# the 4-player draft and fronts the engine's docs use, up to the bids
BIDS_TABLE = [
    *["red", "blue", "green", "black", "Healer", "Gambler", "Ninja", "Devil", "Neme", "Maru", "Hermit"],
    *["Samurai", "Berserker", "Resistance", "Collector", "Healer", "Berserker", "Ninja", "Samurai", "Resistance"],
    "fronts a=Berserker b=Ninja c=Hermit d=Healer nine=a",
]
# the backs of one table's own characters, as its new-game form takes them
OWN_BACKS = {"Healer": "2/50", "Gambler": "0/50", "Samurai": "0/50+2/50", "Neme": "copy", "Maru": [2, 50]}


def test_a_bid_typed_key_by_key_is_the_bid_typed_not_a_choice_it_started():
    """Ben=Ninja:2/60 typed key by key used to become 2/50 60: the 2 took a numbered choice. A value
    starting with a digit is typed as it is; the one it starts is completed, and typing on keeps
    what was typed."""
    p = typed(["Aki", "Ben", "Chie", "Dan"], BIDS_TABLE)[-1]
    ahead = TypeAhead(p)
    assert not ahead.offer("bids Aki=Healer:").numbered
    assert _keyed(ahead, "2", "bids Aki=Healer:") == "bids Aki=Healer:2/50 "  # the one value starting so
    assert _keyed(ahead, "bids Aki=Healer:2/60") == "bids Aki=Healer:2/60"
    assert [c.text for c in ahead.offer("bids Aki=Healer:2/60 ").choices] == [
        "Ben=Maru:",
        "Ben=Collector:",
        "Ben=Ninja:",
    ]
    line = _keyed(ahead, "bids Aki=Healer:2/60 Ben=Ninja:2/60 Chie=Samurai:0/50 Dan=Resistance:1/40")
    assert line == "bids Aki=Healer:2/60 Ben=Ninja:2/60 Chie=Samurai:0/50 Dan=Resistance:1/40"
    bids = ahead.enter(line).entry["bids"]
    assert bids["Aki"] == [{"card": "Healer", "bid": {"tricks": 2, "points": 60}}]
    assert bids["Ben"] == [{"card": "Ninja", "bid": {"tricks": 2, "points": 60}}]


def test_the_tables_own_backs_are_the_bids_offered_a_digit_each_and_another_is_refused():
    p = typed(["Aki", "Ben", "Chie", "Dan"], BIDS_TABLE, {"backs": OWN_BACKS})[-1]
    ahead = TypeAhead(p)
    offer = ahead.offer("bids Aki=")
    assert offer.numbered
    # Aki's bid cards: the Devil, the Neme (its back a Copy at this table) and the Healer (2/50)
    assert [c.text for c in offer.choices] == [
        "Devil:miss",
        "Neme:copy:Ben",
        "Neme:copy:Chie",
        "Neme:copy:Dan",
        "Healer:2/50",
    ]
    assert _keyed(ahead, "5", "bids Aki=") == "bids Aki=Healer:2/50 "  # the whole bid, one key
    line = "bids Aki=Healer:2/60 Ben=Maru:2/50 Chie=Samurai:2/50 Dan=Samurai:0/50"
    with pytest.raises(RuleViolation) as refused:
        GAME.apply(p, GAME.parse(line, p))
    assert refused.value.rule == "kings.bids"
    assert say(refused.value.said).endswith(": The table's Healer prints 2/50 on its back (backs), not 2/60.")
    assert say(refused.value.said, "ja").endswith("この卓のヒーラーの裏面は2/50です（裏面）。2/60ではありません。")
    with pytest.raises(RuleViolation, match="The table's Neme prints copy on its back"):
        GAME.apply(p, GAME.parse(line.replace("Aki=Healer:2/60", "Aki=Neme:1/40"), p))
    done = GAME.apply(p, GAME.parse(line.replace("2/60", "2/50"), p))
    assert len(done.entries) == len(p.entries) + 1
    assert "the table's bid backs" in say(GAME.variant({"players": ["Aki", "Ben"], "backs": OWN_BACKS}))


def test_a_back_the_table_cannot_give_is_refused_on_the_form_in_table_words():
    with pytest.raises(RuleViolation, match=r"The Devil's back is its own \(devil miss\)"):
        GAME.new({"players": ["Aki", "Ben", "Chie", "Dan"], "backs": {"Devil": "2/50"}})
    with pytest.raises(RuleViolation, match="Type what the Healer's back prints as tricks/points"):
        GAME.new({"players": ["Aki", "Ben", "Chie", "Dan"], "backs": {"Healer": "two"}})


# --- what the table is told -----------------------------------------------------------------------------


def test_each_pick_says_who_took_what_and_when_the_draft_ends():
    assert told_at(GAME_5P, 1) == ["Aki picks the Maru."]
    assert told_at(GAME_5P, 4) == ["Dan takes the Black King."]
    assert told_at(GAME_5P, 4, "ja") == ["Danが黒のキングを取りました。"]
    assert told_at(GAME_5P, 25) == ["Emi picks the Gambler.", "The draft is over."]
    assert told_at(GAME_2P, 9) == [
        "Ben contracts the Black King to the Devil: the black cards are devil cards this round."
    ]


def test_the_reveals_are_told_with_the_berserkers_nine_and_a_gamblers_draw():
    assert told_at(GAME_5P, 26) == [
        "Turned up: Aki Berserker, Ben Collector, Chie Collector, Dan Collector, Emi Hermit.",
        "Aki takes the Berserker's black 9.",
    ]
    assert told_at(GAME_5P, 54)[-1] == "Dan's Gambler draws 2, then discards 2."
    assert told_at(GAME_5P, 55) == [
        "Bids: Aki 0 tricks (Maru); Ben a Bond with Emi (Cheerleader); Chie bid miss (Devil); "
        "Dan 0 tricks (Collector); Emi 0 tricks (Hermit)."
    ]
    assert told_at(GAME_5P, 55, "ja") == [
        "ビッド：Aki 0勝（獣マル）、Ben Emiと絆（チアリーダー）、Chie ビッドミス（デビル）、"
        "Dan 0勝（コレクター）、Emi 0勝（ハーミット）。"
    ]


def test_each_card_names_who_played_it_and_what_was_on_it():
    assert told_at(GAME_5P, 28) == ["Dan plays the black 2."]
    assert told_at(GAME_5P, 30) == ["Aki plays the Berserker's black 9 and the Fairy's Gift."]
    assert told_at(GAME_5P, 40) == ["Chie plays the blue king on the blue 3."]
    assert told_at(GAME_5P, 40, "ja") == ["Chieが青3（青のキング）を出しました。"]
    assert told_at(GAME_5P, 42) == ["Emi's Hermit draws 3 cards, then discards 3."]
    positions = typed(SAMURAI_TABLE, SAMURAI_LINES)
    assert say_all(GAME.told(positions[25], positions[26]))[0] == "Dan plays the green 1 declared a 9."
    assert say_all(GAME.told(positions[32], positions[33])) == ["Dan plays the Rare declared a White Flag."]


def test_who_takes_each_trick_and_why_with_what_changed_the_cards_strength():
    # the Samurai: Aki led the red 3, Chie the red 6, and Dan's red 2 counts as black
    positions = typed(SAMURAI_TABLE, SAMURAI_LINES)
    assert say_all(GAME.told(positions[-2], positions[-1])) == [
        "Dan plays the red 2.",
        "Dan takes trick 1 with the red 2: red is as strong as black under Dan's Samurai.",
    ]
    assert (
        say_all(GAME.told(positions[-2], positions[-1]), "ja")[1]
        == "Danが第1トリックを取りました：赤2、サムライで赤が黒と同じ強さ。"
    )
    # a king on a card; the Resistance's declared 9 of the green 1 does not beat it
    assert say_all(GAME.told(positions[25], positions[26]))[1] == (
        "Ben takes trick 1 with the green king on the green 4: a king beats any card."
    )
    # the King's Sword: the red 9 as strong as Emi's Rare, and played first
    assert told_at(GAME_5P, 37)[1] == (
        "Aki takes trick 2 with the red 9 under the King's Sword: the King's Sword gives it a Rare's "
        "strength, played before Emi's card of the same strength."
    )
    assert (
        told_at(GAME_5P, 32)[1] == "Aki takes trick 1 with the Berserker's black 9: the highest black, the colour led."
    )
    assert told_at(GAME_5P, 66)[1] == "Ben takes trick 2 with the black 2: black beats every other colour."
    assert told_at(GAME_5P, 61)[1] == "Dan takes trick 1 with the Rare: only a king beats a Rare."
    assert told_at(GAME_2P, 17)[1] == (
        "Aki takes trick 3 with the White Flag: only White Flags were played, and the first one wins."
    )


def test_a_round_end_says_each_bid_made_or_missed_and_the_points():
    said = told_at(GAME_5P, 53)
    assert said[1] == "Chie takes trick 5 with the blue 7: the highest blue, the colour led."
    assert said[2] == (
        "Round 1 scored: Aki took 2 tricks (counts 3), bid 0 missed: +0; Ben took 0 tricks, bid miss made: +120; "
        "Chie took 3 tricks, bid 1 missed: +70; Dan took 0 tricks, bid 1 missed: +0; "
        "Emi took 0 tricks, bid 1 missed: +20."
    )
    assert told_at(GAME_5P, 53, "ja")[2] == (
        "第1ラウンドの得点：Aki 2勝（3勝扱い）・ビッド0勝失敗：+0、Ben 0勝・ビッドミス成功：+120、"
        "Chie 3勝・ビッド1勝失敗：+70、Dan 0勝・ビッド1勝失敗：+0、Emi 0勝・ビッド1勝失敗：+20。"
    )
    assert (
        told_at(GAME_2P, 29)[-1]
        == "Round 1 scored: Aki took 3 tricks, bid 3 made: +310; Ben took 6 tricks, bid 3 missed: +130."
    )


def test_the_winner_is_told_at_the_end_and_a_tie_at_the_top_while_the_game_goes_on():
    assert told_at(GAME_5P, 108)[-1] == "Chie wins with 250."
    assert told_at(GAME_5P, 108, "ja")[-1] == "Chieが250点で勝ち。"
    kings_header = {"kings": {"Aki": "red", "Ben": "blue", "Chie": "green", "Dan": "black"}}
    line = (
        "sheet a: fronts=Healer bid=0/50 tricks=0 won= b: fronts=Healer bid=0/50 tricks=0 won= "
        "c: fronts=Gambler bid=1/40 tricks=2 won=r*2,b*2,g*2,k*2 d: fronts=Ninja bid=2/50 tricks=3 won=r*3,b*3,g*3,k*3"
    )
    before, after = typed(["Aki", "Ben", "Chie", "Dan"], [line], kings_header)
    assert say_all(GAME.told(before, after)) == [
        "Round 1 scored: Aki +50, Ben +50, Chie +0, Dan +0.",
        "Aki and Ben tie at the top on 50: the game goes on.",
    ]
    assert say_all(GAME.told(before, after), "ja")[1] == "AkiとBenが50点で首位タイ：ゲームは続きます。"
    # the 5-player sheet ends 350 to 350, and the lower king number wins it
    positions = typed(
        ["Aki", "Ben", "Chie", "Dan", "Emi"], [GAME.format(r) for r in SHEET_5P["rounds"]], {"kings": SHEET_5P["kings"]}
    )
    assert (
        say_all(GAME.told(positions[2], positions[3]))[-1]
        == "Aki wins with 350, tied with Ben and ahead on the lower king number."
    )
    assert (
        say(GAME.prompt(positions[3]))
        == "The game is over. Aki wins with 350, tied with Ben and ahead on the lower king number."
    )


def test_one_trick_told_once_is_said_to_an_english_and_a_japanese_viewer():
    said = GAME.told(at(GAME_5P, 52), at(GAME_5P, 53))  # Chie takes the last trick of round 1
    assert say_all(said)[1:] == [
        "Chie takes trick 5 with the blue 7: the highest blue, the colour led.",
        "Round 1 scored: Aki took 2 tricks (counts 3), bid 0 missed: +0; Ben took 0 tricks, bid miss made: +120; "
        "Chie took 3 tricks, bid 1 missed: +70; Dan took 0 tricks, bid 1 missed: +0; "
        "Emi took 0 tricks, bid 1 missed: +20.",
    ]
    assert say_all(said, "ja")[1:] == [
        "Chieが第5トリックを取りました：青7、リードの色の青で一番強い。",
        "第1ラウンドの得点：Aki 2勝（3勝扱い）・ビッド0勝失敗：+0、Ben 0勝・ビッドミス成功：+120、"
        "Chie 3勝・ビッド1勝失敗：+70、Dan 0勝・ビッド1勝失敗：+0、Emi 0勝・ビッド1勝失敗：+20。",
    ]


def test_a_rounds_parts_are_said_in_japanese_after_an_entry_not_only_in_a_session_opened_in_japanese():
    details = at(GAME_5P, 53).scored.details  # one replay, for every viewer
    assert say_all(details[:3]) == [
        "Round 1",
        "  Aki: 0 = bid (missed) 0 + Berserker 0",
        "  Ben: 120 = bid miss (hit) 120 + Collector 0",
    ]
    assert say_all(details[:3], "ja") == [
        "第1ラウンド",
        "  Aki: 0 = ビッド失敗 0 + バーサーカー 0",
        "  Ben: 120 = デビルのビッド外れ成功 120 + コレクター 0",
    ]
    sheet = at(SHEET_5P, 3)  # the king numbers are the data's placeholders
    assert say_all(sheet.scored.notes, "ja")[0].startswith("キングナンバーは未確認の仮の値です")


def test_every_kings_word_has_english_and_japanese_with_the_same_values():
    found = [key for key in keys() if key.startswith("kings.")]
    assert len(found) > 100
    for key in found:
        en, ja = template(key, "en"), template(key, "ja")
        assert en and ja, key
        if isinstance(en, str) and isinstance(ja, str) and key not in SAYS_MORE:
            assert placeholders(key)[0] == placeholders(key)[1], key


def test_every_fact_of_a_whole_game_is_said_in_both_languages():
    header, entries = GAME.split(GAME_5P)
    before = GAME.new(header)
    for n, entry in enumerate(entries, start=1):
        after = GAME.apply(before, entry)
        facts = [*GAME.told(before, after), GAME.prompt(after), *after.scored.details, *after.scored.notes]
        for lang in ("en", "ja"):
            for line in say_all(facts, lang):
                assert "{" not in line and "None" not in line, (n, lang, line)
        before = after


# --- what comes next ----------------------------------------------------------------------------------


def test_the_prompt_follows_the_game():
    assert say(GAME.prompt(at(GAME_5P, 0))) == "Draft, pick 1 of 25: Aki picks a king or a character (red, Healer …)."
    assert (
        say(GAME.prompt(at(GAME_5P, 21)))
        == "Draft, pick 22 of 25: Ben takes a king, the party's last card (red or blue)."
    )
    assert say(GAME.prompt(at(GAME_5P, 21)), "ja") == "ドラフト25回中22回目：Benはキングを取ります（赤か青）。"
    assert say(GAME.prompt(at(GAME_2P, 8))) == "Ben contracts a king nobody drafted to the Devil: blue, green or black."
    assert say(GAME.prompt(at(GAME_5P, 25))) == (
        "Round 1: everyone turns up a character. Type fronts, then each player's characters (a digit takes one)."
    )
    assert say(GAME.prompt(at(GAME_2P, 9))) == (
        "Round 1: everyone turns up two characters. Type fronts, then each player's characters (a digit takes one)."
    )
    assert say(GAME.prompt(at(GAME_5P, 26))) == (
        "Round 1: everyone reveals a bid. Type bids, then each player's card and bid (a digit takes one)."
    )
    assert say(GAME.prompt(at(GAME_5P, 27))) == "Round 1, trick 1 of 5: Dan leads."
    assert say(GAME.prompt(at(GAME_5P, 28))) == "Emi to play, black led; or hermit (Hermit)."
    assert say(GAME.prompt(at(GAME_5P, 28)), "ja") == "Emiの番（リードは黒）。ハーミットも可。"
    assert say(GAME.prompt(at(GAME_5P, 40))) == "Dan to play, red led."  # the board says Chie's king is winning
    assert say(GAME.prompt(at(GAME_5P, 40)), "ja") == "Danの番（リードは赤）。"
    assert say(GAME.prompt(at(GAME_2P, 11))) == "Round 1, trick 1 of 9: Ben leads; or lead NAME (Ninja)."
    assert say(GAME.prompt(at(GAME_5P, 108))) == "The game is over. Chie wins with 250."
    sheet = GAME.new({"players": ["Aki", "Ben", "Chie", "Dan", "Emi"], "kings": SHEET_5P["kings"]})
    assert say(GAME.prompt(sheet)).startswith("Round 1: type its scoresheet line — sheet Aki:")
    two = GAME.new({"players": ["Aki", "Ben"]})
    assert say(GAME.prompt(two)).endswith("Or a scoresheet: sheet Aki: drafted=red fronts=… bid=… tricks=… won=…")


def test_the_variant_names_the_options_set_away_from_their_defaults():
    assert say(GAME.variant({"players": ["Aki", "Ben", "Chie", "Dan"]})) == ""
    assert (
        say(GAME.variant({"players": ["Aki", "Ben"], "settings": {"two_player_white_king": True}}))
        == "White King expansion"
    )
    header = {"players": ["Aki", "Ben"], "settings": {"two_player_white_king": True, "two_player_round3_double": True}}
    assert say(GAME.variant(header), "ja") == "第3ラウンドのビッド2倍、白のキング拡張"
    header = {"players": SHEET_5P["players"], "kings": SHEET_5P["kings"], "settings": {"king_vs_king": "earlier"}}
    assert say(GAME.variant(header)) == "scoresheet, the earlier king wins"
    assert say(GAME.variant({"players": ["Aki"], "settings": {"king_vs_king": "later"}})) == ""  # the default


# --- refusals number entries as the log does ------------------------------------------------------------


def test_a_refusal_names_the_entry_as_the_log_numbers_it():
    p = at(GAME_5P, 40)  # the log lists 40 entries; the next is entry 41
    with pytest.raises(RuleViolation) as err:
        GAME.apply(p, GAME.parse("k2", p))
    assert err.value.message("en") == "Entry 41: The black 2 (k2) was already played this round."
    assert err.value.message("ja") == "記録41：黒2はこのラウンドですでに出ています。"
    with pytest.raises(RuleViolation) as err:
        GAME.apply(p, GAME.parse("pick red", p))  # the draft is long over: never "Aki's pick"
    assert err.value.message("en") == "Entry 41: The draft is over: every pick has been made."
    with pytest.raises(RuleViolation) as err:
        GAME.apply(p, GAME.parse("fronts Aki=Maru", p))
    assert err.value.message("ja") == "記録41：今はキャラの公開はできません：カードを出しているところです。"
    p = at(GAME_5P, 3)
    with pytest.raises(RuleViolation) as err:
        GAME.apply(p, GAME.parse("Maru", p))  # Aki took the one Maru in entry 1
    assert err.value.message("en") == "Entry 4: There is only one Maru, and it was taken."


# --- Japanese at 80 columns ------------------------------------------------------------------------------

ENGLISH = {
    *KING_COLORS,
    *characters(),
    *(k.name for k in kings().values()),
    "king",
    "King",
    "Rare",
    "White Flag",
    "winning",
    "trick",
    "Round",
    "Draft",
    "captured",
}


@pytest.mark.parametrize("record", [GAME_5P, GAME_2P], ids=["5p", "2p"])
def test_the_japanese_board_has_no_english_and_fits_80_columns(record):
    header, entries = GAME.split(record)
    for n in range(len(entries) + 1):
        p = GAME.replay(header, entries[:n])
        for lang in ("en", "ja"):
            text = board(p, lang).text
            assert all(cell_len(line) <= 78 for line in text.splitlines()), (n, lang, text)
            if lang == "ja" and text:
                words = set(re.findall(r"[A-Za-z]+(?: [A-Za-z]+)?", text)) - set(header["players"])
                assert not words & ENGLISH, (n, words & ENGLISH)
                assert "王" not in text


def test_the_japanese_board_names_the_trick_and_who_is_winning_in_japanese():
    text = board(at(GAME_5P, 40), "ja").text
    assert "緑     バーサーカー" in text and "青*    コレクター" in text  # Aki's green king, Chie's used blue
    assert "第1ラウンド第3/5トリック：Aki:赤5 Ben:緑4 Chie:青3" in text
    assert "Chieが優勢：青3（青のキング）、キングはどのカードにも勝つ" in text
    assert "Danの番。" in text
    english = board(at(GAME_5P, 40)).text
    assert "Chie is winning with the blue king on the blue 3: a king beats any card" in english
    assert "Draft: Dan picks (pick 4 of 25)" in board(at(GAME_5P, 3)).text
    assert "Maru" in board(at(GAME_5P, 3)).text.splitlines()[1]  # the draft shows each party so far


def test_a_pick_or_the_devils_colour_may_be_typed_in_japanese():
    p = at(GAME_5P, 3)
    assert GAME.parse("ヒーラー", p) == {"pick": {"by": "Dan", "character": "Healer"}}
    assert GAME.parse("緑", p) == GAME.parse("緑のキング", p) == {"pick": {"by": "Dan", "king": "green"}}
    p = at(GAME_2P, 8)
    assert GAME.parse("黒", p) == {"devil": {"by": "Ben", "color": "black"}}


def test_each_entry_is_counted_as_its_kind():
    kinds = [GAME.kind(e) for e in GAME.split(GAME_5P)[1]]
    assert kinds.count("draft pick") == 25 and kinds.count("fronts") == kinds.count("bids") == 3
    assert kinds.count("card") == 75 and kinds.count("action") == 2  # Emi's two Hermit draws
    assert GAME.kind(SHEET_5P["rounds"][0]) == "scoresheet"


def test_a_ninja_types_lead_by_its_first_letter_and_a_digit():
    p = at(GAME_2P, 11)
    assert TypeAhead(p).keys(GAME.parse("lead Aki", p)) == ["l", "enter"]  # l completes lead; Aki is first
    assert TypeAhead(p).keys(GAME.parse("lead Ben", p)) == ["l", "2", "enter"]
