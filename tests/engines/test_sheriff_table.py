"""Sheriff entered as fast as the cards hit the table: names by any unique beginning, a deal's
line word by word, the likeliest card first, and the table told who took each trick and why, a
deal's points, a tie at the top that lets the game go on, the winner — in both languages."""

import json
import re
from pathlib import Path

import pytest
from rich.cells import cell_len

from companion.table.typeahead import TypeAhead
from scoring.errors import RuleViolation
from scoring.registry import get
from scoring.sheriff.cards import code
from scoring.sheriff.likely import chances
from scoring.sheriff.record import table_state
from scoring.words import keys, placeholders, say, say_all
from tests.engines.positions import board
from tests.engines.test_words import SAYS_MORE

GAME = get("sheriff")
ROOT = Path(__file__).resolve().parents[2]
PLAYERS = {"players": ["Aki", "Ben", "Chie"]}
DEAL = "deal joker=Ben Aki=mayor Ben=sheriff Chie=robber trump=spades"


def typed(*lines, header=PLAYERS):
    p = GAME.new(header)
    for line in lines:
        p = GAME.apply(p, GAME.parse(line, p))
    return p


def texts(position, line=""):
    return [m.text for m in GAME.completions(position, line)]


def example(name):
    header, entries = GAME.split(json.loads((ROOT / "examples/sheriff" / f"{name}.json").read_text()))
    return header, entries


# names, roles and trump by any unique beginning ----------------------------------------------------


def test_a_deal_typed_with_short_names_roles_and_suits_is_the_full_line():
    p = GAME.new(PLAYERS)
    full = GAME.parse(DEAL, p)
    for short in (
        "deal joker=b a=m b=s c=r trump=s",
        "deal joker=BEN aki=MAYOR b=sher trump=spa",  # any case; Chie's role is the one left
        "DEAL joker=b c=r a=m trump=♠",
    ):
        assert GAME.parse(short, p) == full, short
    assert GAME.format(GAME.parse("deal joker=b a=m b=s c=r trump=s", p)) == DEAL
    # no trump=… is no trump, as before
    assert GAME.parse("deal joker=b a=m b=s", p)["deal"]["trump"] == "none"


def test_a_scoresheet_line_takes_short_names_and_roles():
    p = GAME.new(PLAYERS)
    full = "sheet Aki=mayor:Q*4,J*3 Ben=sheriff:A,K*3 Chie=robber:10*2 trump=spades"
    assert GAME.parse("sheet a=m:Q*4,J*3 b=s:A,K*3 c=r:10*2 trump=s", p) == GAME.parse(full, p)


def test_an_ambiguous_or_unknown_name_is_refused_naming_the_players():
    p = GAME.new({"players": ["Aki", "Ann", "Ben"]})
    with pytest.raises(RuleViolation) as err:
        GAME.parse("deal joker=a Aki=mayor Ann=sheriff Ben=robber", p)
    assert (
        err.value.reason
        == "'a' in 'deal joker=a Aki=mayor Ann=sheriff Ben=robber' could be Aki or Ann: type more of the name."
    )
    assert "AkiかAnn" not in err.value.message("ja") and "Aki、Ann" in err.value.message("ja")
    assert GAME.parse("deal joker=an ak=m an=s b=r", p)["deal"]["joker"] == "Ann"
    with pytest.raises(RuleViolation) as err:
        GAME.parse("deal joker=Dan Aki=mayor Ann=sheriff Ben=robber", p)
    assert "is no player of this game (Aki, Ann, Ben)" in err.value.reason
    assert "プレイヤーではありません" in err.value.message("ja")
    with pytest.raises(RuleViolation, match="given twice"):
        GAME.parse("deal joker=Ben ak=mayor AKI=sheriff Ben=robber", p)


