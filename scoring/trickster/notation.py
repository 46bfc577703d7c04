"""Trickster's typed notation: the line a player types at the table, and the line for an entry.

At the table (``parse_line`` given the table's ``state``) a line is words in the order the table
sees things, each one a card code or a player, any unique start of either in any case:

* a round's setup: ``round``, the 6 trash cards, each player's tableau card in seat order, then
  (2–3 players) the 12 Timeline cards, or none of them: then each is typed alone as it leads its
  trick (``timeline RGUA`` the long way);
* a card and what its effect names, in the order :func:`scoring.trickster.targets.named` gives:
  ``RBRI PBRI Ben`` (the Brigand passes the purple Brigand to Ben), ``RGUA GNOM`` (the Guard
  takes the green Nomad: its owner is the enemy, never typed), ``RARC KDOC WDOC Chie`` (an
  Archivist using the black Doctor's effect);
* ``bust``; and at a round's end ``reveal`` and every card left in the hands, in seat order (the
  table knows how many each player holds).

>>> from scoring.trickster.cards import Deck
>>> from scoring.trickster.engine import apply
>>> from scoring.trickster.events import RoundStarted
>>> from scoring.trickster.state import Header, new_game
>>> s = new_game(Header(("Aki", "Ben", "Chie", "Dan"), Deck.preset("introductory"), first_player=2))
>>> setup = parse_line("round gped bsol kmag pmag wnom wrev pbri prev ogua gnom", state=s)
>>> setup["round"]["trash"], setup["round"]["tableau"]
(['GPED', 'BSOL', 'KMAG', 'PMAG', 'WNOM', 'WREV'], {'Aki': 'PBRI', 'Ben': 'PREV', 'Chie': 'OGUA', 'Dan': 'GNOM'})
>>> line_for(setup)
'round GPED BSOL KMAG PMAG WNOM WREV PBRI PREV OGUA GNOM'
>>> r = setup["round"]
>>> s = apply(s, RoundStarted(*(tuple(parse(c, s.game.deck) for c in cards)
...                            for cards in (r["trash"], r["tableau"].values()))))
>>> parse_line("rgua gnom", "Chie", s)  # Dan's tableau holds the green Nomad: Dan is the enemy
{'play': 'RGUA', 'by': 'Chie', 'effect': {'card': 'GNOM', 'enemy': 'Dan'}}
>>> line_for(_), parse_line("RBRI OGUA b", "Chie", s)["effect"]
('RGUA GNOM', {'card': 'OGUA', 'enemy': 'Ben'})

A name is any unique start of one, in any case; one that fits several players, or none, is
refused with who fits:

>>> parse_line("RPED ch", "Aki", s)["effect"], parse_line("bust d", "Dan", s)
({'enemy': 'Chie'}, {'bust': 'Dan'})
>>> parse_line("RPED Eve", "Aki", s)
Traceback (most recent call last):
...
scoring.errors.RuleViolation: 'Eve' is not a player of this game (Aki, Ben, Chie, Dan). [record-format]

Every line typed before still reads the same, with or without the state (``key=value`` words):

>>> parse_line("RGUA card=WGUA enemy=Ben", to_play="Aki")
{'play': 'RGUA', 'by': 'Aki', 'effect': {'card': 'WGUA', 'enemy': 'Ben'}}
>>> parse_line("RARC copy=KDOC then.card=WDOC then.enemy=Ben", to_play="Aki")["effect"]
{'copy': 'KDOC', 'then': {'card': 'WDOC', 'enemy': 'Ben'}}
>>> parse_line("bust", to_play="Chie"), parse_line("PED -", to_play="Dan")
({'bust': 'Chie'}, {'play': 'PED', 'by': 'Dan', 'effect': {}})
>>> parse_line("round trash=GPED,BSOL tableau=Aki:PBRI,Ben:PREV")
{'round': {'trash': ['GPED', 'BSOL'], 'tableau': {'Aki': 'PBRI', 'Ben': 'PREV'}}}
>>> parse_line("reveal Aki=ONOM,BPED Ben=")
{'reveal': {'Aki': ['ONOM', 'BPED'], 'Ben': []}}

A scoresheet round is the tableau counts by suit letter (R O Y G B P K W):

>>> parse_line("tableau Aki=R3,B1 Ben=B2,G1 Chie=")
{'tableau': {'Aki': {'red': 3, 'blue': 1}, 'Ben': {'blue': 2, 'green': 1}, 'Chie': {}}}

A play with no target means its effect could not be resolved; ``-`` after the card means it
was resolved with nothing to name (a Scion's secret draw), and after a copied card the same for
the copied effect (``RARC KSCI -``, once ``RARC copy=KSCI then=-``).

A line that cannot be read is refused with what to type instead (rule ``record-format``), never
half read: a missing or extra word, or a count that is not a number, says so.

>>> parse_line("bust Ben Chie")
Traceback (most recent call last):
...
scoring.errors.RuleViolation: Type bust, or bust and the one player who busts (bust Ben). [record-format]

And back, for every entry (``line_for`` writes the shortest line; the table's state reads it):

>>> line_for(parse_line("RARC copy=KDOC then.card=WDOC then.enemy=Ben"))
'RARC KDOC WDOC'
>>> line_for(parse_line("RARC copy=KSCI then=-")), line_for(parse_line("RDOC enemy2=Ben"))
('RARC KSCI -', 'RDOC enemy2=Ben')
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from typing import Any

from scoring.errors import RuleViolation
from scoring.notation import named as named_pairs
from scoring.notation import once, player, unreadable, words_of
from scoring.trickster.cards import Deck, code, hero_of, heroes, parse, suits
from scoring.trickster.effects import CODES, COPIERS
from scoring.trickster.engine import timeline_size, trash_size
from scoring.trickster.state import LEAD, State
from scoring.trickster.targets import named, owners
from scoring.trickster.where import where
from scoring.trickster.words import card as card_named
from scoring.trickster.words import hero as hero_named
from scoring.trickster.words import said
from scoring.words import Fact

ENEMIES = ("enemy", "enemy2")
CARDS = ("card", "card2", "copy")
EFFECT_KEYS = (*CARDS, *ENEMIES, "then")


def _bad(text: str) -> RuleViolation:
    return unreadable(said("refused.unreadable", text=text))


def _card(word: str, deck: Deck | None) -> str:
    """A card's code from any way of typing it (``bgu``, ``BGUA``); as typed without the deck."""
    return code(parse(word, deck)) if deck is not None else word


