"""Where a line of table text may break, so that it wraps the way a table reads it.

A terminal (and Rich, and Textual) breaks a line only at spaces, and folds a run without spaces
at whatever character reaches the edge. Japanese has no spaces, so a status line in Japanese was
one long run folded anywhere, card codes included (``…トリックスター（PS`` / ``CI PDOC PWIT）…``).
Here a line may also break beside a Japanese character, never inside a word of Latin letters or
digits (a card code, a name, ``Aki=10``), and never before a closing mark or after an opening
one (``）`` ``。`` ``、`` do not start a line, ``（`` does not end one):

>>> wrap("Chieの番：トリックスター（PSCI PDOC PWIT）を出す。", 28)
['Chieの番：トリックスター', '（PSCI PDOC PWIT）を出す。']
>>> wrap("捨て札：ONOM RSOL 山札：5", 12), wrap("Aki 4枚、Chie 4枚", 14)
(['捨て札：ONOM', 'RSOL 山札：5'], ['Aki 4枚、Chie', '4枚'])

(Rich folds the same line at 28 cells as ``…トリックスター（PS`` / ``CI PDOC PWIT）を出す。``.)

A line that lists the parts of a round's score goes on under its parts (``hang``, ``joint``):
a part stays whole where it fits, and no number is left alone at the start of a line:

>>> line = "  Dan: -30 = bid (missed) 0 + Gambler 0 + Berserker 0 + Black King (unused) -30"
>>> for shown in wrap(line, 60, hang=parts_column(line), joint=" + "):
...     print(shown)
  Dan: -30 = bid (missed) 0 + Gambler 0 + Berserker 0
             + Black King (unused) -30
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from functools import cache

# a line never starts with these (closing brackets and marks, small kana, the long vowel) ...
_NO_START = set("、。，．,.・：:；;？?！!)）」』】〕〉》］]}｝’”ーぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ々…‥")
# ... and never ends with these (opening brackets)
_NO_END = set("(（「『【〔〈《［[{｛‘“")
# a name tied to its value (Dan=コレクター, 切り札=スペード): one word, wherever Japanese in it may break
_TIED = re.compile(r"[^\s=、。，．（）「」：]+=[^\s=、。，．（）「」：]+")


def _unbroken(line: str, keep: Iterable[str], longest: int) -> set[int]:
    """The indices of ``line`` inside a word that is never broken: a name of ``keep``, or a name
    and its value tied by ``=`` of at most ``longest`` cells."""
    inside: set[int] = set()
    for found in _TIED.finditer(line):
        if cells(found.group()) <= longest:
            inside.update(range(found.start() + 1, found.end()))
    for word in (w for w in keep if len(w) > 1):
        for found in re.finditer(re.escape(word), line):
            inside.update(range(found.start() + 1, found.end()))
    return inside


def cells(text: str) -> int:
    """How many terminal cells ``text`` takes: two for a wide (East Asian) character, none for a
    combining mark, one for the rest.

    >>> cells("Aki"), cells("トリック"), cells("（PSCI）")
    (3, 8, 8)
    """
    if text.isascii():  # every ASCII character is narrow, and none combines: one cell each
        return len(text)
    return sum(map(_cell, text))


@cache
def _cell(ch: str) -> int:
    if unicodedata.east_asian_width(ch) in "WF":
        return 2
    return 0 if unicodedata.combining(ch) else 1


def _wide(ch: str) -> bool:
    return unicodedata.east_asian_width(ch) in "WF"


def has_wide(text: str) -> bool:
    """Whether ``text`` holds a wide (East Asian) character: Japanese, not only Latin letters.

    >>> has_wide("Aki: 5 trouble"), has_wide("Aki：5トラブル")
    (False, True)
    """
    return not text.isascii() and any(map(_wide, text))


def _may_break(before: str, after: str) -> bool:
    """Whether a line may go on to the next between ``before`` and ``after``."""
    if after.isspace():
        return False  # the spaces stay at the end of the line, where they are not seen
    if before.isspace():
        return True
    if not (_wide(before) or _wide(after)):
        return False  # inside a word of Latin letters, digits and signs
    if before.isdigit() and _wide(after):
        return False  # a number keeps its counter (4枚, 3トリック)
    if before in "：:" and after.isdigit():
        return False  # a label keeps its number (山札：5)
    return after not in _NO_START and before not in _NO_END


def break_points(line: str, keep: Iterable[str] = ()) -> list[int]:
    """The indices of ``line`` where it may be cut or go on to a new line: after a space, beside a
    Japanese character, never inside a word of Latin letters or digits, nor inside a word of
    ``keep`` (a player's name: ``さくら``) or a name tied to its value (``切り札=スペード``).

    >>> line = "Aki takes トリック"  # a small ッ never starts a line
    >>> [line[:i] for i in break_points(line)]
    ['Aki ', 'Aki takes ', 'Aki takes ト', 'Aki takes トリッ']
    >>> break_points("あおいとはなこ", keep=["はなこ"])
    [1, 2, 3, 4]
    """
    inside = _unbroken(line, keep, 24)
    return [i for i in range(1, len(line)) if i not in inside and _may_break(line[i - 1], line[i])]


def parts_column(line: str) -> int:
    """Where the parts of a round's score start (after ``=``), or after the name (``Aki: ``,
    ``Aki：``) in a line without parts: the column a wrapped line goes on under.

    >>> parts_column("  Aki: 170 = bid (hit ×2) 100 + Maru 20"), parts_column("  Aki：12トラブル")
    (13, 7)
    """
    for mark in (" = ", ": ", "："):
        at = line.find(mark)
        if at >= 0:
            return cells(line[: at + len(mark)])
    return 0


def second_column(line: str) -> int:
    """Where a two-column line's second column starts, after a run of two spaces or more (a rules
    index: ``trickster.special-case      特殊処理：…``), or 0 for any other line.

    >>> second_column("trickster.bust    ドボン"), second_column("A sentence with  two spaces")
    (18, 0)
    """
    found = re.match(r"\S+ {2,}(?=\S)", line)
    return cells(found.group()) if found else 0


# a row of columns: a first column, then a gap of two spaces or more before the next
_ROW = re.compile(r" *\S.*? {2,}(?=\S)")
# a list's item: its marker and the spaces after it
_ITEM = re.compile(r" *(?:[-*+•・]|\d+[.)]) +(?=\S)")
# a line that stands alone: a heading, a table's row, a code fence, a quote
_ALONE = re.compile(r" *(?:#|\||```|>)")
_ENDS = (".", "!", "?", "。", "！", "？")


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" "))


def text_column(line: str) -> int:
    """Where a line of a page of text goes on once wrapped (a ``hang``): under a list item's text,
    under an indented row's second column, under the line's own indent, or under a rules index's
    title (``second_column``).

    >>> text_column("  YPED Dan        a card, then what its effect names"), text_column("- an item")
    (18, 2)
    >>> text_column("          a round's setup"), text_column("kings.bids    Bids"), text_column("Prose.")
    (10, 14, 0)
    """
    item = _ITEM.match(line)
    if item:
        return cells(item.group())
    if line.startswith(" "):
        row = _ROW.match(line)
        return cells(row.group()) if row else _indent(line)
    return second_column(line)


def _continues(before: str, line: str) -> bool:
    """Whether ``line`` goes on with the sentence ``before`` left unfinished: the same column's
    text (a paragraph, an indented note), or a row's second column or a list item's text
    continued on a line of its own."""
    if not before.strip() or not line.strip() or _ALONE.match(before) or _ALONE.match(line):
        return False
    if before.rstrip().endswith(_ENDS) or _ROW.match(line) or _ITEM.match(line):
        return False
    if _ROW.match(before) or _ITEM.match(before):
        return _indent(line) > _indent(before)
    return _indent(line) == _indent(before)


def reflow(text: str) -> str:
    """``text`` as written in the box's files (hard-wrapped at about 100 columns), each sentence cut
    by a line's end joined again, so a screen wraps it to its own width (``text_column`` says
    where a joined line goes on). Headings, tables, code blocks, list items and rows of columns
    stay the lines they are; a line that ends a sentence ends its line still.

    >>> print(reflow("A rule that goes\\non.\\n\\n- an item\\n  and more\\n| a | table |\\n| b | c |"))
    A rule that goes on.
    <BLANKLINE>
    - an item and more
    | a | table |
    | b | c |
    >>> print(reflow("  bust        a bust\\n  OSCI        the effect could\\n              not resolve"))
      bust        a bust
      OSCI        the effect could not resolve
    >>> print(reflow("カードを\\n出す。`r7`、\\n`b3`"))
    カードを出す。`r7`、`b3`
    """
    out: list[str] = []
    fenced = False
    for line in text.split("\n"):
        if line.lstrip().startswith("```"):
            fenced = not fenced
        elif not fenced and out and _continues(out[-1], line):
            before, after = out[-1].rstrip(), line.strip()
            joint = "" if _wide(before[-1]) or _wide(after[0]) else " "
            out[-1] = before + joint + after
            continue
        out.append(line)
    return "\n".join(out)


def pairs(line: str, width: int) -> list[tuple[int, int]]:
    """A row of several keys, each with its words (``  F2  the rule     F7  the log``), wider than
    ``width``: where each key and its words start and end, to go on a line of their own; any other
    line is one piece, whole.

    >>> line = "  F4 or ↑     change an entry        F7  the whole log"
    >>> [line[a:b] for a, b in pairs(line, 40)], len(pairs(line, 60))
    (['F4 or ↑     change an entry', 'F7  the whole log'], 1)
    """
    whole = [(0, len(line))]
    if not line.startswith(" ") or cells(line) <= width:
        return whole
    columns = [found.span() for found in re.finditer(r"\S+(?: \S+)*", line)]
    if len(columns) < 4 or len(columns) % 2:
        return whole
    return [(columns[i][0], columns[i + 1][1]) for i in range(0, len(columns), 2)]


def hanging(hang: int, width: int) -> int:
    """The indent of a wrapped line's next lines: ``hang``, but never more than half the line (a
    narrow terminal keeps room for the text)."""
    return min(max(hang, 0), max(width, 2) // 2)


def breaks(line: str, width: int, hang: int = 0, joint: str | None = None, keep: Iterable[str] = ()) -> list[int]:
    """The indices of ``line`` (one line, no line break in it) where it goes on to a new line to
    fit ``width`` cells, each new line indented by ``hang`` cells; with a ``joint`` (``" + "``),
    a line breaks before a joint where one fits, before any other break where none does. A word
    of ``keep`` (a player's name: ``さくら``) is never broken where a line could break before it,
    nor a name tied to its value (``切り札=スペード``) that takes at most half the line.

    >>> breaks("Aki Ben Chie", 8), breaks("トリックスター", 6)  # ー never starts a line
    ([8], [3, 5])
    >>> breaks("あおいとはなこ", 10), breaks("あおいとはなこ", 10, keep=["はなこ"])
    ([5], [4])
    """
    width, hang = max(width, 2), hanging(hang, width)
    total = [0]
    for ch in line:
        total.append(total[-1] + _cell(ch))
    inside = _unbroken(line, keep, max(width, 2) // 2)
    allowed = [False] + [i not in inside and _may_break(line[i - 1], line[i]) for i in range(1, len(line))]
    preferred = set()
    if joint:
        at = line.find(joint)
        while at >= 0:
            preferred.add(at + len(joint) - len(joint.lstrip()))  # the line starts with the joint's sign
            at = line.find(joint, at + 1)

    def shown(start: int, end: int) -> int:
        """The cells of line[start:end] without the spaces at its end."""
        while end > start and line[end - 1].isspace():
            end -= 1
        return total[end] - total[start]

    out: list[int] = []
    start, indent = 0, 0
    while shown(start, len(line)) > width - indent:
        room = width - indent
        fitting = []  # the breaks that leave the line within room (what fits only grows along it)
        for i in range(start + 1, len(line)):
            if shown(start, i) > room:
                break
            if allowed[i]:
                fitting.append(i)
        joined = [i for i in fitting if i in preferred]
        if joined:
            cut = joined[-1]
        elif fitting:
            cut = fitting[-1]
        else:  # one word longer than the line: folded where the line ends, as a terminal would
            cut = start + 1
            while cut < len(line) and total[cut + 1] - total[start] <= room:
                cut += 1
        out.append(cut)
        start, indent = cut, hang
    return out


def wrap(line: str, width: int, hang: int = 0, joint: str | None = None, keep: Iterable[str] = ()) -> list[str]:
    """``line`` cut into lines of at most ``width`` cells (``breaks``), each after the first
    indented by ``hang`` cells, never inside a word of ``keep``."""
    offsets = breaks(line, width, hang, joint, keep)
    indent = " " * hanging(hang, width)
    pieces = [line[a:b].rstrip() for a, b in zip([0, *offsets], [*offsets, len(line)], strict=True)]
    return [pieces[0], *(indent + piece for piece in pieces[1:])]
