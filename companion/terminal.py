"""The app ends with its terminal.

Closed terminal windows do not always deliver SIGHUP to the app: started by ``make run`` (or any
launcher that stays in between) it may survive its terminal and spin on a dead input forever. So
the app both ends on SIGHUP and watches its controlling terminal, which disappears on a hangup.
"""

from __future__ import annotations

import os
import signal
import threading
import time

LOST = 129  # the exit status of a process ended by SIGHUP


def _has_terminal() -> bool:
    try:
        fd = os.open("/dev/tty", os.O_RDWR | os.O_NOCTTY)
    except OSError:
        return False
    os.close(fd)
    return True


def end_with_terminal(interval: float = 1.0) -> None:
    """From now on, exit at once when the controlling terminal is gone (hung up or closed).
    Everything acknowledged is already committed, so nothing is lost by not cleaning up."""
    if not hasattr(signal, "SIGHUP") or not _has_terminal():
        return
    signal.signal(signal.SIGHUP, lambda *_: os._exit(LOST))

    def watch() -> None:
        while _has_terminal():
            time.sleep(interval)
        os._exit(LOST)

    threading.Thread(target=watch, name="terminal-watch", daemon=True).start()
