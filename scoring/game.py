"""What a *game* is to Companion: one object per game, one protocol for all of them.

Each game lives in its own package (``scoring/<game>/``) and provides one object that satisfies
:class:`scoring.contract.Game`, a :class:`RecordGame`; :mod:`scoring.registry` lists them. The
CLI, the screens, the exports and the statistics only ever talk to that object, so they never ask
which game they are looking at.

A session is a header (the players in seat order, the deck or variant, the house rules) and the
entries a table recorded, in order. ``new`` checks a header and gives the empty
:class:`Position`; ``apply`` checks one more entry against the rules and gives the next
position, or refuses with a :class:`~scoring.errors.RuleViolation` that names the rule and says
why in English and Japanese; ``undo`` gives the position before. Every game has them the same way,
from its own ``start`` and ``step`` (:class:`RecordGame`).

>>> from scoring.registry import get
>>> sheriff = get("sheriff")
>>> sheriff.names.en, sheriff.players
('Sheriff', (3,))
>>> p = sheriff.new({"players": ["Aki", "Ben", "Chie"]})
>>> p = sheriff.apply(p, sheriff.parse("deal joker=Ben Aki=mayor Ben=sheriff Chie=robber trump=spades", p))
>>> sheriff.to_play(p)
'Aki'
>>> [m.text for m in sheriff.completions(p)][:4]
['As', 'Ks', 'Qs', 'Js']
>>> p = sheriff.apply(p, sheriff.parse("Kh", p))
>>> sheriff.format(p.entries[-1])
'Kh'
>>> sheriff.apply(p, sheriff.parse("Kh", p))
Traceback (most recent call last):
...
scoring.errors.RuleViolation: Entry 3: The K of hearts was already played this deal. [sheriff.cards]
>>> sheriff.actors(p), sheriff.to_play(sheriff.undo(p)), sheriff.undo(p).entries == p.entries[:-1]
([None, 'Aki'], 'Aki', True)

Every entry has a typed line, and ``parse`` and ``format`` are inverses: the line a player types at
the table and the line the table screen lists are the same.

>>> p = sheriff.new({"players": ["Aki", "Ben", "Chie"]})
>>> line = "sheet Aki=mayor:Q*4,J*3 Ben=sheriff:A,K*3 Chie=robber:10*2 trump=spades"
>>> sheriff.format(sheriff.parse(line, p)) == line
True
>>> [(s.player, s.total) for s in (sheriff.apply(p, sheriff.parse(line, p))).scored.standings.places]
[('Aki', 4), ('Ben', 3), ('Chie', 2)]
"""

from __future__ import annotations

import json
import re
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields
from difflib import get_close_matches
from typing import Any, ClassVar

from scoring.board import Board
from scoring.box import Names, names_of
from scoring.data import load_text, load_toml, text_in
from scoring.errors import RuleViolation
from scoring.houserules import HouseRuleSet
from scoring.notation import json_entry
from scoring.option import Option
from scoring.position import Position, Trail
from scoring.recordkit import MAX_DIGITS, at_entry, too_long_number
from scoring.rulestext import Section, parse_sections
from scoring.standings import Scored
from scoring.words import Fact, Words, in_language, listed, teller, words

fact = teller("game")
words(
    "game",
    {
        "not_an_object": "The header is a JSON object.",
        # a header's unknown fields, and the fields its game takes (listed: "deck, first and players")
        "unknown_field": "The header has unknown field {fields}; a {game} header takes {takes}.",
        "unknown_fields": "The header has unknown fields {fields}; a {game} header takes {takes}.",
        "close_to": "{field!r} (did you mean {close!r}?)",
        "json_only": "Type the entry as JSON (see docs/record-format.md).",
        "no_tricks": "{game} has no tricks to arbitrate.",
    },
)


@dataclass(frozen=True)
class Completion:
    """One thing that may be typed next: the ``text`` to add to the entry line, and what it is at
    the table (``label``, in the players' language)."""

    text: str
    label: Words


