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
... except Refused as err:
...     print(err.reason)
The place holds a line break (␊); write it on one line, as plain text.
"""

from __future__ import annotations

from companion.text import CONTROL, visible
from companion.words import N_
from companion.words.refused import Refused

# Why these lengths: the BG Stats link carries both, each Japanese character as nine characters
# (%E3%81%82), and its QR code holds at most 2,953: the longest place and notes in Japanese, with
# four players, still fit one code a phone scans from the table's screen (tests/store/test_place.py).
MAX_LOCATION = 40
MAX_NOTES = 200


# what each text is refused for, in the catalogue's words
_SAID = {
    "place": {
        "type": N_("The place is text, not {value!r}."),
        "line break": N_("The place holds a line break ({sign}); write it on one line, as plain text."),
        "control": N_("The place holds a control character ({sign}); write it on one line, as plain text."),
        "long": N_(
            "The place is {length} characters long; {limit} at most, so the BG Stats link still fits a QR code."
        ),
    },
    "notes": {
        "type": N_("The notes are text, not {value!r}."),
        "line break": N_("The notes hold a line break ({sign}); write them as plain text."),
        "control": N_("The notes hold a control character ({sign}); write them as plain text."),
        "long": N_(
            "The notes are {length} characters long; {limit} at most, so the BG Stats link still fits a QR code."
        ),
    },
}


def _checked(text: object, what: str, limit: int, lines: bool) -> str:
    said = _SAID[what]
    if not isinstance(text, str):
        message = said["type"]  # (a name, not a message, inside the call: Babel's extraction reads a call's strings)
        raise Refused("record-format", message, value=text)
    text = text.replace("\r\n", "\n").strip()
    for ch in text:
        if CONTROL.match(ch) and not (lines and ch == "\n"):
            which = "line break" if ch == "\n" else "control"
            message = said[which]
            raise Refused("record-format", message, sign=visible(ch, one_line=True))
    if len(text) > limit:
        message = said["long"]
        raise Refused("record-format", message, length=len(text), limit=limit)
    return text


def location(text: object) -> str:
    """Where the game was played, checked: one line of at most ``MAX_LOCATION`` characters ("" for
    none)."""
    return _checked(text, "place", MAX_LOCATION, lines=False)


def notes(text: object) -> str:
    """What the table noted, checked: at most ``MAX_NOTES`` characters, line breaks kept ("" for
    none)."""
    return _checked(text, "notes", MAX_NOTES, lines=True)