def hero_of_code(text: Any, deck: Deck | None = None) -> str | None:
    """The hero code of a card code (``KDOC`` → ``DOC``), or None if it is not one."""
    if not isinstance(text, str):
        return None
    if deck is not None:
        try:
            return CODES[hero_of(parse(text, deck))]
        except RuleViolation:
            return None
    up = text.upper()
    if len(up) == 4 and up[0] in {s.letter for s in suits()} and up[1:] in CODES:
        return up[1:]
    return None


def parse_line(
    line: str, to_play: str | None = None, state: State | None = None, players: Sequence[str] | None = None
) -> dict:
    """The entry for a typed Trickster line (see the module docstring). With the table's
    ``state`` (or only the ``players``, for a scoresheet) names may be shortened and the short
    forms read; without it only the ``key=value`` forms are."""
    text = line
    words = words_of(line)
    names = tuple(state.players) if state is not None else (tuple(players) if players else None)
    deck = state.game.deck if state is not None else None
    head, rest = words[0].lower(), words[1:]
    if head == "bust":
        if len(rest) > 1:
            raise unreadable(said("refused.bust_one"))
        return {"bust": player(rest[0], names) if rest else to_play}
    if head == "round":
        return {"round": _setup(rest, text, state, names)}
    if head == "timeline" or (state is not None and state.phase == LEAD and len(words) == 1):
        cards = rest if head == "timeline" else words
        if len(cards) != 1:
            raise unreadable(said("refused.timeline_one"))
        return {"timeline": _card(cards[0], deck)}
    if head == "reveal":
        return {"reveal": _reveal(rest, text, state, names)}
    if head == "tableau":
        counts = [
            (player(who, names), _suit_counts(value, text))
            for who, value in named_pairs(rest, line, "tableau Aki=R3,B1 Ben=")
        ]
        once([who for who, _ in counts], line)
        return {"tableau": dict(counts)}
    card = _card(words[0], deck)
    entry: dict[str, Any] = {"play": card, "by": to_play} if to_play else {"play": card}
    effect = _effect(rest, card, text, state, names, to_play)
    if effect is not None:
        entry["effect"] = effect
    return entry


