"""The game contract, split by who uses it.

Every game is one object (``scoring/<game>/game.py``, ``GAME``), listed by the registry. Nothing
outside a game's package asks which game it is; each caller needs only a part of the contract:

========== ============================================================== =========================
part       what it says                                                   who uses it
========== ============================================================== =========================
Box        identity, options, setup, the rules text, the arbiter          new-game form, F2, arbiter
Rules      ``start``, ``step``, ``score``, whose turn: how a game moves   the store, every screen
Notation   ``parse``, ``format``, ``completions``, ``kind``, the F1 help  the entry line, the log
Telling    ``told``, ``prompt``, ``variant``, ``heading``, ``shown``      the table screen, pages
Picture    ``board``: the position as rows of cells and lines of facts    the table screen, phones
Records    ``record``, ``split``, ``read``                                import, export, ``score``
Secrecy    ``public``, ``hidden``, ``mask`` (optional: LOUDER alone)      every view while a game runs
========== ============================================================== =========================

``scoring.game.RecordGame`` gives a game everything but what only it can know. A game writes eight
methods: ``start``, ``step`` and ``score`` (the rules), ``record``, ``split`` and ``read`` (its
record format), and ``format`` and ``parse_line`` (its typed line: ``parse`` is given, and asks
``parse_line`` for a line that is neither blank nor JSON). Everything a session does is given on
top of ``start`` and ``step`` — ``new``, ``apply``, ``replay``, ``undo``, ``to_play``, ``actors``,
``start_player``, ``first_player`` — and a game only says whose turn a state is (``turn``), if it
keeps turns. The rest has a default a game may say better: ``completions``, the telling, the board,
the options, the arbiter (``docs/adding-a-game.md`` lists each member as written or given).
What a game hands ``RecordGame`` besides — ``parse_line``, and the data ``house_rules``, ``kinds``,
``scored_from`` and ``files`` — is ``RecordGame``'s to read, never a caller's.

Telling says *facts* (``scoring.words``), and a board is cells of facts (``scoring.board``): a
viewer's language is chosen at the edge, never here.

>>> from scoring.registry import get
>>> sheriff = get("sheriff")
>>> isinstance(sheriff, Game), secrecy(sheriff) is None, secrecy(get("louder")) is not None
(True, True, True)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol, runtime_checkable

from scoring.board import Board
from scoring.box import Names
from scoring.game import Completion, Option, Position
from scoring.rulestext import Section
from scoring.standings import Scored
from scoring.words import Words


@runtime_checkable
class Box(Protocol):
    """What is in the box: the game's identity, what a new game may be given, how the table sets
    up, the rules text and the arbiter. Data, mostly (``data/<game>/box.toml``)."""

    id: str  #: the key in records, sessions and the CLI (``trickster``)
    names: Names
    players: tuple[int, ...]  #: the numbers of players the rules allow
    highest_wins: bool
    bgg_id: int  #: BoardGameGeek's id, 0 while no source confirms one
    header_keys: frozenset[str]  #: the header fields a session of this game keeps

    def options(self, lang: str = "en") -> list[Option]:
        """The header fields and house rules a new game may set, each with its default."""
        ...

    def setup(self, players: int, lang: str = "en") -> str:
        """How the table deals and sets up, as the new-game screen shows it."""
        ...

    def rules(self, lang: str = "en") -> tuple[Section, ...]:
        """The rules text cut into sections with ids (a refusal cites one)."""
        ...

    def arbitrate(self, cards: list[str], options: Mapping[str, Any], lang: str = "en") -> list[str]:
        """The arbiter's ruling on cards in play (who wins this trick, may this card follow),
        line by line, ending with the rule it rests on."""
        ...


@runtime_checkable
class Rules(Protocol):
    """How a game moves: one entry at a time, from the header's start."""

    def start(self, header: Mapping[str, Any]) -> Any:
        """The engine's state before anything is recorded; refuses a header the rules do not allow."""
        ...

    def step(self, state: Any, entry: Any) -> Any:
        """The engine's state after one more entry, applied to ``state`` alone whatever the length
        of the game, or a ``RuleViolation`` that says why not."""
        ...

    def score(self, state: Any) -> Scored:
        """The standings of a state, with each round's score as its parts (facts)."""
        ...

    def turn(self, state: Any) -> str | None:
        """Whose turn it is in a state, when the game keeps turns and it is someone's (else None)."""
        ...

    def starts(self, state: Any) -> bool:
        """Whether a turn in a state may be the game's start (the start player's): any, by default."""
        ...

    def new(self, header: Mapping[str, Any]) -> Position:
        """The position before anything is recorded: ``start``, scored."""
        ...

    def apply(self, position: Position, entry: Any) -> Position:
        """The position after one more entry (``step``), or a ``RuleViolation`` numbered as the
        session's log numbers the entry ("Entry 17: …")."""
        ...

    def replay(self, header: Mapping[str, Any], entries: Sequence[Any]) -> Position:
        """The position after all of ``entries``: ``step`` folded over them from ``start(header)``,
        refused as ``apply`` refuses the first entry that breaks a rule."""
        ...

    def undo(self, position: Position) -> Position:
        """The position before the last entry (python-chess's ``pop``), stepped back along the
        states the position keeps, not replayed; an ``IndexError`` when nothing is recorded."""
        ...

    def to_play(self, position: Position) -> str | None:
        """Whose turn it is: ``turn`` of the position's state."""
        ...

    def first_player(self, header: Mapping[str, Any]) -> str:
        """The player the header names to start (the oldest player, ``first``)."""
        ...

    def start_player(self, position: Position) -> str:
        """The start player BG Stats and BGG log: who took the game's first turn that ``starts`` it
        (every turn may, unless the game says otherwise: KINGs' first trick, not its draft)."""
        ...

    def actors(self, position: Position) -> list[str | None]:
        """Who made each entry of ``position`` (None for an entry of the whole table, a setup): the
        ``turn`` of the state each entry met."""
        ...


