"""Exports saved as files: where, and under what name."""

from __future__ import annotations

from pathlib import Path

from companion import clock
from companion.exports.formats import format_of
from companion.store.files import write_whole
from companion.store.sessions import Sessions


def save_file(path: Path, data: bytes | str) -> Path:
    """Write ``data`` to ``path`` whole or not at all (``write_whole``), making its folder if
    needed, readable as any file the user saves (0644); an ``OSError`` says why not."""
    path = path.expanduser()
    path.parent.mkdir(parents=True, exist_ok=True)
    write_whole(path, data, mode=0o644)
    return path.resolve()


def export_folder() -> Path:
    """Where exports are saved unless a path is given: the user's documents folder, Companion's own
    folder in it."""
    from platformdirs import user_documents_path

    return user_documents_path() / "Companion"


#: how the BG Stats QR code's picture's file name ends (the exports' own endings: ``Format.suffix``)
QR_SUFFIX = "-bgstats.png"


def export_name(sessions: Sessions, sid: int, fmt: str) -> str:
    """A file name for a session's export: the game, the date, the session's number, the format
    (``trickster-2026-11-22-s12.json``; the BG Stats link ``…-bgstats.txt``, the QR code ``….png``)."""
    info = sessions.info(sid)
    suffix = QR_SUFFIX if fmt == "qr" else format_of(fmt).suffix
    return f"{info.game}-{clock.day(info.created_at)}-s{info.id}{suffix}"
