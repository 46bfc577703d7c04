"""Keys in turn: on a screen that asks for it (``KEYS_IN_TURN = True``), each key pressed is handed
on only once everything the key before it set going is done — its widget's handling, the key
binding it ran, the screen it opened, the options it put in place — so keys typed faster than the
screen follows are neither lost nor taken by the wrong widget.

Textual hands a key to whatever has the focus the moment the key arrives, and runs the key's
binding later, once the key has bubbled up to the app. Typed quickly (a player who knows the keys,
or a terminal that delivers a burst at once while the screen is busy), the keys after ``n`` on the
home screen went to the home screen's menu while the new-game screen was still being made, and the
keys after a choice in the game list went to a list that was about to close.

A key waits at most ``KEY_WAIT`` seconds for the one before; a screen that asks for keys in turn
must never wait, inside a handler, for a key still to come.
"""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import Iterator

from textual import events
from textual.app import App
from textual.message_pump import MessagePump

KEY_WAIT = 10.0  # seconds a key waits for the one before it to be carried out
POLL = 0.001  # seconds between two looks at the part of the app still busy


class KeysInTurn(App):
    """An app whose keys are handed on one at a time, in order, while the screen in front has
    ``KEYS_IN_TURN`` set (and until every key that arrived meanwhile has had its turn)."""

    _waiting: deque[events.Event] | None = None
    _turns: asyncio.Task | None = None

    async def on_event(self, event: events.Event) -> None:
        if isinstance(event, (events.Key, events.Paste)) and not event.is_forwarded and self._in_turn():
            if self._waiting is None:
                self._waiting = deque()
            self._waiting.append(event)
            if self._turns is None:
                self._turns = asyncio.create_task(self._take_turns())
            return
        await super().on_event(event)

    def _in_turn(self) -> bool:
        if self._turns is not None:
            return True  # keys already waiting: this one waits behind them, whatever the screen
        try:
            return bool(getattr(self.screen, "KEYS_IN_TURN", False))
        except Exception:  # no screen yet
            return False

    async def _take_turns(self) -> None:
        try:
            while self._waiting:
                await self._settled()
                event = self._waiting.popleft()
                # handed on in the app's own loop, exactly as Textual hands on a key just pressed
                self.call_later(super().on_event, event)
        finally:
            self._turns = None

    def _pumps(self) -> Iterator[MessagePump]:
        yield self
        for screen in self.screen_stack:
            yield from screen.walk_children(with_self=True)

    def _busy(self) -> MessagePump | None:
        """The first part of the app still busy (with the last key, a binding it ran, a widget it
        mounted), or None once every part is done."""
        return next((pump for pump in self._pumps() if not _idle(pump)), None)

    async def _settled(self) -> None:
        """Until every part of the app has handled what it was sent (at most ``KEY_WAIT`` s)."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + KEY_WAIT
        calm = 0
        while calm < 2 and loop.time() < deadline:  # twice in a row: a message handled may post another
            await asyncio.sleep(0)
            busy = self._busy()
            if busy is None:
                calm += 1
                continue
            calm = 0
            while not _idle(busy) and loop.time() < deadline:  # only it is looked at meanwhile
                await asyncio.sleep(POLL)


def _idle(pump: MessagePump) -> bool:
    """Whether ``pump`` has nothing left to do: mounted, nothing waiting in its queue, and its task
    parked on the queue (not in the middle of a handler that awaits something)."""
    if pump._closing or pump._closed:
        return True
    if not pump._mounted_event.is_set():
        return False
    queue = pump._message_queue  # Textual's own queue: its task waits on ready_event when idle
    return queue.empty() and bool(queue.ready_event._waiters)
