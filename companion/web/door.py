"""This machine's door into a running server: ``companion record`` in another terminal (or a
script) hands its entry to the server already serving that database, which has the database open
and its libraries loaded, instead of loading SQLAlchemy itself (most of half a second). The entry
then reaches the phones as a tap does.

A server (``companion serve``, the app's phones) opens the door as it starts: a file in the user's
runtime folder, named after the database (a SQLite file by its device and inode, so two spellings
of one path find it; any other database by its URL), readable by the user alone, holding the
server's port and a random key. ``knock`` reads it and posts the entry with the key; the server
answers only a request carrying it. The door is closed (the file removed) when the server stops.
No door, a door left by a server that died, or any answer but the server's own: ``knock`` says
None, and the command opens the database itself, as it always could.

This module loads nothing heavy: the command line reaches it before it would load the store.
"""

from __future__ import annotations

import hashlib
import json
import os
import secrets
from pathlib import Path
from typing import Any

from companion.clock import damaged
from companion.store.address import database_url, sqlite_path
from companion.store.files import write_whole
from scoring.errors import RuleViolation
from scoring.words import say_all

PATH = "/door"  #: where the server takes a knock: ``{"ask": "record" or "show", "session": …, "lang": …}``
HEADER = "x-companion-door"  #: the header carrying the door's key
WAIT = 10.0  #: seconds a knock waits for the server (a busy database waits up to 3 s itself)


def identity(url: str) -> str | None:
    """What names the database ``url`` opens: a SQLite file by its device and inode (None while it
    does not exist: no server serves it), any other database by its URL without its password."""
    path = sqlite_path(url)
    if path is not None:
        try:
            found = path.stat()
        except OSError:
            return None
        return f"sqlite:{found.st_dev}:{found.st_ino}"
    if url.startswith("sqlite"):  # in memory: this process's alone
        return None
    return url.split("@")[-1] if "@" in url else url


def _folder() -> Path:
    """The user's own runtime folder (``/run/user/…``), else their state folder: the user's alone."""
    runtime = os.environ.get("XDG_RUNTIME_DIR")
    if runtime:
        return Path(runtime) / "companion" / "doors"
    from platformdirs import user_state_path

    return user_state_path("companion", appauthor=False) / "doors"


def _file(url: str) -> Path | None:
    named = identity(url)
    if named is None:
        return None
    return _folder() / (hashlib.sha256(named.encode()).hexdigest()[:24] + ".json")


def _knocked_at(host: str) -> str:
    """Where a command on this machine reaches a server bound to ``host``."""
    return "127.0.0.1" if host == "0.0.0.0" else "::1" if host == "::" else host


class Door:
    """A server's door: opened for the database at ``url`` and the server at ``host``:``port`` (a
    server on every address is knocked at on this machine's own), closed by :meth:`close` (only if
    the file is still this door's: another server may have opened its own)."""

    def __init__(self, url: str, host: str, port: int) -> None:
        self.key = secrets.token_urlsafe(32)
        self.file = _file(url)
        if self.file is None:
            return
        try:
            self.file.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
            door = {"host": _knocked_at(host), "port": port, "key": self.key, "pid": os.getpid()}
            write_whole(self.file, json.dumps(door))  # whole or not at all, the user's alone (0600)
        except OSError:  # no runtime folder to write in: no door, the commands open the database
            self.file = None

    def admits(self, key: str) -> bool:
        """Whether a knock carries this door's key."""
        return secrets.compare_digest(key.encode(), self.key.encode())

    def close(self) -> None:
        if self.file is None:
            return
        try:
            if json.loads(self.file.read_text()).get("key") == self.key:
                self.file.unlink()
        except (OSError, ValueError):
            pass


def knock(url: str | None, asked: dict[str, Any]) -> dict[str, Any] | None:
    """The server's answer to ``asked`` (a JSON object) through the door of the database ``url``
    means (``--db``, ``COMPANION_DB``, the default file), or None when no server answers it."""
    try:
        file = _file(database_url(url))
        door = json.loads(file.read_text()) if file is not None else None
        host, port, key, pid = str(door["host"]), int(door["port"]), str(door["key"]), int(door["pid"])
        if os.name == "posix":  # a door left by a server that is gone: nobody answers there
            os.kill(pid, 0)  # (signal 0 only asks; on Windows os.kill would end the process)
    except (OSError, ValueError, KeyError, TypeError, AttributeError, OverflowError):
        return None
    import http.client  # here: only a knock on a door that is there loads it

    try:
        link = http.client.HTTPConnection(host, port, timeout=WAIT)
        body = json.dumps(asked).encode()
        link.request("POST", PATH, body, {HEADER: key, "Content-Type": "application/json"})
        reply = link.getresponse()
        answer = json.loads(reply.read()) if reply.status == 200 else None
        link.close()
    except (OSError, ValueError, http.client.HTTPException):
        return None
    return answer if _understood(answer) else None


# what a command prints, as data: the door answers with it, and a command that opened the database
# itself prints from the same data (``companion.cli.sessions``)


def standings_said(scored: Any, lang: str) -> dict[str, Any]:
    """The standings after an entry (``Scored``), their tie-breaks said in ``lang``."""
    standings = scored.standings
    return {
        "standings": [s.as_json() for s in standings.places],
        "tiebreaks": list(standings.tiebreaks_in(lang)),
        "finished": scored.finished,
    }


def refusal_said(err: RuleViolation, lang: str) -> dict[str, str]:
    """A refusal: its rule, and its reason in ``lang``."""
    return {"rule": err.rule, "reason": err.message(lang)}


def session_said(info: Any, position: Any, lang: str) -> dict[str, Any]:
    """What ``companion show`` prints of a session (``SessionInfo``) at ``position``."""
    scored, started = position.scored, info.created_at
    return {
        "session": {
            "id": info.id,
            "game": info.game,
            "players": list(info.players),
            "finished": info.finished,
            "entries": info.entries,
            "created_at": None if damaged(started) else started.isoformat(),
            "damaged": getattr(started, "stored", ""),
            "location": info.location,
            "notes": info.notes,
            "paused": info.paused,
        },
        **standings_said(scored, lang),
        "details": say_all(scored.details, lang),
        "problem": None if info.problem is None else refusal_said(info.problem, lang),
    }


SESSION = {"id", "game", "players", "finished", "entries", "created_at", "damaged", "location", "notes", "paused"}


def _understood(answer: Any) -> bool:
    """Whether ``answer`` is what the door answers: the standings (and a session shown), a refusal
    or an error."""
    if not isinstance(answer, dict):
        return False
    if "refused" in answer:
        return _refusal(answer["refused"])
    if "error" in answer:
        return isinstance(answer["error"], str)
    places = answer.get("standings")
    standings = (
        isinstance(places, list)
        and all(isinstance(p, dict) and p.keys() >= {"player", "rank", "total", "rounds"} for p in places)
        and isinstance(answer.get("tiebreaks"), list)
        and isinstance(answer.get("finished"), bool)
    )
    shown = answer.get("session")
    if shown is None:
        return standings
    problem = answer.get("problem")
    return (
        standings
        and isinstance(shown, dict)
        and shown.keys() >= SESSION
        and isinstance(answer.get("details"), list)
        and (problem is None or _refusal(problem))
    )


def _refusal(said: Any) -> bool:
    return isinstance(said, dict) and isinstance(said.get("rule"), str) and isinstance(said.get("reason"), str)