# --- a round's setup and its end -------------------------------------------------------------------


def setup_size(state: State) -> tuple[int, int, int]:
    """How many cards a round's setup names: trash, tableau (one each), Timeline."""
    return trash_size(), len(state.players), timeline_size(state.game)


def _setup(rest: list[str], text: str, state: State | None, names: tuple[str, ...] | None) -> dict:
    deck = state.game.deck if state is not None else None
    if any("=" in w for w in rest) or state is None:
        return _keyed_setup(rest, text, deck, names)
    k, n, tl = setup_size(state)
    cards = [_card(w, deck) for w in rest]  # a word that is no card is refused as typed
    if len(rest) not in (k + n + tl, k + n):  # the Timeline's cards, or none: each typed as it leads
        raise unreadable(_setup_words(state, len(rest)))
    setup: dict[str, Any] = {"trash": cards[:k], "tableau": dict(zip(state.players, cards[k : k + n], strict=True))}
    if len(rest) > k + n:
        setup["timeline"] = cards[k + n :]
    return setup


def _setup_words(state: State, given: int) -> Fact:
    """Why a round's setup line is refused: how many cards it needs (too few, or too many)."""
    k, n, tl = setup_size(state)
    tail = said("setup.timeline", timeline=tl) if tl else ""
    key = "refused.setup_short" if given < k + n else "refused.setup_long"
    total = said("setup.totals", full=k + n + tl, short=k + n) if tl else k + n
    return said(key, trash=k, players=tuple(state.players), tail=tail, total=total, given=given)


def _keyed_setup(rest: list[str], text: str, deck: Deck | None, names: tuple[str, ...] | None) -> dict:
    """``trash=… tableau=Aki:…,Ben:… timeline=…``: the setup as typed before it could be short."""
    setup: dict[str, Any] = {}
    for word in rest:
        key, eq, value = word.partition("=")
        if not eq:
            raise _bad(text)
        if key in ("trash", "timeline"):
            setup[key] = [_card(c, deck) for c in value.split(",") if c]
        elif key == "tableau":
            pairs = [p for p in value.split(",") if p]
            if not all(":" in pair for pair in pairs):
                raise _bad(text)
            picks = [(player(who, names), _card(c, deck)) for who, _, c in (p.partition(":") for p in pairs)]
            once([who for who, _ in picks], text)
            setup[key] = dict(picks)
        else:
            raise _bad(text)
    return setup


def _reveal(rest: list[str], text: str, state: State | None, names: tuple[str, ...] | None) -> dict:
    deck = state.game.deck if state is not None else None
    if any("=" in w for w in rest) or state is None:
        pairs = [
            (player(who, names), [_card(c, deck) for c in cards.split(",") if c])
            for who, cards in named_pairs(rest, text, "reveal Aki=ONOM,BPED Ben=")
        ]
        once([who for who, _ in pairs], text)
        return dict(pairs)
    sizes = [h.size for h in state.hands]
    if len(rest) > sum(sizes):
        held = tuple(f"{p} {n}" for p, n in zip(state.players, sizes, strict=True))
        raise unreadable(said("refused.hands_hold", total=sum(sizes), held=held, given=len(rest)))
    cards = [_card(w, deck) for w in rest]
    shown: dict[str, list[str]] = {}
    for p, size in zip(state.players, sizes, strict=True):
        shown[p], cards = cards[:size], cards[size:]
    return shown


def reveal_slots(state: State) -> list[int]:
    """Whose card each word of a reveal is, in seat order (a player per card still in hand)."""
    return [p for p, hand in enumerate(state.hands) for _ in range(hand.size)]


# --- a card's effect ---------------------------------------------------------------------------------


def then_hero(level: dict, hcode: str, deck: Deck | None, inventor_resolves: bool = True) -> str | None:
    """The hero whose effect ``level`` (an effect of ``hcode``) resolves in turn, once it names it:
    the card an Archivist or a General copies, the card the Inventor turns into the pot (house rule
    inventor_resolves)."""
    if hcode in COPIERS:
        return hero_of_code(level.get("copy"), deck)
    if hcode == "INV" and inventor_resolves:
        return hero_of_code(level.get("card"), deck)
    return None


