"""Trickster at the table: the short lines, offered word by word, the names by their start, the
owner a card names, what the table is told after each entry and what comes next, and the board in
Japanese at 80 columns. Every situation is a real one from the worked examples."""

import json
import re
from pathlib import Path

import pytest
from rich.cells import cell_len

from scoring.errors import RuleViolation
from scoring.trickster.cards import Deck, code
from scoring.trickster.game import GAME
from scoring.trickster.record import to_record
from scoring.trickster.settings import HouseRules
from scoring.trickster.simulator import play_game, public
from scoring.trickster.state import Header
from scoring.words import from_json, keys, placeholders, say, say_all, template
from tests.engines.positions import board, texts
from tests.engines.test_words import SAYS_MORE

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = {
    p.stem: json.loads(p.read_text())
    for p in sorted((ROOT / "examples/trickster").glob("game-*.json"))
    if not p.name.endswith(".expected.json")
}
SETUP_4P = "round GPED BSOL KMAG PMAG WNOM WREV PBRI PREV OGUA GNOM"
OLD_SETUP_4P = "round trash=GPED,BSOL,KMAG,PMAG,WNOM,WREV tableau=Aki:PBRI,Ben:PREV,Chie:OGUA,Dan:GNOM"


def at(example: str, n: int):
    """The example game after its first ``n`` entries, and the entries."""
    header, entries = GAME.split(EXAMPLES[example])
    return GAME.replay(header, entries[:n]), entries


def fewest(p, line: str) -> int:
    """The fewest keys the table screen takes for ``line`` (the brief's rules): each word by the
    shortest start that fits it alone (the line then completes it), or a digit when it is one of
    the nine numbered choices after a whole word; the last word by the shortest start whose first
    fit it is (Enter takes the first); then Enter."""
    words = line.split()
    keys = 0
    for j, word in enumerate(words):
        offered = texts(GAME.completions(p, " ".join(words[:j])))
        assert word in offered, (line, word)
        last = j == len(words) - 1
        costs = [1] if j and word in offered[:9] else []
        for k in range(0 if last else 1, len(word) + 1):
            fits = [t for t in offered if t.lower().startswith(word[:k].lower())]
            if (last and fits[0] == word) or fits == [word]:
                costs.append(k)
                break
        keys += min(costs)
    return keys + 1


def shortest_line(p, line: str) -> str:
    """``line`` with each word cut to the shortest start that fits only it among what is offered."""
    words = line.split()
    out = []
    for j, word in enumerate(words):
        offered = texts(GAME.completions(p, " ".join(words[:j])))
        least = 1 if word in p.state.players else 2  # a card code is read from two letters on
        k = next(
            k
            for k in range(least, len(word) + 1)
            if [t for t in offered if t.lower().startswith(word[:k].lower())] == [word]
        )
        out.append(word[:k].lower())
    return " ".join(out)


# --- names: any unique start, in any case -------------------------------------------------------------


def test_a_name_is_any_unique_start_of_it_in_any_case_wherever_one_is_typed():
    p, entries = at("game-4p-introductory", 1)  # Chie leads trick 1
    assert GAME.parse("YPED d", p) == GAME.parse("YPED DAN", p) == GAME.parse("YPED enemy=dan", p) == entries[1]
    assert GAME.parse("YPED enemy=Dan", p) == {"play": "YPED", "by": "Chie", "effect": {"enemy": "Dan"}}
    assert GAME.parse("bust c", p) == {"bust": "Chie"}
    start = GAME.new({"players": ["Aki", "Ben", "Chie", "Dan"], "first": "Chie"})
    short = GAME.parse("round trash=GPED,BSOL,KMAG,PMAG,WNOM,WREV tableau=a:PBRI,B:PREV,chie:OGUA,d:GNOM", start)
    assert short == GAME.parse(OLD_SETUP_4P, start) == GAME.parse(SETUP_4P, start) == entries[0]
    assert GAME.parse("tableau a=R3,B1 BE=B2,G1 c= d=", start)["tableau"] == {
        "Aki": {"red": 3, "blue": 1},
        "Ben": {"blue": 2, "green": 1},
        "Chie": {},
        "Dan": {},
    }
    end, entries = at("game-4p-introductory", 29)  # round 1 is over
    reveal = entries[29]
    assert GAME.parse("reveal a=ONOM,BPED,YREV,YSOL b= c=OGUA,PSOL d=RBRI,KMAG,WMAG,OREV,GREV", end) == reveal


