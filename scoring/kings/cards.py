"""KINGs cards, kings and characters.

A playing card is a small integer: numbers are ``colour * 9 + rank - 1`` (0–35), the two White
Flags 36–37, the two Rares 38–39, the Berserker's black 9 is 40. Codes are short and typed at the
table: ``r7``, ``b3``, ``g9``, ``k1`` (black), ``WF``, ``RA``, ``k9b``.

>>> code(parse("r7")), code(parse("WF")), color_of(parse("k9b")), rank_of(parse("k9b"))
('r7', 'WF', 'black', 9)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from scoring.data import load_toml
from scoring.errors import RuleViolation
from scoring.rulestext import Section
from scoring.words import in_language, say, spoken, teller

# the facts of the catalogue scoring.kings.words registers (it imports this module, so this one
# builds its facts without importing it; the package's __init__ registers it first)
fact = teller("kings")

COLORS = ("red", "blue", "green", "black")
LETTERS = "rbgk"
RED, BLUE, GREEN, BLACK = range(4)
WHITE_FLAGS = (36, 37)
RARES = (38, 39)
BERSERKER_NINE = 40
KING_COLORS = ("white", "red", "blue", "green", "black")


def game_data() -> dict:
    return load_toml("kings", "game.toml")


def is_number(c: int) -> bool:
    return c < 36 or c == BERSERKER_NINE


def is_flag(c: int) -> bool:
    return c in WHITE_FLAGS


def is_rare(c: int) -> bool:
    return c in RARES


def color_index(c: int) -> int | None:
    if c < 36:
        return c // 9
    return BLACK if c == BERSERKER_NINE else None


def color_of(c: int) -> str | None:
    i = color_index(c)
    return None if i is None else COLORS[i]


def rank_of(c: int) -> int | None:
    if c < 36:
        return c % 9 + 1
    return 9 if c == BERSERKER_NINE else None


def code(c: int) -> str:
    if c < 36:
        return f"{LETTERS[c // 9]}{c % 9 + 1}"
    if c == BERSERKER_NINE:
        return "k9b"
    return "WF" if c in WHITE_FLAGS else "RA"


@cache
def _named(c: int) -> frozenset[str]:
    """A card's name in every language, as :func:`parse` reads it (``whiteflag``, ``白旗``)."""
    return frozenset(say(fact("card", card=c), lang).lower().replace(" ", "") for lang in spoken())


def parse(text: str) -> int:
    """A card from its code; a White Flag or Rare parses as the first copy (36 or 38), also typed
    by its name in any language.

    >>> parse("WF"), parse("White Flag"), parse("白旗"), parse("レア")
    (36, 36, 36, 38)
    """
    raw = text.strip()
    key = raw.lower().replace(" ", "")
    if len(key) == 2 and key[0] in LETTERS and key[1] in "123456789":
        return LETTERS.index(key[0]) * 9 + int(key[1]) - 1
    if key in ("k9b", "bk9", "berserker9"):
        return BERSERKER_NINE
    if key in ("wf", "flag") or key in _named(WHITE_FLAGS[0]):
        return WHITE_FLAGS[0]
    if key == "ra" or key in _named(RARES[0]):
        return RARES[0]
    raise RuleViolation("kings.cards", fact("refused.not_a_card", text=raw))


@cache
def deck(players: int) -> frozenset[int]:
    """The playing cards in use for a player count (the Berserker's 9 is not in the deck)."""
    removed = set(game_data()["deck"]["removed_ranks"][str(players)])
    numbers = tuple(c for c in range(36) if c % 9 + 1 not in removed)
    return frozenset(numbers + WHITE_FLAGS + RARES)


@cache
def sorted_deck(players: int) -> tuple[int, ...]:
    """The playing cards of :func:`deck`, lowest first."""
    return tuple(sorted(deck(players)))


@dataclass(frozen=True)
class King:
    color: str
    name: str
    name_ja: str
    unused: int
    unused_2p: int
    number: int
    number_used: int
    numbers_verified: bool


@cache
def kings() -> dict[str, King]:
    return {row["color"]: King(**row) for row in game_data()["king"]}


