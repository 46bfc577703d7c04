"""Trickster: Champions of Time as Companion knows it: the one object the app asks (see
``scoring.game``).

A session is three rounds, each set up (``round`` and its face-up cards), played card by card (a
card and what its effect names, ``RGUA GNOM``, or ``bust``) and closed by the hands revealed
(``reveal`` and the cards left in hand); or a scoresheet, one line of tableau counts per round.
Every line is offered word by word (``legal``), so the table chooses rather than types:

>>> from scoring.words import say, say_all
>>> p = GAME.new({"players": ["Aki", "Ben", "Chie", "Dan"], "first": "Chie"})
>>> GAME.completions(p)[0].text, say(GAME.prompt(p)).split(" (")[0]
('round', 'Round 1: type round, the 6 trash cards, then the tableau cards of Aki, Ben, Chie and Dan.')
>>> [say(m.label) for m in GAME.completions(p, "round GPED BSOL KMAG PMAG WNOM WREV")][:2]
["Aki's tableau: red Brigand", "Aki's tableau: orange Brigand"]
>>> p = GAME.apply(p, GAME.parse("round GPED BSOL KMAG PMAG WNOM WREV PBRI PREV OGUA GNOM", p))
>>> first = GAME.completions(p)[0]  # any of the 46 cards not face up
>>> GAME.to_play(p), len(GAME.completions(p)), first.text, say(first.label)
('Chie', 46, 'RBRI', 'red Brigand')
>>> [say(m.label) for m in GAME.completions(p, "RGUA")]  # her Guard takes a card from an enemy's tableau
["purple Brigand — in Aki's tableau", "purple Revolutionary — in Ben's tableau", "green Nomad — in Dan's tableau"]
>>> GAME.completions(p, "RGUA GNOM")  # the green Nomad lies in Dan's tableau: nothing more to name
[]
>>> q = GAME.apply(p, GAME.parse("RGUA GNOM", p))
>>> q.entries[-1], GAME.format(q.entries[-1])
({'play': 'RGUA', 'by': 'Chie', 'effect': {'card': 'GNOM', 'enemy': 'Dan'}}, 'RGUA GNOM')
>>> say_all(GAME.told(p, q))
["Chie played the red Guard: takes the green Nomad from Dan's tableau into their hand."]

Each card a player could still hold is offered, and ``bust`` once the pot holds two cards and
none known to be in that hand can follow. After a hero card, the choices its effect names come one
word at a time, each with where that card lies; a card moved in secret (the Peddler's trade, the
Scion's) is never offered, an enemy the card names (whose tableau holds it) is never asked, and a
Scion whose move is all secret is completed with ``-``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from scoring.board import Board
from scoring.data import load_toml
from scoring.game import Completion, Option, Position, RecordGame
from scoring.recordkit import need_dict, only_keys
from scoring.rulestext import Section
from scoring.standings import Scored
from scoring.trickster import arbiter, told
from scoring.trickster.board import trickster_board
from scoring.trickster.cards import hero_sections
from scoring.trickster.completions import SCORESHEET, typed_moves
from scoring.trickster.engine import ROUNDS, between_rounds, dealt
from scoring.trickster.notation import line_for, parse_line
from scoring.trickster.record import (
    SETUP_KEYS,
    Scoresheet,
    next_round,
    no_setup,
    opening,
    played,
    read,
    revealed,
    revealed_before,
    scored,
    scored_state,
    sheet_round,
)
from scoring.trickster.settings import HouseRules
from scoring.trickster.state import OVER, SETUP, State
from scoring.trickster.where import where
from scoring.trickster.words import said
from scoring.words import Words

HEADER_KEYS = ("players", "deck", "first", "settings")


class Trickster(RecordGame):
    id = "trickster"
    header_keys = frozenset(HEADER_KEYS)
    kinds: ClassVar[Mapping[str, str]] = {"round": "round setup", "reveal": "reveal", "tableau": "scoresheet"}
    house_rules = HouseRules
    # a round's setup, a card or a bust scores nothing (the game ends with a round scored: a
    # scoresheet, which keeps no ``scores``, is scored at every round)
    scored_from = ("scores",)

    # what a new game may be given
    def options(self, lang: str = "en") -> list[Option]:
        """The deck and the first Leader, then the house rules.

        >>> [(o.name, o.default, o.choices) for o in GAME.options()][:2]
        [('deck', 'introductory', ('introductory', 'strategy')), ('first', None, ())]
        """
        presets = tuple(load_toml(self.id, "game.toml")["decks"])
        # a preset by its key in English (what a record writes), by its name in Japanese
        names = tuple(said("deck", deck=key) for key in presets)
        return [
            Option(
                "deck",
                "introductory",
                said("option.deck", presets=presets, names=names),
                choices=presets,
                house_rule=False,
                labels=tuple((key, said("deck", deck=key)) for key in presets),
                called=said("option.deck.title"),
            ),
            Option("first", None, said("option.first"), house_rule=False, called=said("option.first.title")),
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
        record = {"game": self.id, **self._header(header)}
        record["rounds"] = _rounds([need_dict(e, "an entry") for e in entries], header.get("players"))
        return record

    def split(self, record: Mapping[str, Any]) -> tuple[dict, list[Any]]:
        header = self._header(record)
        entries: list[Any] = []
        for r in record.get("rounds", []):
            if "trash" not in r:
                entries.append(r)
                continue
            entries.append(_seated({"round": {k: r[k] for k in ("trash", "tableau", "timeline") if k in r}}, header))
            for trick in r.get("tricks", []):
                entries.extend(trick)
            entries.extend(r.get("plays", []))
            if "reveal" in r:
                entries.append(_seated({"reveal": r["reveal"]}, header))
        return header, entries

    def read(self, record: Mapping[str, Any]) -> Scored:
        return read(dict(record))

    # the rules: the table's state, an entry at a time
    def start(self, header: Mapping[str, Any]) -> State:
        return opening(self.record(header, ()))

    def step(self, state: State | Scoresheet, entry: Any) -> State | Scoresheet:
        """A round's setup, a card or a bust, or the hands revealed, on the table's state; or a
        scoresheet round (a session whose first entry is one). Refused as ``read`` refuses the
        record with the entry last."""
        e = need_dict(entry, "an entry")
        if isinstance(state, Scoresheet):
            return state.then(e)
        place = _place(e, state.round, state.phase in (SETUP, OVER))  # SETUP, OVER: the last round revealed
        if place == "sheet":
            return Scoresheet(state.players).then(e)
        if place == "round":
            return next_round(_setup(e), state)
        if place == "reveal":
            return revealed(e["reveal"], state)[1]
        return played(e, state)[1]

    def score(self, state: State | Scoresheet) -> Scored:
        if isinstance(state, Scoresheet):
            return scored(state.players, list(state.rounds), len(state.rounds) == ROUNDS)
        return scored_state(state)

    def rules(self, lang: str = "en") -> tuple[Section, ...]:
        """The rules text, then one section per hero (its effect)."""
        return (*super().rules(lang), *hero_sections(lang))

    # a session
    def turn(self, state: State | Scoresheet) -> str | None:
        return state.players[state.to_play] if isinstance(state, State) and state.to_play is not None else None

    def completions(self, position: Position, typed: str = "") -> list[Completion]:
        """What may be typed next, word by word, the most likely first.

        * A round's start: ``round`` (and, before anything is recorded, ``tableau`` for a
          scoresheet); after ``round …``: the cards for its next word (the trash, each player's
          tableau card in seat order, the Timeline).
        * A trick: each card the player to play could play, those known to be in the hand first,
          then those that follow the lead's suit, then its hero, then the rest (card order);
          ``bust`` when the rules allow it: last while the player may hold a card that follows (the
          table cannot know they bust), first when none could.
          After a hero card (and the words already typed): the choices for the next word its
          effect names that a complete, accepted resolution uses (``targets.options``), never an
          enemy the card already names, or ``-`` for an effect whose every move is secret.
        * A round's end: ``reveal``; after ``reveal …``: the cards the next card in hand may be,
          those known to be in that hand first.

        Only whole words are continued (``RG`` is still being typed; ``RGUA`` is a card)."""
        s = position.state
        words = typed.split()
        if isinstance(s, Scoresheet):  # one whole line per round
            if words or position.finished:
                return []
            return [SCORESHEET]
        return typed_moves(s, words, fresh=not position.entries)

    # what the table is told
    def told(self, before: Position, after: Position) -> list[Words]:
        """Who played what and what its effect did, who busted and why (an automatic bust too),
        why a round ended, its trouble points, and the winner once the game is over."""
        if not after.entries or len(after.entries) != len(before.entries) + 1:
            return []
        entry = after.entries[-1]
        if not isinstance(entry, dict):
            return []
        s0, s1 = before.state, after.state
        table = after.scored.standings
        if isinstance(s1, Scoresheet):  # a scoresheet round
            players = tuple(after.header["players"])
            return told.scoresheet_told(players, list(s1.rounds), table, after.finished)
        if isinstance(s0, Scoresheet):
            return []
        return [line for line in told.told(s0, s1, entry, table) if line]

    def prompt(self, position: Position) -> Words:
        """Whose turn it is and what the pot asks, or which line the table types next."""
        s = position.state
        if isinstance(s, Scoresheet):
            return told.scoresheet_prompt(len(s.rounds), position.scored.standings)
        return told.prompt(s, position.scored.standings, fresh=not position.entries)

    def board(self, position: Position) -> Board:
        """The tableaus, the pot, the Timeline and the trash of a game played card by card
        (``scoring.trickster.board``); a scoresheet has none (the standings say it all)."""
        s = position.state
        return Board() if isinstance(s, Scoresheet) else trickster_board(s)

    def variant(self, header: Mapping[str, Any]) -> Words:
        """The deck ("Strategy deck"), the Timeline (2–3 players) and the house rules set away from
        their defaults."""
        return told.variant(header)

    def heading(self, header: Mapping[str, Any]) -> Words:
        """The variant, and who plays first when the header names someone else than the first
        player ("Timeline, Ben starts")."""
        return told.heading(header)

    # notation
    def parse(self, text: str, position: Position) -> Any:
        entry = super().parse(text, position)
        return _seated(entry, position.header) if isinstance(entry, dict) else entry

    def parse_line(self, line: str, position: Position) -> Any:
        s = position.state
        players = position.header.get("players")
        table = s if isinstance(s, State) else None  # a scoresheet names the players only
        return parse_line(line, self.to_play(position), table, players if isinstance(players, list) else None)

    def format(self, entry: Any) -> str:
        return line_for(entry)

    def shown(self, entry: Any) -> Words:
        """An entry as the log lists it: its typed line; in Japanese its move and cards in words.

        >>> from scoring.words import say
        >>> say(GAME.shown({"play": "KSCA"}), "ja"), say(GAME.shown({"bust": "Ben"}))
        ('黒ゴミ漁り', 'bust Ben')
        """
        line = super().shown(entry)
        return said("shown", line=line) if isinstance(line, str) else line

    def arbitrate(self, cards: list[str], options: Mapping[str, Any], lang: str = "en") -> list[str]:
        """May each card follow the pot (``options["pot"]``, lead first) in this deck?"""
        return arbiter.arbitrate(
            cards,
            list(options.get("pot") or []),
            options.get("deck") or "introductory",
            dict(options.get("settings") or {}),
            lang,
        )


def _rounds(entries: list[dict], players: Any) -> list[dict]:
    """The record's rounds, each entry in its place; an entry the record has no place for after the
    ones before it (a reveal or a card after the round's reveal) is refused as ``step`` refuses it."""
    if entries and _place(entries[0], 0, False) == "sheet":
        for e in entries:  # each a scoresheet round, as the reading takes a scoresheet
            sheet_round(e, tuple(players) if isinstance(players, list) else ())
        return entries
    rounds: list[dict] = []
    for e in entries:
        place = _place(e, len(rounds), bool(rounds) and "reveal" in rounds[-1])
        if place == "round":
            rounds.append({**_setup(e), "plays": []})
        elif place == "reveal":
            rounds[-1]["reveal"] = e["reveal"]
        else:
            rounds[-1]["plays"].append(e)
    return rounds


def _place(entry: dict, rounds: int, revealed: bool) -> str:
    """Where an entry goes after ``rounds`` rounds set up, the last one's hands ``revealed`` or not:
    a scoresheet round (``sheet``, only first), a round's setup (``round``), the hands revealed
    (``reveal``) or a card or a bust of the round's tricks (``play``). ``step`` and ``record`` both
    ask it, so an entry with no place after the ones before it is refused in the same words."""
    if "round" in entry:
        return "round"
    if not rounds:
        if "tableau" in entry:
            return "sheet"
        raise no_setup()
    if revealed:  # the round is over: no reveal and no trick until the next one is set up
        raise revealed_before(rounds) if "reveal" in entry else between_rounds(rounds)
    return "reveal" if "reveal" in entry else "play"


def _setup(entry: dict) -> dict:
    """A round's setup as an entry gives it: its trash, tableau and Timeline only."""
    setup = need_dict(entry["round"], "round")
    only_keys(setup, SETUP_KEYS, "a round's setup")
    return setup


def _seated(entry: dict, header: Mapping[str, Any]) -> dict:
    """``entry`` with a setup's tableau and a reveal's hands in seat order (the order the short
    lines name them in)."""
    players = header.get("players")
    if not isinstance(players, list):
        return entry

    def ordered(d: Any) -> Any:
        if not isinstance(d, dict) or not set(d) <= set(players):
            return d
        return {p: d[p] for p in players if p in d}

    if isinstance(entry.get("round"), dict) and "tableau" in entry["round"]:
        return {**entry, "round": {**entry["round"], "tableau": ordered(entry["round"]["tableau"])}}
    if "reveal" in entry:
        return {**entry, "reveal": ordered(entry["reveal"])}
    return entry


GAME = Trickster()

__all__ = ["GAME", "Trickster", "where"]
