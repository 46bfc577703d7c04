"""Trickster behind the one game contract: every entry has a typed line, what ``legal`` offers the
table is what ``apply`` accepts (an effect's targets included), and the simulator plays only what
the engine's ``legal`` and the effect's ``options`` allow."""

import json
import os
import random
from dataclasses import replace
from functools import partial
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring.errors import RuleViolation
from scoring.registry import get
from scoring.trickster.cards import Deck, heroes
from scoring.trickster.effects import COPIERS, YES, hero_code, resolvable, staying
from scoring.trickster.engine import apply, laid, legal
from scoring.trickster.events import Bust, CardPlayed, Effect
from scoring.trickster.game import GAME
from scoring.trickster.settings import HouseRules
from scoring.trickster.simulator import play_game, public
from scoring.trickster.state import Header, new_game
from scoring.trickster.targets import TARGETS, complete, fields_of, options, secret
from scoring.words import say
from tests.engines import positions
from tests.engines.trickster_tables import games  # the same random tables as the engine's property tests

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = sorted(p for p in (ROOT / "examples/trickster").glob("*.json") if not p.name.endswith(".expected.json"))
GAME_4P = json.loads((ROOT / "examples/trickster/game-4p-introductory.json").read_text())
NAMES = ("Aki", "Ben", "Chie", "Dan", "Emi", "Fumi", "Gen")
CHECK = settings(
    max_examples=int(os.environ.get("TRICKSTER_EXAMPLES", "40")),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
SETUP_4P = "round trash=GPED,BSOL,KMAG,PMAG,WNOM,WREV tableau=Aki:PBRI,Ben:PREV,Chie:OGUA,Dan:GNOM"


after = partial(positions.after, GAME)
typed_through = partial(positions.typed_through, GAME)
texts = positions.texts


def started(players=4, **header):
    p = GAME.new({"players": list(NAMES[:players]), **header})
    return GAME.apply(p, GAME.parse(SETUP_4P, p)) if players == 4 else p


def test_the_registry_gives_the_trickster_game():
    assert get("trickster") is GAME
    assert GAME.players == (2, 3, 4, 5, 6, 7)
    assert GAME.header_keys == {"players", "deck", "first", "settings"}
    deck, first, *rules = GAME.options()
    assert (deck.name, deck.default, deck.choices, deck.house_rule) == (
        "deck",
        "introductory",
        ("introductory", "strategy"),
        False,
    )
    assert (first.name, first.house_rule) == ("first", False)
    assert [r.name for r in rules] == list(HouseRules.DOCS) and all(r.house_rule for r in rules)
    assert "デッキ" not in deck.text("en") and "プリセット" in deck.text("ja")


def test_the_setup_card_says_how_many_cards_each_player_is_dealt():
    assert "then 10 cards each" in GAME.setup(4)
    assert "then 7 cards each" in GAME.setup(7)
    assert "各自に11枚配る" in GAME.setup(3, "ja")
    assert "then 7–11 cards each" in GAME.setup(0)  # no players typed yet


def test_the_rules_end_with_a_section_for_every_hero():
    ids = [s.id for s in GAME.rules()]
    assert "trickster.bust" in ids
    assert [i for i in ids if i.startswith("trickster.hero.")] == [f"trickster.hero.{h.code.lower()}" for h in heroes()]
    assert next(s for s in GAME.rules("ja") if s.id == "trickster.hero.gua").title == "護衛"


def test_the_arbiter_rules_on_the_pot():
    lines = GAME.arbitrate(["RGUA", "BSOL"], {"pot": ["RBRI", "RMAG"], "deck": "introductory", "settings": {}})
    assert lines[1] == "The red Guard may be played: it fits (follow red)."
    assert lines[2].startswith("The blue Soldier may not follow")


# --- every entry has a line ------------------------------------------------------------------------


def test_a_copied_effect_resolved_in_secret_has_a_line():
    entry = {"play": "RARC", "by": "Aki", "effect": {"copy": "KSCI", "then": {}}}
    p = GAME.new({"players": ["Aki", "Ben", "Chie", "Dan"], "deck": "strategy"})
    p = GAME.apply(p, GAME.parse("round GARC BDOC KEXP PINV WSCA KSCI PWIT PDOC OARC GSCA", p))
    assert GAME.format(entry) == "RARC KSCI -"
    assert GAME.parse("RARC KSCI -", p) == GAME.parse("RARC copy=KSCI then=-", p) == entry  # Aki leads


# --- what the table is offered -----------------------------------------------------------------------


def test_the_first_leader_may_lead_any_card_not_face_up_and_may_not_bust():
    p = started(4, first="Chie")
    assert GAME.to_play(p) == "Chie"
    moves = GAME.completions(p)
    assert len(moves) == 56 - 6 - 4 and "bust" not in texts(moves)
    assert moves[0].text == "RBRI" and say(moves[0].label) == "red Brigand"
    assert not {"GPED", "PBRI", "OGUA"} & set(texts(moves))  # in the trash, in tableaus


def test_a_guard_is_offered_the_cards_in_enemy_tableaus_and_never_asked_their_owner():
    p = started(4, first="Chie")
    assert [say(m.label) for m in GAME.completions(p, "RGUA")] == [
        "purple Brigand — in Aki's tableau",
        "purple Revolutionary — in Ben's tableau",
        "green Nomad — in Dan's tableau",
    ]
    assert (
        GAME.completions(p, "RGUA GNOM") == GAME.completions(p, "RGUA card=GNOM") == []
    )  # Dan's card: Dan is the enemy
    assert GAME.completions(p, "RGUA card=GNOM enemy=Dan") == []
    assert GAME.completions(p, "RGUA OGUA") == []  # Chie's own tableau card: no completion
    with pytest.raises(RuleViolation, match="orange Guard is in Chie's own tableau"):
        GAME.parse("RGUA OGUA", p)
    ja = GAME.completions(p, "RREV")
    assert say(ja[0].label, "ja") == "緑の行商人 — 捨て札" and len(ja) == 6


def test_a_peddler_is_offered_the_enemies_only_never_the_secret_cards():
    p = started(4, first="Chie")
    assert texts(GAME.completions(p, "RPED")) == ["Dan", "Aki", "Ben"]  # clockwise from Chie
    assert GAME.completions(p, "RPED Ben") == GAME.completions(p, "RPED enemy=Ben") == []


def test_a_scion_whose_moves_are_all_secret_is_completed_with_a_dash():
    p = GAME.new({"players": ["Aki", "Ben", "Chie", "Dan"], "deck": "strategy"})
    p = GAME.apply(
        p, GAME.parse("round trash=GARC,BDOC,KEXP,PINV,WSCA,WSCI tableau=Aki:PWIT,Ben:PDOC,Chie:OARC,Dan:GSCA", p)
    )
    assert [(m.text, say(m.label)) for m in GAME.completions(p, "RSCI")] == [("-", "resolved in secret")]
    assert GAME.completions(p, "RSCI -") == []
    GAME.apply(p, GAME.parse("RSCI -", p))
    with pytest.raises(RuleViolation, match="must be"):
        GAME.apply(p, GAME.parse("RSCI", p))  # the deck has cards: the effect must resolve
    # an Archivist copying the Scion in the trash: the copied draw is secret too
    assert "WSCI" in texts(GAME.completions(p, "RARC"))
    assert texts(GAME.completions(p, "RARC WSCI")) == texts(GAME.completions(p, "RARC copy=WSCI")) == ["-"]
    GAME.apply(p, GAME.parse("RARC WSCI -", p))
    GAME.apply(p, GAME.parse("RARC copy=WSCI then=-", p))


def test_a_doctor_under_distinct_enemies_is_never_offered_the_first_enemy_twice():
    p = GAME.new({"players": ["Aki", "Ben", "Chie", "Dan"], "deck": "strategy", "settings": {"distinct_enemies": True}})
    p = GAME.apply(
        p, GAME.parse("round trash=GARC,BDOC,KEXP,PINV,WSCA,WSCI tableau=Aki:PWIT,Ben:PDOC,Chie:OARC,Dan:GSCA", p)
    )
    # the green Scavenger lies in Dan's tableau: Dan is the first enemy, the second is asked
    assert (
        texts(GAME.completions(p, "RDOC GSCA"))
        == texts(GAME.completions(p, "RDOC card=GSCA enemy=Dan"))
        == ["Ben", "Chie"]
    )
    with pytest.raises(RuleViolation, match="distinct_enemies"):
        GAME.apply(p, GAME.parse("RDOC GSCA", p))
    with pytest.raises(RuleViolation, match="distinct_enemies"):
        GAME.apply(p, GAME.parse("RDOC GSCA Dan", p))  # Dan named as the second enemy too
    assert GAME.apply(p, GAME.parse("RDOC GSCA c", p)).entries[-1]["effect"] == {
        "card": "GSCA",
        "enemy": "Dan",
        "enemy2": "Chie",
    }


def test_under_trash_pick_top_only_the_top_trash_card_is_offered():
    p = started(4, settings={"trash_pick": "top"})
    assert texts(GAME.completions(p, "RREV")) == ["WREV"]


def test_bust_is_offered_once_the_pot_holds_two_cards():
    p = started(4, first="Chie")
    p = GAME.apply(p, GAME.parse("RGUA card=GNOM enemy=Dan", p))
    assert "bust" not in texts(GAME.completions(p))  # only the lead card in the pot: any card may be played
    p = GAME.apply(p, GAME.parse("OSOL card=YBRI enemy=Aki", p))  # Dan puts a card in Aki's tableau
    moves = GAME.completions(p)
    assert GAME.to_play(p) == "Aki" and moves[-1].text == "bust" and "bust" in say(moves[-1].label)
    # no match: Aki may play a card sharing neither suit nor hero with the pot's red Guard and orange Soldier
    assert "YNOM" in texts(moves) and "YBRI" not in texts(moves)  # that one lies in her tableau now
    assert not any(t[0] in "RO" or t[1:] in ("GUA", "SOL") for t in texts(moves)[:-1])
    p = GAME.apply(p, GAME.parse("bust", p))
    assert GAME.to_play(p) == "Aki"  # the buster leads the next trick
    # and her bust showed she holds no card that could have followed: she leads red, orange, a Guard or a Soldier
    leads = texts(GAME.completions(p))
    assert leads and all(t[0] in "RO" or t[1:] in ("GUA", "SOL") for t in leads)
    assert "YNOM" not in leads and "ONOM" in leads


def test_a_scoresheet_offers_only_its_next_line():
    p = GAME.new({"players": ["Aki", "Ben"]})
    p = GAME.apply(p, GAME.parse("tableau Aki=R3,B1 Ben=B2,G1", p))
    assert GAME.to_play(p) is None and texts(GAME.completions(p)) == ["tableau"] and GAME.completions(p, "RGUA") == []
    for _ in range(2):
        p = GAME.apply(p, GAME.parse("tableau a=R3,B1 b=B2,G1", p))  # names by their start
    assert p.finished and GAME.completions(p) == []


def test_every_move_offered_in_a_real_game_is_accepted_once_its_effect_is_named():
    """The four-player example after every tenth entry: each card offered, with the first choice
    offered at each step of its effect, and bust when offered, is accepted; so is every choice for
    the real card's first field."""
    header, entries = GAME.split(GAME_4P)
    rng = random.Random(5)
    for n in range(1, len(entries), 10):
        p = GAME.replay(header, entries[:n])
        moves = GAME.completions(p)
        if "play" in entries[n]:
            assert entries[n]["play"] in texts(moves)  # what really came next is offered
        for m in rng.sample(moves, min(8, len(moves))):
            GAME.apply(p, GAME.parse(typed_through(p, m.text), p))
        if "play" in entries[n]:
            for first in GAME.completions(p, entries[n]["play"]):
                line = typed_through(p, f"{entries[n]['play']} {first.text}", pick=rng.choice)
                GAME.apply(p, GAME.parse(line, p))


# --- the engine's legal, shared by the table and the simulator -----------------------------------------


def test_one_table_says_what_each_effect_names_and_what_stays_secret():
    """``TARGETS`` is the one list of each hero's fields (the resolvers' reads, checked in
    test_labels): the Peddler's trade, the Scion's draw and the card he puts back, and the card the
    Saint moves are secret; a copier names only the card it copies; the table names the cards
    first, then the players, in whatever order they are chosen."""
    assert {h: secret(h) for h in TARGETS if secret(h)} == {
        "PED": ("card", "card2"),
        "SCI": ("card", "card2"),
        "SAI": ("card",),
    }
    for hero in heroes():
        assert (hero.code in COPIERS) == (fields_of(hero.code) == ("copy",)), hero.name
    assert fields_of("SMU") == ("card", "card2", "enemy", "enemy2")
    assert [slot.field for slot in TARGETS["SMU"]] == ["enemy", "card", "card2", "enemy2"]  # chosen in this order


def test_a_copied_card_is_kept_in_place_for_every_hero_whose_effect_could_move_it():
    """A copied card lies in the trash or the copier's own tableau or hand: for a hero whose effect
    takes a card from one of those (or resolves another card's effect: the copiers, the Inventor
    under inventor_resolves), the copy resolves with that card kept in place; for the others the
    state is shared as it is."""
    own = {"_own_tableau", "_trash_card", "_tableau_follower", "_own_hand", "_own_follower", "_put_under"}
    movers = {h for h, slots in TARGETS.items() if any(slot.values.__name__ in own for slot in slots)}
    movers |= {*COPIERS, "INV"}
    s = new_game(Header(("Aki", "Ben"), Deck.preset("introductory")))
    for i, hero in enumerate(heroes()):
        assert (staying(s, i << 3) is not s) == (hero.code in movers), hero.name
    s = new_game(Header(("Aki", "Ben"), Deck.preset("introductory"), rules=HouseRules(copied_card_moves=True)))
    assert all(staying(s, i << 3) is s for i in range(len(heroes())))


def _named(x: Effect, prefix: str = ""):
    for f in ("card", "card2", "enemy", "enemy2", "copy"):
        if getattr(x, f) is not None:
            yield prefix + f, getattr(x, f)
    if x.then is not None:
        yield from _named(x.then, prefix + "then.")


def _without(x: Effect, field: str) -> Effect:
    head, _, rest = field.partition(".")
    return replace(x, then=_without(x.then, rest)) if rest else replace(x, **{head: None})


@CHECK
@given(games, st.integers(0, 2**32 - 1))
def test_the_simulator_plays_only_what_legal_and_the_effect_options_allow(game, seed):
    """Every card or bust the simulator chose is one of ``legal(state)``; every target its effect
    names is among ``options`` for that field, the others as chosen. With the hands known a bust
    is legal only when no card is, and ``resolvable`` says YES exactly when a resolution exists
    (strict targets)."""
    events, _ = play_game(game, seed)
    s = new_game(game)
    for e in events:
        if isinstance(e, (CardPlayed, Bust)):
            moves = legal(s)
            assert (replace(e, effect=None) if isinstance(e, CardPlayed) else e) in moves
            assert [m for m in moves if isinstance(m, Bust)] in ([], moves)
        if isinstance(e, CardPlayed):
            w, h = laid(s, e.player, e.card), hero_code(e.card)
            if game.rules.strict_targets:
                assert (resolvable(w, e.player, h) == YES) == (complete(w, e.player, h, Effect()) is not None)
            for field, value in _named(e.effect or Effect()):
                assert value in options(w, e.player, h, _without(e.effect, field), field)
        s = apply(s, e)


@CHECK
@given(games, st.integers(0, 2**32 - 1))
def test_what_really_happened_is_always_among_what_the_table_is_offered(game, seed):
    """The table tracker sees only the public events; what was really played is always among its
    ``legal`` moves, and every target the table named among the checked ``options``."""
    events, _ = play_game(game, seed)
    s = new_game(game)
    for e in map(public, events):
        if isinstance(e, (CardPlayed, Bust)):
            assert (replace(e, effect=None) if isinstance(e, CardPlayed) else e) in legal(s)
        if isinstance(e, CardPlayed) and e.effect is not None:
            w, h = laid(s, e.player, e.card), hero_code(e.card)
            for field, value in _named(e.effect):
                assert value in options(w, e.player, h, _without(e.effect, field), field, check=True)
        s = apply(s, e)
