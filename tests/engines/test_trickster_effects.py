"""Every hero's effect as the card moves it makes, resolved completely or not at all."""

import pytest

from scoring.errors import RuleViolation
from scoring.trickster.cards import Deck, code, parse
from scoring.trickster.effects import NO, YES, copies, resolvable
from scoring.trickster.engine import apply, laid
from scoring.trickster.events import CardPlayed, Effect
from scoring.trickster.settings import HouseRules
from scoring.trickster.simulator import play_game, public
from scoring.trickster.state import NO_MATCH, UNKNOWN, Header, new_game
from scoring.trickster.targets import complete, options
from tests.engines.tables import effect, hand_codes, play, table, tableau_codes

INTRO = dict(trash=["KBRI", "KGUA", "KMAG", "KNOM", "KPED", "KREV"], tableau=["WBRI", "WGUA", "WMAG", "WNOM"])
STRATEGY = dict(
    deck="strategy", trash=["KARC", "KDOC", "KEXP", "KINV", "KSCA", "KSCI"], tableau=["WARC", "WDOC", "WEXP", "WINV"]
)
GAMBIT = dict(
    deck=["General", "Hunter", "Noble", "Saint", "Shaman", "Smuggler", "Vigilante"],
    trash=["KGEN", "KHUN", "KNOB", "KSAI", "KSHA", "KSMU"],
    tableau=["WGEN", "WHUN", "WNOB", "WSAI"],
)
PROMO = dict(
    deck=["Beast", "Maven", "Brigand", "Guard", "Magician", "Nomad", "Soldier"],
    trash=["KBEA", "KMAV", "KBRI", "KGUA", "KMAG", "KNOM"],
    tableau=["WBEA", "WMAV", "WBRI", "WGUA"],
)


def trash_codes(s):
    return sorted(code(c) for c in s.trash)


# --- base set -----------------------------------------------------------------------------------


def test_brigand_passes_a_tableau_card_to_an_enemy():
    s = table(4, hands={"Aki": ["RBRI"]}, **INTRO)
    s = play(s, "Aki", "RBRI", card="WBRI", enemy="Ben")
    assert tableau_codes(s, "Aki") == [] and tableau_codes(s, "Ben") == ["WBRI", "WGUA"]


def test_guard_takes_an_enemy_tableau_card_into_hand():
    s = table(4, hands={"Aki": ["RGUA"]}, **INTRO)
    s = play(s, "Aki", "RGUA", card="WNOM", enemy="Dan")
    assert "WNOM" in hand_codes(s, "Aki") and tableau_codes(s, "Dan") == []


def test_magician_throws_a_tableau_card_into_the_trash():
    s = table(4, hands={"Aki": ["RMAG"]}, **INTRO)
    s = play(s, "Aki", "RMAG", card="WBRI")
    assert "WBRI" in trash_codes(s) and tableau_codes(s, "Aki") == []


def test_nomad_moves_an_enemy_tableau_card_into_your_own():
    s = table(4, hands={"Aki": ["RNOM"]}, **INTRO)
    s = play(s, "Aki", "RNOM", card="WMAG", enemy="Chie")
    assert tableau_codes(s, "Aki") == ["WBRI", "WMAG"]


def test_peddler_trades_a_card_with_an_enemy():
    s = table(4, hands={"Aki": ["RPED", "OSOL"], "Ben": ["GREV"]}, **INTRO)
    s = play(s, "Aki", "RPED", card="OSOL", card2="GREV", enemy="Ben")
    assert "GREV" in hand_codes(s, "Aki") and "OSOL" in hand_codes(s, "Ben")
    assert [h.size for h in s.hands] == [8, 9, 9, 9]


def test_peddler_at_a_real_table_trades_in_secret():
    s = table(4, full=False, **INTRO)
    s = play(s, "Aki", "RGUA", card="WGUA", enemy="Ben")
    assert hand_codes(s, "Aki") == {"WGUA"}
    s = play(s, "Ben", "RPED", enemy="Aki")  # the traded cards stay secret
    # the tracker no longer knows whether the white Guard is still in Aki's hand
    assert hand_codes(s, "Aki") == set() and s.hands[0].size == 9
    assert len(s.unseen) == sum(h.hidden for h in s.hands) + s.deck.count(UNKNOWN)


def test_revolutionary_takes_a_trash_card_into_hand():
    s = table(4, hands={"Aki": ["RREV"]}, **INTRO)
    s = play(s, "Aki", "RREV", card="KPED")
    assert "KPED" in hand_codes(s, "Aki") and "KPED" not in trash_codes(s)


def test_soldier_places_a_hand_card_in_an_enemy_tableau():
    s = table(4, hands={"Aki": ["RSOL", "OSOL"]}, **INTRO)
    s = play(s, "Aki", "RSOL", card="OSOL", enemy="Chie")
    assert tableau_codes(s, "Chie") == ["OSOL", "WMAG"] and s.hands[0].size == 7


def test_archivist_uses_a_trash_cards_effect_and_leaves_it_there():
    s = table(4, hands={"Aki": ["RARC"]}, **STRATEGY)
    doctor = effect(s, card="WDOC", enemy="Ben", enemy2="Chie")
    s = play(s, "Aki", "RARC", copy="KDOC", then=doctor)
    assert "KDOC" in trash_codes(s)
    assert "WDOC" in hand_codes(s, "Chie") and tableau_codes(s, "Ben") == []


def test_archivist_may_not_copy_an_enemy_tableau_card():
    s = table(4, hands={"Aki": ["RARC"]}, **STRATEGY)
    with pytest.raises(RuleViolation, match="in Ben's tableau, not in the trash"):
        play(s, "Aki", "RARC", copy="WDOC", then=effect(s, card="WEXP", enemy="Chie"))


# the Archivist taking the trash's Revolutionary with that Revolutionary's own effect (house rule
# copied_card_moves: the reference reads "c does not move", the printed effect "that card stays")
COPY_DECK = ["Archivist", "Revolutionary", "Doctor", "Explorer", "Inventor", "Scavenger", "Scion"]
REV_ON_TOP = dict(
    deck=COPY_DECK,
    trash=["KDOC", "KEXP", "KINV", "KSCA", "KSCI", "KREV"],  # the black Revolutionary on top
    tableau=["WARC", "WDOC", "WEXP", "WINV"],  # Aki's own tableau: only an Archivist
)

GAMBIT_SOLDIER = dict(
    deck=["General", "Soldier", "Shaman", "Hunter", "Noble", "Saint", "Smuggler"],
    trash=["KHUN", "KNOB", "KSAI", "KSMU", "KGEN", "KSHA"],
    tableau=["WGEN", "WHUN", "WNOB", "WSAI"],
)


def test_an_archivist_using_the_trash_revolutionary_cannot_take_that_same_revolutionary():
    s = table(4, hands={"Aki": ["RARC"]}, **REV_ON_TOP)
    with pytest.raises(RuleViolation, match=r"black Revolutionary \(KREV\) is the card whose effect") as err:
        play(s, "Aki", "RARC", copy="KREV", then=effect(s, card="KREV"))
    assert err.value.rule == "trickster.house-rules" and "stays where it is" in str(err.value)
    s = play(s, "Aki", "RARC", copy="KREV", then=effect(s, card="KSCA"))  # any other trash card
    assert "KSCA" in hand_codes(s, "Aki") and "KREV" in trash_codes(s)


def test_an_archivist_whose_only_copy_would_move_the_copied_card_does_nothing():
    """Only the top trash card may be taken (trash_pick=top) and it is the black Revolutionary;
    Aki's tableau holds only an Archivist, which it may not copy. Her Archivist's one copy would
    take the Revolutionary it copies: it stays where it is, so nothing happens, and nothing must."""
    s = table(4, hands={"Aki": ["RARC"]}, trash_pick="top", **REV_ON_TOP)
    w = play(s, "Aki", "RARC", skip=True)
    assert "KREV" in trash_codes(w) and w.to_play == 1
    # the table is offered no such resolution
    w = laid(s, 0, parse("RARC", s.game.deck))
    assert options(w, 0, "ARC", effect(s, copy="KREV"), "then.card") == []


