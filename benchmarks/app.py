"""App benchmarks: start-up to the home screen against a bare Textual app, and a key press that
records an event to the updated screen. Headless (Textual's test driver), median of several runs."""

from __future__ import annotations

import asyncio
import json
import statistics
import tempfile
import time
from pathlib import Path

from textual.app import App, ComposeResult
from textual.widgets import Static

from companion.app import CompanionApp
from companion.quick import line_for
from scoring.entries import split_record

ROOT = Path(__file__).resolve().parent.parent


class Bare(App):
    def compose(self) -> ComposeResult:
        yield Static("hello")


async def startup(make, ready) -> float:
    start = time.perf_counter()
    app = make()
    async with app.run_test(size=(80, 24)) as pilot:
        while not ready(app):
            await pilot.pause(0.001)
        return time.perf_counter() - start


async def key_to_screen(folder: str) -> list[float]:
    from textual import events
    from textual.keys import _character_to_key

    app = CompanionApp(f"sqlite:///{Path(folder) / 'keys.db'}")
    _, _, entries = split_record(json.loads((ROOT / "examples/trickster/game-4p-introductory.json").read_text()))
    times = []
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        sid = await app.db(app.sessions.create, "trickster", {"players": ["Aki", "Ben", "Chie", "Dan"],
                                                               "first": "Chie"})
        from screens.session import SessionScreen

        await app.push_screen(SessionScreen(sid))
        await pilot.pause()
        for entry in entries[:60]:
            text = line_for({k: v for k, v in entry.items() if k != "by"})
            for ch in text:
                event = events.Key(ch if ch.isalnum() else _character_to_key(ch), ch)
                event.set_sender(app)
                app._driver.send_message(event)
            await pilot.pause()
            start = time.perf_counter()
            await pilot.press("enter")  # record the event; returns once the screen has settled
            times.append(time.perf_counter() - start)
    return times


def main() -> None:
    async def run() -> None:
        with tempfile.TemporaryDirectory() as folder:
            ours = [await startup(lambda: CompanionApp(f"sqlite:///{Path(folder) / 'start.db'}"),
                                  lambda a: type(a.screen).__name__ == "HomeScreen") for _ in range(7)]
            bare = [await startup(Bare, lambda a: True) for _ in range(7)]
            ratio = statistics.median(ours) / statistics.median(bare)
            print(f"app: start to home screen {statistics.median(ours) * 1000:.0f} ms; bare Textual app "
                  f"{statistics.median(bare) * 1000:.0f} ms; ratio {ratio:.2f}")
            keys = await key_to_screen(folder)
            print(f"app: key press recording an event to the updated screen: median "
                  f"{statistics.median(keys) * 1000:.0f} ms, p90 {statistics.quantiles(keys, n=10)[8] * 1000:.0f} ms "
                  f"({len(keys)} Trickster plays)")

    asyncio.run(run())


if __name__ == "__main__":
    main()