def test_a_start_that_fits_two_players_or_none_is_refused_naming_who_fits():
    p = GAME.new({"players": ["Aki", "Akira", "Ben"]})
    with pytest.raises(RuleViolation) as err:
        GAME.parse("tableau ak=R3 b=", p)
    assert err.value.reason == "'ak' could be Aki or Akira: type more of the name."
    assert "Aki・Akira" in err.value.message("ja") and err.value.rule == "record-format"
    assert GAME.parse("tableau aki=R3 akir=B1 b=", p)["tableau"] == {"Aki": {"red": 3}, "Akira": {"blue": 1}, "Ben": {}}
    with pytest.raises(RuleViolation, match=r"'Eve' is not a player of this game \(Aki, Akira, Ben\)") as err:
        GAME.parse("tableau Eve=R3", p)
    assert "プレイヤーではありません" in err.value.message("ja")
    with pytest.raises(RuleViolation, match="given twice"):
        GAME.parse("tableau b=R1 BEN=R2", p)  # the same player twice, by two starts


# --- the owner a card names ---------------------------------------------------------------------------


def test_a_guard_or_a_nomad_never_asks_the_enemy_its_card_names():
    p, entries = at("game-4p-introductory", 40)  # Aki's white Guard, trick 3 of round 2
    assert entries[40] == {"by": "Aki", "play": "WGUA", "effect": {"card": "WBRI", "enemy": "Chie"}}
    assert GAME.format(entries[40]) == "WGUA WBRI"
    assert GAME.parse("WGUA WBRI", p) == GAME.parse("WGUA card=WBRI enemy=Chie", p) == entries[40]
    assert GAME.completions(p, "WGUA WBRI") == []  # nothing more to name: Chie's tableau holds it
    p, entries = at("game-4p-introductory", 36)  # Dan's white Nomad takes Aki's green Guard
    assert GAME.parse("WNOM GGUA", p)["effect"] == {"card": "GGUA", "enemy": "Aki"}
    with pytest.raises(RuleViolation, match="takes a card from an enemy's tableau; the yellow Soldier is in Dan's own"):
        GAME.parse("WNOM YSOL", p)  # Dan's own tableau card
    with pytest.raises(RuleViolation, match="the orange Nomad is in the trash") as err:
        GAME.parse("WNOM ONOM", p)
    assert err.value.message("ja") == "遊牧民は敵の場札からカードを取ります。橙の遊牧民は捨て札にあります。"
    with pytest.raises(RuleViolation, match="is in Chie's tableau, not in Aki's"):
        GAME.apply(p, GAME.parse("WNOM YNOM Aki", p))  # an owner typed anyway is checked


def test_typed_the_long_way_enemy_is_offered_only_the_owner_the_card_names():
    p, _ = at("game-4p-introductory", 40)  # Aki's white Guard: Chie's and Dan's tableaus hold cards
    assert texts(GAME.completions(p, "WGUA enemy=")) == ["Chie", "Dan"]  # Aki's and Ben's are empty
    assert texts(GAME.completions(p, "WGUA card=WBRI enemy=")) == ["Chie"]
    assert texts(GAME.completions(p, "WGUA card="))[:3] == ["YNOM", "WBRI", "RBRI"]
    assert GAME.completions(p, "WG") == []  # a word still being typed is not continued


def test_a_guard_or_a_nomad_is_offered_only_the_cards_of_enemy_tableaus():
    """Every Guard and Nomad of the examples: the cards offered are exactly those in the enemies'
    tableaus (never the player's own, never the trash), and nothing follows the card."""
    seen = 0
    for name in EXAMPLES:
        header, entries = GAME.split(EXAMPLES[name])
        p = GAME.new(header)
        for e in entries:
            if "play" in e and e["play"][1:] in ("GUA", "NOM"):
                s = p.state
                me = s.players.index(e["by"])
                enemies = {code(c) for q, t in enumerate(s.tableaus) if q != me for c in t}
                assert set(texts(GAME.completions(p, e["play"]))) == enemies, (name, e)
                assert GAME.completions(p, GAME.format(e)) == []
                seen += 1
            p = GAME.apply(p, e)
    assert seen >= 30


def test_the_enemy_a_copied_effect_or_a_vigilante_takes_from_is_filled_in_too():
    p, entries = at("game-5p-strategy", 21)  # Chie's purple Archivist copies the white Doctor
    assert entries[21]["effect"] == {"copy": "WDOC", "then": {"card": "GDOC", "enemy": "Dan", "enemy2": "Aki"}}
    assert GAME.format(entries[21]) == "PARC WDOC GDOC Aki"
    assert GAME.parse("parc wdoc gdoc a", p) == entries[21]
    assert texts(GAME.completions(p, "PARC WDOC GDOC"))[:2] == ["Dan", "Emi"]  # who gets it: the owner first
    vig = GAME.new(
        {
            "players": ["Aki", "Ben", "Chie"],
            "deck": ["Vigilante", "Guard", "Brigand", "Noble", "Saint", "Shaman", "Hunter"],
        }
    )
    vig = GAME.apply(
        vig,
        GAME.parse(
            "round GVIG BGUA KBRI PNOB WSAI WSHA PBRI PGUA OSAI "
            + " ".join(
                ["RVIG", "OVIG", "YVIG", "RGUA", "OGUA", "YGUA", "RBRI", "OBRI", "YBRI", "RNOB", "ONOB", "YNOB"]
            ),
            vig,
        ),
    )
    assert texts(GAME.completions(vig, "BVIG")) == ["GVIG", "BGUA", "KBRI", "PNOB", "WSAI", "WSHA"]  # the trash card
    assert texts(GAME.completions(vig, "BVIG WSHA")) == ["PGUA", "OSAI"]  # then an enemy's tableau card
    assert GAME.parse("BVIG WSHA OSAI", vig)["effect"] == {"card": "WSHA", "card2": "OSAI", "enemy": "Chie"}


