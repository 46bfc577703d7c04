"""Three ways a player types an entry at the table screen, key by key, through the type-ahead.

* ``fewest``: the fewest keys (``TypeAhead.keys``): a word's first letters until it completes,
  numbered choices by their digit, Enter as soon as it records the entry.
* ``readme``: the README's way: two letters a card code (``ga`` for GARC), the first letter of a
  word (``r`` for round, ``b`` for Ben), a digit where a numbered choice gives the next word, and
  Enter at the end of the line.
* ``whole``: the whole line as ``format`` writes it, then Enter (the way before the type-ahead).

Each returns the keys pressed, or None if that way cannot type the entry.
"""

from __future__ import annotations

from typing import Any

from companion.table.typeahead import TypeAhead, digit


def press(ahead: TypeAhead, keys: list[str], line: str = "") -> str:
    """The entry line after ``keys`` (Enter excluded) are typed into it."""
    for key in keys:
        line = ahead.key(line, key)
    return line


def recorded(ahead: TypeAhead, keys: list[str]) -> Any:
    """The entry Enter records after ``keys``, or None if Enter records nothing."""
    done = ahead.enter(press(ahead, keys))
    return done.entry if done.action == "record" else None


def fewest(ahead: TypeAhead, entry: Any) -> list[str] | None:
    return ahead.keys(entry)


def whole(ahead: TypeAhead, entry: Any) -> list[str] | None:
    keys = [*ahead.game.format(entry), "enter"]
    ahead.forget()
    return keys if recorded(ahead, keys[:-1]) == entry else None


def _is_code(word: str) -> bool:
    return len(word) <= 4 and not any(c.islower() for c in word[1:])


def readme(ahead: TypeAhead, entry: Any) -> list[str] | None:
    target = ahead.game.format(entry)
    low = target.lower()
    ahead.forget()
    line, keys = "", []
    for _ in range(3 * len(target) + 10):
        if line.strip().lower() == low:
            break
        done = _common(line.lower(), low)
        if done >= len(target):
            break
        if done < len(line) and line[done] == " " and target[done] in SEPARATORS:  # the separator takes the
            keys.append(target[done])  # space written (and the name written after it: Aki=8 Ben=, then ,)
            line = ahead.key(line, target[done])
            continue
        if done < len(line.rstrip()):  # the line went somewhere the target does not
            return None
        pick = next(
            (
                n
                for n, c in enumerate(ahead.digits(line), start=1)
                if _word_end(target, c.line.rstrip()) and len(c.line.strip()) > len(line.strip())
            ),
            None,
        )
        if pick is not None:
            keys.append(digit(pick))
            line = ahead.key(line, digit(pick))
            continue
        end = min([i for i in (target.find(c, done) for c in " " + SEPARATORS) if i >= 0], default=len(target))
        word = target[done:end] or target[done]
        habit = 2 if _is_code(word) else 1
        before = len(line)
        for typed, char in enumerate(word, start=1):
            keys.append(char)
            line = ahead.key(line, char)
            if typed >= habit and len(line) > before + typed:  # the type-ahead completed it
                break
    keys.append("enter")
    return keys if recorded(ahead, keys[:-1]) == entry else None


SEPARATORS = "=:,"


def _common(a: str, b: str) -> int:
    n = 0
    while n < min(len(a), len(b)) and a[n] == b[n]:
        n += 1
    return n


def _word_end(target: str, line: str) -> bool:
    """Whether ``line`` is ``target`` up to the end of one of its words."""
    return target.lower().startswith(line.lower()) and (len(line) == len(target) or target[len(line)] in " =:,")