def check_header(game: Any, header: Mapping[str, Any]) -> None:
    """A new session's header holds only fields its game knows: a typo (``frist`` for ``first``)
    would otherwise be kept while the game ran with the default, so it is refused, naming the field
    (and the known one it is closest to) and listing the fields the game takes.

    >>> from scoring.registry import get
    >>> check_header(get("trickster"), {"players": ["Aki", "Ben"], "deck": "strategy"})
    >>> check_header(get("trickster"), {"players": ["Aki", "Ben"], "frist": "Ben", "dekc": "strategy"})
    Traceback (most recent call last):
    ...
    scoring.errors.RuleViolation: The header has unknown fields 'frist' (did you mean 'first'?) and 'dekc' (did you \
mean 'deck'?); a Trickster: Champions of Time header takes deck, first, players and settings. [record-format]
    """
    if not isinstance(header, Mapping):
        raise RuleViolation("record-format", fact("not_an_object"))
    unknown = [k for k in header if k not in game.header_keys]
    if not unknown:
        return
    known = sorted(game.header_keys)

    def said(key: object) -> Words:
        close = get_close_matches(str(key), known, n=1, cutoff=0.6)
        return fact("close_to", field=str(key), close=close[0]) if close else repr(str(key))

    named = listed([said(k) for k in unknown], "list")
    key = "unknown_fields" if len(unknown) > 1 else "unknown_field"
    raise RuleViolation("record-format", fact(key, fields=named, game=game.names.said(), takes=listed(known, "list")))


