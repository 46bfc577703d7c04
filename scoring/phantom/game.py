"""Tricks and the Phantom as Companion knows it: the one object the app asks (see ``scoring.game``).

A session is a list of halves, one line each: every player's card with the colour its hint token
showed, then who pointed at whom. A round closes when it has its halves (``new`` closes it early,
``more`` plays on). Everyone plays at once, so nobody is "to play".

>>> p = GAME.new({"players": ["Aki", "Ben", "Chie"]})
>>> p = GAME.apply(p, GAME.parse("Aki=10:blue Ben=P:red Chie=3:yellow point Aki>Ben Ben>Aki Chie>Aki", p))
>>> GAME.to_play(p), [m.text for m in GAME.legal(p)]
(None, ['9', '8', '7', '6', '5', '4', '2'])
>>> [m.text for m in GAME.legal(p, "Aki=9:blue Ben=")], [m.text for m in GAME.legal(p, "Aki=8:")]
(['8', '7', '6', '5', '4', '2'], ['red'])
>>> [(s.player, s.total) for s in GAME.standings(p).standings]
[('Ben', 2), ('Chie', 1), ('Aki', 0)]
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from scoring.errors import RuleViolation
from scoring.game import Move, Option, Position, RecordGame
from scoring.notation import exact_line
from scoring.phantom import arbiter
from scoring.phantom.culprit import PHANTOM, HouseRules, card_name, variants
from scoring.phantom.notation import line_for, parse_line
from scoring.phantom.record import hints, legal, parse_card, read
from scoring.recordkit import need_dict
from scoring.standings import Scored

COLOURS_JA = {"red": "赤", "blue": "青", "yellow": "黄"}


def _code(value: int) -> str:
    return "P" if value == PHANTOM else str(value)


def _cards_in(words: Sequence[str]) -> list[int]:
    """The cards a half being typed already shows (its players' and the 4th person's)."""
    out = []
    for word in words:
        key, eq, value = word.partition("=")
        if not eq or key in ("double", "accuse"):
            continue
        for piece in value.split(","):
            try:
                out.append(parse_card(piece.partition(":")[0]))
            except RuleViolation:
                continue  # not a card (yet): nothing to leave out
    return out


class Phantom(RecordGame):
    id = "phantom"
    header_keys = frozenset({"players", "variant", "settings"})
    house_rules = HouseRules

    # what a new game may be given
    def options(self, lang: str = "en") -> list[Option]:
        """The variant (base by default), then the house rules.

        >>> variant = GAME.options("ja")[0]
        >>> variant.name, variant.default, variant.choices
        ('variant', 'base', ('base', 'poker', 'fourth_person', 'west_coast', 'oshaberi'))
        """
        names = ", ".join(f"{v} ({spec['name']})" for v, spec in variants().items())
        names_ja = "、".join(f"{v}（{spec['name_ja']}）" for v, spec in variants().items())
        return [
            Option(
                "variant", "base", f"Which game: {names}.", f"遊び方：{names_ja}。", tuple(variants()), house_rule=False
            ),
            *super().options(lang),
        ]

    # records
    def record(self, header: Mapping[str, Any], entries: Sequence[Any]) -> dict:
        """Rounds of halves: a round closes when it has its halves; ``"continue_round": true`` adds
        an optional extra half (the West Coast game's), ``"new_round": true`` closes it early."""
        record = {"game": self.id, **self.header_of(header)}
        variant = header.get("variant", "base")
        spec = variants().get(variant, {"halves": 2}) if isinstance(variant, str) else {"halves": 2}
        rounds: list[dict] = []
        for e in (need_dict(e, "an entry") for e in entries):
            full = bool(rounds) and len(rounds[-1]["halves"]) >= spec["halves"] and not e.get("continue_round")
            if not rounds or full or e.get("new_round"):
                rounds.append({"halves": []})
            rounds[-1]["halves"].append({k: v for k, v in e.items() if k not in ("new_round", "continue_round")})
        record["rounds"] = rounds
        return record

    def split(self, record: Mapping[str, Any]) -> tuple[dict, list[Any]]:
        header = self.header_of(record)
        entries: list[Any] = []
        for r in record.get("rounds", []):
            for i, h in enumerate(r.get("halves", [])):
                entries.append({**h, "new_round": True} if i == 0 else h)
        return header, entries

    def read(self, record: Mapping[str, Any], lang: str = "en") -> Scored:
        return read(dict(record), lang)

    # a session
    def to_play(self, position: Position) -> str | None:
        """Nobody: every player lays a card at once."""
        return None

    def legal(self, position: Position, typed: str = "", lang: str = "en") -> list[Move]:
        """The cards the next half may still show (the record's ``legal``: each suspect not played
        in this deal, the Phantom while the deal holds one), to go after ``NAME=``.

        With nothing typed, or a line ending in ``NAME=``, ``NAME=…,`` (Poker: more cards) or
        ``fourth=``: those cards, less the ones the line already shows. After ``NAME=CARD:``: the
        hint colours that card may show. Anywhere else nothing: who points at whom is the table's
        guess, not a rule. A card offered is one the deal still holds; the rest of the line (every
        player's card, the pointing) is still to be typed.
        """
        if position.finished:
            return []
        if not typed.strip():
            return [Move(_code(v), card_name(v, lang)) for v in legal(position.record)]
        if typed[-1].isspace():
            return []
        words = typed.split()
        key, eq, value = words[-1].partition("=")
        players = position.header.get("players", [])
        if not eq or not (key in players or key == "fourth") or (key == "fourth" and value):
            return []
        card, colon, hint = value.split(",")[-1].partition(":")
        if not card and not colon:
            return [Move(_code(v), card_name(v, lang)) for v in legal(position.record, _cards_in(words))]
        if key == "fourth" or not colon or hint:
            return []
        try:
            colours = hints(parse_card(card))
        except RuleViolation:
            return []
        return [Move(c, COLOURS_JA[c] if lang == "ja" else c) for c in colours]

    # notation
    def parse_line(self, line: str, position: Position) -> Any:
        return parse_line(line)

    def format(self, entry: Any) -> str:
        """The typed line for a half; JSON for one no line says exactly (an empty ``accused``, a
        name with a space in it).

        >>> GAME.format({"played": {"Aki": {"card": "P", "hint": "red"}}, "new_round": True})
        'Aki=P:red new'
        >>> GAME.format({"played": {"Aki": [{"card": "8", "hint": "red"}]}})
        'Aki=8:red,'
        >>> GAME.format({"played": {"Aki Ito": {"card": "8", "hint": "red"}}})
        '{"played": {"Aki Ito": {"card": "8", "hint": "red"}}}'
        """
        if isinstance(entry, dict) and isinstance(entry.get("played"), dict):
            return exact_line(entry, line_for, parse_line)
        return json.dumps(entry, ensure_ascii=False)

    def shown(self, entry: Any, lang: str = "en") -> str:
        """A half as the table screen lists it: its line, even where the line does not say it
        exactly (``format`` gives JSON there).

        >>> GAME.shown({"played": {"Aki Ito": {"card": "8", "hint": "red"}}, "accused": {}})
        'Aki Ito=8:red'
        """
        if isinstance(entry, dict) and isinstance(entry.get("played"), dict):
            try:
                return line_for(entry)
            except (KeyError, TypeError, ValueError, AttributeError, IndexError):
                pass  # a stored entry of an odd shape
        return super().shown(entry, lang)

    # rules
    def arbitrate(self, cards: list[str], options: Mapping[str, Any], lang: str = "en") -> list[str]:
        """The culprit among ``cards``; ``options["settings"]`` holds the variant and house rules."""
        return arbiter.arbitrate(cards, options.get("settings") or {}, lang)


GAME = Phantom()
