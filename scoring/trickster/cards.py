"""Trickster cards: 23 heroes × 8 suits, each card a small integer ``hero * 8 + suit``.

A card's code is its suit letter and hero code: ``BGUA`` is the blue Guard. Within a game's seven
heroes any unambiguous prefix is accepted, and so is the full name:

>>> deck = Deck.preset("introductory")
>>> code(parse("bgu", deck)), code(parse("Blue Guard", deck)), name(parse("KSOL", deck))
('BGUA', 'BGUA', 'black Soldier')
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, cached_property

from scoring.data import load_toml
from scoring.errors import RuleViolation
from scoring.rulestext import Section
from scoring.words import in_language

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
        if key in (hero.code.lower(), hero.name.lower(), hero.name_ja):
            return hero.index
    raise RuleViolation(
        "trickster.cards", f"There is no hero called {name_or_code!r}.", f"「{name_or_code}」という英雄はいません。"
    )


@cache
def suit_index(name_or_letter: str) -> int:
    key = name_or_letter.strip().lower()
    for suit in suits():
        if key in (suit.id, suit.letter.lower(), suit.name_ja):
            return suit.index
    raise RuleViolation(
        "trickster.cards",
        f"There is no suit called {name_or_letter!r}.",
        f"「{name_or_letter}」という模様はありません。",
    )


def card(hero: int, suit: int) -> int:
    return hero * SUIT_COUNT + suit


def hero_of(c: int) -> int:
    return c >> 3


def suit_of(c: int) -> int:
    return c & 7


def code(c: int) -> str:
    return suits()[c & 7].letter + heroes()[c >> 3].code


def name(c: int) -> str:
    """A card's name in English, for a refusal ("red Guard"; the table is told it by
    ``scoring.trickster.words.card``)."""
    s, h = suits()[c & 7], heroes()[c >> 3]
    return f"{s.name} {h.name}"


def name_ja(c: int) -> str:
    """A card's name in Japanese, for a refusal (赤の護衛)."""
    s, h = suits()[c & 7], heroes()[c >> 3]
    return f"{s.name_ja}の{h.name_ja}"


@dataclass(frozen=True)
class Deck:
    """The seven heroes in play; their 56 cards make the deck."""

    heroes: tuple[int, ...]

    @staticmethod
    def preset(key: str) -> Deck:
        """``"introductory"`` or ``"strategy"``."""
        decks = load_toml("trickster", "game.toml")["decks"]
        if key not in decks:
            raise RuleViolation(
                "trickster.decks",
                f"No deck preset called {key!r}; choose one of {', '.join(decks)} or list seven heroes.",
                f"「{key}」というデッキはありません。",
            )
        return Deck.of(decks[key]["heroes"])

    @staticmethod
    def of(names: list[str] | tuple[str, ...]) -> Deck:
        """A custom deck of exactly seven different heroes (random, drafted or chosen)."""
        indices = tuple(hero_index(n) for n in names)
        if len(indices) != 7 or len(set(indices)) != 7:
            raise RuleViolation(
                "trickster.decks",
                f"A game uses exactly seven different heroes, not {len(set(indices))}.",
                f"1ゲームで使う英雄はちょうど7種類です（{len(set(indices))}種類）。",
            )
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


def parse(text: str, deck: Deck) -> int:
    """A card of this game from its code, a code prefix, or its name ("blue Guard", "青の護衛")."""
    raw = text.strip()
    words = raw.replace("-", " ").replace("の", " ").split()
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
                options = ", ".join(matches[0].letter + heroes()[h].code for h in found)
                raise RuleViolation(
                    "trickster.cards", f"{raw!r} could be {options}.", f"「{raw}」は {options} のどれか分かりません。"
                )
    raise RuleViolation(
        "trickster.cards",
        f"{raw!r} is not a card of this deck ({', '.join(deck.names())}).",
        f"「{raw}」はこのデッキのカードではありません。",
    )


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
