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
from dataclasses import replace
from typing import Any, ClassVar

from scoring.board import Board
from scoring.data import load_toml
from scoring.errors import RuleViolation
from scoring.game import Completion, Option, Position, RecordGame
from scoring.recordkit import need_dict, only_keys
from scoring.rulestext import Section
from scoring.standings import Scored
from scoring.trickster import arbiter, told
from scoring.trickster.board import trickster_board
from scoring.trickster.cards import code, hero_sections, parse
from scoring.trickster.effects import hero_code
from scoring.trickster.engine import ROUNDS, between_rounds, dealt, laid, legal, playable
from scoring.trickster.events import Bust, Effect
from scoring.trickster.notation import (
    line_for,
    next_field,
    parse_line,
    reveal_slots,
    setup_size,
)
from scoring.trickster.record import (
    SETUP_KEYS,
    Scoresheet,
    next_round,
    no_setup,
    opening,
    played,
    read,
    read_effect,
    revealed,
    revealed_before,
    scored,
    scored_state,
    sheet_round,
)
from scoring.trickster.settings import HouseRules
from scoring.trickster.state import OVER, REVEAL, SETUP, TRICK, State
from scoring.trickster.targets import accepts, options
from scoring.trickster.where import where
from scoring.trickster.words import card, said
from scoring.trickster.zones import can_follow, may_hold
from scoring.words import Fact, Words

HEADER_KEYS = ("players", "deck", "first", "settings")
_SCORESHEET = Completion("tableau", said("scoresheet_move"))


