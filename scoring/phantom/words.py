"""Tricks and the Phantom's words: every sentence the table is told, and every refusal, in English
(the catalogue ``phantom`` of ``scoring.words``; the Japanese is in ``locale/ja/LC_MESSAGES/phantom.po``).

The scoring (``culprit``, ``incident``, ``record``) and the telling (``told``) say *what* happened
as facts with these keys; ``scoring.words.say`` words them for each viewer. Card and variant names
come from ``data/phantom/cards.toml`` (``name`` / ``name_ja``).

>>> from scoring.words import Fact, say
>>> fact = Fact("phantom.highest", card=Fact("phantom.card", value=10))
>>> say(fact), say(fact, "ja")
('The Politician (10) is the highest card in play: the culprit.', '政治家（10）が最も大きいカードなので犯人です。')
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import cache
from typing import Any

from scoring.data import load_toml
from scoring.words import in_language, say, teller, words

PHANTOM = 1
fact = teller("phantom")

#: each variant in table words, for the heading
VARIANTS = {
    "base": "Base game",
    "poker": "Poker",
    "fourth_person": "The 4th Person",
    "west_coast": "West Coast",
    "oshaberi": "Oshaberi Sanniba",
}
#: a house rule set away from its default, in table words
RULES = {
    ("edition", "oink"): "Oink deck",
    ("correct_guess_points", "one"): "1 point a find",
    ("reversals", "swapped"): "2 and 3 swapped",
    ("escapes", "swapped"): "escapes swapped",
    ("courier_counts_phantom", False): "the Courier ignores the Phantom",
    ("detective_doubles_phantom", True): "the Detective doubles the Phantom",
    ("phantom_penalty", 2): "variation a",
    ("phantom_accusations", True): "variation b",
    ("wrong_accusation_pays", "bank"): "wrong calls pay nobody",
    ("floor_zero", True): "no total below 0",
    ("five_player_second_half", "only_if_someone_guessed"): "a 2nd half after a find",
    ("self_pointing", True): "pointing at oneself",
}
#: the hint colours, as typed and in table words
COLOURS = {"red": "red", "blue": "blue", "yellow": "yellow"}


def rule_key(name: str, value: Any) -> str | None:
    """The key of a house rule's words when it is set to ``value`` (None: no words for it)."""
    for n, v in RULES:
        if n == name and v == value and type(v) is type(value):
            return f"phantom.rule_{n}_{v}".lower()
    return None


@cache
def _box() -> dict[str, Any]:
    # read here, not from ``culprit``: ``culprit`` imports these words
    return load_toml("phantom", "cards.toml")


@cache
def _cards() -> dict[int, dict]:
    return {row["value"]: row for row in _box()["card"]}


def _card(v: Mapping[str, Any], lang: str) -> str:
    """A card by its name in the data file, a suspect with its number: ``Politician (10)``."""
    name = in_language(_cards()[v["value"]], "name", lang)
    return name if v["value"] == PHANTOM else say(fact("card.numbered", name=name, value=v["value"]), lang)


def _variant_name(v: Mapping[str, Any], lang: str) -> str:
    """A variant by its full name in the data file (``The 4th Person (3 players)``)."""
    return in_language(_box()["variants"][v["variant"]], "name", lang)


#: the words of a typed half that a log says in the viewer's language (a name or a number stays),
#: each by its key
LINE_WORDS = {
    **{w: f"line.{w}" for w in ("P", "point", "new", "more", "fourth", "double", "yes", "no", "accuse")},
    ">": "line.arrow",
    **{c: f"colour_{c}" for c in COLOURS},
}


def _shown(v: Mapping[str, Any], lang: str) -> str:
    """A typed half as a log lists it: as typed in English; in another language its words in that
    language, the cards by their numbers.

    >>> from scoring.words import Fact, say
    >>> line = Fact("phantom.shown", line="Aki=10 Ben=P:red point Aki>Ben Ben>Aki new")
    >>> say(line), say(line, "ja")
    ('Aki=10 Ben=P:red point Aki>Ben Ben>Aki new', 'Aki=10 Ben=怪人:赤 指差し Aki→Ben Ben→Aki 新ラウンド')
    """
    parts = re.split(r"([\s=,:>|])", str(v["line"]))
    return "".join(say(fact(LINE_WORDS[w]), lang) if w in LINE_WORDS else w for w in parts)