# --- a round's setup and its end, word by word ---------------------------------------------------------


def test_a_rounds_setup_is_offered_word_by_word_and_the_old_line_still_reads():
    p = GAME.new({"players": ["Aki", "Ben", "Chie", "Dan"], "first": "Chie"})
    assert texts(GAME.completions(p)) == ["round", "tableau"]  # a scoresheet only before anything is recorded
    first = GAME.completions(p, "round")
    assert len(first) == 56 and say(first[0].label) == "trash 1/6: red Brigand"
    assert say(GAME.completions(p, "round GPED BSOL KMAG PMAG WNOM WREV")[0].label) == "Aki's tableau: red Brigand"
    assert "GPED" not in texts(GAME.completions(p, "round GPED"))  # a card named once
    dans = GAME.completions(p, "round GPED BSOL KMAG PMAG WNOM WREV PBRI PREV OGUA")[0]
    assert say(dans.label, "ja") == "Danの場札：赤の野盗"
    assert GAME.completions(p, SETUP_4P) == [] and GAME.completions(p, "round GP") == []  # whole, or a word still typed
    assert GAME.parse(SETUP_4P, p) == GAME.parse(OLD_SETUP_4P, p)
    assert GAME.format(GAME.parse(OLD_SETUP_4P, p)) == SETUP_4P
    with pytest.raises(RuleViolation) as err:
        GAME.parse("round GPED BSOL KMAG PMAG WNOM WREV PBRI PREV OGUA", p)
    assert err.value.reason == (
        "A round's setup is round, then the 6 trash cards, the tableau card of each of Aki, Ben, Chie, Dan: "
        "10 cards, not 9."
    )
    assert fewest(p, SETUP_4P) == 20  # r, two letters or a digit a card, Enter (86 keys the long way)


def test_a_timeline_rounds_setup_names_the_twelve_timeline_cards_or_none_of_them():
    """The table may type the 12 face-up Timeline cards with the setup, or leave them to be typed
    one at a time, each as it leads its trick (the example does): both are the same round."""
    p, entries = at("game-3p-timeline-gambit", 0)
    short = GAME.format(entries[0])
    assert short == "round YSAI OHUN YNOB YSHA KGEN YVIG KSHA GSAI PSHA"
    timeline = "WSAI PSAI OGEN OSMU OSAI PHUN RSHA WHUN BVIG PGEN YGEN PSMU"
    full = GAME.parse(f"{short} {timeline}", p)
    assert full["round"] == {**entries[0]["round"], "timeline": timeline.split()}
    assert say(GAME.completions(p, short)[0].label) == "Timeline 1/12: red General"
    assert GAME.parse(short, p) == entries[0]
    assert fewest(p, short) == 24  # r, two or three letters a card, Enter (50 with the 12 Timeline cards)
    q = GAME.apply(p, entries[0])
    assert say(GAME.prompt(q)) == "The Timeline leads trick 1: type its front card (Ben plays first)."
    assert entries[1] == {"timeline": "WSAI"} and GAME.format(entries[1]) == "WSAI"
    with pytest.raises(RuleViolation) as err:
        GAME.apply(q, GAME.parse("YSAI", q))  # face up in the trash
    assert err.value.reason == "Entry 2: The yellow Saint (YSAI) is in the trash, not on the Timeline."
    with pytest.raises(RuleViolation) as err:
        GAME.apply(q, {"play": "WSAI", "by": "Aki"})
    assert err.value.rule == "trickster.timeline"
    assert err.value.reason == "Entry 2: The Timeline leads trick 1: type its front card first."
    r = GAME.apply(GAME.apply(p, full), entries[2])
    assert r.state.pot == GAME.apply(GAME.apply(q, entries[1]), entries[2]).state.pot  # the same trick either way


def test_the_setups_of_the_examples_take_at_most_thirty_keys_with_four_or_five_players():
    keys = {}
    for name in ("game-4p-introductory", "game-5p-strategy"):
        header, entries = GAME.split(EXAMPLES[name])
        p = GAME.new(header)
        for e in entries:
            if "round" in e:
                keys.setdefault(name, []).append(fewest(p, GAME.format(e)))
            p = GAME.apply(p, e)
    assert keys == {"game-4p-introductory": [20, 21, 20], "game-5p-strategy": [34, 27, 22]}
    # the Strategy deck's Scavenger and Scion share "SC": RSCA and RSCI take four keys each


def test_a_reveal_offers_each_hands_cards_in_seat_order_the_known_ones_first():
    p, entries = at("game-4p-introductory", 29)  # round 1 over: Aki holds 4, Ben 0, Chie 2, Dan 5
    assert texts(GAME.completions(p)) == ["reveal"]
    assert say(GAME.prompt(p)) == (
        "Reveal the hands: type reveal, then the cards left in hand in seat order (Aki 4, Chie 2, Dan 5)."
    )
    line = GAME.format(entries[29])
    assert line == "reveal ONOM BPED YREV YSOL OGUA PSOL RBRI KMAG WMAG OREV GREV"
    assert say(GAME.completions(p, "reveal")[0].label).startswith("Aki's hand 1/4: ")
    assert say(GAME.completions(p, "reveal ONOM BPED YREV YSOL")[0].label).startswith("Chie's hand 1/2: ")
    assert GAME.completions(p, line) == []
    assert GAME.parse(line, p) == GAME.parse(
        "reveal Aki=ONOM,BPED,YREV,YSOL Ben= Chie=OGUA,PSOL Dan=RBRI,KMAG,WMAG,OREV,GREV", p
    )
    with pytest.raises(RuleViolation, match=r"The hands hold 11 cards \(Aki 4, Ben 0, Chie 2, Dan 5\), not 12"):
        GAME.parse(line + " YBRI", p)
    with pytest.raises(RuleViolation, match="Dan holds 5 cards, but 3 were revealed"):
        GAME.apply(p, GAME.parse("reveal ONOM BPED YREV YSOL OGUA PSOL RBRI KMAG WMAG", p))
    # a card known to be in a hand is all that is offered for it: Dan's red Soldier came back to him
    q, entries = at("game-4p-introductory", 76)
    assert GAME.format(entries[76]) == "reveal PREV RSOL"
    assert texts(GAME.completions(q, "reveal PREV")) == ["RSOL"]
    assert fewest(q, "reveal PREV RSOL") == 3  # r, a digit for the purple Revolutionary, Enter takes the red Soldier
    q, entries = at("game-2p-timeline", 108)  # Aki is known to hold the green Peddler and the black Guard
    assert GAME.format(entries[108]) == "reveal KGUA GPED" and texts(GAME.completions(q, "reveal")) == ["KGUA", "GPED"]
    assert fewest(q, "reveal KGUA GPED") == 3


def test_every_reveal_of_the_examples_takes_at_most_thirty_keys():
    keys = []
    for name in EXAMPLES:
        header, entries = GAME.split(EXAMPLES[name])
        p = GAME.new(header)
        for e in entries:
            if "reveal" in e:
                keys.append(fewest(p, GAME.format(e)))
            p = GAME.apply(p, e)
    assert len(keys) == 12 and max(keys) <= 30


# --- cards: the likeliest first, few keys each ------------------------------------------------------------


def test_after_a_lead_the_cards_of_its_suit_come_first_and_bust_after_every_card_she_may_hold():
    p, _ = at("game-4p-introductory", 6)  # Dan led the black Revolutionary
    assert say(GAME.prompt(p)) == "Aki to play: any card (Dan led the black Revolutionary)."
    moves = texts(GAME.completions(p))
    blacks = [t for t in moves if t[0] == "K"]
    assert moves[: len(blacks)] == blacks and moves[len(blacks)][1:] == "REV"  # then the other Revolutionaries
    p, entries = at("game-4p-introductory", 45)  # Chie busts: the pot asks for the Guard
    assert entries[45] == {"bust": "Chie"}
    # she may hold a Guard the table has not seen: the bust is offered after them, never first
    moves = texts(GAME.completions(p))
    assert moves[-1] == "bust" and all(m[1:] == "GUA" for m in moves[:-1]) and len(moves) > 1
    assert say(GAME.prompt(p)) == "Chie to play: follow Guard (or bust)."
    p, entries = at("game-4p-introductory", 64)  # Aki busts; bust is offered after her five followers
    assert texts(GAME.completions(p))[-1] == "bust" and len(GAME.completions(p)) == 6


def test_a_card_takes_at_most_six_keys_on_average_with_its_effect():
    per_game = {}
    for name in EXAMPLES:
        header, entries = GAME.split(EXAMPLES[name])
        p = GAME.new(header)
        keys = []
        for e in entries:
            if "play" in e or "bust" in e:
                keys.append(fewest(p, "bust" if "bust" in e else GAME.format(e)))
            p = GAME.apply(p, e)
        per_game[name] = sum(keys) / len(keys)
    assert all(k <= 6 for k in per_game.values()), per_game
    assert round(per_game["game-4p-introductory"], 1) == 3.9


def test_a_whole_example_game_typed_by_the_shortest_starts_of_its_words():
    header, entries = GAME.split(EXAMPLES["game-4p-introductory"])
    p = GAME.new(header)
    for e in entries:
        line = GAME.format(e)
        if line.startswith(("round", "reveal", "bust")):  # a keyword, then its words by their starts
            head, _, rest = line.partition(" ")
            short = " ".join([head, *shortest_line(p, line).split()[1:]]) if rest and head != "bust" else head
        else:
            short = shortest_line(p, line)
        assert GAME.parse(short, p) == e, (line, short)
        p = GAME.apply(p, e)
    assert [(s.player, s.total) for s in p.scored.standings.places] == [
        ("Chie", 11),
        ("Aki", 16),
        ("Ben", 17),
        ("Dan", 29),
    ]
    assert shortest_line(GAME.replay(header, entries[:1]), "YPED Dan") == "yp d"


# --- what the table is told, and what comes next ---------------------------------------------------------


def test_the_table_is_told_who_played_what_and_who_busted_and_why():
    header, entries = GAME.split(EXAMPLES["game-4p-introductory"])
    said = []
    p = GAME.new(header)
    for e in entries[:5]:
        q = GAME.apply(p, e)
        said.append(say_all(GAME.told(p, q)))
        p = q
    assert said == [
        ["Round 1 is set up: Chie leads."],
        ["Chie played the yellow Peddler: trades a card with Dan."],
        ["Dan played the blue Brigand: passes the green Nomad from their tableau to Ben."],
        ["Aki played the red Magician: trashes the purple Brigand from their tableau."],
        [
            "Ben played the white Soldier: puts the green Brigand from their hand into Chie's tableau.",
            "Everyone followed (no match: no suit or hero in the pot), so Dan, the Trickster, busts and takes "
            "the pot: YPED BBRI RMAG WSOL.",
        ],
    ]
    assert say_all(GAME.told(GAME.replay(header, entries[:4]), p), "ja")[1] == (
        "全員がフォロー（適合なし：卓中央にない模様と英雄）したので、トリックスターのDanがドボン："
        "卓中央の4枚（黄行商人、青野盗、赤手品師、白兵士）を取る。"
    )
    before, after = GAME.replay(header, entries[:45]), GAME.replay(header, entries[:46])
    assert say_all(GAME.told(before, after)) == [
        "Chie busts: no card in their hand follows (follow Guard). Takes the pot: KGUA YGUA."
    ]


def test_a_round_that_ends_its_scores_and_the_winner_are_told():
    header, entries = GAME.split(EXAMPLES["game-4p-introductory"])
    before, after = GAME.replay(header, entries[:108]), GAME.replay(header, entries[:109])
    assert say_all(GAME.told(before, after)) == [
        "Dan busts: no card in their hand follows (follow Soldier). Takes the pot: OSOL WSOL.",
        "Round 3 is over: Chie's hand is empty.",
    ]
    end = GAME.replay(header, entries)
    assert say_all(GAME.told(after, end)) == [
        "Round 3 trouble points: Aki 7, Ben 6, Chie 5, Dan 10. Totals: Aki 16, Ben 17, Chie 11, Dan 29.",
        "The game is over: Chie wins with 11 trouble points.",
    ]
    assert say_all(GAME.told(after, end), "ja") == [
        "第3ラウンドのトラブルポイント：Aki 7・Ben 6・Chie 5・Dan 10。合計：Aki 16・Ben 17・Chie 11・Dan 29。",
        "ゲーム終了：Chieの勝ち（11トラブルポイント）。",
    ]
    assert (
        say(GAME.prompt(end)) == "The game is over: Chie wins with 11 trouble points." and GAME.completions(end) == []
    )


def test_every_trickster_word_is_in_english_and_japanese_with_the_same_values():
    ours = [k for k in keys() if k.startswith("trickster.")]
    assert "trickster.played" in ours and "trickster.trouble" in ours
    for key in ours:
        en, ja = template(key, "en"), template(key, "ja")
        assert en and ja, key
        english, japanese = placeholders(key)
        # where one language leaves a value out (a bust in Japanese counts the cards taken, 卓中央の
        # 4枚（…）を取る, where the English lists them), ``test_words`` says why
        assert english == japanese or key in SAYS_MORE, key