def test_with_copied_card_moves_the_archivist_takes_the_revolutionary_it_used():
    """House rule copied_card_moves on: the same Revolutionary may be taken, so it must be."""
    s = table(4, hands={"Aki": ["RARC"]}, trash_pick="top", copied_card_moves=True, **REV_ON_TOP)
    with pytest.raises(RuleViolation, match=r"can be resolved, so it must be.*copied_card_moves"):
        play(s, "Aki", "RARC", skip=True)
    s = play(s, "Aki", "RARC", copy="KREV", then=effect(s, card="KREV"))
    assert "KREV" in hand_codes(s, "Aki") and "KREV" not in trash_codes(s)


def test_a_general_showing_a_soldier_keeps_that_soldier_in_hand():
    """The General shows the orange Soldier from Aki's hand and uses its effect: the card placed in
    an enemy's tableau is another hand card, never the Soldier shown, which goes back to her hand."""
    s = table(4, hands={"Aki": ["RGEN", "OSOL", "YSHA"]}, **GAMBIT_SOLDIER)
    with pytest.raises(RuleViolation, match=r"orange Soldier \(OSOL\) is the card whose effect"):
        play(s, "Aki", "RGEN", copy="OSOL", then=effect(s, card="OSOL", enemy="Ben"))
    s = play(s, "Aki", "RGEN", copy="OSOL", then=effect(s, card="YSHA", enemy="Ben"))
    assert "OSOL" in hand_codes(s, "Aki") and "YSHA" in tableau_codes(s, "Ben")


# a game of three players (seed 16039; first found by hypothesis), deck Archivist, Brigand, Inventor,
# Peddler, Revolutionary, General, Beast; only the top trash card may be taken (the blue Beast, with
# the deck used up)
LAST_PEDDLER = Header(
    ("Aki", "Ben", "Chie"), Deck(heroes=(0, 1, 5, 8, 9, 14, 21)), 0, HouseRules(copy_copiers=False, trash_pick="top")
)


def _before_akis_white_general(events, round_=1):
    """The table just before Aki lays the white General in ``round_``."""
    s = new_game(LAST_PEDDLER)
    wgen = parse("WGEN", LAST_PEDDLER.deck)
    for e in events:
        if isinstance(e, CardPlayed) and s.round == round_ and e.player == 0 and e.card == wgen:
            return s
        s = apply(s, e)
    raise AssertionError("Aki never lays the white General")


def test_a_general_showing_the_peddler_that_is_akis_last_card_has_nothing_to_trade():
    """Round 1: Aki holds only the white General and the purple Peddler, lays the General and shows
    the Peddler. Shown, the Peddler goes back into her hand (house rule copied_card_moves off), so
    its trade has no card of hers to give: the General cannot use it, the table is offered no such
    copy, the engine refuses one, and the General does nothing."""
    events, _ = play_game(LAST_PEDDLER, 16039)
    s = _before_akis_white_general(events)
    assert hand_codes(s, "Aki") == {"WGEN", "PPED"} and hand_codes(s, "Ben") == {"KINV", "PINV"}
    assert s.trash[-1] == parse("BBEA", s.game.deck) and not s.deck
    w = laid(s, 0, parse("WGEN", s.game.deck))
    assert resolvable(w, 0, "GEN") == NO
    assert {code(c): v for c, v in copies(w, 0, "GEN")[1].items()} == {"BBEA": NO, "PPED": NO}
    assert complete(w, 0, "GEN", Effect()) is None
    assert options(w, 0, "GEN", Effect(), "copy") == []
    assert options(w, 0, "GEN", effect(s, copy="PPED"), "then.enemy") == []
    with pytest.raises(RuleViolation, match=r"only card in Aki's hand is the purple Peddler \(PPED\)") as err:
        play(s, "Aki", "WGEN", copy="PPED", then=effect(s, enemy="Ben"))
    assert err.value.rule == "trickster.hero.ped" and "交換するカードがありません" in err.value.message("ja")
    s = play(s, "Aki", "WGEN", skip=True)
    assert hand_codes(s, "Aki") == {"PPED"} and hand_codes(s, "Ben") == {"KINV", "PINV"}