def levels(
    effect: dict, hcode: str, deck: Deck | None, inventor_resolves: bool = True
) -> Iterator[tuple[tuple[str, ...], dict, str]]:
    """(path, effect at that path, hero) for the effect and each effect it resolves in turn, as
    far as ``effect`` names them; the path is ``()``, ``("then",)`` …"""
    path: tuple[str, ...] = ()
    level: Any = effect
    h: str | None = hcode
    while h is not None and isinstance(level, dict):
        yield path, level, h
        nxt = then_hero(level, h, deck, inventor_resolves)
        if nxt is None:
            return
        path, level, h = (*path, "then"), level.get("then", {}), nxt


def next_field(
    effect: dict, hcode: str, deck: Deck | None, inventor_resolves: bool = True
) -> tuple[tuple[str, ...], str] | None:
    """The next field the table types for ``effect`` (a path and a field), or None when every
    one is named (:func:`scoring.trickster.targets.named`, then those of the effect it resolves)."""
    for path, level, h in levels(effect, hcode, deck, inventor_resolves):
        if path and level == {} and "then" in _at(effect, path[:-1]):
            return None  # resolved in secret (``-``)
        for f in named(h):
            if f not in level:
                return path, f
    return None


def _at(effect: dict, path: tuple[str, ...], create: bool = False) -> dict:
    level = effect
    for part in path:
        level = level.setdefault(part, {}) if create else level.get(part, {})
        if not isinstance(level, dict):
            return {}
    return level


def _effect(
    tokens: list[str],
    card: str,
    text: str,
    state: State | None,
    names: tuple[str, ...] | None,
    to_play: str | None,
) -> dict | None:
    """The effect the words after a card name; None when there are none (it could not resolve)."""
    if not tokens:
        return None
    if tokens == ["-"]:
        return {}
    deck = state.game.deck if state is not None else None
    hcode = hero_of_code(card, deck) if deck is not None else None
    rules_resolve = state.game.rules.inventor_resolves if state is not None else True
    effect: dict[str, Any] = {}
    for token in tokens:
        key, eq, value = token.partition("=")
        if eq:
            _set_keyed(effect, key, value, text, names, deck)
        elif hcode is None:  # short words need the table's state: which hero, whose card
            raise _bad(text)
        else:
            _place(effect, token, card, hcode, deck, names, rules_resolve, text)
    if state is not None and hcode is not None and to_play is not None:
        _fill_owners(effect, hcode, state, to_play, rules_resolve)
    return effect


def _set_keyed(effect: dict, key: str, value: str, text: str, names: tuple[str, ...] | None, deck: Deck | None) -> None:
    """Set the field a ``key=value`` word names, its key a path into the effects it resolves
    (``then.card=WDOC``)."""
    parts = key.split(".")
    if not all(parts):
        raise _bad(text)
    target: Any = effect
    for part in parts[:-1]:
        target = target.setdefault(part, {})
        if not isinstance(target, dict):
            raise _bad(text)
    target[parts[-1]] = _keyed_value(parts[-1], value, names, deck)


def _keyed_value(field: str, value: str, names: tuple[str, ...] | None, deck: Deck | None) -> Any:
    """A ``key=value`` word's value: ``then=-`` resolved in secret, a player for an enemy, a card's
    code for a card, else as typed."""
    if field == "then" and value == "-":
        return {}
    if field in ENEMIES and value:
        return player(value, names)
    if field in CARDS and value:
        return _card(value, deck)
    return value


def _open_owner(effect: dict, hcode: str, deck: Deck | None, resolve: bool) -> tuple[tuple[str, ...], str] | None:
    for path, level, h in levels(effect, hcode, deck, resolve):
        for enemy in owners(h):
            if enemy not in level:
                return path, enemy
    return None


def _place(
    effect: dict,
    token: str,
    card: str,
    hcode: str,
    deck: Deck | None,
    names: tuple[str, ...] | None,
    resolve: bool,
    text: str,
) -> None:
    """Put one short word where it belongs: the next field the table types."""
    if token == "-":  # the effect resolved in turn was resolved in secret
        for path, level, h in levels(effect, hcode, deck, resolve):
            complete = all(f in level for f in named(h))
            if complete and then_hero(level, h, deck, resolve) is not None and "then" not in level:
                _at(effect, path, create=True)["then"] = {}
                return
        raise _bad(text)
    slot = next_field(effect, hcode, deck, resolve)
    if slot is not None and slot[1] in ENEMIES:
        _at(effect, slot[0], create=True)[slot[1]] = player(token, names)
        return
    if slot is not None:
        try:
            _at(effect, slot[0], create=True)[slot[1]] = _card(token, deck)
            return
        except RuleViolation:
            owner = _open_owner(effect, hcode, deck, resolve)
            if owner is None or not _is_player(token, names):
                raise
    owner = _open_owner(effect, hcode, deck, resolve)
    if owner is not None and _is_player(token, names):  # the owner typed after all: checked by the rules
        _at(effect, owner[0], create=True)[owner[1]] = player(token, names)
        return
    played = card_named(parse(card, deck)) if deck is not None else card
    raise unreadable(said("refused.names_nothing_more", token=token, text=text, card=played))


def _is_player(token: str, names: tuple[str, ...] | None) -> bool:
    try:
        player(token, names)
    except RuleViolation:
        return False
    return bool(names)


def _fill_owners(effect: dict, hcode: str, state: State, to_play: str, resolve: bool) -> None:
    """Name the enemy whose tableau holds the card the effect takes (the Guard's, the Nomad's …)."""
    deck = state.game.deck
    me = state.players.index(to_play) if to_play in state.players else -1
    for _, level, h in list(levels(effect, hcode, deck, resolve)):
        for enemy, field in owners(h).items():
            if enemy in level or not isinstance(level.get(field), str):
                continue
            try:
                c = parse(level[field], deck)
            except RuleViolation:
                continue
            holders = [p for p, tableau in enumerate(state.tableaus) if c in tableau and p != me]
            if len(holders) == 1:
                level[enemy] = state.players[holders[0]]
                continue
            hero = next(x for x in heroes() if x.code == h)
            mine = 0 <= me < len(state.players) and c in state.tableaus[me]
            at = said("in_own_tableau", player=to_play) if mine else where(state, c)
            raise RuleViolation(
                f"trickster.hero.{h.lower()}",
                said("refused.from_enemy_tableau", hero=hero_named(hero.index), card=card_named(c), where=at),
            )


def _suit_counts(text: str, line: str) -> dict[str, int]:
    """``R3,B1`` as ``{"red": 3, "blue": 1}``."""
    by_letter = {s.letter: s.name.lower() for s in suits()}
    out: dict[str, int] = {}
    for part in (p for p in text.split(",") if p):
        suit = by_letter.get(part[:1].upper())
        if suit is None or not part[1:].isdecimal():  # "²" is a digit, but no number
            raise unreadable(said("refused.suit_count", part=part, line=line, letters=tuple(by_letter)))
        out[suit] = int(part[1:])
    return out


# --- the line for an entry ---------------------------------------------------------------------------


def line_for(entry: dict) -> str:
    """The typed line for a Trickster entry, as short as the table types it (the inverse of
    ``parse_line`` given the table's state before the entry)."""
    if "bust" in entry:
        return f"bust {entry['bust']}"
    if "round" in entry:
        return _setup_line(entry["round"])
    if "reveal" in entry:
        return _reveal_line(entry)
    if set(entry) == {"tableau"}:
        return _tableau_line(entry["tableau"])
    if "play" in entry:
        return _play_line(entry["play"], entry.get("effect"))
    if set(entry) == {"timeline"} and isinstance(entry["timeline"], str):
        return entry["timeline"]  # alone, as the table types it when the Timeline leads
    return json.dumps(entry, ensure_ascii=False)


def _reveal_line(entry: dict) -> str:
    """``reveal`` and the cards shown, whoever showed them; JSON when they are not all card codes."""
    shown = entry["reveal"]
    if isinstance(shown, dict) and all(_is_codes(v) for v in shown.values()):
        return " ".join(["reveal", *(c for cards in shown.values() for c in cards)])
    return json.dumps(entry, ensure_ascii=False)


def _is_codes(value: Any) -> bool:
    return isinstance(value, list) and all(isinstance(c, str) for c in value)


def _tableau_line(tableaus: dict) -> str:
    """``tableau Aki=R3,B1 …``: each player's tableau as counts by suit."""
    letter = {s.name.lower(): s.letter for s in suits()}
    return "tableau " + " ".join(
        f"{who}=" + ",".join(f"{letter[suit]}{n}" for suit, n in counts.items()) for who, counts in tableaus.items()
    )