class Trickster(RecordGame):
    id = "trickster"
    header_keys = frozenset(HEADER_KEYS)
    kinds: ClassVar[Mapping[str, str]] = {"round": "round setup", "reveal": "reveal", "tableau": "scoresheet"}
    house_rules = HouseRules

    # what a new game may be given
    def options(self, lang: str = "en") -> list[Option]:
        """The deck and the first Leader, then the house rules.

        >>> [(o.name, o.default, o.choices) for o in GAME.options()][:2]
        [('deck', 'introductory', ('introductory', 'strategy')), ('first', None, ())]
        """
        decks = load_toml(self.id, "game.toml")["decks"]
        presets = tuple(decks)
        presets_ja = "、".join(deck.get("name_ja", key) for key, deck in decks.items())
        return [
            Option(
                "deck",
                "introductory",
                "The seven heroes: a preset deck (" + ", ".join(presets) + ") or a list of seven heroes "
                '(["Archivist", "Guard", …]).',
                f"使う英雄7種：プリセット（{presets_ja}）か英雄7種のリスト。",
                presets,
                house_rule=False,
                labels=tuple((key, deck.get("name", key), deck.get("name_ja", "")) for key, deck in decks.items()),
                titles=("", "デッキ"),
            ),
            Option(
                "first",
                None,
                "The first Leader (2–3 players: the first to hold the Trickster token), by name; "
                "the first player when not given.",
                "最初のリーダー（2～3人：最初のトリックスター）の名前。省略時は最初のプレイヤー。",
                house_rule=False,
                titles=("", "最初のリーダー"),
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
        record["rounds"] = _rounds([need_dict(e, "an entry") for e in entries], header.get("players"))
        return record

    def split(self, record: Mapping[str, Any]) -> tuple[dict, list[Any]]:
        header = self.header_of(record)
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

    def score_after(self, position: Position, state: State | Scoresheet) -> Scored:
        """The position's standings while no round is scored (a round's setup, a card, a bust)."""
        before = position.state
        if isinstance(before, State) and isinstance(state, State) and state.scores is before.scores:
            return position.scored  # the game ends with a round scored: OVER comes with a new score
        return self.score(state)

    def rules(self, lang: str = "en") -> tuple[Section, ...]:
        """The rules text, then one section per hero (its effect)."""
        return (*super().rules(lang), *hero_sections(lang if lang in ("en", "ja") else "en"))

    # a session
    def to_play(self, position: Position) -> str | None:
        s = position.state
        return s.players[s.to_play] if isinstance(s, State) and s.to_play is not None else None

    def completions(self, position: Position, typed: str = "") -> list[Completion]:
        """What may be typed next, word by word, the most likely first.

        * A round's start: ``round`` (and, before anything is recorded, ``tableau`` for a
          scoresheet); after ``round …``: the cards for its next word (the trash, each player's
          tableau card in seat order, the Timeline).
        * A trick: each card the player to play could play, those known to be in the hand first,
          then those that follow the lead's suit, then its hero, then the rest (card order);
          ``bust`` when the rules allow it, first when no card that could follow is likely held.
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
            return [_SCORESHEET]
        if not words:
            if s.phase == SETUP:
                moves = [Completion("round", said("set_up", round=s.round + 1))]
                if not position.entries:
                    moves.append(_SCORESHEET)
                return moves
            if s.phase == REVEAL:
                return [Completion("reveal", said("reveal_move"))]
            if s.phase == TRICK and s.to_play is not None:
                return _card_moves(s)
            return []
        head = words[0].lower()
        if head == "round":
            return _setup_moves(s, words[1:]) if s.phase == SETUP else []
        if head == "reveal":
            return _reveal_moves(s, words[1:]) if s.phase == REVEAL else []
        if s.to_play is None or head in ("bust", "tableau"):
            return []
        return _effect_moves(s, words)

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


def _whole_card(word: str, s: State) -> int | None:
    """The card a whole card code names (``RGUA``, any case), or None for anything else."""
    try:
        c = parse(word, s.game.deck)
    except RuleViolation:
        return None
    return c if code(c) == word.upper() else None


def _whole(word: str, s: State) -> bool:
    """Whether ``word`` is a whole word of an effect: a card code, a player's name, ``-`` or a
    ``key=value``."""
    if word == "-" or "=" in word or _whole_card(word, s) is not None:
        return True
    return any(word.lower() == p.lower() for p in s.players)


def _card_moves(s: State) -> list[Completion]:
    """The cards the player to play could play, the likeliest first, and ``bust`` where it belongs."""
    me = s.to_play
    assert me is not None
    hand = s.hands[me]
    moves = legal(s)
    lead = s.pot[0] if len(s.pot) == 1 else None

    def likely(c: int) -> tuple[int, int, int]:
        group = 0 if lead is None or c & 7 == lead & 7 else 1 if c >> 3 == lead >> 3 else 2
        return (c not in hand.known, group, c)

    cards = sorted((m.card for m in moves if not isinstance(m, Bust)), key=likely)
    out = [Completion(code(c), _card_where(c, s) if c in hand.known else card(c)) for c in cards]
    if any(isinstance(m, Bust) for m in moves):
        bust = Completion("bust", said("bust_move"))
        if not out or _no_follower_likely(s, me):
            out.insert(0, bust)
        else:
            out.append(bust)
    return out


def _no_follower_likely(s: State, me: int) -> bool:
    """Whether the cards of ``me``'s hand nobody has seen more likely hold no card that follows
    (each unseen card that may be there equally likely)."""
    hidden = s.hands[me].hidden
    pool = [c for c in s.unseen if may_hold(s, me, c)]
    others = sum(1 for c in pool if not can_follow(s, c))
    chance = 1.0
    for i in range(hidden):
        if len(pool) - i <= 0:
            break
        chance *= max(others - i, 0) / (len(pool) - i)
    return chance >= 0.5


def _named(words: list[str], s: State) -> list[int] | None:
    """The cards a line's words name, in order; None if a word names no card or one named before
    (nothing can follow such a line)."""
    named: list[int] = []
    for w in words:
        c = _whole_card(w, s)
        if c is None or c in named:
            return None
        named.append(c)
    return named


def _setup_moves(s: State, words: list[str]) -> list[Completion]:
    """The cards for the next word of ``round …``: the trash, each tableau card, the Timeline."""
    k, n, tl = setup_size(s)
    if len(words) >= k + n + tl:
        return []
    named = _named(words, s)
    if named is None:
        return []
    i = len(words)
    if i < k:
        what = said("trash_slot", i=i + 1, of=k)
    elif i < k + n:
        what = said("tableau_slot", player=s.players[i - k])
    else:
        what = said("timeline_slot", i=i - k - n + 1, of=tl)
    return [Completion(code(c), said("slot", what=what, card=card(c))) for c in s.game.deck.cards() if c not in named]


def _reveal_moves(s: State, words: list[str]) -> list[Completion]:
    """The cards for the next word of ``reveal …``: what the next card in hand may be (seat order),
    those known to be in that hand first."""
    slots = reveal_slots(s)
    if len(words) >= len(slots):
        return []
    named = _named(words, s)
    if named is None:
        return []
    p = slots[len(words)]
    mine = [c for c, q in zip(named, slots, strict=False) if q == p]
    hand = s.hands[p]
    known = [c for c in sorted(hand.known) if c not in mine]
    left = slots[len(words) :].count(p)
    cards = (
        known
        if len(known) >= left
        else [*known, *(c for c in sorted(s.unseen) if c not in named and may_hold(s, p, c))]
    )
    what = said("hand_slot", player=s.players[p], i=len(mine) + 1, of=hand.size)
    return [Completion(code(c), said("slot", what=what, card=card(c))) for c in cards]


def _effect_moves(s: State, words: list[str]) -> list[Completion]:
    """The choices for the next word of the effect of the card ``words`` starts with."""
    me = s.to_play
    card = _whole_card(words[0], s)
    if me is None or card is None or card not in playable(s, me):
        return []
    if not all(_whole(w, s) for w in words[1:]) or words[1:] == ["-"]:
        return []
    hcode = hero_code(card)
    w = laid(s, me, card)
    asked = words[-1][:-1] if len(words) > 1 and words[-1].endswith("=") else None  # RGUA card=
    read = _effect_so_far(s, me, words[:-1] if asked else words)
    if read is None:
        return []
    effect, x = read
    if asked is not None:
        return _asked_moves(s, w, me, hcode, x, asked)
    slot = next_field(effect, hcode, s.game.deck, s.game.rules.inventor_resolves)
    if slot is None:  # nothing left to name: an effect (or a copied one) whose moves are all secret
        return _secret_moves(w, me, hcode, x, first=len(words) == 1)
    field = ".".join((*slot[0], slot[1]))
    return _target_moves(s, w, me, field, options(w, me, hcode, x, field, check=True))


def _effect_so_far(s: State, me: int, words: list[str]) -> tuple[dict, Effect] | None:
    """The effect the words typed so far name, as typed and as read; None when they cannot be read."""
    try:
        entry = parse_line(" ".join(words), s.players[me], s)
        effect = entry.get("effect") or {}
        return effect, read_effect(effect, s.game)
    except RuleViolation:
        return None


def _asked_moves(s: State, w: State, me: int, hcode: str, x: Effect, asked: str) -> list[Completion]:
    """The values of a field typed the long way (``RGUA card=``)."""
    if asked.rpartition(".")[2] not in ("card", "card2", "copy", "enemy", "enemy2"):
        return []
    try:
        values = options(w, me, hcode, x, asked, check=True)
    except (KeyError, AttributeError):
        return []
    return _target_moves(s, w, me, asked, values)


def _secret_moves(w: State, me: int, hcode: str, x: Effect, first: bool) -> list[Completion]:
    """``-`` when the effect (or the one it resolves) can be resolved in secret, with nothing
    more to name."""
    in_secret = said("in_secret")
    if first:
        return [Completion("-", in_secret)] if accepts(w, me, hcode, Effect()) else []
    if accepts(w, me, hcode, x):
        return []
    for level in ("then", "then.then"):
        if _get_effect(x, level) is None and _get_effect(x, level.rpartition(".")[0]) is not None:
            done = _with_effect(x, level)
            return [Completion("-", in_secret)] if accepts(w, me, hcode, done) else []
    return []


def _target_moves(s: State, w: State, me: int, field: str, values: list[int]) -> list[Completion]:
    """The choices for one field of an effect: players clockwise from the player, or cards with
    where each lies."""
    if field.rpartition(".")[2] in ("enemy", "enemy2"):
        n = len(s.players)
        return [
            Completion(
                s.players[v],
                said("enemy", player=s.players[v], hand=w.hands[v].size, tableau=len(w.tableaus[v])),
            )
            for v in sorted(values, key=lambda v: (v - me) % n)  # clockwise from the player
        ]
    return [Completion(code(c), _card_where(c, w)) for c in values]


def _card_where(c: int, s: State) -> Fact:
    """A card and where the table knows it to be ("purple Brigand — in Aki's tableau")."""
    return said("card_where", card=card(c), where=where(s, c))


def _get_effect(x: Effect | None, level: str) -> Effect | None:
    """The effect at ``then`` / ``then.then`` in ``x`` (``x`` itself for "")."""
    for part in (p for p in level.split(".") if p):
        x = None if x is None else getattr(x, part)
    return x


def _with_effect(x: Effect, level: str) -> Effect:
    """``x`` with an empty effect (all of it secret) at ``level``."""
    rest = level.partition(".")[2]
    return replace(x, then=_with_effect(x.then or Effect(), rest) if rest else Effect())


GAME = Trickster()

__all__ = ["GAME", "Trickster", "where"]