def test_a_wrong_role_or_trump_says_what_may_be_typed():
    p = GAME.new(PLAYERS)
    with pytest.raises(RuleViolation, match=r"not a role: mayor, sheriff or robber \(m, s, r\)") as err:
        GAME.parse("deal joker=b a=king b=s c=r", p)
    assert err.value.rule == "sheriff.roles" and "市長" in err.value.message("ja")
    with pytest.raises(RuleViolation, match=r"not a trump: .* \(s, h, d, c, n\)"):
        GAME.parse("deal joker=b a=m b=s c=r trump=x", p)


# a deal's line, word by word ------------------------------------------------------------------------


def test_a_deals_line_is_offered_word_by_word():
    p = GAME.new(PLAYERS)
    assert texts(p) == ["deal", "sheet"]
    assert texts(p, "deal") == ["joker=Aki", "joker=Ben", "joker=Chie"]
    assert texts(p, "deal joker=Ben") == ["Aki=mayor", "Aki=sheriff", "Aki=robber"]
    assert texts(p, "deal joker=Ben Aki=sheriff") == ["Ben=mayor", "Ben=robber"]
    # two roles given: Chie's is the one left; it may be skipped for trump
    assert texts(p, "deal joker=Ben Aki=sheriff Ben=robber") == [
        "Chie=mayor",
        "trump=none",
        "trump=spades",
        "trump=hearts",
        "trump=diamonds",
        "trump=clubs",
    ]
    assert texts(p, "deal joker=Ben Aki=sheriff Ben=robber Chie=mayor")[0] == "trump=none"
    assert texts(p, DEAL) == []
    # after NAME= or joker= its values, for a word typed by its beginning (a=m)
    assert texts(p, "deal joker=") == ["Aki", "Ben", "Chie"]
    assert texts(p, "deal joker=Ben a=") == ["mayor", "sheriff", "robber"]
    assert texts(p, "deal joker=Ben a=mayor b=") == ["sheriff", "robber"]
    assert texts(p, "deal joker=Ben a=m b=s trump=")[:2] == ["none", "spades"]
    assert texts(p, "deal joker=Zed") == []  # nobody: nothing to offer
    # a scoresheet: each role, the ranks typed after it
    assert texts(p, "sheet Aki=mayor:Q*4,J*3") == ["Ben=sheriff:", "Ben=robber:"]


def test_every_deal_of_the_example_takes_at_most_seven_keys():
    """d, a digit for the Joker's holder and for each role, one for trump, Enter (no trump: Enter
    after the roles)."""
    header, entries = example("game-6-deals")
    p = GAME.new(header)
    for entry in entries:
        if "deal" in entry:
            keys = TypeAhead(p).keys(entry)
            assert keys is not None and len(keys) <= 7, (GAME.format(entry), keys)
            assert keys[0] == "d" and keys[-1] == "enter"
        p = GAME.apply(p, entry)


# the likeliest card first ----------------------------------------------------------------------------


def test_after_a_lead_the_led_suits_cards_come_first_so_a_rank_and_enter_plays_it():
    p = typed(DEAL, "Kh")
    offered = texts(p)
    assert offered[:4] == ["Ah", "Qh", "Jh", "10h"]  # Ben's hearts, A to 10
    assert "JO" in offered and offered.index("JO") > 3  # Ben announced the Joker: it may always be played
    first = {}
    for card in offered:
        first.setdefault(card.rstrip("shdc") or card, card)
    assert first["A"] == "Ah" and first["Q"] == "Qh" and first["10"] == "10h"
    assert TypeAhead(p).enter("Q").entry == {"play": "Qh"}
    # the leader, with no suit led: trump first (spades), A to 10
    assert texts(typed(DEAL))[:5] == ["As", "Ks", "Qs", "Js", "10s"]


