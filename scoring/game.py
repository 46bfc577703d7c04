"""What a *game* is to Companion: one object per game, one protocol for all of them.

Each game lives in its own package (``scoring/<game>/``) and provides one object that satisfies
:class:`Game`; :mod:`scoring.registry` lists them. The CLI, the screens, the exports and the
statistics only ever talk to that object, so they never ask which game they are looking at.

A session is a header (the players in seat order, the deck or variant, the house rules) and the
entries a table recorded, in order. :meth:`Game.new` checks a header and gives the empty
:class:`Position`; :meth:`Game.apply` checks one more entry against the rules and gives the next
position, or refuses with a :class:`~scoring.errors.RuleViolation` that names the rule and says
why in English and Japanese. Positions are immutable, so undo is the position before.

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
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from difflib import get_close_matches
from functools import cached_property
from typing import Any, ClassVar

from scoring.board import Board
from scoring.box import Names, box_names
from scoring.data import load_text, load_toml
from scoring.errors import RuleViolation
from scoring.houserules import HouseRuleSet
from scoring.notation import json_entry
from scoring.recordkit import MAX_DIGITS, at_entry, too_long_number
from scoring.rulestext import Section, parse_sections
from scoring.standings import Scored, Standings
from scoring.words import Words


@dataclass(frozen=True)
class Option:
    """A setting a new game may be given: a header field (``deck``, ``variant``) or a house rule.

    ``house_rule`` options live under the header's ``settings``; the others are header fields.
    ``kind`` says how the new-game form takes the value (see :meth:`typed_as`; left empty, it
    follows from the default). ``labels`` gives choices their table words, as ``(choice, en, ja)``;
    ``titles`` the option's own name in table words, English and Japanese (else its key, ``name``,
    which a record and the form's advanced line take).

    >>> Option("seats", None, 'The seats: {"Aki": 1}.').typed_as()
    'mapping'
    >>> variant = Option("variant", "base", "Which game: base (Base game), poker (Poker (2 players)).",
    ...                  choices=("base", "poker", "west_coast"), house_rule=False)
    >>> variant.typed_as(), [variant.label(c) for c in variant.choices]
    ('choice', ['Base game', 'Poker (2 players)', 'west coast'])
    """

    name: str
    default: Any
    text_en: str
    text_ja: str = ""
    choices: tuple[Any, ...] = ()
    house_rule: bool = True
    kind: str = ""
    labels: tuple[tuple[Any, str, str], ...] = ()
    titles: tuple[str, str] = ("", "")

    def text(self, lang: str = "en") -> str:
        return (self.text_ja or self.text_en) if lang == "ja" else self.text_en

    def title(self, lang: str = "en") -> str:
        """The option's name as the new-game form shows it (``デッキ``); its key where none is given."""
        en, ja = self.titles
        return (ja or en or self.name) if lang == "ja" else (en or self.name)

    def typed_as(self) -> str:
        """How the value is typed: ``switch`` (on or off), ``mapping`` (``key=value`` pairs such as
        ``trickster=3`` or ``Aki=red``: a mapping default, or an explanation that shows an object),
        ``choice`` (one of ``choices``), ``player`` (a player's name, the game's default when not
        given) or ``text``."""
        if self.kind:
            return self.kind
        if isinstance(self.default, bool):
            return "switch"
        if isinstance(self.default, Mapping) or "{" in self.text_en:
            return "mapping"
        if self.choices:
            return "choice"
        return "player" if self.default is None else "text"

    def label(self, choice: Any, lang: str = "en") -> str:
        """A choice in table words: its label, else the words the explanation gives it in
        parentheses (``poker (Tricks and the Phantom Poker)``), else the choice itself."""
        for value, en, ja in self.labels:
            if value == choice and type(value) is type(choice):
                return (ja or en) if lang == "ja" else en
        if isinstance(choice, bool):
            return ("オン" if choice else "オフ") if lang == "ja" else ("on" if choice else "off")
        return _said(self.text(lang), str(choice)) or str(choice).replace("_", " ")


def _said(text: str, word: str) -> str:
    """What ``text`` says of ``word`` in the parentheses that follow it ("" if none), without a
    closing "default" (a form marks the default itself)."""
    for found in re.finditer(rf"(?<![\w]){re.escape(word)} ?[(（]", text):
        depth, end = 1, found.end()
        while end < len(text) and depth:
            depth += {"(": 1, "（": 1, ")": -1, "）": -1}.get(text[end], 0)
            end += 1
        if depth == 0:
            return re.sub(r"(, |、)(default|既定)$", "", text[found.end() : end - 1].strip())
    return ""


@dataclass(frozen=True)
class Completion:
    """One thing that may be typed next: the ``text`` to add to the entry line, and what it is at
    the table (``label``, in the players' language)."""

    text: str
    label: Words


