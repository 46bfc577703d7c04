"""``companion serve``: the sessions as pages every phone at the table can read."""

from __future__ import annotations

import argparse

from companion.cli.common import (
    Fail,
    open_sessions,
)


def cmd_serve(args: argparse.Namespace) -> int:
    from companion.web.server import ServeRefused, serve  # here: only this command loads the server

    sessions = open_sessions(args)  # a database that cannot be opened is refused before anything is bound
    try:
        return serve(sessions, args.host, args.port, args.lang, names=args.name)
    except ServeRefused as err:
        raise Fail(str(err)) from None