def _play_line(card: str, effect: Any) -> str:
    """A card played and what its effect names: the short words when they can be written, else
    every field as ``key=value``."""
    if effect is None:
        return card
    if not effect:
        return f"{card} -"
    hcode = hero_of_code(card)
    if hcode is not None and isinstance(effect, dict):
        try:
            return " ".join([card, *_effect_words(effect, hcode, "", False)[0]])
        except (TypeError, ValueError):
            pass
    return " ".join([card, *_flat(effect)])


def _setup_line(r: Any) -> str:
    if (
        isinstance(r, dict)
        and set(r) <= {"trash", "tableau", "timeline"}
        and {"trash", "tableau"} <= set(r)
        and isinstance(r["trash"], list)
        and isinstance(r["tableau"], dict)
        and isinstance(r.get("timeline", []), list)
        and all(isinstance(c, str) for c in (*r["trash"], *r["tableau"].values(), *r.get("timeline", [])))
    ):
        return " ".join(["round", *r["trash"], *r["tableau"].values(), *r.get("timeline", [])])
    if isinstance(r, dict):
        try:
            parts = ["round", "trash=" + ",".join(r["trash"])]
            parts.append("tableau=" + ",".join(f"{k}:{v}" for k, v in r["tableau"].items()))
            if r.get("timeline"):
                parts.append("timeline=" + ",".join(r["timeline"]))
            return " ".join(parts)
        except (KeyError, TypeError, AttributeError):
            pass
    return json.dumps({"round": r}, ensure_ascii=False)


def _effect_words(effect: dict, hcode: str, prefix: str, keyed: bool) -> tuple[list[str], bool]:
    """The words for one level of an effect: its fields in the order the table types them (the
    rest as ``key=value``, and from the first one missing on), then the effect it resolves."""
    words, keyed = _named_words(effect, hcode, prefix, keyed)
    words += _other_words(effect, hcode, prefix)
    more, keyed = _then_words(effect, hcode, prefix, keyed)
    return words + more, keyed


def _named_words(effect: dict, hcode: str, prefix: str, keyed: bool) -> tuple[list[str], bool]:
    """The fields the table types in order: bare while none is missing, ``key=value`` after."""
    words: list[str] = []
    for f in named(hcode):
        value = effect.get(f)
        if value is None:
            keyed = True
            continue
        if not isinstance(value, str) or not value or " " in value or "=" in value:
            raise ValueError(value)  # not one word: the line cannot say it
        words.append(f"{prefix}{f}={value}" if keyed else value)
    return words, keyed


def _other_words(effect: dict, hcode: str, prefix: str) -> list[str]:
    """The fields the table does not type in order, as ``key=value``."""
    words: list[str] = []
    for key, value in effect.items():
        if _said_otherwise(effect, hcode, key, value):
            continue
        if key not in EFFECT_KEYS or not isinstance(value, str):
            raise ValueError(key)
        words.append(f"{prefix}{key}={value}")
    return words


def _said_otherwise(effect: dict, hcode: str, key: str, value: Any) -> bool:
    """Whether a field needs no ``key=value`` word: typed in order, resolved below, empty, or the
    owner of a card the effect names (the card names its owner)."""
    if key == "then" or key in named(hcode) or value is None:
        return True
    return key in owners(hcode) and effect.get(owners(hcode)[key]) is not None


def _then_words(effect: dict, hcode: str, prefix: str, keyed: bool) -> tuple[list[str], bool]:
    """The words for the effect this one resolves: ``-`` when resolved in secret."""
    if "then" not in effect or effect["then"] is None:
        return [], keyed
    then = effect["then"]
    if not isinstance(then, dict):
        raise ValueError(then)
    if not then:
        return [f"{prefix}then=-" if keyed else "-"], keyed
    inner = then_hero(effect, hcode, None)
    if inner is None:
        raise ValueError(then)
    return _effect_words(then, inner, f"{prefix}then.", keyed)


def _flat(obj: dict, prefix: str = "") -> list[str]:
    out = []
    for key, value in obj.items():
        if isinstance(value, dict):
            out += _flat(value, f"{prefix}{key}.") if value else [f"{prefix}{key}=-"]
        else:
            out.append(f"{prefix}{key}={value}")
    return out


__all__ = [
    "hero_of_code",
    "levels",
    "line_for",
    "next_field",
    "parse_line",
    "player",
    "reveal_slots",
    "setup_size",
    "then_hero",
]