def test_the_last_trick_of_the_game_is_told_to_an_english_and_a_japanese_viewer_at_once():
    header, entries = GAME.split(EXAMPLES["game-4p-introductory"])
    after, end = GAME.replay(header, entries[:109]), GAME.replay(header, entries)
    told = GAME.told(after, end)  # one telling, two viewers
    assert say_all(told) == [
        "Round 3 trouble points: Aki 7, Ben 6, Chie 5, Dan 10. Totals: Aki 16, Ben 17, Chie 11, Dan 29.",
        "The game is over: Chie wins with 11 trouble points.",
    ]
    assert say_all(told, "ja") == [
        "第3ラウンドのトラブルポイント：Aki 7・Ben 6・Chie 5・Dan 10。合計：Aki 16・Ben 17・Chie 11・Dan 29。",
        "ゲーム終了：Chieの勝ち（11トラブルポイント）。",
    ]
    # what a page sends to a browser comes back as the same words
    assert say_all([from_json(fact.as_json()) for fact in told], "ja") == say_all(told, "ja")


def test_each_rounds_trouble_is_told_in_the_viewers_language_straight_after_an_entry():
    """A round's score parts used to stay English after an entry unless the session had been opened
    in Japanese; now the same parts are told to each viewer in theirs."""
    header, entries = GAME.split(EXAMPLES["game-4p-introductory"])
    p = GAME.apply(GAME.replay(header, entries[:-1]), entries[-1])
    assert say_all(p.scored.details)[:3] == [
        "Round 1",
        "  Aki: 5 trouble (sole majority, not counted: 2 yellow, 3 blue, 3 black)",
        "  Ben: 6 trouble (sole majority, not counted: 3 white)",
    ]
    assert say_all(p.scored.details, "ja")[:3] == [
        "第1ラウンド",
        "  Aki：5トラブルポイント（単独最多で免除：黄・青・黒）",
        "  Ben：6トラブルポイント（単独最多で免除：白）",
    ]


def test_a_timeline_round_and_the_inventors_card_are_told_where_they_go():
    p, entries = at("game-2p-timeline", 0)
    q = GAME.apply(p, entries[0])
    assert say_all(GAME.told(p, q)) == [
        "Round 1 is set up: Aki holds the Trickster token; each Timeline card is recorded as it leads."
    ]
    p, q = q, GAME.apply(q, entries[1])
    assert say_all(GAME.told(p, q)) == ["The Timeline leads trick 1 with the yellow Witness; Aki plays first."]
    assert say(GAME.prompt(q)) == "Aki to play: any card (the Timeline led the yellow Witness)."
    p, entries = at("game-5p-strategy", 5)
    assert say_all(GAME.told(p, GAME.apply(p, entries[5])))[0] == (
        "Emi played the purple Inventor: turns up the yellow Witness, which goes to the trash."
    )


def test_the_leaders_bust_under_the_house_rule_is_told_with_the_rule():
    game = Header(
        ("Aki", "Ben", "Chie", "Dan"),
        Deck.of(["Noble", "Beast", "Inventor", "Guard", "Brigand", "Magician", "Soldier"]),
        0,
        HouseRules(special_case_buster="leader"),
    )
    events, _ = play_game(game, 0)
    header, entries = GAME.split(to_record(game, [public(e) for e in events]))
    before, after = GAME.replay(header, entries[:41]), GAME.replay(header, entries[:42])
    assert say_all(GAME.told(before, after))[1] == (
        "Everyone followed (no match: no suit or hero in the pot); the Leader's own effect put the second card "
        "in the pot, so (house rule special_case_buster=leader) Dan, the Leader, busts and takes the pot: "
        "YBEA KNOB GMAG RSOL PINV WBRI."
    )
    assert (
        say(GAME.variant(header))
        == "heroes: Brigand, Guard, Inventor, Magician, Soldier, Noble, Beast, the Leader busts in the special case"
    )


def test_the_prompt_follows_the_state_and_never_offers_a_bust_the_rules_refuse():
    p = GAME.new({"players": ["Aki", "Ben", "Chie", "Dan"], "first": "Chie"})
    assert say(GAME.prompt(p), "ja") == (
        "第1ラウンドの準備：捨て札6枚、Aki、Ben、Chie、Danの場札。得点表だけでも記録できます。"
    )
    p, _ = at("game-5p-strategy", 4)  # Dan holds the orange Scion the Doctor gave him, and it follows
    assert say(GAME.prompt(p)) == "Dan to play: no match: no suit or hero in the pot."
    assert "bust" not in texts(GAME.completions(p))
    p, _ = at("game-4p-introductory", 29)
    assert say(GAME.prompt(p), "ja") == "手札を公開：残りの手札を席順に（Aki 4枚、Chie 2枚、Dan 5枚）。"
    p, _ = at("game-4p-introductory", 30)
    assert say(GAME.prompt(p)) == (
        "Round 2: type round, the 6 trash cards, then the tableau cards of Aki, Ben, Chie and Dan."
    )
    assert texts(GAME.completions(p)) == ["round"]


