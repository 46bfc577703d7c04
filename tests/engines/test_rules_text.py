"""Rules texts: every rule a refusal cites exists in English and Japanese; the data is complete."""

import re
from pathlib import Path

import pytest

from scoring.registry import get
from scoring.rulesbook import search, section, sections
from scoring.trickster.cards import Deck, heroes, suits
from scoring.trickster.settings import HouseRules, describe
from scoring.words import keys

ROOT = Path(__file__).resolve().parents[2]


def cited_rules(game: str) -> set[str]:
    cited = set()
    for path in (ROOT / "scoring" / game).glob("*.py"):
        cited |= set(re.findall(rf'"({game}\.[a-z_.\-]+)"', path.read_text(encoding="utf-8")))
    if game == "phantom":
        cited |= {"phantom.poker", "phantom.fourth-person", "phantom.west-coast", "phantom.oshaberi"}
    if game == "trickster":
        cited |= {f"trickster.hero.{h.code.lower()}" for h in heroes()}
    if game == "kings":
        from scoring.kings.cards import characters, items

        cited |= {f"kings.character.{c.lower()}" for c in characters()}
        cited |= {f"kings.item.{i}" for i in items()}
    get(game)  # a game's words are registered with it: a fact's key (sheriff.leads) is no rule
    return {c for c in cited if not c.endswith(".")} - set(keys())


@pytest.mark.parametrize("game", ["trickster", "kings", "sheriff", "phantom", "louder"])
def test_every_cited_rule_has_a_section_in_both_languages(game):
    import scoring.kings
    import scoring.trickster  # noqa: F401 - registers the generated sections

    for lang in ("en", "ja"):
        ids = {s.id for s in sections(game, lang)}
        assert cited_rules(game) <= ids, (lang, cited_rules(game) - ids)
    assert [s.id for s in sections(game, "en")] == [s.id for s in sections(game, "ja")]


def test_all_23_heroes_with_names_and_effects_in_both_languages():
    assert len(heroes()) == 23
    assert [h.set for h in heroes()].count("base") == 14
    assert [h.set for h in heroes()].count("grand_gambit") == 7
    assert {h.name for h in heroes() if h.set == "promo"} == {"Beast", "Maven"}
    for h in heroes():
        assert h.name and h.name_ja and h.effect and h.effect_ja and len(h.code) == 3
    assert len({h.code for h in heroes()}) == 23


def test_suits_in_tie_break_order_and_the_two_recommended_decks():
    assert [s.id for s in suits()] == ["red", "orange", "yellow", "green", "blue", "purple", "black", "white"]
    assert [s.name_ja for s in suits()] == ["赤", "橙", "黄", "緑", "青", "紫", "黒", "白"]
    intro, strategy = Deck.preset("introductory"), Deck.preset("strategy")
    assert set(intro.heroes).isdisjoint(strategy.heroes)
    assert len(set(intro.heroes) | set(strategy.heroes)) == 14


def test_rules_are_searchable_and_a_section_reads_in_japanese():
    assert [s.id for s in search("trickster", "sole majority")] == ["trickster.scoring"]
    assert "trickster.scoring" in [s.id for s in search("trickster", "単独最多", "ja")]
    assert section("trickster", "trickster.bust", "ja").title == "ドボン"


def test_every_house_rule_is_named_documented_and_defaulted():
    rows = describe()
    assert len(rows) == 9
    for name, value, default, text in rows:
        assert value == default and text
        assert name in section("trickster", "trickster.house-rules").body
    assert HouseRules.from_dict({"special_case_buster": "leader"}).changed() == {"special_case_buster": "leader"}


def test_a_random_deck_draws_seven_of_the_heroes_a_table_owns():
    import random

    owned = ["Archivist", "Brigand", "Doctor", "Explorer", "Guard", "Inventor", "Magician", "Nomad", "Beast"]
    deck = Deck.random(random.Random(3), owned)
    assert len(deck.heroes) == 7 and set(deck.names()) <= set(owned)
    assert len(Deck.random(random.Random(3)).cards()) == 56


def test_a_draft_starts_with_the_trickster_and_goes_clockwise():
    # 4 players, Aki leads first so Ben (seat 1) is the Trickster and picks first
    assert Deck.draft_order(4, trickster=1) == [1, 2, 3, 0, 1, 2, 3]
    picks = ["Guard", "Soldier", "Witness", "Noble", "Saint", "Maven", "Brigand"]
    assert Deck.of(picks).names() == ["Brigand", "Guard", "Soldier", "Witness", "Noble", "Saint", "Maven"]


def test_a_deck_needs_seven_different_heroes():
    import pytest

    from scoring.errors import RuleViolation

    with pytest.raises(RuleViolation, match="seven different heroes"):
        Deck.of(["Guard"] * 7)
    with pytest.raises(RuleViolation, match="no hero called"):
        Deck.of(["Guard", "Soldier", "Witness", "Noble", "Saint", "Maven", "Jester"])