def test_at_a_real_table_the_general_cannot_trade_away_the_peddler_it_showed():
    """The same table seen by the tracker: Aki's hand is hidden, but once the General shows the
    Peddler from her one card left, that card is known to be all she holds, so the trade is refused."""
    events, _ = play_game(LAST_PEDDLER, 16039)
    s = _before_akis_white_general([public(e) for e in events])
    assert s.hands[0].size == 2 and not s.hands[0].known
    with pytest.raises(RuleViolation, match="no card to trade"):
        play(s, "Aki", "WGEN", copy="PPED", then=effect(s, enemy="Ben"))
    assert play(s, "Aki", "WGEN", skip=True).hands[0].size == 1


def test_doctor_moves_an_enemy_tableau_card_to_an_enemys_hand_never_your_own():
    s = table(4, hands={"Aki": ["RDOC"]}, **STRATEGY)
    with pytest.raises(RuleViolation, match="must target an enemy"):
        play(s, "Aki", "RDOC", card="WDOC", enemy="Ben", enemy2="Aki")
    s = play(s, "Aki", "RDOC", card="WDOC", enemy="Ben", enemy2="Ben")
    assert "WDOC" in hand_codes(s, "Ben")


def test_explorer_keeps_one_of_the_top_two_and_puts_the_other_under_the_deck():
    s = table(4, hands={"Aki": ["REXP"]}, deck_top=["GSCA", "BSCA"], **STRATEGY)
    before = len(s.deck)
    s = play(s, "Aki", "REXP", card="BSCA", card2="GSCA")
    assert "BSCA" in hand_codes(s, "Aki")
    assert code(s.deck[-1]) == "GSCA" and len(s.deck) == before - 1


def test_explorer_with_one_card_in_the_deck_does_nothing():
    s = table(7, hands={"Aki": ["REXP"]}, **STRATEGY | {"tableau": None})
    assert len(s.deck) == 1
    s = play(s, "Aki", "REXP", skip=True)
    assert len(s.deck) == 1 and s.hands[0].size == 5


def test_an_effect_that_can_be_resolved_cannot_be_skipped():
    s = table(4, hands={"Aki": ["REXP"]}, **STRATEGY)
    with pytest.raises(RuleViolation, match="must be") as err:
        play(s, "Aki", "REXP", skip=True)
    assert err.value.rule == "trickster.effects"


def test_inventor_as_leader_puts_the_flipped_card_in_the_pot_and_it_sets_the_pattern():
    s = table(4, hands={"Aki": ["RINV"], "Ben": ["RWIT", "BSCI"]}, deck_top=["GSCA"], **STRATEGY)
    s = play(s, "Aki", "RINV", card="GSCA")
    assert [code(c) for c in s.pot] == ["RINV", "GSCA"]
    assert s.pattern == NO_MATCH and s.special_case
    # Ben, who would have been the Trickster, must now follow like anyone else
    with pytest.raises(RuleViolation) as err:
        play(s, "Ben", "RWIT", card="WDOC")
    assert err.value.rule == "trickster.follow"


def test_inventor_trashes_a_flipped_card_that_cannot_follow():
    s = table(4, hands={"Aki": ["RSCA"], "Ben": ["OINV"]}, deck_top=["GSCA"], **STRATEGY)
    s = play(s, "Aki", "RSCA", card="WARC", card2="KDOC")
    s = play(s, "Ben", "OINV", card="GSCA")  # no match: the Scavenger hero is already in the pot
    assert "GSCA" in trash_codes(s) and len(s.pot) == 2