def _ordinal(v: Mapping[str, Any], lang: str) -> str:
    """Which of a player's cards (Poker), by its place among them: ``second `` (``2枚目の``)."""
    return say(fact(f"ordinal.{v['k'] + 1}"), lang)


def _half(v: Mapping[str, Any], lang: str) -> str:
    """A half by its round and its place in it (a round has at most two halves)."""
    return say(fact("half.1" if v["half"] == 1 else "half.2", round=v["round"]), lang)


def _times(v: Mapping[str, Any], lang: str) -> str:
    """How often a card is given: ``twice``, ``3 times``."""
    return say(fact("refused.times.two" if v["n"] == 2 else "refused.times.many", n=v["n"]), lang)


def _cards_laid(v: Mapping[str, Any], lang: str) -> str:
    """How many cards a player laid: ``one card``, ``2 cards``."""
    return say(fact("refused.cards.one" if v["n"] == 1 else "refused.cards.many", n=v["n"]), lang)


words(
    "phantom",
    {
        # who played which cards in a half, by their codes (a Phantom by line.P): "Ben 10 P"
        "who_played": "{player} {cards: }",
        # a half as the log lists it: its typed line, each word of it (LINE_WORDS) in the
        # viewer's language
        "shown": _shown,
        # the words of a typed line, as a log shows them (English: as typed)
        "line.P": "P",
        "line.point": "point",
        "line.new": "new",
        "line.more": "more",
        "line.fourth": "fourth",
        "line.double": "double",
        "line.yes": "yes",
        "line.no": "no",
        "line.accuse": "accuse",
        "line.arrow": ">",
        # a card by its name from the data file: "Politician (10)", the Phantom by its name alone
        "card": _card,
        "card.numbered": "{name} ({value})",
        # a variant by its name in the data file: "The 4th Person (3 players)"
        "variant_name": _variant_name,
        # things listed one after another: "Aki 10, Ben P"
        "each": "{items:, }",
        # which card of a player's several (Poker): "second "
        "ordinal": _ordinal,
        "ordinal.1": "first ",
        "ordinal.2": "second ",
        "ordinal.3": "third ",
        "ordinal.4": "fourth ",
        # a half as the table names it
        "round": "Round {round}",
        "half": _half,
        "half.1": "Round {round}, half 1",
        "half.2": "Round {round}, half 2",
        "indented": "  {line}",
        # the culprit and why
        "ten_in_play": "The 10 is in play, so the {card} is the culprit.",
        "all_high": "Every other card in play is 5 or more, so the {card} is the culprit.",
        "escapes": "The {value} would be the culprit, but the {card} is in play, so the {value} escapes{then}",
        "then_culprit": ": the {value} is the culprit.",
        "highest": "The {card} is the highest card in play: the culprit.",
        "no_suspect": "No suspect can be the culprit: nobody scores for it.",
        "in_order": "The culprit is {which} in the order given.",
        "card_number": "card {number}",
        "no_card": "no card",
        # a half's points
        "detective": "The Detective is the culprit: every point from this culprit is doubled.",
        "declined": "{player} called Double and the other side declined: {player} scores 1 whatever the cards.",
        "played_culprit": "{player} played the culprit: +{gain}.",
        "played_culprit_double": "{player} played the culprit: +{gain} (Double accepted).",
        "fourth_found": "The 4th person is the culprit: {player} played the {card}: +{gain}.",
        "found": "{players} pointed at the culprit: +{each} each.",
        "found_minus": "{players} pointed at the culprit: +{each} each ({count} players − {found} who found it).",
        "pointed_phantom": "{player} pointed at {owner}'s Phantom and pays {take} to {owner}.",
        "called_right": "{player} rightly called {owner}'s {which}card the Phantom: takes 1 from {owner}.",
        "called_wrong_pays": "{player} wrongly called {owner}'s {which}card the Phantom: pays 1 to {owner}.",
        "called_wrong_loses": "{player} wrongly called {owner}'s {which}card the Phantom: loses 1.",
        # what the table is told after a half
        "fourth_card": "4th person {code}",
        "fourth_person_card": "the 4th person's card",
        "double_offered": "a player's Double, accepted or not",
        "half_cards": "{where}: {shown}.",
        "nobody_found": "Nobody pointed at the culprit.",
        "won": "The game is over: {player} wins with {points}.",
        "tied": "{players} tie at {points}: the game goes on.",
        # what comes next
        "next_half": "{where}: {body}{accuse}{more}",
        "poker_cards": "1–3 cards each ({a}=8,P:red {b}=10 …), double={b}:yes|no",
        "cards_then_point": "each card ({fourth}{a}=10 {b}=P:red …), then point {a}>{b} …",
        "accuse": "; accuse={a}>{b}",
        "more_half": " (more: a second half)",
        # the heading
        "target": "target {target}",
        **{f"variant_{v}": name for v, name in VARIANTS.items()},
        **{f"rule_{n}_{v}".lower(): said for (n, v), said in RULES.items()},
        # what may be typed next
        **{f"colour_{c}": said for c, said in COLOURS.items()},
        # a Double declined, as it may be typed besides no, fold or n (each language's word)
        "typed_no": "no",
        "double_accepted": "{player} called Double, accepted",
        "double_declined": "{player} called Double, declined",
        "calls_phantom": "{player} calls {owner}'s card the Phantom",
        "players_card": "{player}'s card",
        "point": "who pointed at whom",
        "points_at": "{player} points at {target}",
        "pointer": "{player} points at …",
        "new_round": "this half starts a new round",
        "second_half": "a second half for this round",
        # refusals: a line that cannot be read
        "refused.word": "{word!r}: type NAME=CARD:COLOUR …, then point A>B …",
        # a record's or a line's card, hint or header refused
        "refused.not_a_card": "{text!r} is not a card (2–10, or P for a Phantom).",
        "refused.no_hint": "give the colour the {card}'s hint token showed: {code}:red, :blue or :yellow.",
        "refused.hint_colour": "{hint!r} is not a hint colour (red, blue, yellow).",
        "refused.hint_shown": (
            "The {card} is {colour}; its hint token cannot show {hint}. Only a Phantom may show any colour."
        ),
        "refused.variant": "unknown variant {variant!r} ({known:, }).",
        "refused.players": "{name} is for {counts: or } players, not {n}.",
        # a round or a half the game has no room for
        "refused.ended": "the game already ended: {leader} leads alone with {points}.",
        "refused.halves": "a round of this game has {allowed} half/halves, not {given}.",
        "refused.no_second_half": "the West Coast game has no second half here (house rule five_player_second_half).",
        # the cards of a deal
        "refused.twice_in_deal": "The {card} appears twice in one deal; there is one of each suspect.",
        "refused.phantoms_played": "This game has {phantoms} Phantom(s), but {played} were played.",
        "refused.poker_cards": (
            "{player} plays 1 to 3 cards a half, 4 in a deal at most ({before} played before, {now} now)."
        ),
        "refused.played_none": "every player plays one card each half; {player} played none.",
        "refused.fourth": "only the 4th Person variant turns up a 4th person.",
        # the pointing, a Double and the Phantom calls
        "refused.poker_pointing": "Poker has no pointing.",
        "refused.accepted": "double.accepted must be true or false.",
        "refused.not_pointed": "every player points once; {player} did not.",
        "refused.self_pointing": "{player} points at another player's card, not their own (house rule self_pointing).",
        "refused.accusations_off": (
            "Nobody may call a card the Phantom in this game: that is variation b"
            " (house rule phantom_accusations, off)."
        ),
        "refused.accuse_own": "{player} calls another player's card the Phantom, not their own.",
        "refused.which_card": "{owner} laid {laid} cards: name the one {player} called the Phantom ({choices:, }).",
        "refused.no_such_card": "{owner} laid {cards} this half; {named!r} names none of them.",
        "refused.cards": _cards_laid,
        "refused.cards.one": "one card",
        "refused.cards.many": "{n} cards",
        # the arbiter's cards
        "refused.unknown_variant": "Unknown variant {variant!r}; known: {known:, }.",
        "refused.given_twice": "The {card} is given {times}: there is one of each suspect.",
        "refused.phantoms_given": "The Phantom is given {times}, but the deck of the {deck} holds {phantoms}.{more}",
        "refused.deck_edition": "{name} ({edition} edition)",
        "refused.two_phantoms": (
            " For two, use --setting edition=oink, or a variant with two: --setting"
            " variant=fourth_person or variant=west_coast."
        ),
        "refused.times": _times,
        "refused.times.two": "twice",
        "refused.times.many": "{n} times",
    },
)


