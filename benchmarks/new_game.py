"""The new-game screen: from the key that opens it (``n`` on the home screen) or changes its game
(Enter on a row of the game list) to the screen drawn with that game's name, setup card and
options. Headless (Textual's test driver) at 80×24, median of several presses.

The content is looked for on the screen itself (the game list's label, the setup card, one widget
per option of the game, laid out), so the figure holds whatever way the screen builds it; then
the time is taken once the screen has drawn everything it had to (Textual's ``call_after_refresh``),
the way ``benchmarks/app.py`` times a key to the updated screen. Each key is pressed on a screen at
rest. The first open after start is printed too: the median is of every open.
"""

from __future__ import annotations

import asyncio
import os
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from textual import events

from scoring.registry import get, ids
from scoring.registry import name as game_name
from screens.app import CompanionApp

OPENS = 15
CHANGES = 3  # each a round of changes through every game


def shows(app: Any, game: str) -> bool:
    """The screen in front is the new-game form and shows ``game``: its name in the game list, its
    setup card and a widget for each of its options, all displayed."""
    screen = app.screen
    if type(screen).__name__ != "NewGameScreen" or not screen.is_mounted:
        return False
    lang = app.lang
    try:
        chooser = screen.query_one("#game")
        label = str(chooser.query_one("SelectCurrent #label").render())
        setup = str(screen.query_one("#setup").render())
    except Exception:  # not composed yet
        return False
    if game_name(game, lang) not in label:
        return False
    card = get(game).setup(0, lang).split("\n")[0].strip()
    if card[:20] not in setup.replace("\n", " "):
        return False
    for option in get(game).options(lang):  # laid out (a widget of a form not shown has no region)
        if not any(w.display and w.region for w in screen.query(f"#opt-{option.name}")):
            return False
    return True


async def until_drawn(app: Any, game: str, limit: float = 10.0) -> None:
    """Wait until the screen shows ``game`` (looked at every millisecond), then for its refresh."""
    deadline = time.perf_counter() + limit
    while not shows(app, game):
        if time.perf_counter() > deadline:
            raise AssertionError(f"the new-game screen never showed {game}")
        await asyncio.sleep(0.001)
    painted = asyncio.Event()
    app.screen.call_after_refresh(painted.set)
    await asyncio.wait_for(painted.wait(), limit)


async def calm(app: Any) -> None:
    """Until the app has done everything it was doing (the home screen back in front has listed
    the sessions again): a key is timed from a screen at rest, as a player presses it."""
    await asyncio.sleep(0.05)
    await app._settled()


def send(app: Any, key: str) -> None:
    """A key as the terminal delivers it (no waiting after it, unlike ``pilot.press``)."""
    event = events.Key(key, key if len(key) == 1 else None)
    event.set_sender(app)
    app._driver.send_message(event)


async def timings(folder: str) -> tuple[list[float], list[float]]:
    """Seconds from ``n`` to the drawn form, ``OPENS`` times (Escape back home between), then from
    the Enter that picks each game in turn on the game list to the drawn form of that game."""
    os.environ["COMPANION_CONFIG"] = str(Path(folder) / "settings.json")  # never the player's keys
    app = CompanionApp(f"sqlite:///{Path(folder) / 'new.db'}")
    opens: list[float] = []
    changes: list[float] = []
    async with app.run_test(size=(80, 24)) as pilot:
        assert await app.store_open(), app.store_error
        await pilot.pause()
        for _ in range(OPENS):
            start = time.perf_counter()
            send(app, "n")
            await until_drawn(app, ids()[0])
            opens.append(time.perf_counter() - start)
            await pilot.press("escape")
            await calm(app)
        await pilot.press("n")
        await until_drawn(app, ids()[0])
        app.screen.query_one("#game").focus()
        await pilot.pause()
        at = 0
        for _ in range(CHANGES):
            for step, game in enumerate([*ids()[1:], ids()[0]], start=1):
                row = step % len(ids())
                await pilot.press("enter", *(["down"] * (row - at) if row >= at else ["up"] * (at - row)))
                await pilot.pause()
                start = time.perf_counter()
                send(app, "enter")
                await until_drawn(app, game)
                changes.append(time.perf_counter() - start)
                at = row
                await pilot.pause()
    return opens, changes


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        opens, changes = asyncio.run(timings(folder))
    print(
        f"app: new-game screen open: {statistics.median(opens) * 1000:.0f} ms (median of {len(opens)}; goal <= 100 ms)"
    )
    print(
        f"app: new-game screen follows a change of game: {statistics.median(changes) * 1000:.0f} ms "
        f"(median of {len(changes)}; goal <= 100 ms)"
    )
    print(
        f"  the first open after start {opens[0] * 1000:.0f} ms, the slowest open {max(opens) * 1000:.0f} ms, "
        f"the slowest change {max(changes) * 1000:.0f} ms"
    )


if __name__ == "__main__":
    main()