def test_a_card_the_table_has_seen_must_be_one_players_comes_first_and_alone_certain():
    """Deal 1 of the example, trick 7: Chie leads with the J of diamonds, the A of hearts and the
    K of clubs still out. Aki showed no spades and no diamonds, Ben no diamonds: the J of diamonds
    can only be Chie's, so the other two cannot be (each player holds one card)."""
    header, entries = example("game-6-deals")
    p = GAME.replay(header, entries[:19])
    assert GAME.to_play(p) == "Chie" and say(GAME.prompt(p)) == "Chie leads trick 7"
    assert texts(p) == ["Jd", "Ah", "Kc"]
    chance = chances(table_state(dict(p.record)))
    assert {code(c): float(v) for c, v in chance.items()} == {"Ah": 0.0, "Jd": 1.0, "Kc": 0.0}
    assert GAME.completions(p)[0].text == GAME.format(entries[19])  # what Enter takes on an empty line


def test_a_follower_certain_to_hold_the_led_suit_is_offered_it_before_anything():
    """Deal 2, trick 5: Ben must hold a diamond (the others cannot hold all that are out), so his
    spades, heart and club cannot be played now and go last."""
    header, entries = example("game-6-deals")
    p = GAME.replay(header, entries[:37])
    assert say(GAME.prompt(p)) == "Ben to play — diamonds led"
    assert texts(p)[:3] == ["Ad", "Jd", "10d"] and set(texts(p)[3:]) == {"As", "Js", "Kh", "Qc"}


def test_the_example_game_typed_by_its_fewest_keys_is_the_same_game():
    """Every entry of the 6-deal game reached by the fewest keys the table screen takes, then
    recorded: the same standings (Aki 9, Ben 5, Chie 3) and at most 2.5 keys a card."""
    header, entries = example("game-6-deals")
    p = GAME.new(header)
    cards = keys_for_cards = keys_for_deals = 0
    for entry in entries:
        keys = TypeAhead(p).keys(entry)
        assert keys is not None, GAME.format(entry)
        if "play" in entry:
            cards += 1
            keys_for_cards += len(keys)
        else:
            keys_for_deals += len(keys)
        p = GAME.apply(p, entry)
    assert [(s.player, s.total) for s in p.scored.standings.places] == [("Aki", 9), ("Ben", 5), ("Chie", 3)]
    assert cards == 126 and keys_for_cards / cards <= 2.5
    assert keys_for_deals <= 6 * 7


# what the table is told -------------------------------------------------------------------------------


def test_the_table_is_told_who_played_who_took_the_trick_and_why():
    p = typed(DEAL)
    assert say_all(GAME.told(GAME.new(PLAYERS), p)) == [
        "Deal 1: Aki the Mayor, Ben the Sheriff, Chie the Robber; trump: spades; Ben holds the Joker."
    ]
    q = GAME.apply(p, GAME.parse("Kh", p))
    r = GAME.apply(q, GAME.parse("Ah", q))
    s = GAME.apply(r, GAME.parse("10s", r))
    assert say_all(GAME.told(p, q)) == ["Aki leads the K of hearts."]
    assert say_all(GAME.told(q, r)) == ["Ben plays the A of hearts: Ben is winning."]
    assert say_all(GAME.told(r, s)) == [
        "Aki Kh, Ben Ah, Chie 10s: Chie takes trick 1 with the 10 of spades, a trump (spades) over the led hearts."
    ]
    assert say_all(GAME.told(r, s), "ja") == [
        "Aki ハートのK、Ben ハートのA、Chie スペードの10："
        "Chieが第1トリック（スペードの10、切り札のスペードがリードのハートに勝つ）。"
    ]
    assert say(GAME.prompt(s)) == "Chie leads trick 2" and say(GAME.prompt(s), "ja") == "第2トリック：Chieがリード"