# the house rules' words (scoring.houserules): what each does, its name on the form, its choices
words(
    "phantom",
    {
        "rule.edition": "Base game deck: the original's 10 cards with one Phantom, or the Oink edition's 11 with two.",
        "rule.edition.title": "edition",
        "rule.correct_guess_points": (
            "Points for each player who found the culprit: players minus finders (Oink, default) or 1."
        ),
        "rule.correct_guess_points.title": "correct_guess_points",
        "rule.reversals": (
            "Bar owner (2) is the culprit with the 10 in play and the Courier (3) when all others are 5+ "
            "(default), or the other way round."
        ),
        "rule.reversals.title": "reversals",
        "rule.escapes": (
            "The Forensic expert (5) lets the 10 escape and the Tool dealer (4) the 9 (default), or the "
            "other way round."
        ),
        "rule.escapes.title": "escapes",
        "rule.courier_counts_phantom": (
            "A Phantom in play (value 1) stops the Courier's 'all others 5 or more' (default on)."
        ),
        "rule.courier_counts_phantom.title": "courier_counts_phantom",
        "rule.detective_doubles_phantom": "A Detective culprit also doubles the Phantom's takings (default off).",
        "rule.detective_doubles_phantom.title": "detective_doubles_phantom",
        "rule.phantom_penalty": "Points the Phantom takes from each player pointing at it (variation a: 2).",
        "rule.phantom_penalty.title": "phantom_penalty",
        "rule.phantom_accusations": "Variation b: players may declare a card the Phantom.",
        "rule.phantom_accusations.title": "phantom_accusations",
        "rule.wrong_accusation_pays": (
            'Variation b: a wrong "this is the Phantom!" pays its 1 point to the owner of the card named '
            "(default), or to nobody."
        ),
        "rule.wrong_accusation_pays.title": "wrong_accusation_pays",
        "rule.floor_zero": "Totals never go below 0 (default off: they may).",
        "rule.floor_zero.title": "floor_zero",
        "rule.target": "Points that end the game; 0 means the variant's own (10, Poker 5).",
        "rule.target.title": "target",
        "rule.five_player_second_half": (
            "West Coast: no second half (as written, default), or one only when someone found the culprit."
        ),
        "rule.five_player_second_half.title": "five_player_second_half",
        "rule.self_pointing": "Whether a player may point at their own card (default no).",
        "rule.self_pointing.title": "self_pointing",
        "rule.edition.original": "original",
        "rule.edition.oink": "oink",
        "rule.correct_guess_points.players_minus_correct": "players minus correct",
        "rule.correct_guess_points.one": "one",
        "rule.reversals.bar_owner_ten": "bar owner ten",
        "rule.reversals.swapped": "swapped",
        "rule.escapes.forensic_ten": "forensic ten",
        "rule.escapes.swapped": "swapped",
        "rule.wrong_accusation_pays.owner": "owner",
        "rule.wrong_accusation_pays.bank": "bank",
        "rule.five_player_second_half.never": "never",
        "rule.five_player_second_half.only_if_someone_guessed": "only if someone guessed",
    },
)

# the new-game form's variant option: which game, each variant by its code and its name
words(
    "phantom",
    {
        "option.variant": "Which game: {names:, }.",
        "option.variant.title": "variant",
        "variant_named": "{code} ({name})",
    },
)