@dataclass(frozen=True)
class Character:
    name: str
    name_ja: str
    copies: int
    removed_4p: int
    back: str
    front: str
    front_ja: str
    item: str | None = None
    partner_card: bool = False


@cache
def characters() -> dict[str, Character]:
    rows = load_toml("kings", "characters.toml")["character"]
    return {row["name"]: Character(**row) for row in rows}


@cache
def items() -> dict[str, dict]:
    return {row["id"]: row for row in load_toml("kings", "characters.toml")["item"]}


@cache
def _by_name() -> dict[str, Character]:
    """Each character by its name in every language the data gives (lower case), and Maru as
    "Beast Maru"."""
    out = {}
    for c in characters().values():
        for key in (*(in_language(c, "name", lang).lower() for lang in spoken()), "beast " + c.name.lower()):
            out[key] = c
    return out


def character(name_: str) -> Character:
    """A character by its English or Japanese name ("Maru" or "Beast Maru" both work)."""
    found = characters().get(name_) if type(name_) is str else None  # the English name, as events carry it
    if found:
        return found
    found = _by_name().get(name_.strip().lower())
    if found:
        return found
    raise RuleViolation("kings.characters", fact("refused.no_character", name=name_, known=tuple(characters())))


def king_color(text: str) -> str:
    key = text.strip().lower()
    if key in KING_COLORS:
        return key
    raise RuleViolation("kings.kings", fact("refused.no_king", text=text, kings=KING_COLORS))


def two_player_kings(expansion: bool) -> tuple[str, ...]:
    """The kings a 2-player draft lays out: red, blue, green and black, and with the expansion
    (house rule ``two_player_white_king``) the White King too.

    >>> two_player_kings(False), two_player_kings(True)
    (('red', 'blue', 'green', 'black'), ('red', 'blue', 'green', 'black', 'white'))
    """
    data = game_data()["two_player"]
    return tuple(data["kings"]) + (tuple(data["expansion_kings"]) if expansion else ())


def white_king_expansion_off(who: str) -> RuleViolation:
    """A 2-player table without the expansion names the White King: the reason says how to turn it on."""
    return RuleViolation("kings.two-player", fact("refused.white_king_off", who=who))


def character_sections(lang: str = "en") -> list[Section]:
    """One rules section per character and item, from ``data/kings/characters.toml`` (a refusal
    cites ``kings.character.ninja`` or ``kings.item.kings_sword``)."""
    out = [
        Section(
            f"kings.character.{c.name.lower()}",
            in_language(c, "name", lang),
            in_language(c, "front", lang),
        )
        for c in characters().values()
    ]
    out += [
        Section(
            f"kings.item.{i['id']}",
            in_language(i, "name", lang),
            in_language(i, "text", lang),
        )
        for i in items().values()
    ]
    return out


def bid_prefill(tricks: int) -> tuple[int, bool]:
    """Points to pre-fill for a bid of ``tricks``, and whether that value is confirmed.

    The table types the number printed on its own card; this only saves keystrokes.

    >>> bid_prefill(3), bid_prefill(1)
    ((60, True), (40, False))
    """
    data = game_data()["bids"]
    points = data["placeholder"][str(tricks)]
    confirmed = any(k["tricks"] == tricks and k["points"] == points for k in data["known"])
    return points, confirmed


def printed_bids(most: int) -> list[tuple[int, int, bool]]:
    """The bids a numbered back may print, as far as the data knows, up to ``most`` tricks:
    ``(tricks, points, confirmed)`` for the two confirmed backs and the placeholders (the table
    types what its own card prints), fewest tricks first.

    >>> printed_bids(3)
    [(0, 50, False), (1, 40, False), (2, 50, False), (3, 60, True), (3, 70, True)]
    """
    data = game_data()["bids"]
    known = {(k["tricks"], k["points"]) for k in data["known"]}
    found = known | {(int(t), points) for t, points in data["placeholder"].items()}
    return [(t, points, (t, points) in known) for t, points in sorted(found) if t <= most]