def test_a_led_joker_and_a_joker_played_later_are_told():
    p = typed("deal joker=Chie Aki=sheriff Ben=robber Chie=mayor trump=none")  # Chie, the Mayor, leads
    q = GAME.apply(p, GAME.parse("JO", p))
    assert say_all(GAME.told(p, q)) == ["Chie leads the Joker: the next card sets the suit."]
    assert say(GAME.prompt(q)) == "Aki to play — the Joker was led: this card sets the suit"
    r = GAME.apply(q, GAME.parse("Kd", q))
    assert say_all(GAME.told(q, r)) == ["Aki plays the K of diamonds: diamonds to follow; Aki is winning."]
    s = GAME.apply(r, GAME.parse("Ad", r))
    assert say_all(GAME.told(r, s)) == [
        "Chie JO, Aki Kd, Ben Ad: Ben takes trick 1 with the A of diamonds, the highest of the led suit "
        "(diamonds). The Joker was led, so the K of diamonds set the suit."
    ]
    # the Joker played later, not led: it always loses (the rules: "can never win a trick"), and the
    # card led still sets the suit
    p = typed("deal joker=Aki Aki=sheriff Ben=robber Chie=mayor trump=none")
    q = GAME.apply(p, GAME.parse("Kd", p))
    r = GAME.apply(q, GAME.parse("JO", q))
    assert say_all(GAME.told(q, r)) == ["Aki plays the Joker (it always loses): Chie is winning."]
    assert say(GAME.prompt(r)) == "Ben to play — diamonds led"
    s = GAME.apply(r, GAME.parse("Ad", r))
    assert say_all(GAME.told(r, s)) == [
        "Chie Kd, Aki JO, Ben Ad: Ben takes trick 1 with the A of diamonds, the highest of the led suit "
        "(diamonds). Aki's Joker always loses."
    ]
    assert say_all(GAME.told(r, s), "ja") == [
        "Chie ダイヤのK、Aki ジョーカー、Ben ダイヤのA：Benが第1トリック（ダイヤのA、リードのダイヤで最高）。"
        "Akiのジョーカーは必ず負け。"
    ]


def test_a_tie_at_the_top_at_8_lets_the_game_go_on_and_the_sole_leader_wins():
    """Two scoresheet deals: Aki and Ben 8 each, Chie 4 — the game goes on; a third: Aki 9 wins."""
    first = "sheet Aki=sheriff:K*4 Ben=robber:10*4 Chie=mayor:Q*4,J*4 trump=none"  # 4, 4, 4+4-0-4
    second = "sheet Aki=sheriff:K*4 Ben=robber:10*4 Chie=mayor: trump=none"  # 4, 4, 0-0-4 → 0
    p = typed(first)
    q = GAME.apply(p, GAME.parse(second, p))
    assert say_all(GAME.told(p, q)) == [
        "Deal 2 scores Aki 4, Ben 4, Chie 0. Totals: Aki 8, Ben 8, Chie 4.",
        "Aki and Ben tie at 8: the game goes on.",
    ]
    assert say_all(GAME.told(p, q), "ja")[-1] == "AkiとBenが8点で同点：ゲームは続きます。"
    assert not q.finished and say(GAME.prompt(q)).startswith("Deal 3: the Joker's holder")
    r = GAME.apply(q, GAME.parse("sheet a=s:K b=r: c=m:Q*2 trump=h", q))  # 1, 0, 2-3-0 → 0
    assert say_all(GAME.told(q, r)) == [
        "Deal 3 scores Aki 1, Ben 0, Chie 0. Totals: Aki 9, Ben 8, Chie 4.",
        "The game is over: Aki wins with 9.",
    ]
    assert r.finished and say(GAME.prompt(r)) == "The game is over: Aki wins with 9."
    assert say(GAME.prompt(r), "ja") == "ゲーム終了：Akiが9点で勝ちです。"
    assert texts(r) == [] and "Deal 4" not in board(r).text


