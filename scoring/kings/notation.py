"""TRICKTAKERs KINGs' typed notation: the line a player types at the table, and the line for an entry.

A game played trick by trick is typed one entry a line: the draft's picks (``red``, ``Healer``: a
word alone; ``pick red`` too), two players' Devil (``green``; ``devil green`` too),
``fronts Aki=Healer …``, ``bids Aki=Gambler:2/50 …``, then the cards (``b3 king``), ``lead Ben``,
``hermit``, ``cheer``. A player's name may be typed in any case and cut to a prefix that fits one
player (``lead b``); the line written for an entry always has the full name. A scoresheet round is
one ``sheet`` line: each player's part starts with ``NAME:`` and lists what the sheet records for
them.

>>> line = "sheet Aki: fronts=Healer bid=2/50 tricks=2 won=r*2,b*3,g,k*2,WF,RA Ben: fronts=Devil bid=miss tricks=0 won="
>>> parse_line(line)["players"]["Aki"]
{'fronts': ['Healer'], 'bid': {'tricks': 2, 'points': 50}, 'tricks': 2, 'captured': {'red': 2, 'blue': 3, \
'green': 1, 'black': 2, 'white_flag': 1, 'rare': 1}}
>>> line_for(parse_line(line)) == line
True

Every field of a round has a word (``docs/record-format.md``, form 1):

========================  ===========================================================================
``fronts=Healer,Maru``    the characters face up this round (``fronts=`` for none)
``bid=2/50``              a bid of 2 tricks for 50 points, as printed on the back; ``bid=miss`` the
                          Devil's bid miss, ``bid=copy:Ben`` a Copy of Ben's bid, ``bid=bond:Ben``
                          a Bond with Ben; two players' round 3: ``bids=2/50+3/60`` (``bids=2/50``
                          for a list of one)
``tricks=2``              the tricks actually won
``won=r*2,b,WF,RA*2``     the cards captured: ``r`` red, ``b`` blue, ``g`` green, ``k`` black,
                          ``WF`` White Flags, ``RA`` Rares, ``*N`` for several (``won=`` for none).
                          ``r2`` would be the red 2 card, so a count is written ``r*2`` as on a
                          Sheriff sheet
``king``                  the player's king was played this round (``king=no`` writes it as not)
``items=gift,sword``      the Fairy's Gift and the King's Sword used this round
``drafted=red``           two players: the king drafted for this round
``devil=green``           two players: the king contracted to the Devil this round (anywhere on the line)
========================  ===========================================================================

>>> parse_line("sheet devil=green Aki: drafted=red fronts=Healer,Gambler bid=3/70 tricks=6 king Ben: bids=3/60")
{'players': {'Aki': {'king': 'red', 'fronts': ['Healer', 'Gambler'], 'bid': {'tricks': 3, 'points': 70}, \
'tricks': 6, 'king_played': True}, 'Ben': {'bid': [{'tricks': 3, 'points': 60}]}}, 'devil': 'green'}
>>> parse_line("sheet Aki: tricks=two")
Traceback (most recent call last):
...
scoring.errors.RuleViolation: 'tricks=two' in 'sheet Aki: tricks=two': type the tricks won as a number (tricks=2). \
[record-format]
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from functools import cache
from typing import Any

from scoring.errors import RuleViolation
from scoring.kings.cards import KING_COLORS, character, code, kings, parse
from scoring.kings.names import player
from scoring.kings.scoring import CAPTURED_KEYS
from scoring.kings.trick import DECLARATIONS
from scoring.kings.words import fact
from scoring.notation import named, once, unreadable, words_of
from scoring.words import in_language, say, spoken

# the captured kinds as a sheet line writes them (r b g k WF RA), and the longer words it also reads
WON = dict(zip(("r", "b", "g", "k", "WF", "RA"), CAPTURED_KEYS, strict=True))
_WON_READ = {**{k.lower(): v for k, v in WON.items()}, **{v: v for v in CAPTURED_KEYS}}
ITEMS = {"gift": "fairys_gift", "sword": "kings_sword"}
_ITEMS_READ = {**ITEMS, **{v: v for v in ITEMS.values()}}
FIELDS = ("fronts", "bid", "bids", "tricks", "won", "king", "items", "drafted")
SHEET_FORM = "sheet Aki: fronts=Healer bid=2/50 tricks=2 won=r*2,b*3,g,k*2,WF,RA king items=gift Ben: …"


def parse_line(
    line: str, to_play: str | None = None, players: Sequence[str] | None = None, phase: str | None = None
) -> dict:
    """KINGs played trick by trick, and scoresheet rounds (``sheet …``, see the module docstring).
    ``to_play`` (the drafter, the player choosing the Devil's king, the player to play) is
    written as the entry's ``by``. With the table's ``players``, every name may be typed in any
    case and cut to a prefix that fits one player (:func:`scoring.kings.names.player`); in the
    draft (``phase`` ``"draft"``) a king's colour or a character alone is a pick, and while two
    players contract the Devil (``"devil"``) a colour alone is the Devil's king.

    >>> parse_line("pick red"), parse_line("pick Devil", to_play="Ben")
    ({'pick': {'king': 'red'}}, {'pick': {'by': 'Ben', 'character': 'Devil'}})
    >>> parse_line("Devil", to_play="Ben", phase="draft"), parse_line("green", to_play="Ben", phase="devil")
    ({'pick': {'by': 'Ben', 'character': 'Devil'}}, {'devil': {'by': 'Ben', 'color': 'green'}})
    >>> parse_line("fronts Aki=Healer Ben=Devil,Samurai nine=Ben")
    {'fronts': {'Aki': ['Healer'], 'Ben': ['Devil', 'Samurai']}, 'nine': ['Ben']}
    >>> parse_line("fronts a=Healer b=Devil,Samurai nine=B", players=("Aki", "Ben"))
    {'fronts': {'Aki': ['Healer'], 'Ben': ['Devil', 'Samurai']}, 'nine': ['Ben']}
    >>> bids = parse_line("bids Aki=Gambler:2/50 Ben=Devil:miss Chie=Neme:copy:Aki partner=Dan:Chie")
    >>> bids["bids"]["Chie"], bids["partners"]
    ([{'card': 'Neme', 'bid': {'special': 'copy', 'of': 'Aki'}}], {'Dan': 'Chie'})
    >>> parse_line("b3 king gift", to_play="Ben"), parse_line("lead c", to_play="Aki", players=("Aki", "Chie"))
    ({'by': 'Ben', 'play': 'b3', 'king': True, 'gift': True}, {'by': 'Aki', 'lead': 'Chie'})
    """
    words = words_of(line)
    head, rest = words[0].lower(), words[1:]
    if len(words) == 1 and ((phase == "draft" and head != "pick") or (phase == "devil" and head != "devil")):
        return _bare(words[0], phase, _by(to_play))

    def who(typed: str) -> str:
        return player(typed, players)

    if head == "sheet":
        return _sheet(rest, line, who)
    _count_checked(head, rest)
    read = _LINES.get(head)
    if read is None:
        return _play(words[0], rest, _by(to_play))
    return read(head, rest, line, to_play, who)


def _by(to_play: str | None) -> dict:
    """The entry's ``by``: the player to play, when the line is read at a table."""
    return {"by": to_play} if to_play else {}


# the words that take exactly one word after them, and an example (what that word is:
# kings.one_word.<word>)
_ONE = {"pick": "pick red · pick Healer", "devil": "devil green", "lead": "lead Ben"}


def _count_checked(head: str, rest: list[str]) -> None:
    """Refuses a line with too many or too few words after its first word."""
    if head in _ONE and len(rest) != 1:
        raise unreadable(fact("refused.one_word", head=head, what=fact(f"one_word.{head}"), example=_ONE[head]))
    if head in ("hermit", "cheer") and len(rest) > 1:
        raise unreadable(fact("refused.helper_words", head=head, helper=fact(f"line.{head}")))


def _pick(head: str, rest: list[str], line: str, to_play: str | None, who: Callable[[str], str]) -> dict:
    """``pick red``, ``pick Healer``: a king's colour or a character in the draft."""
    name, by = rest[0], _by(to_play)
    return {"pick": {**by, "king": name.lower()} if name.lower() in KING_COLORS else {**by, "character": name}}


def _devil(head: str, rest: list[str], line: str, to_play: str | None, who: Callable[[str], str]) -> dict:
    """``devil green``: two players' Devil contracted to a king nobody drafted."""
    return {"devil": {**_by(to_play), "color": rest[0].lower()}}


def _fronts(head: str, rest: list[str], line: str, to_play: str | None, who: Callable[[str], str]) -> dict:
    """``fronts Aki=Healer Ben=Devil,Samurai nine=Ben``: the characters turned up, and the
    Berserker's nines."""
    out: dict[str, Any] = {"fronts": {}}
    for key, value in named(rest, line, "fronts Aki=Healer Ben=Devil,Samurai nine=Ben"):
        if key == "nine":
            out["nine"] = [who(v) for v in value.split(",") if v]
        else:
            name = who(key)
            once([*out["fronts"], name], line)
            out["fronts"][name] = [_named(v) for v in value.split(",") if v]
    return out


def _bids(head: str, rest: list[str], line: str, to_play: str | None, who: Callable[[str], str]) -> dict:
    """``bids Aki=Gambler:2/50 … partner=Dan:Chie``: each player's bid cards, and the Cheerleader's
    partners."""
    bids: dict[str, list] = {}
    partners: dict[str, str] = {}
    for word in rest:
        key, _, value = word.partition("=")
        if key == "partner":
            a, _, b = value.partition(":")
            partners[who(a)] = who(b)
            continue
        name = who(key)
        once([*bids, name], line)
        bids[name] = [_card_bid(part, who) for part in value.split("+")]
    return {"bids": bids, **({"partners": partners} if partners else {})}


def _lead(head: str, rest: list[str], line: str, to_play: str | None, who: Callable[[str], str]) -> dict:
    """``lead Ben``: the Ninja names who leads."""
    return {**_by(to_play), "lead": who(rest[0])}


def _helper(head: str, rest: list[str], line: str, to_play: str | None, who: Callable[[str], str]) -> dict:
    """``hermit``, ``cheer`` (or with the one player): the Hermit's draw, the Cheerleader's trade;
    written without ``by``, the player named being the one who acts."""
    return {head: who(rest[0]) if rest else to_play}


# the first word of a line, and who reads the rest (any other first word is a card played)
_LINES: dict[str, Callable[[str, list[str], str, str | None, Callable[[str], str]], dict]] = {
    "pick": _pick,
    "devil": _devil,
    "fronts": _fronts,
    "bids": _bids,
    "lead": _lead,
    "hermit": _helper,
    "cheer": _helper,
}


def _play(word: str, flags: list[str], by: dict) -> dict:
    """``b3 king gift``: a card played, and what was put on it."""
    entry: dict[str, Any] = {**by, "play": _card(word)}
    for flag in flags:
        if flag in ("king", "sword", "gift"):
            entry[flag] = True
        elif flag in DECLARATIONS:
            entry["declare"] = flag
        else:
            raise unreadable(fact("refused.after_card", flag=flag))
    return entry


def _card(word: str) -> str:
    """A card as the table typed it, written as its code (``wf`` → ``WF``, ``R7`` → ``r7``); a word
    that is no card stays as typed, for the rules to refuse.

    >>> _card("wf"), _card("R7"), _card("k9B"), _card("zz")
    ('WF', 'r7', 'k9b', 'zz')
    """
    try:
        return code(parse(word))
    except (RuleViolation, KeyError, ValueError):
        return word


def _named(card: str) -> str:
    """A character as the table typed it, written as the cards name it (``maru`` → ``Maru``);
    a name that is no character stays as typed, for the rules to refuse with the known names.

    >>> _named("maru"), _named("ヒーラー"), _named("Mar")
    ('Maru', 'Healer', 'Mar')
    """
    try:
        return character(card).name
    except RuleViolation:
        return card


@cache
def _colors_named() -> dict[str, str]:
    """Each king's colour by the words naming it in every language: the colour (``green``, ``緑``)
    and the king (``緑のキング``), in lower case."""
    named = {}
    for color in KING_COLORS:
        for lang in spoken():
            named[say(fact("color", color=color), lang).lower()] = color
            named[in_language(kings()[color], "name", lang).lower()] = color
    return named


def _bare(word: str, phase: str, by: dict) -> dict:
    """One word alone in the draft (a king's colour or a character) or at two players' Devil (a
    colour); a colour, a king or a character may be typed in any language (緑, 緑のキング, ヒーラー)."""
    key = _colors_named().get(word.lower(), word.lower())
    if phase == "devil":
        if key not in KING_COLORS:
            raise unreadable(fact("refused.devil_word", word=word))
        return {"devil": {**by, "color": key}}
    if key in KING_COLORS:
        return {"pick": {**by, "king": key}}
    try:
        name = character(word).name
    except RuleViolation:
        raise unreadable(fact("refused.draft_word", word=word)) from None
    return {"pick": {**by, "character": name}}


def _card_bid(text: str, who: Callable[[str], str]) -> dict:
    """``CARD:BID`` of a ``bids`` line: the character whose back is bid, and the bid."""
    card, _, bid = text.partition(":")
    found = _bid(bid, who)
    if found is None:
        raise unreadable(fact("refused.bid_form", text=text))
    return {"card": _named(card), "bid": found}


def _bid(text: str, who: Callable[[str], str]) -> dict | None:
    """A bid as typed: ``2/50``, ``miss``, ``copy:NAME``, ``bond:NAME``; None if it is none of them."""
    if text == "miss":
        return {"special": "devil_miss"}
    if text.startswith(("copy:", "bond:")):
        kind, _, other = text.partition(":")
        return {"special": kind, ("of" if kind == "copy" else "partner"): who(other) if other else other}
    tricks, _, points = text.partition("/")
    if not (tricks.isdecimal() and points.isdecimal()):
        return None
    return {"tricks": int(tricks), "points": int(points)}


def _sheet(words: list[str], line: str, who: Callable[[str], str]) -> dict:
    """A scoresheet round: ``NAME:`` starts a player's part; ``devil=`` belongs to the round."""
    players: dict[str, dict[str, Any]] = {}
    devil: list[str] = []
    part: dict[str, Any] | None = None
    given: list[str] = []  # the fields of the current part, each once
    for word in words:
        key, eq, value = word.partition("=")
        if not eq and word.endswith(":") and len(word) > 1:
            name = who(word[:-1])
            once([*players, name], line)
            part = players[name] = {}
            given = []
            continue
        if key == "devil" and eq:
            once(["devil"] * (len(devil) + 1), line)
            devil.append(value)
            continue
        if part is None:
            raise unreadable(fact("refused.sheet_part", word=word, line=line, form=SHEET_FORM))
        if key not in FIELDS:
            raise unreadable(fact("refused.sheet_field", word=word, line=line, fields=FIELDS, form=SHEET_FORM))
        once([*given, "bid" if key == "bids" else key], line)
        given.append("bid" if key == "bids" else key)
        field, read = _field(key, value if eq else None, word, line, who)
        part[field] = read
    return {"players": players, **({"devil": devil[0]} if devil else {})}


def _field(key: str, value: str | None, word: str, line: str, who: Callable[[str], str]) -> tuple[str, Any]:
    """One ``key=value`` word of a player's part, as the round entry's field and value."""

    def refuse(how: str, **values: Any) -> RuleViolation:
        return unreadable(fact("refused.field", word=word, line=line, how=fact(f"field.{how}", **values)))

    if key == "king":
        return _king_field(value, refuse)
    if value is None:
        raise refuse("needs_value", key=key, form=SHEET_FORM)
    return _FIELD_READERS.get(key, _drafted_field)(key, value, refuse, who)


_Refuse = Callable[..., RuleViolation]  # a refusal of the word being read: how to type it (kings.field.<how>)


def _king_field(value: str | None, refuse: _Refuse) -> tuple[str, bool]:
    """``king`` (``king=yes``) or ``king=no``: whether the player's king was played this round."""
    if value is None or value.lower() == "yes":
        return "king_played", True
    if value.lower() == "no":
        return "king_played", False
    raise refuse("king")


# each field of a player's part after its ``=``: (the field's word, its value, a refusal, who names a player)


def _fronts_field(key: str, value: str, refuse: _Refuse, who: Callable[[str], str]) -> tuple[str, Any]:
    return "fronts", [_named(v) for v in value.split(",") if v]


def _bid_field(key: str, value: str, refuse: _Refuse, who: Callable[[str], str]) -> tuple[str, Any]:
    """``bid=2/50`` (one bid), ``bids=2/50+3/60`` (a list, even of one)."""
    bids = [_bid(v, who) for v in value.split("+")]
    if not value or None in bids:
        raise refuse("bid")
    return "bid", bids if key == "bids" or len(bids) > 1 else bids[0]


def _tricks_field(key: str, value: str, refuse: _Refuse, who: Callable[[str], str]) -> tuple[str, Any]:
    if not value.isdecimal():
        raise refuse("tricks")
    return "tricks", int(value)


def _won_field(key: str, value: str, refuse: _Refuse, who: Callable[[str], str]) -> tuple[str, Any]:
    return "captured", _won(value, refuse)


def _items_field(key: str, value: str, refuse: _Refuse, who: Callable[[str], str]) -> tuple[str, Any]:
    items = [_ITEMS_READ.get(v.lower()) for v in value.split(",") if v]
    if None in items:
        raise refuse("items")
    return "items", items


def _drafted_field(key: str, value: str, refuse: _Refuse, who: Callable[[str], str]) -> tuple[str, Any]:
    return "king", value  # drafted=COLOUR


_FIELD_READERS = {
    "fronts": _fronts_field,
    "bid": _bid_field,
    "bids": _bid_field,
    "tricks": _tricks_field,
    "won": _won_field,
    "items": _items_field,
    "drafted": _drafted_field,
}


def _won(value: str, refuse: _Refuse) -> dict[str, int]:
    out: dict[str, int] = {}
    for part in (p for p in value.split(",") if p):
        kind, star, times = part.partition("*")
        key = _WON_READ.get(kind.lower())
        if key is None or (star and not times.isdecimal()):
            raise refuse("won")
        out[key] = out.get(key, 0) + (int(times) if star else 1)
    return out


def line_for(entry: dict) -> str:
    """The typed line for a KINGs entry (the inverse of ``parse_line``); a scoresheet round the
    line cannot write exactly (an odd value the reader will refuse) stays JSON.

    >>> line_for({"players": {"Aki": {"fronts": ["Ninja"], "bid": {"special": "copy", "of": "Ben"},
    ...   "tricks": 2, "captured": {"red": 2, "rare": 2}, "items": ["kings_sword"]}}, "devil": "green"})
    'sheet devil=green Aki: fronts=Ninja bid=copy:Ben tricks=2 won=r*2,RA*2 items=sword'
    >>> line_for({"pick": {"king": "red"}}), line_for({"by": "Ben", "play": "b3", "king": True})
    ('red', 'b3 king')
    """
    if "players" in entry:
        return _sheet_line(entry)
    if "pick" in entry:  # a word alone in the draft
        p = entry["pick"]
        return str(p.get("king") or p.get("character"))
    if "devil" in entry:  # a colour alone while two players contract the Devil
        return str(entry["devil"]["color"])
    if "fronts" in entry:
        parts = [f"{k}={','.join(v)}" for k, v in entry["fronts"].items() if v]
        if entry.get("nine"):
            parts.append("nine=" + ",".join(entry["nine"]))
        return "fronts " + " ".join(parts)
    if "bids" in entry:
        parts = [f"{k}={'+'.join(b['card'] + ':' + _bid_text(b['bid']) for b in v)}" for k, v in entry["bids"].items()]
        parts += [f"partner={a}:{b}" for a, b in entry.get("partners", {}).items()]
        return "bids " + " ".join(parts)
    if "lead" in entry:
        return f"lead {entry['lead']}"
    if "hermit" in entry or "cheer" in entry:
        key = "hermit" if "hermit" in entry else "cheer"
        return f"{key} {entry[key]}"
    flags = [f for f in ("king", "sword", "gift") if entry.get(f)]
    if entry.get("declare"):
        flags.append(entry["declare"])
    return " ".join([entry["play"], *flags])


def _bid_text(bid: dict) -> str:
    if "tricks" in bid:
        return f"{bid['tricks']}/{bid['points']}"
    if bid["special"] == "devil_miss":
        return "miss"
    return f"{bid['special']}:{bid.get('of') or bid.get('partner')}"


def _sheet_line(entry: dict) -> str:
    """A scoresheet round as one line, or as JSON when the line would not read back the same."""
    try:
        words = ["sheet"] + ([f"devil={entry['devil']}"] if "devil" in entry else [])
        for who, row in entry["players"].items():
            words.append(f"{who}:")
            words += [write(row[field]) for field, write in _FIELD_WORDS if field in row]
        line = " ".join(str(w) for w in words)
        if parse_line(line) == entry:
            return line
    except (KeyError, TypeError, AttributeError, RuleViolation):  # a round of an odd shape
        pass
    return json.dumps(entry, ensure_ascii=False)


def _bid_word(bid: Any) -> str:
    return f"bids={'+'.join(_bid_text(b) for b in bid)}" if isinstance(bid, list) else f"bid={_bid_text(bid)}"


def _won_word(captured: Any) -> str:
    won = {k: captured[v] for k, v in WON.items() if v in captured}
    return "won=" + ",".join(k + ("" if n == 1 else f"*{n}") for k, n in won.items())


def _items_word(items: Any) -> str:
    short = {v: k for k, v in ITEMS.items()}
    return "items=" + ",".join(short.get(i, i) for i in items)


# each field of a player's part, in the order a line writes them, and its word
_FIELD_WORDS: tuple[tuple[str, Callable[[Any], str]], ...] = (
    ("king", lambda king: f"drafted={king}"),
    ("fronts", lambda fronts: "fronts=" + ",".join(fronts)),
    ("bid", _bid_word),
    ("tricks", lambda tricks: f"tricks={tricks}"),
    ("captured", _won_word),
    ("king_played", lambda played: "king" if played else "king=no"),
    ("items", _items_word),
)
