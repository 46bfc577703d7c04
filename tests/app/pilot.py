"""Driving the app through Textual's pilot as a table does: lines typed key by key, the new-game
form filled by keys only, and waits for what the app does behind the screen (the database opening,
the form starting the game). The app's tests and any other that plays a table at the screen use them."""

import asyncio

from textual import events
from textual.keys import _character_to_key

# the keys that choose each game on the new-game form's list, from where a first game starts: Trickster (the
# form opens on the last game started after that)
GAME_KEYS = {
    "trickster": [],
    "kings": ["enter", "down", "enter"],
    "sheriff": ["enter", "down", "down", "enter"],
    "phantom": ["enter", "down", "down", "down", "enter"],
    "louder": ["enter", "down", "down", "down", "down", "enter"],
}


async def type_line(pilot, text: str) -> None:
    """Type a line as a terminal delivers it: one key event per character, then Enter, and wait
    until the app has done all they set going (``quiet``), so the entry is fully handled before the
    next line is typed.

    The keys go through the driver like ``pilot.press``, but without its idling after each key
    (Textual's pilot waits at least twice 20 ms a key for the process to look idle: a whole game
    took minutes, then most of its time asleep)."""
    driver = pilot.app._driver
    for ch in [*text, "\r"]:
        key = "enter" if ch == "\r" else ch if ch.isalnum() else _character_to_key(ch)
        event = events.Key(key, ch)
        event.set_sender(pilot.app)
        driver.send_message(event)
    await quiet(pilot)


async def quiet(pilot, seconds: float = 30.0) -> None:
    """Until the app has done everything sent to it so far — no key waiting its turn, every part
    idle (nothing queued, no handler in the middle of awaiting the database), no worker running —
    twice in a row, looking every millisecond rather than sleeping a fixed time."""
    app = pilot.app
    loop = asyncio.get_running_loop()
    deadline = loop.time() + seconds
    calm = 0
    while calm < 2:
        await asyncio.sleep(0)
        busy = (
            app._turns is not None or app._busy() is not None or any(not worker.is_finished for worker in app.workers)
        )
        if not busy:
            calm += 1
            continue
        calm = 0
        if loop.time() > deadline:
            raise AssertionError(f"the app was still busy after {seconds} s: {app._busy()!r}")
        await asyncio.sleep(0.001)
    await pilot._wait_for_screen()
    app.screen._on_timer_update()


async def new_game(pilot, game_keys: list[str], players: str, options: dict[str, str] | None = None) -> None:
    """Open the new-game form, choose the game (keys on its list), type the players, set the
    ``options`` (see ``set_options``) and start the game with ctrl+s."""
    await pilot.press("n")
    await pilot.pause()
    if game_keys:
        await pilot.press("shift+tab", *game_keys)
        await pilot.pause()
        await pilot.press("tab")
    await type_line(pilot, players)
    await set_options(pilot, options or {})
    await pilot.press("ctrl+s")
    await settled(pilot)


async def focus_on(pilot, wid: str) -> None:
    """Tab through the form until the widget ``wid`` has the focus."""
    for _ in range(100):
        if pilot.app.focused is not None and pilot.app.focused.id == wid:
            return
        await pilot.press("tab")
    raise AssertionError(f"Tab never reached #{wid}")


async def set_options(pilot, options: dict[str, str]) -> None:
    """Set options of the new-game form by keys only: Tab to each; a list takes the row whose words
    start with the value (Enter, ↓ …, Enter), a switch is toggled with space, a line is typed."""
    from textual.widgets import Checkbox

    from screens.widgets.choice import Choice

    for name, value in options.items():
        await focus_on(pilot, f"opt-{name}")
        widget = pilot.app.focused
        if isinstance(widget, Choice):
            await pilot.press("enter")
            for _ in range(len(widget.rows)):
                if widget.rows[widget.cursor].startswith(value):
                    break
                await pilot.press("down")
            else:
                raise AssertionError(f"{name}: no row starts with {value!r}")
            await pilot.press("enter")
        elif isinstance(widget, Checkbox):
            await pilot.press("space")
        else:
            await type_line(pilot, value)
        await pilot.pause()


async def settled(pilot, seconds: float = 5.0) -> None:
    """Wait until the new-game form has opened the table, or said why not (a busy machine may take
    a while to create the database)."""
    for _ in range(int(seconds / 0.05)):
        screen = pilot.app.screen
        if type(screen).__name__ != "NewGameScreen" or "refused" in screen.query_one("#status").classes:
            break
        await pilot.pause(0.05)
    await pilot.pause()


async def opened(pilot) -> None:
    """Wait until the app has opened its database behind the home screen."""
    for _ in range(200):
        if pilot.app.sessions is not None:
            break
        await pilot.pause(0.05)
    await pilot.pause()


def status_of(app) -> tuple[str, bool]:
    status = app.screen.query_one("#status")
    return str(status.render()), "refused" in status.classes
