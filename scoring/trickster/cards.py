"""Trickster cards: 23 heroes × 8 suits, each card a small integer ``hero * 8 + suit``.

A card's code is its suit letter and hero code: ``BGUA`` is the blue Guard. Within a game's seven
heroes any unambiguous prefix is accepted, and so is the full name:

>>> deck = Deck.preset("introductory")
>>> code(parse("bgu", deck)), code(parse("Blue Guard", deck)), code(parse("青の護衛", deck))
('BGUA', 'BGUA', 'BGUA')

The table is told a card by its name in its own language (``scoring.trickster.words.card``).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, cached_property
from string import Formatter

from scoring.data import load_toml
from scoring.errors import RuleViolation
from scoring.rulestext import Section
from scoring.trickster.words import hero as hero_named
from scoring.trickster.words import said
from scoring.words import in_language, spoken, template

SUIT_COUNT = 8


@dataclass(frozen=True)
class Hero:
    index: int
    code: str
    name: str
    name_ja: str
    set: str
    effect: str
    effect_ja: str
    did: str = ""  # what the table is told the effect did, with {card} {enemy} … (scoring.trickster.words)
    did_ja: str = ""


@dataclass(frozen=True)
class Suit:
    index: int
    id: str
    letter: str
    name: str
    name_ja: str


@cache
def heroes() -> tuple[Hero, ...]:
    """All 23 heroes in data order (base 14, Grand Gambit 7, promos 2)."""
    rows = load_toml("trickster", "heroes.toml")["hero"]
    return tuple(Hero(index=i, **row) for i, row in enumerate(rows))


@cache
def suits() -> tuple[Suit, ...]:
    """The eight suits in tie-break order, red first."""
    rows = load_toml("trickster", "game.toml")["suit"]
    return tuple(Suit(index=i, **row) for i, row in enumerate(rows))


@cache
def hero_index(name_or_code: str) -> int:
    key = name_or_code.strip().lower()
    for hero in heroes():
        if key in (hero.code.lower(), *(in_language(hero, "name", lang).lower() for lang in spoken())):
            return hero.index
    raise RuleViolation("trickster.cards", said("refused.no_hero", name=name_or_code))


@cache
def suit_index(name_or_letter: str) -> int:
    key = name_or_letter.strip().lower()
    for suit in suits():
        if key in (suit.id, suit.letter.lower(), *(in_language(suit, "name", lang).lower() for lang in spoken())):
            return suit.index
    raise RuleViolation("trickster.cards", said("refused.no_suit", name=name_or_letter))


def card(hero: int, suit: int) -> int:
    return hero * SUIT_COUNT + suit


def hero_of(c: int) -> int:
    return c >> 3


def suit_of(c: int) -> int:
    return c & 7


def code(c: int) -> str:
    return suits()[c & 7].letter + heroes()[c >> 3].code


@dataclass(frozen=True)
class Deck:
    """The seven heroes in play; their 56 cards make the deck."""

    heroes: tuple[int, ...]

    @staticmethod
    def preset(key: str) -> Deck:
        """``"introductory"`` or ``"strategy"``."""
        decks = load_toml("trickster", "game.toml")["decks"]
        if key not in decks:
            raise RuleViolation("trickster.decks", said("refused.no_preset", key=key, presets=tuple(decks)))
        return Deck.of(decks[key]["heroes"])

    @staticmethod
    def of(names: list[str] | tuple[str, ...]) -> Deck:
        """A custom deck of exactly seven different heroes (random, drafted or chosen)."""
        indices = tuple(hero_index(n) for n in names)
        if len(indices) != 7 or len(set(indices)) != 7:
            raise RuleViolation("trickster.decks", said("refused.seven_heroes", n=len(set(indices))))
        return Deck(tuple(sorted(indices)))  # the same seven heroes are the same deck

    @staticmethod
    def random(rng, owned: list[str] | None = None) -> Deck:
        """Seven heroes drawn at random from the white marker cards of the heroes a table owns
        (every hero when ``owned`` is None)."""
        pool = owned or [h.name for h in heroes()]
        return Deck.of(rng.sample(pool, 7))

    @staticmethod
    def draft_order(players: int, trickster: int) -> list[int]:
        """Who picks each of the seven markers in a draft: the Trickster first, then clockwise."""
        return [(trickster + i) % players for i in range(7)]

    def cards(self) -> tuple[int, ...]:
        """The 56 cards, hero by hero."""
        return self._cards

    @cached_property
    def _cards(self) -> tuple[int, ...]:
        return tuple(card(h, s) for h in self.heroes for s in range(SUIT_COUNT))

    @cached_property
    def card_set(self) -> frozenset[int]:
        return frozenset(self.cards())

    def names(self) -> list[str]:
        return [heroes()[h].name for h in self.heroes]


@cache
def _joints() -> tuple[str, ...]:
    """What a card's name puts between its suit and its hero in each language, besides a space
    (the ``card.name`` entry of the catalogue: ``の`` in Japanese)."""
    found = set()
    for lang in spoken():
        for literal, field, _, _ in Formatter().parse(str(template("trickster.card.name", lang))):
            if field == "hero" and literal.strip():
                found.add(literal.strip())
    return tuple(sorted(found))


@cache
def _codes(heroes_in_play: tuple[int, ...]) -> dict[str, int]:
    """Every card of a deck by its code (``BGUA``): the code a record holds, read at once."""
    return {code(card(h, s.index)): card(h, s.index) for h in heroes_in_play for s in suits()}


def parse(text: str, deck: Deck) -> int:
    """A card of this game from its code, a code prefix, or its name in any language ("blue Guard",
    "青の護衛")."""
    exact = _codes(deck.heroes).get(text)  # a whole code as records and the type-ahead write it
    if exact is not None:
        return exact
    raw = text.strip()
    spaced = raw.replace("-", " ")
    for joint in _joints():
        spaced = spaced.replace(joint, " ")
    words = spaced.split()
    if len(words) == 2:
        try:
            s, h = suit_index(words[0]), hero_index(words[1])
        except RuleViolation:
            pass
        else:
            if h in deck.heroes:
                return card(h, s)
    compact = "".join(words).upper()
    if len(compact) >= 2:
        letter, rest = compact[0], compact[1:]
        matches = [s for s in suits() if s.letter == letter]
        if matches:
            found = [
                h for h in deck.heroes if heroes()[h].code.startswith(rest) or heroes()[h].name.upper().startswith(rest)
            ]
            if len(found) == 1:
                return card(found[0], matches[0].index)
            if len(found) > 1:
                options = tuple(matches[0].letter + heroes()[h].code for h in found)
                raise RuleViolation("trickster.cards", said("refused.could_be", text=raw, options=options))
    heroes_of_deck = tuple(hero_named(h) for h in deck.heroes)
    raise RuleViolation("trickster.cards", said("refused.not_in_deck", text=raw, heroes=heroes_of_deck))


def hero_sections(lang: str = "en") -> list[Section]:
    """One rules section per hero, its effect as the card says (``trickster.hero.gua``)."""
    return [
        Section(
            f"trickster.hero.{h.code.lower()}",
            in_language(h, "name", lang),
            in_language(h, "effect", lang),
        )
        for h in heroes()
    ]
