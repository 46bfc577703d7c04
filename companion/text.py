"""Text from a player, made safe to print: every control character drawn as a visible sign.

>>> visible("X\\x1b]0;PWNED\\x07Y")
'X␛]0;PWNED␇Y'
"""

from __future__ import annotations

import re

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


def visible(text: object, one_line: bool = False) -> str:
    """``text`` with every control character replaced by a visible sign (line breaks kept, unless
    ``one_line``)."""
    return (CONTROL if one_line else _CONTROL_BUT_NEWLINE).sub(_sign, str(text))