@runtime_checkable
class Notation(Protocol):
    """The typed line: what a player types at the table and what the log lists."""

    numbered_from_the_start: bool  #: the empty line's choices are whole moves, each taken by a digit

    def parse(self, text: str, position: Position) -> Any:
        """The entry for a typed line (JSON always works too); ``RuleViolation`` if unreadable."""
        ...

    def format(self, entry: Any) -> str:
        """The typed line for an entry: ``parse(format(e), p) == e``."""
        ...

    def completions(self, position: Position, typed: str = "") -> list[Completion]:
        """What may be typed next, from what the table can see: with nothing typed, the entries
        that may come next; after the start of an entry (a Trickster hero card), the choices that
        complete it, an effect's legal targets among them. Lines the table types whole (a round's
        setup, a scoresheet) are not offered; a game with nothing to offer returns ``[]``."""
        ...

    def help(self, lang: str = "en") -> str:
        """How to type this game's entries (F1), with real examples."""
        ...

    def kind(self, entry: Any) -> str:
        """What sort of entry it is (``card``, ``deal``, ``round setup``, ``scoresheet`` …), for
        counting the keys and taps each sort takes; ``RecordGame`` says it from the game's
        ``kinds`` (an entry's key → its sort; any other entry is a card)."""
        ...

    def cards(self, entry: Any) -> int:
        """How many cards an entry plays, for counting keys per card: ``RecordGame`` says it from
        ``card_kinds`` (the sorts of entry that are a card each; a game whose entry plays every
        player's card at once counts them itself)."""
        ...


@runtime_checkable
class Telling(Protocol):
    """What the table is told, as facts (``scoring.words.say`` tells them in a language)."""

    def told(self, before: Position, after: Position) -> list[Words]:
        """What the last entry did: who took the trick or busted and why, a round's scores, a tie
        at the top that lets the game go on, the winner. Nothing the table must not see."""
        ...

    def prompt(self, position: Position) -> Words:
        """What comes next ("Ben to play, hearts led"); never offers what the state refuses."""
        ...

    def variant(self, header: Mapping[str, Any]) -> Words:
        """The deck or variant and any option set away from its default ("Poker, target 12");
        "" for the plain game. What statistics group by and BG Stats calls the board."""
        ...

    def heading(self, header: Mapping[str, Any]) -> Words:
        """The table heading beside the game's name: the variant, and who starts when that is not
        the default; "" when there is nothing to say."""
        ...

    def shown(self, entry: Any) -> Words:
        """An entry as the log lists it (a hidden card stays hidden)."""
        ...