def test_a_scoresheet_is_told_its_rounds_and_its_winner():
    record = json.loads((ROOT / "examples/trickster/scoresheet-5p-tiebreak.json").read_text())
    header, entries = GAME.split(record)
    p = GAME.new(header)
    told = []
    for e in entries:
        q = GAME.apply(p, e)
        told.append(say_all(GAME.told(p, q)))
        p = q
    assert told[0][0].startswith("Round 1 trouble points: ")
    assert told[-1][-1].startswith("The game is over: ") and say(GAME.prompt(p)) == told[-1][-1]
    assert say(GAME.prompt(GAME.new(header))).startswith("Round 1: type round")


def test_the_variant_names_the_deck_the_timeline_and_the_house_rules_in_table_words():
    assert say(GAME.variant({"players": ["Aki", "Ben", "Chie", "Dan"]})) == ""
    assert say(GAME.variant({"players": ["Aki", "Ben"]})) == "Timeline"  # 2–3 players play with it
    assert say(GAME.variant({"players": ["Aki", "Ben", "Chie", "Dan"], "deck": "strategy"})) == "Strategy deck"
    header = {
        "players": ["Aki", "Ben", "Chie"],
        "deck": "strategy",
        "settings": {"trash_pick": "top", "copy_copiers": True},
    }
    assert say(GAME.variant(header)) == "Strategy deck, Timeline, copiers may copy copiers, top trash card only"
    assert say(GAME.variant(header), "ja") == "戦略デッキ、タイムライン、コピー効果もコピー可、捨て札は一番上だけ"


def test_the_heading_names_who_plays_first_but_the_variant_does_not():
    """Who plays first (the first Leader; with the Timeline the first to hold the Trickster token)
    is said in the table's heading when it is not the first player; it is the same game whoever
    starts, so the statistics and BG Stats' board never see it."""
    four = {"players": ["Aki", "Ben", "Chie", "Dan"], "deck": "introductory", "first": "Chie"}
    assert say(GAME.variant(four)) == "" and say(GAME.heading(four)) == "Chie starts"
    assert say(GAME.heading(four), "ja") == "Chieから"
    three = {"players": ["Aki", "Ben", "Chie"], "first": "Ben", "settings": {"trash_pick": "top"}}
    assert say(GAME.variant(three)) == "Timeline, top trash card only"
    assert say(GAME.heading(three)) == "Timeline, top trash card only, Ben starts"
    assert say(GAME.heading(three), "ja") == "タイムライン、捨て札は一番上だけ、Benから"
    assert say(GAME.heading({"players": ["Aki", "Ben"], "first": "Aki"})) == "Timeline"  # the default: not said
    deck = GAME.options()[0]
    assert [deck.label(c, "ja") for c in deck.choices] == ["入門デッキ", "戦略デッキ"]


# --- refusals number entries as the log does ------------------------------------------------------------


def test_a_refusal_numbers_the_entry_as_the_log_does():
    p, _ = at("game-4p-introductory", 33)  # 33 entries in the log: the next is entry 34
    with pytest.raises(RuleViolation) as err:
        GAME.apply(p, GAME.parse("ONOM", p))  # the orange Nomad lies in the trash
    assert err.value.reason.startswith("Entry 34: ") and err.value.message("ja").startswith("記録34：")
    p, _ = at("game-4p-introductory", 1)
    with pytest.raises(RuleViolation, match=r"^Entry 2: "):
        GAME.apply(p, GAME.parse("reveal", p))


# --- a refusal gives the true reason ------------------------------------------------------------------------


def test_a_smuggler_that_keeps_and_gives_the_same_card_is_told_the_two_cards_differ():
    """Round 3, trick 2: Chie's red Smuggler reveals two of Ben's cards, keeps the black General
    and gives the green Noble to Aki. Typed with the General kept and given, the reason is not
    where the General is (it is in Ben's hand) but that the two revealed cards are two cards."""
    p, entries = at("game-3p-timeline-gambit", 68)
    assert GAME.format(entries[68]) == "RSMU KGEN GNOB Ben Aki"
    with pytest.raises(RuleViolation) as err:
        GAME.apply(p, GAME.parse("RSMU KGEN KGEN Ben Aki", p))
    assert err.value.rule == "trickster.hero.smu"
    assert err.value.reason == (
        "Entry 69: The Smuggler reveals two different cards from Ben's hand: the black General (KGEN) "
        "it keeps cannot also be the card it gives."
    )
    assert err.value.message("ja") == (
        "記録69：密輸業者はBenの手札から異なる2枚を公開します：自分のものにする黒の将軍（KGEN）を、"
        "渡すカードにもすることはできません。"
    )
    assert "KGEN" not in texts(GAME.completions(p, "RSMU KGEN"))  # and it is never offered


