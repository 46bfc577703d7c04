"""The BG Stats link as a QR code: half blocks for a terminal, modules for a screen, a PNG file."""

from __future__ import annotations

import io
from pathlib import Path

from companion.exports.files import save_file

QR_BYTES = 2953  # the most a QR code holds (version 40, error correction L, in bytes)


def _qr(text: str):
    import qrcode  # here: only a QR code needs it

    # the lowest error correction: the smallest code, and a screen is never smudged
    code = qrcode.QRCode(border=1, error_correction=qrcode.constants.ERROR_CORRECT_L)
    code.add_data(text)
    code.make(fit=True)
    return code


def qr_lines(text: str) -> list[str]:
    """``text`` as a QR code drawn with half blocks: two modules, one above the other, a character
    cell, so each module is about square in a terminal's cells (a 700-character link is 81 cells
    wide and 41 high)."""
    out = io.StringIO()
    _qr(text).print_ascii(out=out)
    return out.getvalue().rstrip("\n").split("\n")


def qr_modules(text: str, quiet: int = 4) -> list[list[bool]]:
    """``text`` as a QR code's modules, True for dark, with a light quiet zone of ``quiet`` modules
    round it (4, as the QR standard asks): what a terminal draws cell by cell (``half_blocks``)."""
    code = _qr(text)
    code.border = quiet
    return [list(row) for row in code.get_matrix()]


def qr_png(text: str, path: Path) -> Path:
    """``text`` as a QR code in a PNG file (8 pixels a module, a quiet zone of 4): what a phone scans
    from any screen or print when the terminal is too small to draw it. Written whole or not at all."""
    from qrcode.image.pure import PyPNGImage  # here: only a QR code needs it

    code = _qr(text)
    code.border = 4
    code.box_size = 8
    image = code.make_image(image_factory=PyPNGImage)
    buffer = io.BytesIO()
    image.save(buffer)
    return save_file(path, buffer.getvalue())
