"""What a command shows in a real terminal, as pixels: the command runs in a pseudo-terminal of a
given size (so it sees a terminal, as a player's does), and what it prints there, characters and
colours, is painted the way a terminal with a given colour theme paints it.

The painting knows what ``companion qr`` prints and refuses anything else: the SGR colour codes
(reset, ANSI's 16 colours, default colours), ``\\r`` and ``\\n``, the block characters ▀ ▄ █ and
text. A character cell is one unit wide and two high, as terminal fonts are about; a block fills its
half of the cell, and a text character is a blot of the text colour in the middle of its cell.
"""

from __future__ import annotations

import fcntl
import os
import pty
import re
import select
import struct
import subprocess
import sys
import termios
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

Colour = tuple[int, int, int]


@dataclass(frozen=True)
class Theme:
    """A terminal's colours: its default text and background, and its 16 ANSI colours."""

    name: str
    text: Colour
    background: Colour
    ansi: tuple[Colour, ...]  # 0–7, then the bright 8–15

    def grey(self, colour: Colour) -> int:
        red, green, blue = colour
        return round(0.299 * red + 0.587 * green + 0.114 * blue)


# xterm's own 16 colours
XTERM = (
    *((0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205)),
    (229, 229, 229),
    *((127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255), (255, 0, 255), (0, 255, 255)),
    (255, 255, 255),
)
# Solarized's terminal colours (base02 is its black, base3 its bright white): tinted, low contrast
SOLARIZED = (
    *((7, 54, 66), (220, 50, 47), (133, 153, 0), (181, 137, 0), (38, 139, 210), (211, 54, 130), (42, 161, 152)),
    (238, 232, 213),
    *((0, 43, 54), (203, 75, 22), (88, 110, 117), (101, 123, 131), (131, 148, 150), (108, 113, 196)),
    *((147, 161, 161), (253, 246, 227)),
)
# the usual terminal: light text on a dark background
DARK = Theme("light text on black (xterm's colours)", XTERM[7], XTERM[0], XTERM)
LIGHT = Theme("black text on white (xterm's colours)", XTERM[0], XTERM[15], XTERM)
SOLARIZED_DARK = Theme("Solarized dark", (131, 148, 150), (0, 43, 54), SOLARIZED)


def run_in_terminal(args: list[str], columns: int, rows: int, env: dict[str, str] | None = None) -> str:
    """``python -m screens ARGS`` (the companion program) run in a pseudo-terminal of ``columns``×``rows``, as a player
    runs it in a terminal window: everything it printed there, as the terminal received it."""
    leader, follower = pty.openpty()
    fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
    # the window's size only, never COLUMNS/LINES; no NO_COLOR unless asked for
    environment = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES", "NO_COLOR")}
    environment.update({"TERM": "xterm-256color", "PYTHONPATH": str(ROOT), **(env or {})})
    process = subprocess.Popen(
        [sys.executable, "-m", "screens", *args],
        stdin=follower,
        stdout=follower,
        stderr=follower,
        cwd=ROOT,
        env=environment,
    )
    os.close(follower)
    received = b""
    deadline = time.monotonic() + 120
    try:
        while time.monotonic() < deadline:
            ready, _, _ = select.select([leader], [], [], 0.5)
            if not ready:
                if process.poll() is not None:
                    break
                continue
            try:
                chunk = os.read(leader, 65536)
            except OSError:  # the command ended and its side of the terminal closed
                break
            if not chunk:
                break
            received += chunk
        assert process.wait(timeout=30) == 0, received[-2000:]
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
        os.close(leader)
    return received.decode("utf-8")


_SGR = re.compile(r"\x1b\[([0-9;]*)m")


def screen(output: str, columns: int) -> list[list[tuple[str, int | None, int | None]]]:
    """The terminal's cells after ``output``: (character, text colour, background colour), a
    colour as its ANSI number or None for the theme's default. Only what ``companion qr`` prints is
    understood; anything else fails here."""
    rows: list[list[tuple[str, int | None, int | None]]] = [[]]
    front: int | None = None
    back: int | None = None
    at = 0
    while at < len(output):
        code = _SGR.match(output, at)
        if code:
            for number in [int(n) for n in code.group(1).split(";") if n] or [0]:
                if number == 0:
                    front = back = None
                elif number == 39:
                    front = None
                elif number == 49:
                    back = None
                elif 30 <= number <= 37 or 90 <= number <= 97:
                    front = number - 30 if number < 90 else number - 90 + 8
                elif 40 <= number <= 47 or 100 <= number <= 107:
                    back = number - 40 if number < 100 else number - 100 + 8
                else:
                    raise AssertionError(f"an SGR code a QR drawing has no need of: {number}")
            at = code.end()
            continue
        char = output[at]
        at += 1
        assert char == "\r" or char == "\n" or char.isprintable(), repr(char)
        if char == "\r":
            continue  # the pseudo-terminal writes every line break as \r\n
        if char == "\n":
            rows.append([])
            continue
        if len(rows[-1]) == columns:  # the terminal wraps a line that is too long
            rows.append([])
        rows[-1].append((char, front, back))
    while rows and not rows[-1]:
        rows.pop()
    return rows


def picture(output: str, theme: Theme, columns: int, unit: int = 4) -> tuple[bytes, int, int]:
    """``output`` as a terminal of ``theme`` paints it, in grey: (pixels, width, height), a character
    cell ``unit`` pixels wide and twice as high, with a margin of the theme's background round the
    terminal's text area."""
    cells = screen(output, columns)
    margin = 4 * unit
    width = columns * unit + 2 * margin
    height = len(cells) * 2 * unit + 2 * margin
    background = theme.grey(theme.background)
    image = bytearray([background]) * (width * height)

    def fill(x: int, y: int, w: int, h: int, grey: int) -> None:
        for row in range(y, y + h):
            image[row * width + x : row * width + x + w] = bytes([grey]) * w

    for y, row in enumerate(cells):
        for x, (char, front, back) in enumerate(row):
            ink = theme.grey(theme.text if front is None else theme.ansi[front])
            paper = theme.grey(theme.background if back is None else theme.ansi[back])
            left, top = margin + x * unit, margin + y * 2 * unit
            fill(left, top, unit, 2 * unit, paper)
            if char in "▀█":
                fill(left, top, unit, unit, ink)
            if char in "▄█":
                fill(left, top + unit, unit, unit, ink)
            if char not in " ▀▄█":  # text: a blot of ink
                fill(left + unit // 4, top + unit // 2, unit // 2, unit, ink)
    return bytes(image), width, height
