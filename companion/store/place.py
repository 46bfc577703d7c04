"""Where a game was played and what the table noted about it: two texts a session may carry, set
on the new-game form (or ``companion new --location … --notes …``) and changed later, sent to BG
Stats (``location``, ``comments``) and BGG (``location``, ``<comments>``) and shown on the pages.

Each is plain text, checked the same way at every door (the form, the command line, an import, a
restore): spaces at either end are dropped, no control character (a terminal code would move the
screen; the notes may hold line breaks, the place may not), and at most ``MAX_LOCATION`` and
``MAX_NOTES`` characters, refused with a sentence past that.

>>> location("  Aki's kitchen "), notes("House rule: no Joker.\\r\\nBen brought tea.")
("Aki's kitchen", 'House rule: no Joker.\\nBen brought tea.')
>>> try:
...     location("Aki's\\nkitchen")
... except RuleViolation as err:
...     print(err.reason)
The place holds a line break (␊); write it on one line, as plain text.
"""

from __future__ import annotations

from companion.text import CONTROL, visible
from scoring.errors import RuleViolation

# Why these lengths: the BG Stats link carries both, each Japanese character as nine characters
# (%E3%81%82), and its QR code holds at most 2,953: the longest place and notes in Japanese, with
# four players, still fit one code a phone scans from the table's screen (tests/store/test_place.py).
MAX_LOCATION = 40
MAX_NOTES = 200


def _refused(en: str, ja: str) -> RuleViolation:
    return RuleViolation("record-format", en, ja)


def _checked(text: object, what: tuple[str, str, str], limit: int, lines: bool) -> str:
    en, ja, plural = what  # plural: "s" where the English verb takes one ("the place holds")
    is_ = "is" if plural else "are"
    if not isinstance(text, str):
        raise _refused(f"The {en} {is_} text, not {text!r}.", f"{ja}は文字列です。")
    text = text.replace("\r\n", "\n").strip()
    for ch in text:
        if CONTROL.match(ch) and not (lines and ch == "\n"):
            sign = visible(ch, one_line=True)
            how = "as plain text" if lines else "on one line, as plain text"
            which = "a line break" if ch == "\n" else "a control character"
            raise _refused(
                f"The {en} hold{plural} {which} ({sign}); write {'it' if plural else 'them'} {how}.",
                f"{ja}に改行か制御文字（{sign}）が含まれています。普通の文字で"
                + ("" if lines else "1行に")
                + "書いてください。",
            )
    if len(text) > limit:
        raise _refused(
            f"The {en} {is_} {len(text)} characters long; {limit} at most, so the BG Stats link still fits a QR code.",
            f"{ja}が長すぎます（{len(text)}文字）。{limit}文字までです（BG StatsのリンクがQRコードに入るように）。",
        )
    return text


def location(text: object) -> str:
    """Where the game was played, checked: one line of at most ``MAX_LOCATION`` characters ("" for
    none)."""
    return _checked(text, ("place", "場所", "s"), MAX_LOCATION, lines=False)


def notes(text: object) -> str:
    """What the table noted, checked: at most ``MAX_NOTES`` characters, line breaks kept ("" for
    none)."""
    return _checked(text, ("notes", "メモ", ""), MAX_NOTES, lines=True)