@runtime_checkable
class Picture(Protocol):
    """The game's own picture of a position, which the terminal and the phone each draw."""

    def board(self, position: Position) -> Board:
        """The position as the table sees it (``scoring.board``): the players' rows, the trick, what
        lies on the table, as cells and facts; an empty board where the standings say it all."""
        ...


@runtime_checkable
class Records(Protocol):
    """The game's record format (``docs/record-format.md``): for import, export and
    ``companion score FILE`` — never on the way of an entry."""

    def record(self, header: Mapping[str, Any], entries: Sequence[Any]) -> dict:
        """The record of a session's entries (the last round may be unfinished)."""
        ...

    def split(self, record: Mapping[str, Any]) -> tuple[dict, list[Any]]:
        """The inverse of ``record``: a record as (header, entries), to import it as a session."""
        ...

    def read(self, record: Mapping[str, Any]) -> Scored:
        """A whole record scored, or refused with the path of what is wrong."""
        ...


@runtime_checkable
class Secrecy(Protocol):
    """The optional part for a game with cards that lie face down while it runs (LOUDER
    TRICKSTAR): what the table may see. A game without it shows everything."""

    def public(self, position: Position) -> dict:
        """The record as the table may see it now (an unseen placed card written as ■)."""
        ...

    def hidden(self, typed: str) -> str | None:
        """For a line whose card must stay hidden while typed: what the table may see of it."""
        ...

    def in_secret(self, typed: str) -> bool:
        """Whether ``typed`` ends in the word the table may not see, still being typed (its card):
        no choice may follow it there, since a list narrowed by it would tell the card."""
        ...

    def mask(self, text: str, typed: str, lang: str = "en") -> str:
        """``text`` (a refusal of ``typed``) with anything the table must not see left out."""
        ...


@runtime_checkable
class Game(Box, Rules, Notation, Telling, Picture, Records, Protocol):
    """The whole contract every game keeps (Secrecy aside: see :func:`secrecy`)."""


def secrecy(game: object) -> Secrecy | None:
    """The game's secrecy part, or None for a game whose table sees everything (asked on every key
    typed, so the answer is kept per kind of game: a protocol check looks at every method)."""
    kind = type(game)
    if kind not in _SECRET:
        _SECRET[kind] = isinstance(game, Secrecy)
    return game if _SECRET[kind] else None  # type: ignore[return-value]


_SECRET: dict[type, bool] = {}


def public(game: object, position: Position) -> dict:
    """The record as the table may see it now: the whole record where nothing lies face down."""
    part = secrecy(game)
    return part.public(position) if part else dict(position.record)


def seen(game: object, position: Position) -> list[Any]:
    """The entries as the table saw them: a game with cards face down builds them from its public
    record, so a card nobody saw is not even handed on; any other game's entries as they are."""
    if secrecy(game) is None:
        return list(position.entries)
    return game.split(public(game, position))[1]  # type: ignore[attr-defined]


def hidden(game: object, typed: str) -> str | None:
    """What the table may see of a line typed where a card must stay hidden (None: all of it)."""
    part = secrecy(game)
    return part.hidden(typed) if part else None


def in_secret(game: object, typed: str) -> bool:
    """Whether ``typed`` ends in a word the table may not see, still being typed."""
    part = secrecy(game)
    return part.in_secret(typed) if part else False


def masked(game: object, text: str, typed: str, lang: str = "en") -> str:
    """A refusal of ``typed`` with anything the table must not see left out."""
    part = secrecy(game)
    return part.mask(text, typed, lang) if part else text