def test_a_leader_who_busts_is_told_the_pot_is_empty_and_the_trickster_that_it_holds_the_lead():
    """Round 1 of the four-player game: Chie leads into an empty pot; then Dan, the Trickster,
    faces only her yellow Peddler. Neither may bust, each for what the pot really holds."""
    p, entries = at("game-4p-introductory", 1)
    assert entries[1]["by"] == "Chie"
    with pytest.raises(RuleViolation) as err:
        GAME.apply(p, GAME.parse("bust", p))
    assert err.value.rule == "trickster.bust"
    assert err.value.reason == (
        "Entry 2: Chie cannot bust: Chie leads, and into an empty pot any card may be played; "
        "a player must play when able."
    )
    assert err.value.message("ja") == (
        "記録2：Chieはドボンできません：Chieがリードで、空の卓中央にはどのカードでも出せます。"
    )
    p, entries = at("game-4p-introductory", 2)
    with pytest.raises(RuleViolation) as err:
        GAME.apply(p, GAME.parse("bust", p))
    assert err.value.reason == (
        "Entry 3: Dan cannot bust: with only the lead card in the pot any card may be played, "
        "and a player must play when able."
    )


# --- the board at 80 columns, in Japanese with no English -------------------------------------------------


@pytest.mark.parametrize("name", list(EXAMPLES))
def test_the_board_fits_80_columns_and_japanese_keeps_no_english(name):
    header, entries = GAME.split(EXAMPLES[name])
    players = header["players"]
    for n in range(0, len(entries) + 1, 7):
        p = GAME.replay(header, entries[:n])
        for lang in ("en", "ja"):
            b = board(p, lang)
            assert b.totals and all(cell_len(line) <= 78 for line in b.text.splitlines()), (n, lang, b.text)
        text = board(p, "ja").text
        for word in ("tableau Aki=R3,B1", *players, "F1", "round", "reveal"):
            text = text.replace(word, "")
        assert not re.search("[A-Za-z]", text), (n, text)


def test_the_board_counts_this_rounds_trouble_and_the_games_total():
    p, _ = at("game-4p-introductory", 40)
    en = board(p).text.splitlines()
    assert en[0] == "name    R  O  Y  G  B  P  K  W    trouble  total  hand"
    assert board(p, "ja").text.splitlines()[0] == "名前    赤 橙 黄 緑 青 紫 黒 白  トラブル   合計  手札"
    totals = {line.split()[0]: int(line.split()[-2]) for line in en[1:5]}
    trouble = {line.split()[0]: int(line.split()[-3]) for line in en[1:5]}
    assert trouble == {"Aki": 0, "Ben": 0, "Chie": 4, "Dan": 3}  # round 2 so far
    assert totals == {"Aki": 5, "Ben": 6, "Chie": 8, "Dan": 14}  # and round 1's 5, 6, 4 and 11


def test_the_explorer_and_the_inventor_say_where_each_card_goes_as_the_engine_puts_it():
    """The issue's Japanese game: ``⏎ OEXP GEXP psca`` said nothing of which card goes to the hand
    and which under the deck, nor where the Inventor's card goes. Every Inventor of the worked
    games: each card offered says the pot or the trash, and recording it puts it there."""
    from scoring.trickster.cards import parse

    checked = explored = 0
    for record in EXAMPLES.values():
        header, entries = GAME.split(record)
        p = GAME.new(header)
        for entry in entries:
            line = GAME.format(entry)
            if line[1:4] == "INV" and "play" in entry:
                for choice in GAME.completions(p, line.split()[0] + " "):
                    after = GAME.apply(p, GAME.parse(f"{line.split()[0]} {choice.text}", p))
                    trashed = parse(choice.text, p.state.game.deck) in after.state.trash
                    assert say(choice.label).split(" → ")[1].startswith("to the trash" if trashed else "joins the pot")
                    checked += 1
            if line[1:4] == "EXP" and "play" in entry and len(line.split()) == 3:  # both cards named
                first = GAME.completions(p, line.split()[0] + " ")[0]
                second = GAME.completions(p, f"{line.split()[0]} {line.split()[1]} ")[0]
                assert " → into the player's hand — " in say(first.label)
                assert " → under the deck — " in say(second.label) and "山札の下へ" in say(second.label, "ja")
                explored += 1
            p = GAME.apply(p, entry)
    assert checked > 20 and explored > 0


def test_a_card_lying_face_up_is_refused_for_where_it_lies_even_when_it_could_not_follow():
    """The issue: YPED (already on the table) and GPED (in the trash) were refused by the follow
    rule, as if the player held them. Entry 4 of the 4-player game: the pot says no match."""
    p, _ = at("game-4p-introductory", 3)
    for line, where in (("GPED", "in the trash"), ("PBRI", "in Aki's tableau")):
        with pytest.raises(RuleViolation) as refused:
            GAME.apply(p, GAME.parse(line, p))
        assert refused.value.rule == "trickster.cards" and f"is {where}, not in Aki's hand" in refused.value.message()
