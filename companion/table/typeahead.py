"""Type-ahead at the table: the entry line narrows the game's legal moves as a player types.

The rules the table screen keeps, and the benchmark counts keys by:

* **A word completes itself** once what was typed of it fits one move only and the line goes on
  after it: ``rg`` becomes ``RGUA `` when the red Guard is the only card starting so, and its
  targets come next. The keys that follow are read both ways until they tell which was meant: as
  the rest of the word typed out (swallowed: ``rgua`` gives the same line), or as the next word
  (``ga`` completes ``GARC ``, then ``rd`` is ``RDOC``, though ``r`` is also GARC's next letter).
  While both readings hold, the keys are the word's own up to its second letter (two letters a
  card: ``y`` completes ``YPED`` and ``p`` is still its), the next word's after that, when a
  move there starts so. A key that fits neither reading, but
  makes what was typed a longer word (``k9`` then ``b``), takes the completion back. Every line a
  player types in full is the line recorded.
* **Digits take numbered choices.** After a whole word and a space the line's continuations (an
  effect's targets, a card's declarations) are numbered 1–9, then 0 for the tenth (LOUDER's ten
  kinds of placement card each take one key), and a digit takes one, unless a choice itself starts
  with a digit (then digits are typed as they are). After ``=`` or ``:`` the values
  are numbered too, unless one of them starts with a digit (``Aki=9``, ``robber:10``, a bid
  ``2/50``): then a digit is typed as it is and completes the one value it starts, and a value
  typed on past it is kept as typed (``2/60``).
* **A name that alone may follow is written at once** after a word the type-ahead completed or a
  digit took: the Phantom's next player (``Aki=10 Ben=``), the next to point (``point Aki>``).
* **Backspace** right after the type-ahead wrote a word (a completion, a numbered choice) takes
  that whole word back.
* **Enter** does exactly what the choices line marks (:meth:`TypeAhead.offer`): it records the line
  as typed when the rules accept it as it stands, and the line says so (``⏎ as typed``) beside any
  longer entry the line could still become; otherwise it takes the first choice (marked ⏎) and
  records that if the rules accept it, or leaves it in the line for the next word. On an empty line
  Enter only puts the first choice in the line, where the table sees it: a second Enter records it
  (one stray Enter never records a move). A line whose last word the game did not offer there is
  refused with its reason, as typed.

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

from dataclasses import dataclass, replace
from typing import Any

from companion.table.suggest import BINDING, completions, what_it_does
from scoring import contract
from scoring.errors import RuleViolation
from scoring.game import Completion, Position
from scoring.registry import get

NUMBERED = 10  # at most this many choices take a digit: 1 to 9, then 0 for the tenth (as a phone's keypad)
DIGITS = "1234567890"  #: the digit of each numbered choice, in order


def digit(n: int) -> str:
    """The digit that takes the ``n``-th numbered choice (1 for the first, 0 for the tenth)."""
    return DIGITS[n - 1]


SEPARATORS = (",", ";", "=", ":")  # typed after a completed word, they take the place of its space
SHORTEST = 2  # keys that name a code: two letters a card (``ga`` is the green Archivist)
CODE = 4  # a card code is at most this long (GARC, r3, WF)


@dataclass(frozen=True)
class Choice:
    """One thing the entry line may take: the ``text`` added, what it is, the ``line`` it leaves."""

    text: str
    label: str
    line: str


@dataclass(frozen=True)
class Enter:
    """What Enter does with a line: ``record`` it (``entry``), ``fill`` the line with the first
    choice and wait for more, or ``refuse`` it (``error``). ``taken`` is True when Enter takes the
    first choice offered, False when it records the line as typed (or refuses it)."""

    action: str
    line: str
    entry: Any = None
    error: RuleViolation | None = None
    after: Position | None = None  # the position the entry leads to, once the rules accepted it
    taken: bool = False


@dataclass(frozen=True)
class Offer:
    """What the choices line shows for a line as typed, and what Enter does with it (``enter``).

    ``choices`` are listed in order; ``numbered`` says a digit takes them (1 for the first).
    When ``enter.taken`` the first choice is the one Enter takes (marked ⏎); when Enter records
    the line as typed, ``as_typed`` is True and the choices are the longer entries it could
    still become (a digit or the next key takes one instead)."""

    enter: Enter
    choices: list[Choice]
    numbered: bool
    said: str = ""  # what the line as typed does, when a longer entry is offered beside it

    @property
    def as_typed(self) -> bool:
        return self.enter.action == "record" and not self.enter.taken


@dataclass(frozen=True)
class Added:
    """What the type-ahead last wrote into the line, and the keys typed since.

    ``raw`` is the line as the keys typed it, ``line`` what it became (``GARC ``), ``start`` where
    the written word begins (Backspace takes the line back to it), ``rest`` what typing the word
    out would still add (``RC ``; None after a numbered choice: nothing is swallowed), ``keys``
    the keys typed since, still read both ways."""

    raw: str
    line: str
    start: int
    rest: str | None
    keys: str = ""


def _word(line: str) -> str:
    """The word being typed at the end of ``line`` (after a space, ``=``, ``:`` or ``,``)."""
    cut = max(line.rfind(" "), *(line.rfind(b) for b in BINDING))
    return line[cut + 1 :]


def _first(text: str) -> str:
    """The first word of a choice (``place`` of ``place trap:0``)."""
    return text.split(" ", 1)[0]


def _head(line: str) -> str:
    """``line`` without the word being typed at its end."""
    return line[: len(line) - len(_word(line))]


def _coded(added: Added) -> bool:
    """Whether the type-ahead wrote a card code (``YPED``, ``r3``, ``WF``: at most four characters,
    no small letter after the first), which the table types by two letters."""
    text = added.line[added.start :].strip()
    return len(text) <= CODE and not any(c.islower() for c in text[1:])


class TypeAhead:
    """The type-ahead of one position: what each key and Enter do to the entry line.

    ``added`` is what the type-ahead last wrote into the line (``Added``) while the keys after it
    may still be read two ways; ``shown`` is the line it last gave, which ``key`` expects back.
    """

    def __init__(self, position: Position, lang: str = "en") -> None:
        self.position = position
        self.game = get(position.game)
        self.lang = lang
        self.added: Added | None = None
        self.shown: str | None = None
        self._choices: dict[str, list[Choice]] = {}
        self._moves: dict[str, list[Completion]] = {}
        self._offers: dict[str, Offer] = {}

    # what the line may take ------------------------------------------------------------------
    def choices(self, typed: str) -> list[Choice]:
        """The choices for the line as typed, the most likely first (``companion.table.suggest``)."""
        if typed not in self._choices:
            try:
                found = completions(self.position, typed, self.lang)
            except RuleViolation:  # a line the game cannot read yet offers nothing
                found = []
            self._choices[typed] = [Choice(*c) for c in found]
        return self._choices[typed]

    def numbered(self, typed: str) -> list[Choice]:
        """The choices a digit takes: the continuations of a line that stops after a whole word, or
        the values after ``=`` or ``:``, when none of them starts with a digit."""
        if not typed.strip():  # the empty line: numbered where the game offers whole moves there
            whole = self.game.numbered_from_the_start and not typed
            choices = self.choices(typed)[:NUMBERED] if whole else []
            return [] if any(c.text[:1].isdigit() for c in choices) else choices
        if contract.in_secret(self.game, typed):
            return []
        choices = self.choices(typed)[:NUMBERED]
        if typed.endswith(" "):
            return [] if any(c.text[:1].isdigit() for c in choices) else choices
        if typed.endswith(BINDING):  # values: a digit may be one itself (Aki=9, robber:10)
            return [] if any(c.text[:1].isdigit() or "=" in c.text for c in choices) else choices
        # a whole word typed out to its last letter (PDOC OSCI): what may follow it, as after its space
        going_on = all(c.line == f"{typed} {c.text}" and not c.text[:1].isdigit() for c in choices)
        return choices if typed[-1:].isalpha() and choices and going_on else []

    def digits(self, typed: str) -> list[Choice]:
        """What each digit takes after ``typed``: exactly the choices the choices line draws
        numbered (:meth:`offer`), in its order — one list, drawn and read."""
        offer = self.offer(typed)
        return offer.choices if offer.numbered else []

    def moves(self, line: str) -> list[Completion]:
        """The game's moves after ``line`` (``Game.legal``), read once per line; none after a line
        the game cannot read."""
        line = line.strip()
        if line not in self._moves:
            try:
                moves = self.game.completions(self.position, line)
            except RuleViolation:
                moves = []
            if line.endswith(BINDING):  # a value comes next, never a part of its own (as F3 offers)
                moves = [m for m in moves if "=" not in m.text]
            self._moves[line] = moves
        return self._moves[line]

    def goes_on(self, line: str) -> bool:
        """Whether anything may follow ``line`` (a hero card has targets, a setup has more words)."""
        return bool(self.moves(line))

    def offered(self, line: str) -> bool:
        """Whether the last whole word of ``line`` is one the game offered there: only then does
        Enter take what continues it (a line with a word the game cannot read is refused)."""
        line = line.rstrip()
        word = _word(line).lower()
        if any(m.text.lower() == word or _first(m.text).lower() == word for m in self.moves(_head(line))):
            return True
        # a hidden card typed short (place s2): never among the words offered, read when the game goes on after it
        return contract.hidden(self.game, line) is not None and bool(self.moves(line))

    # keys --------------------------------------------------------------------------------------
    def forget(self) -> None:
        """The line was changed outside the type-ahead (a paste, the cursor moved, a new line put
        there): nothing it wrote is pending any more."""
        self.added = None
        self.shown = None

    def key(self, typed: str, char: str) -> str:
        """The line after ``char`` is typed at the end of ``typed``. The card of a line whose card
        must stay hidden (``Secrecy.in_secret``: a LOUDER placement's) is typed as it is, key by
        key: a completion or a list narrowed by its first letters would tell the table the card.
        A digit before it takes a card, as anywhere, and the words after it are offered as usual
        (the cells, what it is announced as: the same whatever the card)."""
        added = self.added if typed == self.shown else None
        line, self.added = self._fresh(typed, char) if added is None else self._after(added, char)
        self.shown = line
        return line

    def back(self, typed: str) -> str | None:
        """Backspace at the end of ``typed``: the line without the word the type-ahead just wrote,
        or None when Backspace only removes a character."""
        added = self.added if typed == self.shown else None
        if added is None or typed != added.line:
            return None
        line = added.line[: added.start]
        self.added, self.shown = None, line
        return line

    def _fresh(self, typed: str, char: str) -> tuple[str, Added | None]:
        """A key with nothing pending: a digit taking a numbered choice, or a key that may complete
        the word it ends."""
        numbered = self.digits(typed)
        if char in DIGITS and DIGITS.index(char) < len(numbered):
            line = self._taken(numbered[DIGITS.index(char)].line)
            return line, Added(typed + char, line, len(typed), None)
        if contract.in_secret(self.game, typed + char):
            return typed + char, None
        line = typed + char
        word = _word(line)
        if char == " " and typed.strip() and not typed.endswith(" "):  # a word typed out: the one name after it
            follow = self._follows(line)
            return (line + follow, Added(line, line + follow, len(line), follow)) if follow else (line, None)
        if not word:
            return line, None
        head = _head(line)
        fits = [m for m in self.moves(head) if m.text.lower().startswith(word.lower())]
        texts = {m.text for m in fits}
        if len(texts) > 1:  # whole moves (place trap:0, place score:5): the first word they share
            texts = {_first(t) for t in texts}
            texts = texts if len(texts) == 1 and word.lower() != next(iter(texts)).lower() else set()
        if len(texts) != 1:
            return line, None
        text = next(iter(texts))
        glue = "" if not head.strip() or head.endswith((" ", *BINDING)) else " "
        done = head + glue + text
        if not self.goes_on(done):
            return line, None
        after = "" if done.endswith(BINDING) else " "
        after += self._follows(done + after) if after else ""
        return done + after, Added(line, done + after, len(head), text[len(word) :] + after)

    def _after(self, added: Added, char: str) -> tuple[str, Added | None]:
        """A key after the type-ahead wrote a word: the rest of that word typed out, or the next
        word, or a longer word than the one written."""
        keys = added.keys + char
        head = _head(added.line)
        written = added.line[len(head) :]  # the one name written after the word's space (Ben=)
        swallows = added.rest is not None and added.rest.lower().startswith(char.lower())
        if not added.keys and char in SEPARATORS and not swallows and written and self._follows(head) == written:
            return head[:-1] + char, None  # the separator takes the place of the space and the name
        short = self._short(added, char)
        if short is not None:
            return short
        swallowed = added.rest is not None and added.rest.lower().startswith(keys.lower())
        if not swallowed and added.line.endswith(" ") and self._shows_added(added):  # the word is whole
            if char == " ":
                return added.line, None  # the space it already has
            if char in SEPARATORS:
                return added.line[:-1] + char, None  # the separator takes its space
        if swallowed:
            if len(keys) == len(added.rest or ""):  # the word typed out, to its space: settled
                return added.line, None
            held = replace(added, keys=keys)
            return self._reading(held)[0], held
        own = self._own(added, keys)  # a code's second letter is its own, whatever follows
        readings = [self._typed(added.line, keys[own:])] if own else []
        readings.append(self._typed(added.line, keys))
        literal = self._typed(added.raw, keys)  # the keys as typed: a longer word than the one written
        if literal[0].lower().startswith((added.raw + keys).lower()):
            readings.append(literal)
        # the word typed on past its completion (wsh for WSHA, reveal in full), then the next word
        spelled = next(n for n in range(len(keys), -1, -1) if (added.rest or "").lower().startswith(keys[:n].lower()))
        if spelled > own:
            readings.append(self._typed(added.line, keys[spelled:]))
        for line, sub in readings:
            if self._goes_somewhere(line, sub):
                return line, sub
        if added.rest is not None and literal in readings and _word(added.raw)[:1].isdigit():
            return literal  # a number typed on past the value it completed (2/60, not 2/50 then 60)
        return readings[0]

    def _short(self, added: Added, char: str) -> tuple[str, Added | None] | None:
        """A word written ahead and typed short: the first letters of a name, then its ``=`` or
        ``>`` (``a=`` for ``Akiko=``, ``point a>`` for ``point Akiko>``), or of a word, then a
        space (``r`` and a space for ``red Chieko=``): the key ends that word, as if it was typed
        out. None when the key does not end a word of what was written."""
        rest, keys = added.rest, added.keys
        if rest is None or not (char == " " or char in BINDING) or not rest.lower().startswith(keys.lower()):
            return None
        remaining = rest[len(keys) :]
        word = remaining if char == " " else remaining.split(" ", 1)[0]
        at = word.find(char)
        if at <= 0 or (char != " " and at != len(word) - 1):
            return None
        spelled = rest[: len(keys) + at + 1]
        if len(spelled) == len(rest):
            return added.line, None
        held = replace(added, keys=spelled)
        return self._reading(held)[0], held

    def _own(self, added: Added, keys: str) -> int:
        """How many of ``keys`` are the written word's own by the two-letters-a-code habit: a code
        (``YPED``, ``r3``, ``WF``: at most four characters, no small letter after the first)
        completed from one key takes the next as its second letter when it is (``yp`` is the
        yellow Peddler), so only the keys after it start the next word. Words (``round``,
        ``lead``, names) are typed by their first letter and own nothing more."""
        own = min(len(keys), max(0, SHORTEST - len(_word(added.raw)))) if _coded(added) else 0
        return own if added.rest is not None and added.rest.lower().startswith(keys[:own].lower()) else 0

    def _reading(self, held: Added) -> tuple[str, bool]:
        """The line shown while the keys after a written word still spell its rest, and whether
        it reads them as the next word instead: a code's second letter is its own (``y``
        completes ``YPED``, ``p`` is still its); past that, or after a word (``round``), the keys
        read as the next word when a move there starts so (``ga`` is ``GARC``, then ``r`` starts
        the next card; ``r`` is ``round``, then ``o`` starts the first card)."""
        keys = held.keys
        if self._own(held, keys) == len(keys) or not keys[:1].isalnum() or len(keys) >= len((held.rest or "").rstrip()):
            return held.line, False  # a code's own letter, a sign, or the whole word typed out
        line, sub = self._typed(held.line, keys)
        one_word = line[len(held.line) :].lower().startswith(keys.lower())  # not a word and more
        # after a word, a first key where the game offers nothing (sheet Aki=m, then A) starts the text
        free = len(keys) == 1 and not _coded(held) and not self.moves(_head(line))
        if one_word and (free or self._goes_somewhere(line, sub)):
            return line, True
        return held.line, False

    def _shows_added(self, added: Added) -> bool:
        """Whether the line shows the word as the type-ahead wrote it (every key since swallowed,
        none read as the next word)."""
        return not added.keys or not self._reading(added)[1]

    def _typed(self, line: str, keys: str) -> tuple[str, Added | None]:
        """The line and what is pending after ``keys`` are typed at the end of ``line``."""
        added: Added | None = None
        for char in keys:
            line, added = self._after(added, char) if added is not None else self._fresh(line, char)
        return line, added

    def _goes_somewhere(self, line: str, added: Added | None) -> bool:
        """Whether a reading of the keys leads somewhere: the type-ahead wrote a word for it, or
        the word it ends with starts a move offered there."""
        if added is not None:  # it wrote a word, and any key since spells the word's rest
            return True
        word = _word(line).lower()
        return bool(word) and any(m.text.lower().startswith(word) for m in self.moves(_head(line)))

    def _taken(self, line: str) -> str:
        """A chosen line, with the space that lets the next word follow when it can, and the
        player's name that alone may follow (:meth:`_follows`)."""
        if self.goes_on(line) and not line.endswith(BINDING):
            return line + " " + self._follows(line + " ")
        return line

    def _follows(self, line: str) -> str:
        """What is written at once after ``line`` (which ends in a space): the one name the game
        offers there, with the ``=`` or ``>`` its value follows (the Phantom's next player,
        ``Ben=``; the next to point, ``Chie>``), else nothing."""
        moves = self.moves(line)
        if len(moves) != 1 or not moves[0].text.endswith(("=", ">")) or not moves[0].text[:-1].isalnum():
            return ""
        if self.offer(line.rstrip()).enter.action == "record":
            return ""  # the line is an entry as it stands: what may follow is the table's to choose
        return moves[0].text

    # Enter -------------------------------------------------------------------------------------
    def offer(self, typed: str) -> Offer:
        """What the choices line shows for ``typed`` and what Enter does with it: one reading, so
        the choice marked for Enter is the one Enter records."""
        if typed not in self._offers:
            done = self._plan(typed)
            numbered = self.numbered(typed)
            choices = numbered or self.choices(typed)
            said = ""
            if done.action == "record" and not done.taken:  # other entries the line may still become
                choices = [c for c in choices if not self._same(c.line, done.entry)]
                said = self._said(done) if choices else ""
            self._offers[typed] = Offer(done, choices, bool(numbered), said)
        return self._offers[typed]

    def _same(self, line: str, entry: Any) -> bool:
        """Whether ``line`` is ``entry`` typed another way (``psm`` and ``PSMU``)."""
        try:
            return self.game.parse(line, self.position) == entry
        except RuleViolation:
            return False

    def _said(self, done: Enter) -> str:
        """What recording the line as it stands does, in the table's words (the first thing the
        table is told of it): ``YSAI Chie`` alone moves a card from Chie's hand to the player's."""
        return "" if done.after is None else what_it_does(self.position, done.after, self.lang)

    def enter(self, typed: str) -> Enter:
        """What Enter does with the line as typed: exactly what :meth:`offer` marks."""
        self.forget()
        return self.offer(typed).enter

    def _plan(self, typed: str) -> Enter:
        try:
            entry = self.game.parse(typed, self.position)
            return Enter("record", typed.strip(), entry, after=self.game.apply(self.position, entry))
        except RuleViolation as err:
            error = err
        if contract.in_secret(self.game, typed):  # a hidden card being typed: as typed, never completed
            return Enter("refuse", typed, error=error)
        choices = self.choices(typed)
        if not typed.strip() and choices:  # nothing typed: the first move offered goes in the line,
            return Enter("fill", self._taken(choices[0].line), taken=True)  # never recorded unseen
        first = choices[0] if choices else None
        goes_on = first is not None and first.line in (typed.strip() + first.text, f"{typed.strip()} {first.text}")
        if first is None or (goes_on and not self.offered(typed)):
            return Enter("refuse", typed, error=error)
        return self._first(first.line)

    def _first(self, line: str) -> Enter:
        """The first choice's line, recorded if it is a whole entry the rules accept, else left in
        the entry line for the next word."""
        try:
            entry = self.game.parse(line, self.position)
            return Enter("record", line, entry, after=self.game.apply(self.position, entry), taken=True)
        except RuleViolation:
            return Enter("fill", self._taken(line), taken=True)

    # the fewest keys ---------------------------------------------------------------------------
    def keys(self, entry: Any, digits: bool = True) -> list[str] | None:
        """The fewest keys this screen takes to record ``entry`` (typing its line as ``format``
        writes it, taking numbered choices on the way unless ``digits`` is False, Enter as soon as
        it gives the entry), or None if the entry cannot be reached that way."""
        target = self.game.format(entry)
        low = target.lower()
        typed, keys = "", []
        self.forget()
        for _ in range(2 * len(target) + 10):
            if self.offer(typed).enter.action == "record" and self.offer(typed).enter.entry == entry:
                return [*keys, "enter"]
            pick = None
            if digits:
                pick = next(
                    (
                        n
                        for n, c in enumerate(self.digits(typed), start=1)
                        if low.startswith(c.line.lower().rstrip())
                        and len(c.line.strip()) > len(typed.strip())
                        and (
                            len(c.line.rstrip()) == len(low)
                            or c.line.rstrip().endswith(BINDING)
                            or low[len(c.line.rstrip())] in " =:,>"
                        )
                    ),
                    None,
                )
            if pick is not None:
                keys.append(digit(pick))
                typed = self.key(typed, digit(pick))
                continue
            done = 0
            while done < len(target) and typed.lower().startswith(low[: done + 1]):
                done += 1
            if done >= len(target):
                return None
            keys.append(target[done])
            typed = self.key(typed, target[done])
        return None