def test_scavenger_swaps_a_tableau_card_with_a_trash_card():
    s = table(4, hands={"Aki": ["RSCA"]}, **STRATEGY)
    s = play(s, "Aki", "RSCA", card="WARC", card2="KDOC")
    assert tableau_codes(s, "Aki") == ["KDOC"] and "WARC" in trash_codes(s)


def test_scion_draws_the_top_card_and_buries_one_from_hand():
    s = table(4, hands={"Aki": ["RSCI", "OARC"]}, deck_top=["GSCA"], **STRATEGY)
    s = play(s, "Aki", "RSCI", card="GSCA", card2="OARC")
    assert "GSCA" in hand_codes(s, "Aki") and "OARC" not in hand_codes(s, "Aki")
    assert code(s.deck[-1]) == "OARC"


def test_scion_at_a_real_table_is_secret():
    s = table(4, full=False, **STRATEGY)
    s = play(s, "Aki", "RSCI")
    assert s.hands[0].size == 8 and s.deck[-1] == UNKNOWN


def test_witness_takes_a_tableau_card_back_into_hand():
    s = table(4, hands={"Aki": ["RWIT"]}, **STRATEGY)
    s = play(s, "Aki", "RWIT", card="WARC")
    assert "WARC" in hand_codes(s, "Aki") and tableau_codes(s, "Aki") == []


# --- Grand Gambit ------------------------------------------------------------------------------


def test_general_uses_a_trash_cards_effect():
    s = table(4, hands={"Aki": ["RGEN"]}, **GAMBIT)
    s = play(s, "Aki", "RGEN", copy="KHUN", then=effect(s, card="KSMU", enemy="Ben"))
    assert tableau_codes(s, "Ben") == ["KSMU", "WHUN"] and "KHUN" in trash_codes(s)


def test_general_shows_a_hand_card_uses_its_effect_and_keeps_it():
    s = table(4, full=False, **GAMBIT)
    s = play(s, "Aki", "RGEN", copy="OSHA", then=effect(s, card="OGEN"))
    assert hand_codes(s, "Aki") == {"OSHA"}  # shown, so the table knows it is there
    assert tableau_codes(s, "Aki") == ["OGEN", "WGEN"]


def test_hunter_moves_a_trash_card_into_an_enemy_tableau():
    s = table(4, hands={"Aki": ["RHUN"]}, **GAMBIT)
    s = play(s, "Aki", "RHUN", card="KSAI", enemy="Dan")
    assert tableau_codes(s, "Dan") == ["KSAI", "WSAI"]


def test_noble_as_leader_moves_a_tableau_card_into_the_pot_without_its_effect():
    s = table(4, hands={"Aki": ["RNOB"]}, **GAMBIT)
    with pytest.raises(RuleViolation, match="must be"):
        play(s, "Aki", "RNOB", skip=True)
    s = play(s, "Aki", "RNOB", card="WGEN")
    assert [code(c) for c in s.pot] == ["RNOB", "WGEN"] and s.special_case


def test_noble_does_nothing_when_no_tableau_card_can_follow():
    s = table(4, hands={"Aki": ["RHUN"], "Ben": ["RNOB"]}, **GAMBIT)
    s = play(s, "Aki", "RHUN", card="KSAI", enemy="Ben")
    # follow red: Ben's tableau holds only the white Hunter and the black Saint
    with pytest.raises(RuleViolation, match="only move a card that can follow"):
        play(s, "Ben", "RNOB", card="KSAI")
    s = play(s, "Ben", "RNOB", skip=True)
    assert [code(c) for c in s.pot] == ["RHUN", "RNOB"]
    assert tableau_codes(s, "Ben") == ["KSAI", "WHUN"]


def test_saint_gives_a_random_card_from_an_enemy_hand_to_anyone():
    s = table(4, hands={"Aki": ["RSAI"], "Ben": ["GHUN"]}, **GAMBIT)
    s = play(s, "Aki", "RSAI", card="GHUN", enemy="Ben", enemy2="Aki")
    assert "GHUN" in hand_codes(s, "Aki") and s.hands[1].size == 8


