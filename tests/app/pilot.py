"""Driving the app through Textual's pilot as a table does: lines typed key by key, the new-game
form filled by keys only, and waits for what the app does behind the screen (the database opening,
the form starting the game). The app's tests and any other that plays a table at the screen use them."""

import asyncio

from textual import events
from textual._context import active_app
from textual._wait import wait_for_idle as _textual_wait_for_idle
from textual.keys import _character_to_key

from screens.turns import KeysInTurn

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

    The keys go through the driver like ``pilot.press``, but without waiting after each key
    (Textual's pilot, left to itself, waits at least twice 20 ms a key for the process to look
    idle: a whole game took minutes, then most of its time asleep)."""
    send_keys(pilot, [*text, "\r"])
    await quiet(pilot)


def send_keys(pilot, chars: list[str]) -> None:
    """Characters as a terminal delivers them (``"\\r"`` is Enter), all at once, waiting for
    nothing: keys typed while the app is still busy with the ones before."""
    driver = pilot.app._driver
    for ch in chars:
        key = "enter" if ch == "\r" else ch if ch.isalnum() else _character_to_key(ch)
        event = events.Key(key, ch)
        event.set_sender(pilot.app)
        driver.send_message(event)


async def quiet(pilot, seconds: float = 30.0, workers: bool = True) -> None:
    """Until the app has done everything sent to it so far — no key waiting its turn, every part
    idle (nothing queued, no handler in the middle of awaiting the database), no worker running
    (unless ``workers`` is False: one the test holds on purpose), the screen drawn (``_done``) —
    twice in a row, looking every millisecond rather than sleeping a fixed time."""
    app = pilot.app
    if not await _done(app, seconds, looks=2, workers=workers):
        raise AssertionError(f"the app was still busy after {seconds} s: {app._busy()!r}")
    await pilot._wait_for_screen()
    app.screen._on_timer_update()


def _working(app, workers: bool = True) -> bool:
    """Whether the app still has something to do with what was sent to it: a key waiting its turn
    or held for a screen about to show (screens.turns, screens.app), a part not idle, a worker
    running, an animation going, a resize the app is still to hand on (Textual waits 1/120 s for
    the next one first)."""
    return bool(
        app._turns is not None
        or app._resize_timer is not None
        or getattr(app, "held", None)
        or app._busy() is not None
        or (workers and any(not worker.is_finished for worker in app.workers))
        or app.animator._animations
        or app.animator._scheduled
    )


def _undrawn(app):
    """The screen in front, if it is still to be drawn again or holds callbacks waiting for that
    (``call_after_refresh``: a focused widget scrolled into view); else None."""
    try:
        screen = app.screen
    except Exception:  # no screen yet, or none any more
        return None
    waiting = (
        screen._callbacks
        or screen._layout_required
        or screen._scroll_required
        or screen._repaint_required
        or screen._recompose_required
        or screen._dirty_widgets
    )
    return screen if waiting else None


async def _done(app, seconds: float, looks: int, workers: bool = True) -> bool:
    """Until the app is done (``_working``, ``_undrawn``) at ``looks`` looks in a row, one every
    millisecond while it works (every 5 ms after the first 50 ms: a long wait, the database's, is
    looked at less often); a screen only waiting to be drawn is drawn at once, as its update timer
    would within 1/60 s (what the pilot's ``pause`` does too). False after ``seconds``."""
    loop = asyncio.get_running_loop()
    start = loop.time()
    deadline = start + seconds
    calm = 0
    while calm < looks:
        await asyncio.sleep(0)
        if _working(app, workers):
            calm = 0
            now = loop.time()
            if now > deadline:
                return False
            await asyncio.sleep(0.001 if now - start < 0.05 else 0.005)
        elif (screen := _undrawn(app)) is not None:
            calm = 0
            if loop.time() > deadline:
                return False
            screen._on_timer_update()
        else:
            calm += 1
    return True


async def until_idle(min_sleep: float = 0.0, max_sleep: float = 1.0) -> None:
    """Textual's ``wait_for_idle`` (what the pilot's ``press``, ``pause()``, ``wait_for_scheduled_animations``
    and a snapshot wait on) for this project's app: rather than sleeping in 20 ms slices until the
    process spends little CPU in one, it looks every millisecond until the app is done with
    everything sent to it — three looks in a row, as a message handled may post another — and, like
    Textual's, waits ``max_sleep`` seconds at most (``min_sleep`` at least). Any other app is left
    to Textual's own.

    Installed for every test by tests/conftest.py: a key pressed through the pilot cost at least
    40 ms asleep, a ``pause()`` 20 ms, and an app test hundreds of them. Each key pressed through
    the pilot now waits until the app is done with it (1 s at most); keys meant to arrive while the
    app is still busy are sent with ``send_keys``."""
    app = active_app.get(None)
    if not isinstance(app, KeysInTurn):
        await _textual_wait_for_idle(min_sleep, max_sleep)
        return
    loop = asyncio.get_running_loop()
    earliest = loop.time() + min_sleep
    await _done(app, max(max_sleep, min_sleep), looks=3)
    if loop.time() < earliest:
        await asyncio.sleep(earliest - loop.time())


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
    for _ in range(int(seconds / 0.005)):
        screen = pilot.app.screen
        if type(screen).__name__ != "NewGameScreen" or "refused" in screen.query_one("#status").classes:
            break
        await pilot.pause(0.005)
    await pilot.pause()


async def opened(pilot) -> None:
    """Wait until the app has opened its database behind the home screen."""
    for _ in range(2000):
        if pilot.app.sessions is not None:
            break
        await pilot.pause(0.005)
    await pilot.pause()


def screen_text(app) -> str:
    """Every character the screen in front shows, line by line."""
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


def status_of(app) -> tuple[str, bool]:
    status = app.screen.query_one("#status")
    return str(status.render()), "refused" in status.classes


async def table_at(app, pilot, record: dict, entries: int) -> int:
    """The table screen of a session of ``record``'s first ``entries`` entries; the session's id."""
    import json

    from companion.exports.native import import_text
    from scoring.records import build_record, split_record
    from screens.session import SessionScreen

    assert await app.store_open()
    game, header, moves = split_record(record)
    sid = import_text(app.sessions, json.dumps(build_record(game, header, moves[:entries])).encode())
    await app.push_screen(SessionScreen(sid))
    await quiet(pilot)
    return sid


def shown_but_choices(app) -> str:
    """The screen but its choices line, which on LOUDER's empty line lists every card a placement
    may be (the same whatever lies face down: ``test_louder_game`` compares them): what a card
    face down must not be read from."""
    text = screen_text(app)
    for line in choices_line(app):
        text = text.replace(line, "")
    return text


def choices_line(app) -> list[str]:
    """The lines of the table screen's choices line, as drawn."""
    return str(app.screen.query_one("#choices").render()).splitlines()
