"""Text from a player, made safe to print: every control character drawn as a visible sign, and
a table's column padded by the cells a terminal gives it.

>>> visible("X\\x1b]0;PWNED\\x07Y")
'X␛]0;PWNED␇Y'
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

from companion.wrapping import break_points, cells, has_wide

# the bidirectional marks, embeddings, overrides and isolates: they make a terminal show a line in
# another order than it was typed
_BIDI = "\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069"
CONTROL = re.compile(f"[\x00-\x1f\x7f-\x9f{_BIDI}]")  # C0 and C1 controls, DEL, and those
_CONTROL_BUT_NEWLINE = re.compile(f"[\x00-\x09\x0b-\x1f\x7f-\x9f{_BIDI}]")
NO_CONTROL = f"[^\x00-\x1f\x7f-\x9f{_BIDI}]*"  # an Input's ``restrict``: a whole value without any


def _sign(match: re.Match[str]) -> str:
    code = ord(match.group())
    if code < 0x20:
        return chr(0x2400 + code)  # the Control Pictures: ␛ for ESC, ␇ for BEL, ␊ for a line feed
    if code == 0x7F:
        return "␡"
    return f"\\x{code:02x}" if code <= 0xFF else f"\\u{code:04x}"


def control_in(text: str) -> str | None:
    """The first control character in ``text``, as a visible sign; None if it has none.

    >>> control_in("Aki"), control_in("B\\x1b[41mRED")
    (None, '␛')
    """
    found = CONTROL.search(text)
    return _sign(found) if found else None


def visible(text: object, one_line: bool = False) -> str:
    """``text`` with every control character replaced by a visible sign (line breaks kept, unless
    ``one_line``)."""
    return (CONTROL if one_line else _CONTROL_BUT_NEWLINE).sub(_sign, str(text))


def pad(text: object, width: int, right: bool = False) -> str:
    """``text`` as a table's column of ``width`` terminal cells: drawn as ``visible`` on one line,
    measured in cells (a Japanese character takes two, so ``秋子`` is as wide as ``Chie``), padded
    with spaces (before it when ``right``), or cut with … where it would not fit. Every table
    Companion prints pads its columns here, so a Japanese name keeps the columns after it in line.

    >>> [pad(name, 6) + "|" for name in ("秋子", "ベン", "Chie")]
    ['秋子  |', 'ベン  |', 'Chie  |']
    >>> pad("12", 4, right=True), pad("アキコさん", 6), pad("Christina", 6)
    ('  12', 'アキ… ', 'Chris…')
    """
    shown = visible(text, one_line=True)
    if width <= 0:
        return ""
    if cells(shown) > width:
        while shown and cells(shown) > width - 1:
            shown = shown[:-1]
        shown += "…"
    room = " " * (width - cells(shown))
    return room + shown if right else shown + room


def sentences(parts: list[str]) -> str:
    """What the status line says, each part a sentence of its own: one that does not end as a
    sentence does (``Undone: r3``) gets its full stop, so two never run together.

    >>> sentences(["Undone: r3", "Aki to play, red led."]), sentences(["取り消し：r3", "Akiの番。"])
    ('Undone: r3. Aki to play, red led.', '取り消し：r3。Akiの番。')
    """
    out = ""
    for part in (p.strip() for p in parts):
        if not part:
            continue
        if not part.endswith((".", "!", "?", "。", "！", "？", ")", "）", "」", "…")):
            part += "。" if any(ord(c) > 0x3000 for c in part) else "."
        out += part if not out or out.endswith(("。", "！", "？", "」", "）")) else " " + part
    return out


_MARKS = set("、。，．：；！？）」』】 ")


def _between_words(before: str, after: str) -> bool:
    """Whether Japanese may be cut between ``before`` and ``after``: after a mark or a space, or
    where a code or a name meets Japanese."""
    return before in _MARKS or before.isspace() or before.isascii() != after.isascii()


_SENTENCE_END = re.compile(r"(?<=[.!?])\s+|(?<=[。！？])")
FRAGMENT = 16  #: the fewest cells of a sentence a cut keeps, if it keeps any


def _cuts(text: str, keep: list[str], from_start: bool = False) -> list[int]:
    """Where ``text`` may be cut (``break_points``), at a sentence's end or keeping at least
    ``FRAGMENT`` cells of the sentence cut (its end, ``from_start``): a word or two alone says
    nothing.

    >>> text = "Round 1 is over: Ben's hand is empty. Reveal the hands."
    >>> [text[:at].rsplit(" ", 2)[-2] for at in _cuts(text, [])]
    ['over:', "Ben's", 'hand', 'is', 'empty.']
    """
    ends = sorted({0, len(text), *(found.end() for found in _SENTENCE_END.finditer(text))})
    out = []
    for at in sorted({*break_points(text, keep), *ends[1:-1]}):
        if has_wide(text) and not _between_words(text[at - 1], text[at]):
            continue  # Japanese is cut after a mark or beside a code or a name, never inside a word
        if at not in ends:
            after = next(end for end in ends if end > at)
            before = max(end for end in ends if end < at)
            piece = text[at:after] if from_start else text[before:at]
            if cells(piece.strip()) < FRAGMENT:
                continue
        out.append(at)
    return out


def shortened(
    said: list[str],
    tail: list[str],
    fits: Callable[[str], bool],
    more: str = "f7",
    lead: str = "",
    keep: Iterable[str] = (),
) -> str:
    """What the status line says after an entry, made to fit (``fits``, the screen's measure):
    ``lead`` (what was done elsewhere) and ``tail`` (what comes next, who won) stay whole; of what
    happened (``said``, in the order it happened: the entry as the table is told it, then what
    followed from it, then the round's or the game's reckoning) the sentence that says what just
    happened — who took the trick, who busted — stays whole where it can, and the rest gives way
    to … and ``more``, the key of the whole log (which says it all):

    * the entry's own sentence first, from its start (the log above shows the entry);
    * then the end of the reckoning after the sentence that follows the entry (the round's
      scores are on the board and in the scoreboard), the entry's own sentence back in front if
      it fits;
    * then the entry's own sentence and the end of what follows it.

    A cut falls where a line could break (never inside a card code or a name of ``keep``).

    >>> said = ["Ben plays the green 5.", "Chie takes trick 5 with the blue 7.",
    ...         "Round 1 scored: Aki bid 0 missed: +0; Ben bid miss made: +120."]
    >>> for room in (115, 100, 60):  # the room the screen gives it, here in characters
    ...     print(shortened(said, ["Round 2."], lambda text: len(text) <= room))
    (f7) …Chie takes trick 5 with the blue 7. Round 1 scored: Aki bid 0 missed: +0; Ben bid miss made: +120. Round 2.
    Ben plays the green 5. Chie takes trick 5 with the blue 7. Round 1 scored: Aki bid 0… (f7) Round 2.
    (f7) …Chie takes trick 5 with the blue 7. … Round 2.
    """
    said = [part.strip() for part in said if part.strip()]
    whole = sentences([lead, *said, *tail])
    if not said or fits(whole):
        return whole
    names = [name for name in keep if name]
    mark = f"({more}) …"  # what was cut from the start
    first, rest = said[0], said[1:]

    def kept(text: str, at: int) -> str:
        """``text`` up to ``at``, marked as cut there."""
        start = text[:at].rstrip(" ,;:、，；：")
        if start.endswith((".", "!", "?")):  # whole sentences: the mark stands apart
            return start + " …"
        return start + "…"

    def first_cut(at: int) -> str:  # the entry's own sentence from ``at``, the rest whole
        return sentences([lead, mark + sentences([first[at:], *rest]).lstrip(), *tail])

    def first_fitting(points: list[int], make: Callable[[int], str], last: bool = False) -> str | None:
        """The text of the first of ``points`` (or the last) that fits: what fits only grows
        along them (or shrinks)."""
        order = points[::-1] if last else points
        low, high = 0, len(order)
        while low < high:
            middle = (low + high) // 2
            if fits(make(order[middle])):
                high = middle
            else:
                low = middle + 1
        return make(order[low]) if low < len(order) else None

    found = first_fitting([*_cuts(first, names, from_start=True), len(first)], first_cut)
    if found is not None or not rest:
        return found or sentences([lead, mark, *tail])
    if len(rest) > 1:  # the entry and what followed it whole, the reckoning's end cut
        head, reckoning = sentences(said[:2]), sentences(rest[1:])
        found = first_fitting(
            [0, *_cuts(reckoning, names)],
            lambda at: sentences([lead, head, f"{kept(reckoning, at)} ({more})", *tail]),
            last=True,
        )
        if found is not None:
            return found
    body = sentences(rest)  # what followed the entry, its end cut

    def body_cut(at: int) -> str:
        return sentences([lead, mark + kept(body, at) if at else mark, *tail])

    return first_fitting([0, *_cuts(body, names)], body_cut, last=True) or body_cut(0)