def test_saint_at_a_real_table_moves_an_unseen_card():
    s = table(4, full=False, **GAMBIT)
    s = play(s, "Aki", "RSAI", enemy="Ben", enemy2="Chie")
    assert [h.size for h in s.hands] == [8, 8, 10, 9]


def test_shaman_moves_a_hand_card_into_your_tableau():
    s = table(4, hands={"Aki": ["RSHA", "OSHA"]}, **GAMBIT)
    s = play(s, "Aki", "RSHA", card="OSHA")
    assert tableau_codes(s, "Aki") == ["OSHA", "WGEN"]


def test_smuggler_shows_two_cards_keeps_one_and_gives_one_to_an_enemy():
    s = table(4, hands={"Aki": ["RSMU"], "Ben": ["GHUN", "BHUN"]}, **GAMBIT)
    s = play(s, "Aki", "RSMU", card="GHUN", card2="BHUN", enemy="Ben", enemy2="Chie")
    assert "GHUN" in hand_codes(s, "Aki") and "BHUN" in hand_codes(s, "Chie")
    assert [h.size for h in s.hands] == [9, 7, 10, 9]


def test_vigilante_swaps_a_trash_card_with_an_enemy_tableau_card():
    s = table(4, hands={"Aki": ["RVIG"]}, **GAMBIT)
    s = play(s, "Aki", "RVIG", card="KNOB", card2="WHUN", enemy="Ben")
    assert tableau_codes(s, "Ben") == ["KNOB"] and "WHUN" in trash_codes(s)


# --- promos ------------------------------------------------------------------------------------


def test_beast_moves_a_hand_card_that_can_follow_into_the_pot():
    s = table(4, hands={"Aki": ["RGUA"], "Ben": ["RBEA", "RNOM", "ONOM"]}, **PROMO)
    s = play(s, "Aki", "RGUA", card="WMAV", enemy="Ben")
    with pytest.raises(RuleViolation, match="can follow"):
        play(s, "Ben", "RBEA", card="ONOM")
    s = play(s, "Ben", "RBEA", card="RNOM")
    assert [code(c) for c in s.pot] == ["RGUA", "RBEA", "RNOM"]


def test_maven_shows_a_random_enemy_card_and_places_it_in_an_enemy_tableau():
    s = table(4, hands={"Aki": ["RMAV"], "Ben": ["GNOM"]}, **PROMO)
    s = play(s, "Aki", "RMAV", card="GNOM", enemy="Ben", enemy2="Chie")
    assert tableau_codes(s, "Chie") == ["GNOM", "WBRI"]


# --- house rules around effects ----------------------------------------------------------------


def guard_trick(**rules):
    s = table(4, hands={"Aki": ["RGUA"], "Ben": ["OGUA"], "Chie": ["YGUA"]}, **INTRO, **rules)
    s = play(s, "Aki", "RGUA", card="WGUA", enemy="Ben")  # Ben's tableau is now empty
    return play(s, "Ben", "OGUA", card="WMAG", enemy="Chie")


def test_strict_targets_force_a_guard_to_take_when_any_enemy_has_a_tableau_card():
    s = guard_trick()
    with pytest.raises(RuleViolation) as err:
        play(s, "Chie", "YGUA", skip=True)
    assert err.value.rule == "trickster.effects"


def test_lenient_targets_let_a_guard_pick_an_enemy_with_an_empty_tableau():
    s = guard_trick(strict_targets=False)
    s = play(s, "Chie", "YGUA", skip=True)
    assert s.to_play == 3


def test_archivist_copying_an_archivist_follows_the_copy_copiers_rule():
    hands = {"Aki": ["RARC"]}
    fx = dict(copy="WARC")
    s = table(4, hands=hands, **STRATEGY)
    inner = effect(s, copy="KDOC", then=effect(s, card="WDOC", enemy="Ben"))
    with pytest.raises(RuleViolation) as err:
        play(s, "Aki", "RARC", then=inner, **fx)
    assert err.value.rule == "trickster.house-rules"
    s = table(4, hands=hands, copy_copiers=True, **STRATEGY)
    s = play(s, "Aki", "RARC", then=inner, **fx)
    assert "WDOC" in hand_codes(s, "Ben")


