"""Type-ahead at the table: the entry line narrows the game's legal moves as a player types.

The rules the table screen keeps, and the benchmark counts keys by:

* **A word completes itself** once what was typed of it fits one move only and the line goes on
  after it: ``rg`` becomes ``RGUA `` when the red Guard is the only card starting so, and its
  targets come next. Keys that match the rest of the word are swallowed, so a player who types the
  whole code gets the same line. A key that does not match goes on after the completed word, unless
  what was typed, with that key, starts a longer word: then the completion is taken back and the
  line is what was typed. Every line a player types in full is the line recorded.
* **Digits take numbered choices.** After a whole word and a space the line's continuations (an
  effect's targets, a card's declarations) are numbered 1–9, and a digit takes one, unless a choice
  itself starts with a digit (then digits are typed as they are).
* **Enter** records the line if the rules accept it; otherwise it takes the first choice offered
  (the most likely: the game orders them; the choices line marks it ⏎, on an empty line too) and
  records that if the rules accept it, or leaves it in the line for the next word. A line whose
  last word the game did not offer there is refused with its reason, as typed.

Sheriff, after a deal's roles: ``K`` and Enter plays the first King the player could hold.

>>> from scoring.registry import get
>>> sheriff = get("sheriff")
>>> p = sheriff.new({"players": ["Aki", "Ben", "Chie"]})
>>> p = sheriff.apply(p, sheriff.parse("deal joker=Ben Aki=mayor Ben=sheriff Chie=robber trump=spades", p))
>>> ahead = TypeAhead(p)
>>> ahead.enter("K").entry == sheriff.parse("Ks", p)
True
>>> ahead.keys(sheriff.parse("Kh", p))
['K', 'h', 'enter']
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.suggest import BINDING, completions
from scoring.errors import RuleViolation
from scoring.game import Move, Position
from scoring.registry import get

NUMBERED = 9  # at most this many choices take a digit
SEPARATORS = (",", ";", "=", ":")  # typed after a completed word, they take the place of its space


@dataclass(frozen=True)
class Choice:
    """One thing the entry line may take: the ``text`` added, what it is, the ``line`` it leaves."""

    text: str
    label: str
    line: str


@dataclass(frozen=True)
class Enter:
    """What Enter does with a line: ``record`` it (``entry``), ``fill`` the line with the first
    choice and wait for more, or ``refuse`` it (``error``)."""

    action: str
    line: str
    entry: Any = None
    error: RuleViolation | None = None
    after: Position | None = None  # the position the entry leads to, once the rules accepted it


def _word(line: str) -> str:
    """The word being typed at the end of ``line`` (after a space, ``=``, ``:`` or ``,``)."""
    cut = max(line.rfind(" "), *(line.rfind(b) for b in BINDING))
    return line[cut + 1 :]


def _head(line: str) -> str:
    """``line`` without the word being typed at its end."""
    return line[: len(line) - len(_word(line))]


class TypeAhead:
    """The type-ahead of one position: what each key and Enter do to the entry line.

    ``pending`` is the rest of a word the line completed by itself, swallowed if typed next.
    """

    def __init__(self, position: Position, lang: str = "en") -> None:
        self.position = position
        self.game = get(position.game)
        self.lang = lang
        self.pending = ""
        self.raw = ""  # the line as typed before the type-ahead completed its last word
        self.spaced = False  # the line ends with a space the type-ahead added
        self._choices: dict[str, list[Choice]] = {}
        self._moves: dict[str, list[Move]] = {}

    # what the line may take ------------------------------------------------------------------
    def choices(self, typed: str) -> list[Choice]:
        """The choices for the line as typed, the most likely first (``companion.suggest``)."""
        if typed not in self._choices:
            try:
                found = completions(self.position, typed, self.lang)
            except RuleViolation:  # a line the game cannot read yet offers nothing
                found = []
            self._choices[typed] = [Choice(*c) for c in found]
        return self._choices[typed]

    def numbered(self, typed: str) -> list[Choice]:
        """The choices a digit takes: the continuations of a line that stops after a whole word."""
        if not typed.strip() or not typed.endswith(" ") or self.game.hidden(typed) is not None:
            return []  # after = or : a digit may be the value itself (Aki=9, robber:10); a hidden card
        choices = self.choices(typed)[:NUMBERED]
        if any(c.text[:1].isdigit() for c in choices):
            return []
        return choices

    def moves(self, line: str) -> list[Move]:
        """The game's moves after ``line`` (``Game.legal``), read once per line; none after a line
        the game cannot read."""
        line = line.strip()
        if line not in self._moves:
            try:
                self._moves[line] = self.game.legal(self.position, line, self.lang)
            except RuleViolation:
                self._moves[line] = []
        return self._moves[line]

    def goes_on(self, line: str) -> bool:
        """Whether anything may follow ``line`` (a hero card has targets, a setup has more words)."""
        return bool(self.moves(line))

    def offered(self, line: str) -> bool:
        """Whether the last whole word of ``line`` is one the game offered there: only then does
        Enter take what continues it (a line with a word the game cannot read is refused)."""
        line = line.rstrip()
        word = _word(line).lower()
        return any(m.text.lower() == word for m in self.moves(_head(line)))

    # keys --------------------------------------------------------------------------------------
    def key(self, typed: str, char: str) -> str:
        """The line after ``char`` is typed at the end of ``typed``. A line whose card must stay
        hidden (``Game.hidden``) is typed as it is: a completion would change the length of the
        masked line, and so tell the table what is being typed."""
        spaced, self.spaced = self.spaced, False
        if self.pending and char.lower() == self.pending[0].lower():
            self.pending = self.pending[1:]
            self.raw += char
            self.spaced = spaced and not self.pending
            return typed
        if self.game.hidden(typed + char) is not None:
            self.pending = ""
            return typed + char
        if char in SEPARATORS and (spaced or self.pending) and typed.endswith(" "):  # the word is whole
            self.pending = ""
            return typed[:-1] + char
        numbered = self.numbered(typed)
        if char in "123456789" and int(char) <= len(numbered):
            self.pending = ""
            return self._taken(numbered[int(char) - 1].line)
        if self.pending:
            self.pending = ""
            if self._starts_a_move(self.raw + char):
                typed = self.raw  # a longer word than the one completed: the line as they typed it
        line = typed + char
        word = _word(line)
        if not word:
            return line
        head = _head(line)
        fits = [m for m in self.moves(head) if m.text.lower().startswith(word.lower())]
        if len(fits) != 1:
            return line
        glue = "" if not head.strip() or head.endswith((" ", *BINDING)) else " "
        done = head + glue + fits[0].text
        if not self.goes_on(done):
            return line
        after = "" if done.endswith(BINDING) else " "
        self.pending = fits[0].text[len(word) :] + after
        self.raw = line
        self.spaced = bool(after)
        return done + after

    def _starts_a_move(self, line: str) -> bool:
        """Whether the word at the end of ``line`` is the start of a move offered there."""
        word = _word(line).lower()
        return bool(word) and any(m.text.lower().startswith(word) for m in self.moves(_head(line)))

    def _taken(self, line: str) -> str:
        """A chosen line, with the space that lets the next word follow when it can."""
        if self.goes_on(line) and not line.endswith(BINDING):
            self.spaced = True
            return line + " "
        return line

    def enter(self, typed: str) -> Enter:
        """What Enter does with the line as typed."""
        self.pending = ""
        try:
            entry = self.game.parse(typed, self.position)
            return Enter("record", typed.strip(), entry, after=self.game.apply(self.position, entry))
        except RuleViolation as err:
            error = err
        if self.game.hidden(typed) is not None:  # a hidden card is recorded as typed, never completed
            return Enter("refuse", typed, error=error)
        choices = self.choices(typed)
        if not typed.strip() and choices:  # nothing typed: the first move offered, if it is whole
            return self._first(choices[0].line)
        first = choices[0] if choices else None
        goes_on = first is not None and first.line in (typed.strip() + first.text, f"{typed.strip()} {first.text}")
        if first is None or (goes_on and not self.offered(typed)):
            return Enter("refuse", typed, error=error)
        return self._first(choices[0].line)

    def _first(self, line: str) -> Enter:
        """The first choice's line, recorded if it is a whole entry the rules accept, else left in
        the entry line for the next word."""
        try:
            entry = self.game.parse(line, self.position)
            return Enter("record", line, entry, after=self.game.apply(self.position, entry))
        except RuleViolation:
            return Enter("fill", self._taken(line))

    # the fewest keys ---------------------------------------------------------------------------
    def keys(self, entry: Any) -> list[str] | None:
        """The fewest keys this screen takes to record ``entry`` (typing its line as ``format``
        writes it, taking numbered choices on the way, Enter as soon as it gives the entry), or
        None if the entry cannot be reached that way."""
        target = self.game.format(entry)
        low = target.lower()
        typed, keys = "", []
        self.pending = ""
        for _ in range(2 * len(target) + 10):
            pending = self.pending
            done = self.enter(typed)
            if done.action == "record" and done.entry == entry:
                return [*keys, "enter"]
            self.pending = pending
            pick = next(
                (
                    n
                    for n, c in enumerate(self.numbered(typed), start=1)
                    if low.startswith(c.line.lower()) and len(c.line.strip()) > len(typed.strip())
                ),
                None,
            )
            if pick is not None:
                keys.append(str(pick))
                typed = self.key(typed, str(pick))
                continue
            done = 0
            while done < len(target) and typed.lower().startswith(low[: done + 1]):
                done += 1
            if done >= len(target):
                return None
            keys.append(target[done])
            typed = self.key(typed, target[done])
        return None