@dataclass(frozen=True)
class Position:
    """A session so far: its header, its entries, the game engine's state after them and the
    standings. The next entry is applied to ``state`` alone (``Game.step``), so a long game is as
    quick as a short one.
    """

    game: str
    header: Mapping[str, Any]
    entries: tuple[Any, ...] = ()
    scored: Scored = field(default_factory=lambda: Scored(Standings(())))
    #: the game engine's state after the entries: what the next entry is applied to, and what the
    #: game reads whose turn it is, what may come next and what the table is told
    state: Any = field(default=None, compare=False, repr=False)
    #: the game's ``record``, to build the record of these entries when one is asked for
    recorder: Callable[[Mapping[str, Any], Sequence[Any]], dict] | None = field(default=None, compare=False, repr=False)

    @property
    def finished(self) -> bool:
        """The game is over: nothing more can be recorded."""
        return self.scored.finished

    @cached_property
    def record(self) -> Mapping[str, Any]:
        """The game's record of the entries (``docs/record-format.md``): what ``companion score``
        reads, what an export writes and what a board may draw from. Built the first time it is
        asked for, from the entries; never on the way of an entry."""
        return self.recorder(self.header, self.entries) if self.recorder is not None else {}


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
        raise RuleViolation("record-format", "The header is a JSON object.", "ヘッダーはJSONオブジェクトです。")
    unknown = [k for k in header if k not in game.header_keys]
    if not unknown:
        return
    known = sorted(game.header_keys)

    def said(key: object) -> str:
        close = get_close_matches(str(key), known, n=1, cutoff=0.6)
        return f"{str(key)!r} (did you mean {close[0]!r}?)" if close else repr(str(key))

    fields = [said(k) for k in unknown]
    listed = fields[0] if len(fields) == 1 else ", ".join(fields[:-1]) + f" and {fields[-1]}"
    takes = ", ".join(known[:-1]) + f" and {known[-1]}" if len(known) > 1 else known[0]
    raise RuleViolation(
        "record-format",
        f"The header has unknown field{'s' if len(unknown) > 1 else ''} {listed}; a {game.names.en} header "
        f"takes {takes}.",
        f"ヘッダーに不明な項目があります：{'、'.join(repr(str(k)) for k in unknown)}。"
        f"{game.names.ja}のヘッダーの項目は {'、'.join(known)} です。",
    )