# three players: Chie's tableau ends up with only the red Archivist and the orange Scavenger (Ben's
# Brigand passes it over), the blue Scavenger on top of the trash; the white Scion from the Timeline
# and Aki's Explorer make the pot "no match"
ARC_AND_SCA = dict(
    deck=["Archivist", "Scavenger", "Brigand", "Explorer", "Doctor", "Inventor", "Scion"],
    trash=["KDOC", "KEXP", "KINV", "KSCI", "KBRI", "BSCA"],
    tableau=["WDOC", "OSCA", "RARC"],
    hands={"Aki": ["GEXP"], "Ben": ["OBRI"], "Chie": ["PARC"]},
    deck_top=["YDOC", "YINV"],
    timeline=["WSCI", "RSCI", "OSCI", "GSCI", "BSCI", "PSCI", "YSCI", "RDOC", "ODOC", "GDOC", "BDOC", "PDOC"],
)


def test_the_archivist_copying_the_tableaus_archivist_cannot_then_use_the_scavenger_beside_it():
    """House rule copy_copiers on, only the top trash card may be taken. Chie's Archivist copying
    the Archivist in her tableau to use the Scavenger beside it keeps both in place, so that
    Scavenger has no tableau card to swap: only using the Scavenger itself works, and the
    simulator is told so card by card."""
    s = table(3, trash_pick="top", copy_copiers=True, **ARC_AND_SCA)
    s = play(s, "Aki", "GEXP", card="YDOC", card2="YINV")
    s = play(s, "Ben", "OBRI", card="OSCA", enemy="Chie")
    assert tableau_codes(s, "Chie") == ["OSCA", "RARC"]
    w = laid(s, 2, parse("PARC", s.game.deck))
    can, per_card = copies(w, 2, "ARC")
    assert can == YES
    assert {code(c): v for c, v in per_card.items()} == {"RARC": NO, "OSCA": YES, "BSCA": NO}
    assert [code(c) for c in options(w, 2, "ARC", effect(s), "copy")] == ["OSCA"]
    with pytest.raises(RuleViolation, match="stays where it is"):
        play(s, "Chie", "PARC", copy="RARC", then=effect(s, copy="OSCA", then=effect(s, card="RARC", card2="BSCA")))
    s = play(s, "Chie", "PARC", copy="OSCA", then=effect(s, card="RARC", card2="BSCA"))
    assert tableau_codes(s, "Chie") == ["BSCA", "OSCA"] and s.trash[-1] == parse("RARC", s.game.deck)


def test_inventor_resolves_setting_resolves_the_flipped_card():
    s = table(4, hands={"Aki": ["RINV"]}, deck_top=["GSCA"], inventor_resolves=True, **STRATEGY)
    s = play(s, "Aki", "RINV", card="GSCA", then=effect(s, card="WARC", card2="KDOC"))
    assert tableau_codes(s, "Aki") == ["KDOC"]


def test_distinct_enemies_setting_needs_two_different_enemies():
    s = table(4, hands={"Aki": ["RDOC"]}, distinct_enemies=True, **STRATEGY)
    with pytest.raises(RuleViolation, match="distinct_enemies"):
        play(s, "Aki", "RDOC", card="WDOC", enemy="Ben", enemy2="Ben")
    s = play(s, "Aki", "RDOC", card="WDOC", enemy="Ben", enemy2="Dan")
    assert "WDOC" in hand_codes(s, "Dan")


def test_trash_pick_top_only_allows_the_top_trash_card():
    s = table(4, hands={"Aki": ["RREV"]}, trash_pick="top", **INTRO)
    with pytest.raises(RuleViolation, match="trash_pick=top"):
        play(s, "Aki", "RREV", card="KBRI")
    s = play(s, "Aki", "RREV", card="KREV")
    assert "KREV" in hand_codes(s, "Aki")
