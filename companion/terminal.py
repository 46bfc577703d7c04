"""The terminal Companion runs in: the app ends with it, and a QR code is drawn in it to be read.

Closed terminal windows do not always deliver SIGHUP to the app: started by ``make run`` (or any
launcher that stays in between) it may survive its terminal and spin on a dead input forever. So
the app both ends on SIGHUP and watches its controlling terminal, which disappears on a hangup.

A QR code drawn as text takes the terminal's own colours: blocks in the text colour, the rest in
the background. On the usual light-on-dark terminal that is the code inverted, which phones and
decoders do not read. So ``companion qr`` in a terminal names both colours of every cell (black
and bright white, ANSI's 16 colours, which every colour terminal draws), dark modules black on a
light quiet zone, whatever the terminal's own colours; ``NO_COLOR`` or an output that is not a
terminal gets plain blocks, and the command says on which terminals those read.
"""

from __future__ import annotations

import os
import signal
import threading
import time
from typing import TextIO

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


# SGR codes of a module's colour, as a character's foreground and as its background: ANSI black
# (30/40) and bright white (97/107). A theme may tint them (Solarized's black is a dark teal), but
# keeps black dark and bright white light, which is all a decoder needs.
_FOREGROUND = {True: "30", False: "97"}
_BACKGROUND = {True: "40", False: "107"}
_RESET = "\x1b[0m"


def colours_wanted(stream: TextIO) -> bool:
    """Whether ``stream`` takes colours: a terminal, and ``NO_COLOR`` unset or empty (no-color.org:
    "when present and not an empty string … prevents the addition of ANSI color")."""
    return stream.isatty() and not os.environ.get("NO_COLOR")


def half_blocks(modules: list[list[bool]], colour: bool) -> list[str]:
    r"""A QR code's ``modules`` (True for dark, the quiet zone included) as terminal lines, two rows
    of modules a line: a character cell is one module wide and two high, about square.

    ``colour``: every cell names its colours, so the drawing is the same on a dark and on a light
    terminal: a cell of one colour is a space on that background, a cell of two is ▀ with the upper
    module's colour in front of the lower one's; each line ends by resetting the colours, so
    nothing spills past it. Without ``colour`` the dark modules are blocks (▀ ▄ █) in the text
    colour on the terminal's own background: the code reads only where the text is darker than its
    background.

    >>> half_blocks([[True, False], [False, True], [True, True]], colour=False)
    ['▀▄', '▀▀']
    >>> half_blocks([[True, False], [True, False]], colour=True)
    ['\x1b[40m \x1b[107m \x1b[0m']
    """
    rows = [*modules, [False] * len(modules[0])] if len(modules) % 2 else modules
    lines = []
    for upper, lower in zip(rows[::2], rows[1::2], strict=True):
        if not colour:
            lines.append("".join(" ▄▀█"[2 * top + bottom] for top, bottom in zip(upper, lower, strict=True)))
            continue
        line, front, back = [], None, None
        for top, bottom in zip(upper, lower, strict=True):
            codes = []
            if back != bottom:
                back = bottom
                codes.append(_BACKGROUND[bottom])
            if top != bottom and front != top:  # a space shows its background alone
                front = top
                codes.append(_FOREGROUND[top])
            line.append((f"\x1b[{';'.join(codes)}m" if codes else "") + ("▀" if top != bottom else " "))
        lines.append("".join(line) + _RESET)
    return lines
