"""A file written whole or not at all: every file Companion writes (the settings, a backup, the
settings a restore brings, an export saved by F6, ``export -o``, ``history -o``, a QR code's PNG).

The new content goes to a temporary file beside the old one, flushed to the disk, and takes the
old one's place in one step (a rename): a crash, a full disk or a size limit half-way leaves the
old file as it was and no part of the new one. A symbolic link is written through to the file it
names, as a plain write would (a settings file kept in a dotfiles folder stays linked); a path that
names anything but a file (a folder, a device such as ``/dev/null``, a named pipe, a socket) is
refused, never replaced by a file.
"""

from __future__ import annotations

import errno
import os
import stat
import tempfile
from pathlib import Path

from companion.words import N_, t

# what a path names when it is not a file, in table words
_KINDS = {
    "folder": N_("it is a folder, not a file"),
    "device": N_("it is a device, not a file"),
    "pipe": N_("it is a named pipe, not a file"),
    "socket": N_("it is a socket, not a file"),
    "other": N_("it is not a file"),
}


class NotAFile(OSError):
    """``path`` names something that is not a file: nothing is written there, and it is left as it
    was. An ``OSError``, so whatever says why a file could not be written says this too."""

    def __init__(self, path: Path, kind: str) -> None:
        self.path, self.kind = path, kind
        super().__init__(errno.EISDIR if kind == "folder" else errno.EINVAL, self.reason("en"), str(path))

    def reason(self, lang: str = "en") -> str:
        """Why, as a phrase that goes in brackets after the path."""
        return t(_KINDS[self.kind], lang)

    def message(self, lang: str = "en") -> str:
        """The whole sentence, for a refusal of its own."""
        return t(
            "{path}: {reason}; nothing was written to it. Name a file, or a new name for one.",
            lang,
            path=self.path,
            reason=self.reason(lang),
        )

    def __str__(self) -> str:
        return self.message("en")


# a file that could not be written, in table words: the reasons a table meets
_WHY = {
    errno.ENOSPC: N_("the disk is full"),
    errno.EDQUOT: N_("the disk quota is used up"),
    errno.EFBIG: N_("the file would be larger than this system allows"),
    errno.EACCES: N_("no permission to write there"),
    errno.EPERM: N_("no permission to write there"),
    errno.EROFS: N_("the disk is read-only"),
    errno.ENOENT: N_("that folder does not exist"),
    errno.ENOTDIR: N_("part of the path is a file, not a folder"),
    errno.ELOOP: N_("the symbolic links go round in a loop"),
}


def why(err: OSError, lang: str = "en") -> str:
    """Why ``err`` kept a file from being written, in table words and ``lang`` (the system's own
    words for a reason a table seldom meets)."""
    if isinstance(err, NotAFile):
        return err.reason(lang)
    words = _WHY.get(err.errno or 0)
    return t(words, lang) if words else err.strerror or str(err)


def _kind(mode: int) -> str | None:
    """What a path's mode says it is, when it is not a file (None for a file)."""
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return "folder"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "device"
    if stat.S_ISFIFO(mode):
        return "pipe"
    return "socket" if stat.S_ISSOCK(mode) else "other"


def destination(path: Path) -> Path:
    """The file that writing ``path`` replaces: ``path`` itself, or, for a symbolic link (a chain of
    them), the file it names at the end, which need not exist yet. Refuses (``NotAFile``) a path
    that names a folder, a device, a named pipe or a socket; an ``OSError`` for a path that cannot
    be looked at."""
    target = Path(os.path.realpath(path))
    try:
        mode = os.stat(target).st_mode
    except FileNotFoundError:
        return target  # a new file (through a dangling link too: the link then names it)
    kind = _kind(mode)
    if kind is not None:
        raise NotAFile(path, kind)
    return target


def write_whole(path: Path, data: bytes | str, mode: int | None = None) -> None:
    """Write ``data`` to a temporary file beside ``path``, flushed to the disk, then put it in place
    in one step: the old file stays whole until the new one is complete, and a failure leaves no
    part behind. A symbolic link is written through to its file (``destination``); a folder, a
    device, a named pipe or a socket is refused (``NotAFile``) and left as it was. The new file is
    private to its owner (0600), or ``mode``. An ``OSError`` says why not (``why`` in table words)."""
    raw = data.encode("utf-8") if isinstance(data, str) else data
    target = destination(path)
    handle, temp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(raw)
            out.flush()
            os.fsync(out.fileno())
        if mode is not None:
            os.chmod(temp, mode)
        destination(path)  # looked at again: what took the name while the data went to the disk
        os.replace(temp, target)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise
