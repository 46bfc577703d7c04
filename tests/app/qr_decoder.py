"""A real QR decoder reads a picture, as a phone's camera reads a screen: zxing-cpp, pinned in the
test extra (a 2 MB wheel, where OpenCV and NumPy took 226 MB of every install).

Only codes drawn the usual way round are read (dark modules on light): zxing-cpp would also try the
picture inverted, which is asked not to, so a code a terminal draws inverted is not read here, as
phone cameras do not read it either.
"""

from __future__ import annotations

from pathlib import Path

import png
import zxingcpp

Picture = tuple[bytes, int, int]  # grey pixels (one byte a pixel, row by row, 0 black), width, height


def decode(pixels: bytes, width: int, height: int) -> str | None:
    """The text of the QR code in a grey picture, or None where no code is read."""
    assert len(pixels) == width * height
    image = memoryview(bytes(pixels)).cast("B", (height, width))
    found = zxingcpp.read_barcodes(image, formats=zxingcpp.BarcodeFormat.QRCode, try_invert=False)
    return found[0].text if found else None


def read_png(path: Path) -> Picture:
    """A PNG file as a grey picture, as the phone's camera sees it on the laptop's screen."""
    width, height, rows, _ = png.Reader(filename=str(path)).asRGBA8()
    pixels = bytearray()
    for row in rows:
        for x in range(0, 4 * width, 4):
            red, green, blue, alpha = row[x : x + 4]
            grey = round(0.299 * red + 0.587 * green + 0.114 * blue)
            pixels.append((grey * alpha + 255 * (255 - alpha)) // 255)  # transparent is the white page
    return bytes(pixels), width, height


def drawn(lines: list[str], module: int = 6) -> Picture:
    """The terminal's half-block drawing as pixels: a character cell is one module wide and two
    high (its upper and lower halves), dark where the block is drawn, on white with a margin of
    four modules."""
    halves = {"\xa0": (0, 0), " ": (0, 0), "▀": (1, 0), "▄": (0, 1), "█": (1, 1)}
    margin = 4 * module
    width = len(lines[0]) * module + 2 * margin
    blank = bytes([255]) * width
    pixels = bytearray(blank * margin)
    for line in lines:
        cells = [halves[c] for c in line]
        for half in (0, 1):
            row = b"".join(bytes([255 - 255 * cell[half]]) * module for cell in cells)
            pixels += (bytes([255]) * margin + row + bytes([255]) * margin) * module
    pixels += blank * margin
    return bytes(pixels), width, len(pixels) // width
