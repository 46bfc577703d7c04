"""Keys per card: the worked examples entered at the table screen, two ways (``benchmarks.typists``).

* the fewest keys: what ``TypeAhead.keys`` finds (the shortest type-ahead, digits for numbered
  choices, Enter);
* the README's way: two letters a card code, a word's first letter, a digit where a numbered
  choice gives the next word, Enter at the end of the line.

The keys are pressed through Textual's pilot on the real table screen at 80×24, each entry is
checked to be the one recorded, and the game's standings at the end must be the example's. The
pilot tests (``tests/app/test_fast_entry.py``) enter a game of each kind this way; ``make bench``
enters every example both ways and prints one line per game and way.
"""

from __future__ import annotations

import asyncio
import json
import tempfile
from collections import defaultdict
from pathlib import Path
from typing import Any

from textual import events
from textual.keys import _character_to_key

from benchmarks import typists
from companion.table.typeahead import TypeAhead
from scoring.registry import games, get
from screens.app import CompanionApp

WAYS = {"fewest": typists.fewest, "readme": typists.readme}
#: the goals of issue 33, said on their lines: keys per card, and a 2–3 player round's setup
GOALS = {
    "louder": "keys per card <= 4",
    "phantom": "keys per card <= 4",
    "trickster": "round setup of 2–3 players <= 30",
}

ROOT = Path(__file__).resolve().parent.parent


def examples(game: str) -> list[Path]:
    """The worked examples of a game that are played entry by entry (not scoresheets)."""
    return [
        p
        for p in sorted((ROOT / "examples" / game).glob("*.json"))
        if not p.name.endswith(".expected.json") and not p.name.startswith("scoresheet")
    ]


async def press(pilot: Any, keys: list[str]) -> None:
    """Keys as a terminal delivers them, the last (Enter) through the pilot so that the entry is
    handled before the next is typed."""
    driver = pilot.app._driver
    for key in keys[:-1]:
        event = events.Key(key if key.isalnum() else _character_to_key(key), key)
        event.set_sender(pilot.app)
        driver.send_message(event)
    await pilot.press(keys[-1])


async def opened(pilot: Any) -> Any:
    """The app's sessions, once its database is open (it opens after the home screen shows)."""
    while pilot.app.sessions is None:
        await pilot.pause(0.01)
    return pilot.app.sessions


async def enter_example(pilot: Any, path: Path, way: str = "fewest") -> tuple[dict[str, list[float]], Any, dict]:
    """Enter a worked example at the table screen by its fewest keys (or the README's ``way``).
    Returns the keys of each entry by kind, the standings the app ends with, and the example's
    expected standings."""
    from screens.session import SessionScreen

    app = pilot.app
    game = get(path.parent.name)
    header, entries = game.split(json.loads(path.read_text()))
    sid = (await opened(pilot)).create(game.id, header)
    await app.push_screen(SessionScreen(sid))
    await pilot.pause()
    counts: dict[str, list[float]] = defaultdict(list)
    for number, entry in enumerate(entries, start=1):
        keys = WAYS[way](TypeAhead(app.screen.position, app.lang), entry)
        if keys is None:
            raise AssertionError(f"{path.name} entry {number} cannot be typed: {game.format(entry)}")
        await press(pilot, keys)
        recorded = app.sessions.entries(sid)
        if len(recorded) != number or recorded[-1] != entry:
            status = app.screen.query_one("#status").render()
            raise AssertionError(f"{path.name} entry {number} {keys}: {game.format(entry)} → {status}")
        counts[game.kind(entry)].append(len(keys))
        if game.kind(entry) == "round setup" and len(header.get("players", [])) <= 3:
            counts["round setup of 2–3 players"].append(len(keys))  # the goal's own figure
        cards = game.cards(entry)
        if cards:  # keys per card: an entry of several cards (the Phantom's half) counts each
            counts["per card"].extend([len(keys) / cards] * cards)
    standings = app.sessions.scored(sid).standings.as_json()
    expected = json.loads(path.with_name(path.stem + ".expected.json").read_text())
    return counts, standings, expected


async def keys_per_game(folder: str, way: str = "fewest") -> dict[str, dict[str, list[float]]]:
    found: dict[str, dict[str, list[float]]] = {}
    for game in games():
        counts: dict[str, list[float]] = defaultdict(list)
        for path in examples(game.id):
            app = CompanionApp(f"sqlite:///{folder}/{game.id}-{path.stem}-{way}.db")
            async with app.run_test(size=(80, 24)) as pilot:
                await pilot.pause()
                got, standings, expected = await enter_example(pilot, path, way)
                if standings != expected:
                    raise AssertionError(f"{path.name}: the app ends with {standings}, not {expected}")
            for kind, keys in got.items():
                counts[kind].extend(keys)
        found[game.id] = counts
    return found


def line(game: str, counts: dict[str, list[float]], way: str = "fewest") -> str:
    """``keys per card: trickster 5.4 (round setup 28, reveal 30)``; the README's way says so.
    A card is what the game counts as one (``Game.cards``: LOUDER's placement or strategy card, a
    Phantom half's each card); every other sort of entry is listed by its own keys."""
    cards = counts.get("per card", [])
    per_card = f"{sum(cards) / len(cards):.1f}" if cards else "–"
    others = ", ".join(
        f"{kind} {sum(k) / len(k):.0f}" for kind, k in sorted(counts.items()) if kind not in ("card", "per card")
    )
    said = (
        "keys per card" if way == "fewest" else "keys per card, the README's way (two letters a card, numbered choices)"
    )
    goal = f"; goal {GOALS[game]}" if game in GOALS and way == "fewest" else ""
    return f"{said}: {game} {per_card}" + (f" ({others}{goal})" if others else "")


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        for way in WAYS:
            for game, counts in asyncio.run(keys_per_game(folder, way)).items():
                print(line(game, counts, way))


if __name__ == "__main__":
    main()
