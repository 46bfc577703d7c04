"""A real ``companion serve`` in another process, on a free port of 127.0.0.1, read over real HTTP."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def companion(db: str, *args: str) -> subprocess.Popen:
    """``companion --db DB ARGS…`` from this checkout, its output read as text."""
    return subprocess.Popen(
        [sys.executable, "-m", "companion", "--db", db, *args],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )


@dataclass
class Reply:
    status: int
    headers: dict[str, str]  #: by their names in lower case
    text: str


@dataclass
class Server:
    process: subprocess.Popen
    index: str  #: the printed link, ``http://127.0.0.1:PORT/?key=…``

    @property
    def base(self) -> str:
        return self.index.split("/?", 1)[0]

    def get(self, path_or_url: str, lang: str | None = None) -> Reply:
        url = path_or_url if path_or_url.startswith("http") else self.base + path_or_url
        request = urllib.request.Request(url, headers={"Accept-Language": lang} if lang else {})
        try:
            with urllib.request.urlopen(request, timeout=10) as answer:
                return Reply(answer.status, {k.lower(): v for k, v in answer.headers.items()}, answer.read().decode())
        except urllib.error.HTTPError as err:
            return Reply(err.code, {k.lower(): v for k, v in err.headers.items()}, err.read().decode())

    def stop(self) -> tuple[int, str, str]:
        """ctrl+c, as a player stops it: (exit code, the rest of its output, its errors)."""
        self.process.send_signal(signal.SIGINT)
        out, err = self.process.communicate(timeout=15)
        return self.process.returncode, out, err


def serve(db: str, *args: str) -> Server:
    """``companion serve --port 0`` (any free port), once it has printed its link."""
    process = companion(db, "serve", "--port", "0", *args)
    first = process.stdout.readline()
    if not first.startswith("http://"):
        out, err = process.communicate(timeout=15)
        raise AssertionError(f"no link printed: {first!r} {out!r} {err!r}")
    return Server(process, first.strip())
