"""Text from a player, made safe to print: every control character drawn as a visible sign, and
a table's column padded by the cells a terminal gives it.

>>> visible("X\\x1b]0;PWNED\\x07Y")
'X␛]0;PWNED␇Y'
"""

from __future__ import annotations

import re

from companion.wrapping import cells

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
