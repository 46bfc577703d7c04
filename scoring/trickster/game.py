"""Trickster: Champions of Time as Companion knows it: the one object the app asks (see
``scoring.game``).

A session is three rounds, each set up (``round trash=… tableau=…``), played card by card (a card
and its effect, ``RGUA card=WGUA enemy=Ben``, or ``bust``) and closed by the hands revealed
(``reveal Aki=… Ben=…``); or a scoresheet, one line of tableau counts per round.

>>> p = GAME.new({"players": ["Aki", "Ben", "Chie", "Dan"], "first": "Chie"})
>>> p = GAME.apply(p, GAME.parse("round trash=GPED,BSOL,KMAG,PMAG,WNOM,WREV "
...                              "tableau=Aki:PBRI,Ben:PREV,Chie:OGUA,Dan:GNOM", p))
>>> GAME.to_play(p), len(GAME.legal(p)), GAME.legal(p)[0]  # any of the 46 cards not face up
('Chie', 46, Move(text='RBRI', label='red Brigand'))
>>> [m.label for m in GAME.legal(p, "RGUA")]  # her Guard takes a card from an enemy's tableau
["purple Brigand — in Aki's tableau", "purple Revolutionary — in Ben's tableau", "green Nomad — in Dan's tableau"]
>>> GAME.legal(p, "RGUA card=GNOM")
[Move(text='enemy=Dan', label='Dan')]
>>> p = GAME.apply(p, GAME.parse("RGUA card=GNOM enemy=Dan", p))
>>> p.entries[-1], GAME.format(p.entries[-1])
({'play': 'RGUA', 'by': 'Chie', 'effect': {'card': 'GNOM', 'enemy': 'Dan'}}, 'RGUA card=GNOM enemy=Dan')

Each card a player could still hold is offered, and ``bust`` once the pot holds two cards and
none known to be in that hand can follow. After a hero card, the choices its effect names come one
field at a time, each with where that card lies; a card moved in secret (the Peddler's trade, the
Scion's) is never offered, and a Scion whose move is all secret is completed with ``-``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from scoring.data import load_toml
from scoring.errors import RuleViolation
from scoring.game import Move, Option, Position, RecordGame
from scoring.recordkit import bad, need_dict
from scoring.rulestext import Section
from scoring.standings import Scored
from scoring.trickster import arbiter
from scoring.trickster.cards import code, hero_sections, name, parse
from scoring.trickster.effects import hero_code
from scoring.trickster.engine import dealt, laid, legal, playable
from scoring.trickster.events import Bust, Effect
from scoring.trickster.notation import line_for, parse_line
from scoring.trickster.record import is_scoresheet, read, read_effect, replay_record
from scoring.trickster.settings import HouseRules
from scoring.trickster.state import State
from scoring.trickster.targets import accepts, fields, options, secret

HEADER_KEYS = ("players", "deck", "first", "settings")


def where(s: State, c: int, lang: str = "en") -> str:
    """Where the table knows a card to be, in a few words (a pick-list label).

    >>> from scoring.trickster.cards import Deck
    >>> from scoring.trickster.state import Game, new_game
    >>> where(new_game(Game(("Aki", "Ben"), Deck.preset("introductory"))), 0)
    'in a hand or the deck'
    """
    ja = lang == "ja"
    if c in s.trash:
        return "捨て札" if ja else "in the trash"
    if c in s.pot:
        return "場" if ja else "in the pot"
    if c in s.timeline:
        return "タイムライン" if ja else "on the Timeline"
    for p, tableau in enumerate(s.tableaus):
        if c in tableau:
            return f"{s.players[p]}の場札" if ja else f"in {s.players[p]}'s tableau"
    for p, hand in enumerate(s.hands):
        if c in hand.known:
            return f"{s.players[p]}の手札" if ja else f"in {s.players[p]}'s hand"
    if s.deck and s.deck[0] == c:
        return "山札の一番上" if ja else "on top of the deck"
    if c in s.deck:
        return "山札" if ja else "in the deck"
    return "手札か山札" if ja else "in a hand or the deck"


class Trickster(RecordGame):
    id = "trickster"
    header_keys = frozenset(HEADER_KEYS)
    house_rules = HouseRules

    # what a new game may be given
    def options(self, lang: str = "en") -> list[Option]:
        """The deck and the first Leader, then the house rules.

        >>> [(o.name, o.default, o.choices) for o in GAME.options()][:2]
        [('deck', 'introductory', ('introductory', 'strategy')), ('first', None, ())]
        """
        presets = tuple(load_toml(self.id, "game.toml")["decks"])
        return [
            Option(
                "deck",
                "introductory",
                "The seven heroes: a preset deck (" + ", ".join(presets) + ") or a list of seven heroes "
                '(["Archivist", "Guard", …]).',
                "使う英雄7種：プリセット（" + "、".join(presets) + "）か英雄7種のリスト。",
                presets,
                house_rule=False,
            ),
            Option(
                "first",
                None,
                "The first Leader (2–3 players: the first to hold the Trickster token), by name; "
                "the first player when not given.",
                "最初のリーダー（2～3人：最初のトリックスター）の名前。省略時は最初のプレイヤー。",
                house_rule=False,
            ),
            *super().options(lang),
        ]

    def setup(self, players: int, lang: str = "en") -> str:
        """How the table deals, with the hand size for this many players.

        >>> GAME.setup(5).split(". ")[1]
        'Deal 6 face up to the trash, then 9 cards each (2–3 players: 11, and 12 more face up as the Timeline)'
        """
        hand = dealt(players) if players in self.players else "7–11"  # the cards dealt before the tableau pick
        return super().setup(players, lang).replace("{hand}", str(hand))

    # records
    def record(self, header: Mapping[str, Any], entries: Sequence[Any]) -> dict:
        """Rounds set up, played and revealed: ``{"round": {trash, tableau, timeline}}``, then plays
        ``{"play": CARD, "effect": {...}}`` and busts ``{"bust": NAME}``, then ``{"reveal": {...}}``;
        or scoresheet rounds ``{"tableau": {NAME: {SUIT: N}}}``."""
        record = {"game": self.id, **self.header_of(header)}
        record["rounds"] = _rounds([need_dict(e, "an entry") for e in entries])
        return record

    def split(self, record: Mapping[str, Any]) -> tuple[dict, list[Any]]:
        header = self.header_of(record)
        entries: list[Any] = []
        for r in record.get("rounds", []):
            if "trash" not in r:
                entries.append(r)
                continue
            entries.append({"round": {k: r[k] for k in ("trash", "tableau", "timeline") if k in r}})
            for trick in r.get("tricks", []):
                entries.extend(trick)
            entries.extend(r.get("plays", []))
            if "reveal" in r:
                entries.append({"reveal": r["reveal"]})
        return header, entries

    def read(self, record: Mapping[str, Any], lang: str = "en") -> Scored:
        return read(dict(record), lang)

    def rules(self, lang: str = "en") -> tuple[Section, ...]:
        """The rules text, then one section per hero (its effect)."""
        return (*super().rules(lang), *hero_sections(lang if lang in ("en", "ja") else "en"))

    # a session
    def to_play(self, position: Position) -> str | None:
        s = _state(position)
        return s.players[s.to_play] if s is not None and s.to_play is not None else None

    def legal(self, position: Position, typed: str = "", lang: str = "en") -> list[Move]:
        """With nothing typed: each card the player to play could play (by card order), then
        ``bust`` when the rules allow it (the engine's ``legal``). A card is a whole line when its
        effect cannot be resolved; otherwise its effect's fields follow. After a hero card (and any
        fields already typed): the choices for its next field that a complete, accepted resolution
        uses (``targets.options``), or ``-`` for an effect whose every move is secret."""
        s = _state(position)
        if s is None or s.to_play is None:
            return []
        words = typed.split()
        if not words:
            moves = legal(s)
            cards = sorted(m.card for m in moves if not isinstance(m, Bust))
            out = [Move(code(c), name(c, lang)) for c in cards]
            if any(isinstance(m, Bust) for m in moves):
                out.append(Move("bust", "ドボン（卓中央を取る）" if lang == "ja" else "bust: take the pot"))
            return out
        return _effect_moves(s, words, lang)

    # notation
    def parse_line(self, line: str, position: Position) -> Any:
        return parse_line(line, self.to_play(position))

    def format(self, entry: Any) -> str:
        return line_for(entry)

    def arbitrate(self, cards: list[str], options: Mapping[str, Any], lang: str = "en") -> list[str]:
        """May each card follow the pot (``options["pot"]``, lead first) in this deck?"""
        return arbiter.arbitrate(
            cards,
            list(options.get("pot") or []),
            options.get("deck") or "introductory",
            dict(options.get("settings") or {}),
            lang,
        )


def _rounds(entries: list[dict]) -> list[dict]:
    if entries and "tableau" in entries[0] and "round" not in entries[0]:
        return entries  # scoresheet rounds
    rounds: list[dict] = []
    for e in entries:
        if "round" in e:
            rounds.append({**need_dict(e["round"], "round"), "plays": []})
        elif not rounds:
            raise bad(
                'a round starts with its setup: {"round": {"trash": …, "tableau": …}}.',
                "ラウンドは準備から始まります。",
            )
        elif "reveal" in e:
            rounds[-1]["reveal"] = e["reveal"]
        else:
            rounds[-1]["plays"].append(e)
    return rounds


def _state(position: Position) -> State | None:
    """The table's state after the position's entries; None for a scoresheet."""
    record = dict(position.record)
    if record.get("rounds") and is_scoresheet(record):
        return None
    return replay_record(record).state


def _effect_moves(s: State, words: list[str], lang: str) -> list[Move]:
    """The choices for the next field of the effect of the card ``words`` starts with."""
    me = s.to_play
    try:
        card = parse(words[0], s.game.deck)
    except RuleViolation:
        return []
    if me is None or card not in playable(s, me):
        return []
    hcode = hero_code(card)
    w = laid(s, me, card)
    if words[1:] == ["-"]:
        return []
    try:
        entry = parse_line(" ".join(words), s.players[me])
        x = read_effect(entry.get("effect") or {}, s.game)
    except RuleViolation:
        return []
    wanted = [
        (f, h) for f, h in fields(w, me, hcode, x) if _get(x, f) is None and f.rpartition(".")[2] not in secret(h)
    ]
    if not wanted:  # nothing left to name: an effect (or a copied one) whose moves are all secret
        in_secret = "非公開で解決" if lang == "ja" else "resolved in secret"
        if len(words) == 1:
            return [Move("-", in_secret)] if accepts(w, me, hcode, Effect()) else []
        if accepts(w, me, hcode, x):
            return []
        for level in ("then", "then.then"):
            if _get_effect(x, level) is None and _get_effect(x, level.rpartition(".")[0]) is not None:
                done = _with_effect(x, level)
                return [Move(f"{level}=-", in_secret)] if accepts(w, me, hcode, done) else []
        return []
    field = wanted[0][0]
    values = options(w, me, hcode, x, field, check=True)
    if field.endswith(("enemy", "enemy2")):
        return [Move(f"{field}={s.players[v]}", s.players[v]) for v in values]
    return [Move(f"{field}={code(c)}", f"{name(c, lang)} — {where(w, c, lang)}") for c in values]


def _get_effect(x: Effect | None, level: str) -> Effect | None:
    """The effect at ``then`` / ``then.then`` in ``x`` (``x`` itself for "")."""
    for part in (p for p in level.split(".") if p):
        x = None if x is None else getattr(x, part)
    return x


def _with_effect(x: Effect, level: str) -> Effect:
    """``x`` with an empty effect (all of it secret) at ``level``."""
    rest = level.partition(".")[2]
    return replace(x, then=_with_effect(x.then or Effect(), rest) if rest else Effect())


def _get(x: Effect | None, field: str) -> int | None:
    head, _, rest = field.partition(".")
    if x is None:
        return None
    return _get(x.then, rest) if rest else getattr(x, head)


GAME = Trickster()

__all__ = ["GAME", "Trickster", "where"]
