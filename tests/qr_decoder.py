"""A real QR decoder reads a picture, as a phone's camera reads a screen: zxing-cpp where it is
installed (the test extra's), OpenCV's otherwise.

Only codes drawn the usual way round are read (dark modules on light): zxing-cpp would also try the
picture inverted, which is asked not to, so a code a terminal draws inverted is not read here, as
phone cameras and OpenCV do not read it either.
"""

from __future__ import annotations


def decoder() -> str:
    """The decoder this machine reads with: ``zxing-cpp`` or ``opencv``."""
    try:
        import zxingcpp  # noqa: F401
    except ImportError:
        return "opencv"
    return "zxing-cpp"


def decode(pixels: bytes, width: int, height: int) -> str | None:
    """The text of the QR code in a grey picture (one byte a pixel, row by row, 0 black), or None
    where no code is read."""
    assert len(pixels) == width * height
    if decoder() == "zxing-cpp":
        import zxingcpp

        image = memoryview(bytes(pixels)).cast("B", (height, width))
        found = zxingcpp.read_barcodes(image, formats=zxingcpp.BarcodeFormat.QRCode, try_invert=False)
        return found[0].text if found else None
    import cv2
    import numpy

    image = numpy.frombuffer(bytes(pixels), dtype=numpy.uint8).reshape(height, width)
    text, points, _ = cv2.QRCodeDetectorAruco().detectAndDecode(image)
    return text if points is not None and text else None
