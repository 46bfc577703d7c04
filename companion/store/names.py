"""A player's name at every door a name comes in by: ``new`` (and the new-game screen), ``import``,
``players rename`` and ``restore``. Each checks it the same way:

* at most ``MAX_NAME_CELLS`` terminal cells (a Japanese character takes two), so the names of
  seven players (Trickster's most) fit the table screen's heading at 80 columns;
* plain visible text: no control or format character, no line or paragraph separator, nothing a
  terminal draws as nothing (a zero-width space, a soft hyphen, a Hangul filler …; a zero-width
  joiner or a variation selector only inside an emoji), no space at either end;
* no look-alike: a new name that reads the same as a player already here once case, width and
  compatibility forms are set aside (NFKC, then casefold) is refused, naming that player, and so
  are two such names in one game.

>>> check_new_names(["Aki", "Ben", "佐藤　花子", "👩‍👧"], ["Aki", "Chie"])
>>> try:
...     check_new_names(["Ａｋｉ", "Ben"], ["Aki"])
... except Refused as err:
...     print(err.reason.split(" (")[0])
The name 'Ａｋｉ' looks the same as the player 'Aki' already here
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable

from companion.words import N_
from companion.words.refused import Refused
from companion.wrapping import cells

# Why 16: the table screen's heading names every player after the session and the game ("Session
# 12 — Trickster: Champions of Time (Strategy deck) — Aki, Ben, … (42 entries)"). Seven names of 16
# cells (Trickster seats seven) keep it within three of the 24 rows at 80 columns, in English and in
# Japanese, leaving the rest to the board, the log and the entry line; 20 would take a fourth.
# tests/store/test_names.py draws it.
MAX_NAME_CELLS = 16

# characters a terminal draws as nothing though their category is a letter, a mark or a symbol
# (Unicode's Default_Ignorable_Code_Point outside Cf, and the blank fillers)
_INVISIBLE = {
    0x034F,  # combining grapheme joiner
    0x115F,
    0x1160,  # Hangul choseong and jungseong fillers
    0x17B4,
    0x17B5,  # Khmer inherent vowels
    0x180B,
    0x180C,
    0x180D,
    0x180F,  # Mongolian variation selectors
    0x2800,  # braille pattern blank
    0x3164,  # Hangul filler
    0xFFA0,  # halfwidth Hangul filler
}
_JOINERS = {0x200D, 0xFE0E, 0xFE0F}  # zero-width joiner, text and emoji presentation selectors
_REFUSED = {"Cc", "Cf", "Zl", "Zp", "Cs", "Co", "Cn"}


def _invisible(name: str, k: int) -> bool:
    """Whether the character at ``k`` is one a reader cannot see: a control, format, separator,
    private, unassigned or blank character, or a joiner that joins no emoji."""
    code = ord(name[k])
    if code in _JOINERS:  # 👩‍👧 and ❤️ are drawn as one emoji: a joiner there is part of it
        before = unicodedata.category(name[k - 1]) if k else ""
        return before not in ("So", "Sk") and not (0x1F3FB <= ord(name[k - 1]) <= 0x1F3FF if k else False)
    if code in _INVISIBLE or 0xFE00 <= code <= 0xFE0F or 0xE0100 <= code <= 0xE01EF:
        return True
    return unicodedata.category(name[k]) in _REFUSED


def shown(name: str, limit: int = 24) -> str:
    """A name as a refusal quotes it: every invisible character written as its code, cut to
    ``limit`` characters (a name of 10,000 characters is not printed whole).

    >>> shown("A\\u200bki"), shown("x" * 40)
    ("'A\\\\u200bki'", "'xxxxxxxxxxxxxxxxxxxxxxxx…'")
    """
    out = "".join(f"\\u{ord(ch):04x}" if _invisible(name, k) else ch for k, ch in enumerate(name[:limit]))
    return f"'{out}{'…' if len(name) > limit else ''}'"


def look_alike_key(name: str) -> str:
    """What a name reads as: compatibility forms and widths folded (NFKC), case folded, every
    joiner and selector dropped, spaces made one. Two names with the same key look alike."""
    folded = unicodedata.normalize("NFKC", name).casefold()
    kept = "".join(ch for k, ch in enumerate(folded) if ord(ch) not in _JOINERS and not _invisible(folded, k))
    return " ".join(kept.split())


def _refused(message: str, /, **values: object) -> Refused:
    return Refused("record-format", message, **values)


def check_new_name(name: object) -> str:
    """One name as plain visible text of at most ``MAX_NAME_CELLS`` cells, or refused with why."""
    if not isinstance(name, str):
        raise _refused(N_("A player's name is text, not {name!r}."), name=name)
    if not name.strip():
        raise _refused(N_("A player's name cannot be empty."))
    hidden = next((k for k in range(len(name)) if _invisible(name, k)), None)
    if hidden is not None:
        code = ord(name[hidden])
        what = unicodedata.name(name[hidden], "a control character")
        raise _refused(
            N_(
                "The name {name} holds an invisible character ({code} {what}), which makes it look like another "
                "name or moves the screen; type names as plain text."
            ),
            name=shown(name),
            code=f"U+{code:04X}",
            what=what,
        )
    if name != name.strip():
        raise _refused(
            N_("The name {name} starts or ends with a space, which makes it look like another; type it without."),
            name=shown(name),
        )
    width = cells(name)
    if width > MAX_NAME_CELLS:
        raise _refused(
            N_(
                "The name {name} is {width} cells wide; a name takes at most {cells} ({cells} letters, or {wide} "
                "Japanese characters), so seven players' names fit the table's heading at 80 columns."
            ),
            name=shown(name),
            width=width,
            cells=MAX_NAME_CELLS,
            wide=MAX_NAME_CELLS // 2,
        )
    return name


def check_new_names(names: Iterable[object], existing: Iterable[str]) -> None:
    """A new game's players (or an import's): each name on its own, then none that looks like
    another of them or like a player already here under another name (the same name exactly is
    the same player)."""
    names = [check_new_name(n) for n in names]
    seen: dict[str, str] = {}
    for name in names:
        other = seen.setdefault(look_alike_key(name), name)
        if other != name:
            raise _refused(
                N_("The names {other} and {name} look the same; give every player a name of their own."),
                other=shown(other),
                name=shown(name),
            )
    known = set(existing)
    keys = {look_alike_key(n): n for n in known}
    for name in names:
        other = keys.get(look_alike_key(name))
        if name not in known and other is not None:
            raise _refused(
                N_(
                    "The name {name} looks the same as the player {other} already here (they differ only in case, "
                    "width or an invisible character); type {other} for that player, or another name."
                ),
                name=shown(name),
                other=shown(other),
            )


def check_rename(old: str, new: str, existing: Iterable[str]) -> None:
    """A player's new name: checked as a new one, and like no other player's (it may look like
    the old one: ``aki`` to ``Aki`` is the same person written better)."""
    check_new_names([new], [n for n in existing if n != old])


def one_edit_apart(a: str, b: str) -> bool:
    """Whether two different names read as one typo apart: two letters swapped (``Chei`` and
    ``Chie``), or, in names of four letters or more, one letter wrong, missing or extra (``Chiee``,
    ``Chia``). Shorter names differ by a letter too often to be typos (``Ben`` and ``Ken``, ``ダン``
    and ``ベン`` are two people).

    >>> one_edit_apart("Chei", "Chie"), one_edit_apart("Chie", "chia"), one_edit_apart("Chie", "Chiee")
    (True, True, True)
    >>> one_edit_apart("Ben", "Ken"), one_edit_apart("ダン", "ベン"), one_edit_apart("Aki", "aki")
    (False, False, False)
    """
    a, b = look_alike_key(a), look_alike_key(b)
    if a == b or abs(len(a) - len(b)) > 1:
        return False
    if len(a) > len(b):
        a, b = b, a
    k = next((i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), len(a))
    if len(a) == len(b) and a[k + 2 :] == b[k + 2 :] and a[k : k + 2] == b[k : k + 2][::-1]:
        return True  # two letters swapped
    if len(b) < 4:
        return False
    if len(a) < len(b):
        return a[k:] == b[k + 1 :]  # one letter missing
    return a[k + 1 :] == b[k + 1 :]  # one letter wrong


def near_names(names: Iterable[str], known: Iterable[str]) -> list[tuple[str, str]]:
    """Each new name one edit away from a player already known (at this table or in the history),
    with that player: a typo that would make a new player beside the one meant.

    >>> near_names(["Aki", "Chei", "Dan"], ["Aki", "Ben", "Chie"])
    [('Chei', 'Chie')]
    """
    known = list(dict.fromkeys(known))
    found = []
    for name in names:
        other = next((k for k in known if name not in known and one_edit_apart(name, k)), None)
        if other is not None:
            found.append((name, other))
    return found