class RecordGame(ABC):
    """What most games share: a position is the engine's state and the entries that led to it.

    A game subclasses this, sets its identity (or reads it from ``data/<id>/box.toml`` with
    :meth:`from_box`) and provides the rules — ``start``, ``step`` and ``score`` — and its record
    format (``record``, ``split``, ``read``), ``parse_line``, ``format`` and ``legal``; the rest
    follows. ``apply`` is ``step`` on the position's state and ``replay`` folds it over a session:
    an entry costs the same at the end of a long game as at its start. ``step`` accepts exactly
    what ``read`` accepts of ``record(header, entries)`` with the entry last, and refuses the rest
    in the same words (``tests/engines/test_steps.py`` compares them).
    """

    id: ClassVar[str]
    names: Names
    players: tuple[int, ...]
    highest_wins: bool = True
    bgg_id: int = 0
    header_keys: frozenset[str] = frozenset({"players", "settings"})
    house_rules: ClassVar[type[HouseRuleSet] | None] = None
    kinds: ClassVar[Mapping[str, str]] = {}  #: an entry's first typed word -> its kind (else "card")

    def __init__(self) -> None:
        box = load_toml(self.id, "box.toml")
        self.names = box_names(self.id)
        self.players = tuple(box["players"])
        self.highest_wins = box["highest_wins"]
        self.bgg_id = box.get("bgg_id", 0) if box.get("bgg_verified") else 0
        self._setup = (box.get("setup", ""), box.get("setup_ja", ""))

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.id!r}>"

    # what a new game may be given
    def options(self, lang: str = "en") -> list[Option]:
        rules = self.house_rules
        if rules is None:
            return []
        return [
            Option(
                name,
                default,
                rules.DOCS[name][1],
                rules.DOCS[name][2],
                tuple(rules.DOCS[name][0]),
                labels=tuple((c, *rules.WORDS[name, c]) for c in rules.DOCS[name][0] if (name, c) in rules.WORDS),
                titles=("", rules.NAMES.get(name, "")),
            )
            for name, _, default, _ in rules().describe(lang)
        ]

    def setup(self, players: int, lang: str = "en") -> str:
        en, ja = self._setup
        return (ja or en) if lang == "ja" else en

    # a session
    def header_of(self, fields: Mapping[str, Any]) -> dict:
        """The header fields this game keeps, out of a header or a whole record."""
        return {k: v for k, v in fields.items() if k in self.header_keys}

    # the rules: every game says these three itself
    @abstractmethod
    def start(self, header: Mapping[str, Any]) -> Any:
        """The engine's state before anything is recorded (``header`` as ``header_of`` keeps it);
        refuses a header the rules do not allow, as ``read`` refuses it in a record."""

    @abstractmethod
    def step(self, state: Any, entry: Any) -> Any:
        """The state after one more entry, applied to ``state`` alone; a ``RuleViolation`` worded as
        ``read`` words it for the record with this entry last (without the place in the record)."""

    @abstractmethod
    def score(self, state: Any) -> Scored:
        """The standings and each round's score as its parts (facts), from a state."""

    def score_after(self, position: Position, state: Any) -> Scored:
        """The standings once one more entry took ``position`` to ``state``: ``score(state)``, or
        the position's own where a game knows the entry scored nothing (a card in a trick), so an
        entry costs no more once many rounds are scored."""
        return self.score(state)

    # a session
    def new(self, header: Mapping[str, Any]) -> Position:
        header = self.header_of(header)
        state = self.start(header)
        return Position(self.id, header, (), self.score(state), state, self.record)

    def apply(self, position: Position, entry: Any) -> Position:
        """The next position: the game's ``step`` on the position's state, whatever the length of
        the game. A refusal names the entry as the session's log numbers it."""
        try:
            state = self.step(position.state, entry)
        except RuleViolation as err:
            raise at_entry(err, len(position.entries) + 1) from None
        entries = (*position.entries, entry)
        return Position(self.id, position.header, entries, self.score_after(position, state), state, self.record)

    def replay(self, header: Mapping[str, Any], entries: Sequence[Any]) -> Position:
        """The position after all of ``entries``: ``apply`` folded over them."""
        position = self.new(header)
        for entry in entries:
            position = self.apply(position, entry)
        return position

    def to_play(self, position: Position) -> str | None:
        return None

    def first_player(self, header: Mapping[str, Any]) -> str:
        return header.get("first") or header["players"][0]

    def start_player(self, position: Position) -> str:
        step = self.new(position.header)
        for entry in position.entries:
            who = self.to_play(step)
            if who is not None:
                return who
            step = self.apply(step, entry)
        return self.to_play(step) or self.first_player(position.header)

    def actors(self, position: Position) -> list[str | None]:
        """Whose turn each entry was taken on, by applying the entries one by one."""
        step = self.new(position.header)
        found: list[str | None] = []
        for entry in position.entries:
            found.append(self.to_play(step))
            step = self.apply(step, entry)
        return found

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
            raise RuleViolation("record-format", "Type an entry first.", "入力してください。")
        if line.startswith("{"):
            return json_entry(line)
        longest = max((len(run) for run in re.findall(r"\d+", line)), default=0)
        if longest > MAX_DIGITS:  # no table types such a number, and Python would not read it
            raise too_long_number(longest)
        return self.parse_line(line, position)

    def parse_line(self, line: str, position: Position) -> Any:
        raise RuleViolation(
            "record-format", "Type the entry as JSON (see docs/record-format.md).", "JSONで入力してください。"
        )

    def format(self, entry: Any) -> str:
        return json.dumps(entry, ensure_ascii=False)

    def shown(self, entry: Any) -> Words:
        try:
            text = self.format(entry)
        except (KeyError, TypeError, ValueError, AttributeError, IndexError):  # a stored entry of an odd shape
            text = json.dumps(entry, ensure_ascii=False)
        return text if len(text) <= 200 else text[:197] + "…"

    def kind(self, entry: Any) -> str:
        try:
            words = self.format(entry).split()
        except (KeyError, TypeError, ValueError, AttributeError, IndexError):
            return "entry"
        return self.kinds.get(words[0].lower(), "card") if words else "entry"

    def help(self, lang: str = "en") -> str:
        lang = lang if lang in ("en", "ja") else "en"
        return load_text(self.id, f"help.{lang}.md").rstrip("\n")

    # records: every game says these three itself
    @abstractmethod
    def record(self, header: Mapping[str, Any], entries: Sequence[Any]) -> dict: ...

    @abstractmethod
    def split(self, record: Mapping[str, Any]) -> tuple[dict, list[Any]]: ...

    @abstractmethod
    def read(self, record: Mapping[str, Any]) -> Scored: ...

    # rules
    def rules(self, lang: str = "en") -> tuple[Section, ...]:
        lang = lang if lang in ("en", "ja") else "en"
        return parse_sections(load_text(self.id, f"rules.{lang}.md"))

    def arbitrate(self, cards: list[str], options: Mapping[str, Any], lang: str = "en") -> list[str]:
        raise RuleViolation(
            f"{self.id}.overview",
            f"{self.names.en} has no tricks to arbitrate.",
            f"{self.names.ja}にトリックの判定はありません。",
        )