def test_the_last_card_of_the_example_tells_the_deal_and_the_winner():
    header, entries = example("game-6-deals")
    p = GAME.replay(header, entries[:-1])
    q = GAME.apply(p, entries[-1])
    assert say_all(GAME.told(p, q)) == [
        "Aki Ad, Ben Jd, Chie JO: Aki takes trick 7 with the A of diamonds, the highest of the led suit "
        "(diamonds); no trump was played. Chie's Joker always loses.",
        "Deal 6 scores Aki 3, Ben 0, Chie 0. Totals: Aki 9, Ben 5, Chie 3.",
        "The game is over: Aki wins with 9.",
    ]


def test_the_heading_names_a_target_away_from_8():
    assert say(GAME.variant(PLAYERS)) == ""
    assert say(GAME.variant({**PLAYERS, "settings": {"target": 12}})) == "target 12"
    assert say(GAME.variant({**PLAYERS, "settings": {"target": 12}}), "ja") == "目標12点"


# refusals numbered as the log ------------------------------------------------------------------------


def test_a_refusal_names_the_entry_as_the_log_numbers_it():
    p = typed("sheet Aki=mayor:Q*4,J*3 Ben=sheriff:A,K*3 Chie=robber:10*2 trump=spades", DEAL, "Kh", "Ah")
    with pytest.raises(RuleViolation) as err:
        GAME.apply(p, GAME.parse("Kh", p))  # the 5th entry of the session
    assert err.value.reason == "Entry 5: The K of hearts was already played this deal."
    assert err.value.message("ja") == "記録5：ハートのKはこのディールですでに出ています。"


# Japanese at 80 columns --------------------------------------------------------------------------------

NOTATION = re.compile(r"(?<![A-Za-z])(deal|sheet|Aki|Ben|Chie|JO|(?:[AKQJ]|10)[shdc]?)(?![A-Za-z])")


def english_left(text: str) -> list[str]:
    return re.findall(r"[A-Za-z]{2,}", NOTATION.sub("", text))


def test_the_board_and_the_score_details_are_japanese_and_fit_80_columns():
    header, entries = example("game-6-deals")
    p = GAME.new(header)
    for n, entry in enumerate(entries, start=1):
        p = GAME.apply(p, entry)
        if n % 11 and n != len(entries):
            continue
        for lang in ("en", "ja"):
            text = board(p, lang).text
            assert max(cell_len(line) for line in text.splitlines()) <= 78, text
            assert len(text.splitlines()) <= 11
        assert english_left(board(p, "ja").text) == [], board(p, "ja").text
    details = say_all(GAME.replay(header, entries).scored.details, "ja")
    assert details[:2] == ["第1ディール", "  Chie（保安官）：キング2枚 = 2"]
    assert all(english_left(line) == [] for line in details), details
    assert english_left(" ".join(say_all(GAME.told(GAME.replay(header, entries[:-1]), p), "ja"))) == []


# the table's words as facts ------------------------------------------------------------------------------


def test_every_sheriff_sentence_has_english_and_japanese_with_the_same_blanks():
    sheriff = [k for k in keys() if k.startswith("sheriff.")]
    assert len(sheriff) > 40
    for key in sheriff:
        english, japanese = placeholders(key)
        assert english == japanese or key in SAYS_MORE, key


def test_one_trick_is_told_to_an_english_and_a_japanese_viewer_from_one_telling():
    p = typed(DEAL, "Kh", "Ah")
    q = GAME.apply(p, GAME.parse("10s", p))
    told = GAME.told(p, q)  # one telling, two viewers
    assert say_all(told) == [
        "Aki Kh, Ben Ah, Chie 10s: Chie takes trick 1 with the 10 of spades, a trump (spades) over the led hearts."
    ]
    assert say_all(told, "ja") == [
        "Aki ハートのK、Ben ハートのA、Chie スペードの10："
        "Chieが第1トリック（スペードの10、切り札のスペードがリードのハートに勝つ）。"
    ]
    labels = [m.label for m in GAME.completions(q)][:2]
    assert say_all(labels) == ["A of spades", "K of spades"]
    assert say_all(labels, "ja") == ["スペードのA", "スペードのK"]
