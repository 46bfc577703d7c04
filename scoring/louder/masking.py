"""A LOUDER TRICKSTAR placement typed as JSON, with its card left out as ■ while it is typed, even
half typed (``Louder.hidden`` and ``Louder.mask`` read it)."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass

from scoring.louder.engine import HIDDEN

_STRING = re.compile(r'"(?:[^"\\]|\\.)*("?)')


def mask_json(line: str) -> tuple[str, list[str], bool]:
    """A JSON line with every string under a ``place`` key (at any depth, in any case) as ■, even
    while it is half typed; the strings left out; and whether a ``place`` key was typed at all.

    >>> mask_json('{"says": "score:5", "pl\\\\u0061ce": ["trap:0"]}')
    ('{"says": "score:5", "pl\\\\u0061ce": ["■"]}', ['trap:0'], True)
    """
    masked = _Masking()
    i = 0
    while i < len(line):
        if line[i] == '"':
            i += masked.string(line, i)
        else:
            masked.punctuation(line[i])
            i += 1
    return "".join(masked.out), masked.secrets, masked.placing


@dataclass(slots=True)
class _Open:
    """An object or array open at the point read: its key now (an object's), and whether every
    string in it is secret (it lies under a ``place`` key)."""

    is_object: bool
    key: str
    secret: bool

    def holds_secret(self) -> bool:
        """Whether a string or a nested value here is a secret: inside a secret, or a ``place``'s value."""
        return self.secret or (self.is_object and self.key == "place")


def _closed(token: str) -> bool:
    """Whether a string token has its closing quote (it may still be half typed)."""
    return token.endswith('"') and len(token) > 1


def _string_value(token: str) -> str:
    """What a string token says, read as if closed; a token JSON cannot read, without its quotes."""
    try:
        return str(json.loads(token if _closed(token) else token + '"'))
    except ValueError:
        return token.strip('"')


class _Masking:
    """A JSON line read character by character into its masked form, its secrets, and whether a
    ``place`` key was typed."""

    def __init__(self) -> None:
        self.out: list[str] = []
        self.secrets: list[str] = []
        self.placing = False
        self.stack: list[_Open] = []  # the objects and arrays open, the innermost last
        self.expect_key = False

    def string(self, line: str, i: int) -> int:
        """The string token starting at ``i``: a key, a secret (shown as ■) or any other string;
        how many characters it takes."""
        match = _STRING.match(line, i)
        token = match.group(0) if match else line[i:]
        rest = line[i + len(token) :].lstrip()
        inside = self.stack[-1] if self.stack else None
        if inside is not None and inside.is_object and self.expect_key and (rest.startswith(":") or not rest):
            inside.key = _string_value(token).lower()
            self.placing = self.placing or inside.key == "place"
            self.out.append(token)
        elif inside is not None and inside.holds_secret():
            self.secrets.append(_string_value(token))
            self.out.append('"' + HIDDEN + ('"' if _closed(token) else ""))
        else:
            self.out.append(token)
        return len(token)

    def punctuation(self, ch: str) -> None:
        """Any other character: it opens or closes an object or array, or says whether a key comes next."""
        if ch in "{[":
            parent = self.stack[-1] if self.stack else None
            self.stack.append(_Open(ch == "{", "", parent is not None and parent.holds_secret()))
            self.expect_key = ch == "{"
        elif ch in "}]":
            if self.stack:
                self.stack.pop()
            self.expect_key = False
        elif ch == ",":
            self.expect_key = bool(self.stack and self.stack[-1].is_object)
        elif ch == ":":
            self.expect_key = False
        self.out.append(ch)
