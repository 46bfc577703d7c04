"""Every numbered choice of every worked example, drawn and taken: at each word of each entry's
line (as ``format`` writes it, and the empty line), the choices line is drawn at 80 columns
(``screens.widgets.choices.layout``) and each digit it shows is pressed
(``TypeAhead.key``); a digit that takes another choice than the one drawn beside it is a mismatch.

``make bench`` prints ``digits: N numbered choices checked, M took another`` (goal: M = 0);
``tests/app/test_digits.py`` walks the same and asserts none took another.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from companion.table.typeahead import TypeAhead, digit
from scoring.registry import games
from screens.widgets.choices import SEPARATOR, layout

ROOT = Path(__file__).resolve().parent.parent
WIDTH = 78  # the choices line's width on the table screen at 80 columns
_ITEM = re.compile(r"(?:^|\s)(?:⏎ )?(\d) (\S+)")


@dataclass(frozen=True)
class Mismatch:
    game: str
    example: str
    entry: int
    typed: str
    digit: int  #: the choice's place in the list (its digit: ``typeahead.digit``)
    drawn: str
    took: str


def examples() -> Iterator[tuple[str, Path]]:
    """Each game's worked examples played entry by entry (not scoresheets)."""
    for game in games():
        for path in sorted((ROOT / "examples" / game.id).glob("*.json")):
            if not path.name.endswith(".expected.json") and not path.name.startswith("scoresheet"):
                yield game.id, path


def drawn(lines: list[str], as_typed: bool) -> dict[int, str]:
    """The word drawn beside each digit on the choices line (``2 hearts`` → 2: ``hearts``): the
    items one after another, each numbered one more than the last, after what the line as typed
    does (``⏎ … as typed (…) · or``) when it says so."""
    found: dict[int, str] = {}
    text = SEPARATOR.join(lines)
    if as_typed:
        text = text.partition(SEPARATOR + "or")[2]
    for segment in text.split(SEPARATOR):
        match = _ITEM.search(segment)
        if match and match.group(1) == digit(len(found) + 1):
            found[len(found) + 1] = match.group(2)
    return found


def prefixes(line: str) -> list[str]:
    """Where a typist stops to take a digit: the empty line, and after each space, ``=`` or ``:``."""
    return ["", *(line[: k + 1] for k, char in enumerate(line) if char in " =:" and k + 1 < len(line))]


def walk() -> tuple[int, list[Mismatch]]:
    """How many numbered choices were checked, and each digit that took another than drawn."""
    checked, wrong = 0, []
    for game_id, path in examples():
        game = next(g for g in games() if g.id == game_id)
        header, entries = game.split(json.loads(path.read_text(encoding="utf-8")))
        position = game.new(header)
        for number, entry in enumerate(entries, start=1):
            ahead = TypeAhead(position)
            for typed in prefixes(game.format(entry)):
                offer = ahead.offer(typed)
                if not offer.numbered:
                    continue
                shown = drawn(layout(offer, WIDTH, "en"), offer.as_typed)
                for n, word in shown.items():
                    checked += 1
                    took = ahead.key(typed, digit(n)).rstrip()
                    if not _shows(took, word):
                        wrong.append(Mismatch(game_id, path.name, number, typed, n, word, took))
            position = game.apply(position, entry)
    return checked, wrong


def _shows(line: str, word: str) -> bool:
    """Whether ``line`` ends with the word drawn (cut with … on the screen: with what is shown)."""
    cut = word.endswith("…")
    word = word.rstrip("…")
    if len(line.split()) > 1 and line.split()[-1].endswith(("=", ">")) and line.split()[-1] != word:
        line = line.rsplit(" ", 1)[0]  # the one name written after the word (Aki=8,P:red Ben=)
    last = line.split()[-1] if line.split() else ""
    if cut:
        return last.startswith(word)
    # the word, or a choice of two words whose first it is (1 at 0,0: the only cell)
    before = line.split()[-2] if len(line.split()) > 1 else ""
    return last == word or before == word or last.endswith(("=" + word, ":" + word, "," + word))


def main() -> None:
    checked, wrong = walk()
    print(f"digits: {checked} numbered choices checked, {len(wrong)} took another (goal 0)")
    for miss in wrong[:5]:
        print(f"  {miss}")


if __name__ == "__main__":
    main()