class RecordGame(ABC):
    """What every game shares, written once on top of the game's own ``start`` and ``step``.

    A game subclasses this and writes what only it can know: the rules — ``start(header)``,
    ``step(state, entry)`` and ``score(state)`` — its record format (``record``, ``split``,
    ``read``), its typed line (``parse_line``, ``format``) and, where it likes, the completions,
    whose turn a state is (``turn``) and what the table is told. Everything a session does is given
    here from those, as python-chess keeps ``push`` and ``pop`` on ``Board`` and not on each
    variant: ``new`` is ``start`` scored, ``apply`` is ``step`` on the position's state whatever
    the length of the game, ``replay`` folds ``step`` over a session and scores once, ``undo`` steps
    back along the trail of states, and ``to_play``, ``actors`` and ``start_player`` read ``turn``
    on those states. ``step`` accepts exactly what ``read`` accepts of ``record(header, entries)``
    with the entry last, and refuses the rest in the same words (``tests/engines/test_steps.py``
    compares them).

    A game may also set, as data:

    * ``house_rules``: its :class:`~scoring.houserules.HouseRuleSet`, which ``options`` lists;
    * ``kinds``: an entry's key → what sort of entry it is (``kind``; any other entry is a card);
    * ``scored_from``: the parts of a state (attribute names, dotted) its standings are worked out
      from: an entry that leaves each of them the same object scored nothing, so the position keeps
      the standings it had instead of scoring the state again (a card in a trick);
    * ``files``: its box's files by name (``box.toml`` as a mapping, ``rules.en.md`` … as text),
      for a game without a folder in ``data/``.
    """

    id: ClassVar[str]
    names: Names
    players: tuple[int, ...]
    best_players: tuple[int, ...]  # the table sizes the box plays best at, those a club night's draw prefers
    highest_wins: bool = True
    bgg_id: int = 0
    header_keys: frozenset[str] = frozenset({"players", "settings"})
    house_rules: ClassVar[type[HouseRuleSet] | None] = None
    kinds: ClassVar[Mapping[str, str]] = {}
    scored_from: ClassVar[tuple[str, ...]] = ()
    files: ClassVar[Mapping[str, Any] | None] = None

    def __init__(self) -> None:
        box = self.files["box.toml"] if self.files is not None else load_toml(self.id, "box.toml")
        self.names = names_of(box)
        self.players = tuple(box["players"])
        self.best_players = tuple(box.get("best_players", self.players))
        self.highest_wins = box["highest_wins"]
        self.bgg_id = box.get("bgg_id", 0) if box.get("bgg_verified") else 0
        self._box = box

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.id!r}>"

    # what a new game may be given
    def options(self, lang: str = "en") -> list[Option]:
        rules = self.house_rules
        if rules is None:
            return []
        defaults = rules()
        return [
            Option(
                name,
                getattr(defaults, name),
                rules.explained(name),
                choices=rules.choices(name),
                labels=tuple((c, said) for c in rules.choices(name) if (said := rules.label(name, c)) is not None),
                called=rules.title(name),
            )
            for name in (f.name for f in fields(defaults))  # type: ignore[arg-type]
        ]

    def setup(self, players: int, lang: str = "en") -> str:
        """The box's setup text: ``setup_<N>p`` for ``N`` players where the box has one, else ``setup``
        (``_ja`` in Japanese).

        >>> from scoring.registry import get
        >>> get("kings").setup(2)[:35], get("kings").setup(4)[:30]  # two players draft every round
        ('28 cards (no 6s, 7s or 8s), 9 each.', 'Draft a king and four characte')
        """
        key = f"setup_{players}p" if f"setup_{players}p" in self._box else "setup"
        return in_language(self._box, key, lang) or ""

    def _header(self, fields: Mapping[str, Any]) -> dict:
        """The header fields this game keeps, out of a header or a whole record (a game that reads
        a field more kindly, a name by its start, says so here)."""
        return {k: v for k, v in fields.items() if k in self.header_keys}

    # the rules: every game says these three itself
    @abstractmethod
    def start(self, header: Mapping[str, Any]) -> Any:
        """The engine's state before anything is recorded (``header`` as the game keeps it);
        refuses a header the rules do not allow, as ``read`` refuses it in a record."""

    @abstractmethod
    def step(self, state: Any, entry: Any) -> Any:
        """The state after one more entry, applied to ``state`` alone; a ``RuleViolation`` worded as
        ``read`` words it for the record with this entry last (without the place in the record)."""

    @abstractmethod
    def score(self, state: Any) -> Scored:
        """The standings and each round's score as its parts (facts), from a state."""

    def turn(self, state: Any) -> str | None:
        """Whose turn it is in ``state``: None for a game without turns (everyone plays at once)."""
        return None

    # a session: given, from start, step, score and turn
    def new(self, header: Mapping[str, Any]) -> Position:
        header = self._header(header)
        state = self.start(header)
        return Position(self.id, header, (), self.score(state), state, self.record)

    def apply(self, position: Position, entry: Any) -> Position:
        """The next position: the game's ``step`` on the position's state, whatever the length of
        the game. A refusal names the entry as the session's log numbers it."""
        try:
            state = self.step(position.state, entry)
        except RuleViolation as err:
            raise at_entry(err, len(position.entries) + 1) from None
        scored = position.scored if self._kept(position.state, state) else self.score(state)
        trail = Trail(position.state, self._trail(position), len(position.entries) + 1)
        return Position(self.id, position.header, (*position.entries, entry), scored, state, self.record, trail)

    def replay(self, header: Mapping[str, Any], entries: Sequence[Any]) -> Position:
        """The position after all of ``entries``: ``step`` folded over them from ``start``, scored
        once at the end; a refusal numbered as ``apply`` numbers it."""
        header = self._header(header)
        state = self.start(header)
        trail = None
        for number, entry in enumerate(entries, start=1):
            trail = Trail(state, trail, number)
            try:
                state = self.step(state, entry)
            except RuleViolation as err:
                raise at_entry(err, number) from None
        return Position(self.id, header, tuple(entries), self.score(state), state, self.record, trail)

    def undo(self, position: Position) -> Position:
        """The position before the last entry, from the trail (python-chess's ``pop``); an
        ``IndexError`` when nothing is recorded."""
        trail = self._trail(position)
        if trail is None:
            raise IndexError("nothing recorded to take back")
        state, entries = trail.state, position.entries[:-1]
        return Position(self.id, position.header, entries, self.score(state), state, self.record, trail.before)

    def to_play(self, position: Position) -> str | None:
        return self.turn(position.state)

    def first_player(self, header: Mapping[str, Any]) -> str:
        return self._header(header).get("first") or header["players"][0]

    def start_player(self, position: Position) -> str:
        """Who took the first turn that ``starts`` the game: the first state with a player to play
        there, else the first player."""
        for state in (*self._states(position), position.state):
            who = self.turn(state)
            if who is not None and self.starts(state):
                return who
        return self.first_player(position.header)

    def starts(self, state: Any) -> bool:
        """Whether a turn in ``state`` may be the game's start, as a log of plays (BG Stats) names
        its start player: any turn, unless a game says otherwise (KINGs: a trick's, not the draft's)."""
        return True

    def actors(self, position: Position) -> list[str | None]:
        """Whose turn each entry was taken on, from the states the entries met."""
        return [self.turn(state) for state in self._states(position)]

    def _trail(self, position: Position) -> Trail | None:
        """The trail of ``position`` (replayed for a position built without one)."""
        if (position.trail.length if position.trail is not None else 0) == len(position.entries):
            return position.trail
        return self.replay(position.header, position.entries).trail

    def _states(self, position: Position) -> tuple[Any, ...]:
        """The state each entry of ``position`` met, in order."""
        trail = self._trail(position)
        return trail.states() if trail is not None else ()

    def _kept(self, before: Any, after: Any) -> bool:
        """Whether the entry that took ``before`` to ``after`` left every part the standings are
        worked out from (``scored_from``) the same object, so it scored nothing."""
        if not self.scored_from:
            return False
        for path in self.scored_from:
            was, now = before, after
            for name in path.split("."):
                was, now = getattr(was, name, _MISSING), getattr(now, name, _MISSING)
            if was is _MISSING or was is not now:
                return False
        return True

    # what the table is told
    def told(self, before: Position, after: Position) -> list[Words]:
        return []

    def prompt(self, position: Position) -> Words:
        return ""

    def variant(self, header: Mapping[str, Any]) -> Words:
        """The options set away from their defaults, by name (a game may say it better)."""
        settings = header.get("settings") or {}
        changed = []
        for o in self.options():
            value = settings.get(o.name, o.default) if o.house_rule else header.get(o.name, o.default)
            if value != o.default and not isinstance(value, (dict, list)):
                changed.append(f"{o.name}={value}")
        return ", ".join(changed)

    def heading(self, header: Mapping[str, Any]) -> Words:
        """The variant (a game that says who plays first, or anything else the header set that is no
        variant, adds it)."""
        return self.variant(header)

    def completions(self, position: Position, typed: str = "") -> list[Completion]:
        return []

    def board(self, position: Position) -> Board:
        return Board()  # a game without a board of its own: the standings say it all

    # notation
    def parse(self, text: str, position: Position) -> Any:
        line = text.strip()
        if not line:
            raise RuleViolation("record-format", Fact("notation.empty"))
        if line.startswith("{"):
            return json_entry(line)
        longest = max((len(run) for run in re.findall(r"\d+", line)), default=0)
        if longest > MAX_DIGITS:  # no table types such a number, and Python would not read it
            raise too_long_number(longest)
        return self.parse_line(line, position)

    def parse_line(self, line: str, position: Position) -> Any:
        """A typed line (not blank, not JSON) as its entry; a game without lines takes JSON only."""
        raise RuleViolation("record-format", fact("json_only"))

    def format(self, entry: Any) -> str:
        return json.dumps(entry, ensure_ascii=False)

    def shown(self, entry: Any) -> Words:
        try:
            text = self.format(entry)
        except (KeyError, TypeError, ValueError, AttributeError, IndexError):  # a stored entry of an odd shape
            text = json.dumps(entry, ensure_ascii=False)
        return text if len(text) <= 200 else text[:197] + "…"

    #: whether the empty line's choices are whole first moves a digit takes (LOUDER's ``place
    #: trap:0``, one key for a turn's action and its card), not first words typed by their letters
    numbered_from_the_start: ClassVar[bool] = False

    #: the sorts of entry (``kinds``) that play one card each, for counting keys per card
    card_kinds: ClassVar[frozenset[str]] = frozenset({"card"})

    def cards(self, entry: Any) -> int:
        """How many cards an entry plays (one for a sort in ``card_kinds``, else none).

        >>> from scoring.registry import get
        >>> get("louder").cards({"place": {}}), get("louder").cards({"draw": "Aki"})
        (1, 0)
        >>> get("phantom").cards({"played": {"Aki": {"card": "10"}, "Ben": {"card": "P"}}})
        2
        """
        return 1 if self.kind(entry) in self.card_kinds else 0

    def kind(self, entry: Any) -> str:
        """The sort of entry, by the first of ``kinds``' keys it has; any other entry is a card.

        >>> from scoring.registry import get
        >>> [get("kings").kind(e) for e in ({"pick": {"king": "red"}}, {"by": "Ben", "play": "b3", "king": True},
        ...                                 {"lead": "Ben"}, {"players": {}})]
        ['draft pick', 'card', 'action', 'scoresheet']
        """
        if not isinstance(entry, Mapping):
            return "entry"
        return next((kind for key, kind in self.kinds.items() if key in entry), "card")

    def help(self, lang: str = "en") -> str:
        return self._text_in("help", lang).rstrip("\n")

    # records: every game says these three itself
    @abstractmethod
    def record(self, header: Mapping[str, Any], entries: Sequence[Any]) -> dict: ...

    @abstractmethod
    def split(self, record: Mapping[str, Any]) -> tuple[dict, list[Any]]: ...

    @abstractmethod
    def read(self, record: Mapping[str, Any]) -> Scored: ...

    # rules
    def rules(self, lang: str = "en") -> tuple[Section, ...]:
        return parse_sections(self._text_in("rules", lang))

    def arbitrate(self, cards: list[str], options: Mapping[str, Any], lang: str = "en") -> list[str]:
        raise RuleViolation(f"{self.id}.overview", fact("no_tricks", game=self.names.said()))

    def _text(self, name: str) -> str:
        """One of the box's text files (``files``, else ``data/<id>/``)."""
        return str(self.files[name]) if self.files is not None else load_text(self.id, name)

    def _text_in(self, name: str, lang: str) -> str:
        """The box's text ``<name>.<lang>.md`` (``rules.ja.md``), the English one for a language the
        box has none in: a translator adds a file, and no code."""
        if self.files is None:
            return text_in(self.id, name, lang) or self._text(f"{name}.en.md")
        wanted = next((w for w in (f"{name}.{lang}.md", f"{name}.en.md") if w in self.files), f"{name}.en.md")
        return self._text(wanted)


_MISSING = object()
