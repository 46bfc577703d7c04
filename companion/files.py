"""A file written whole or not at all: the backup, the settings a restore brings, a saved export."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


def write_whole(path: Path, data: bytes | str, mode: int | None = None) -> None:
    """Write ``data`` to a temporary file beside ``path``, flushed to the disk, then put it in place
    in one step: the old file stays whole until the new one is complete, and a failure leaves no
    part behind. The new file is private to its owner (0600), or ``mode``. An ``OSError`` says why
    not."""
    raw = data.encode("utf-8") if isinstance(data, str) else data
    handle, temp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(raw)
            out.flush()
            os.fsync(out.fileno())
        if mode is not None:
            os.chmod(temp, mode)
        os.replace(temp, path)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise
