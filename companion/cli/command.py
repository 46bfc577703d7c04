"""The ``companion`` command line: the parser over every command group, and running one.

Without a command the program starts the app it was given (``screens.program`` gives the Textual
app), so the command line never imports a screen.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable
from contextlib import suppress
from functools import cache

from companion.cli.club import cmd_player, cmd_players, cmd_ratings, cmd_stats
from companion.cli.common import Fail, refused
from companion.cli.files import cmd_backup, cmd_export, cmd_history, cmd_import, cmd_qr, cmd_restore
from companion.cli.rules import cmd_arbiter, cmd_rules, cmd_score
from companion.cli.serve import cmd_serve
from companion.cli.sessions import cmd_edit, cmd_new, cmd_note, cmd_pause, cmd_record, cmd_sessions, cmd_show, cmd_undo
from companion.exports.formats import NAMES as EXPORTS
from companion.words import languages
from scoring.errors import RuleViolation
from scoring.registry import ids
from scoring.registry import name as game_name


class _Parser(argparse.ArgumentParser):
    """The top-level parser: its help ends with the games the registry knows."""

    def format_help(self) -> str:
        # named only when help is asked for, from the boxes: `companion --help` loads no game package
        games = "\n".join(f"  {g:<10} {game_name(g)}" for g in ids())
        self.epilog = f"games:\n{games}"
        return super().format_help()


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="companion",
        description="Record, check and score card games at the table.",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--db", help="database URL (default: COMPANION_DB, else a SQLite file in your data folder)")
    parser.add_argument("--lang", choices=languages(), default="en", help="language of messages")
    sub = parser.add_subparsers(dest="command")
    # --db may also come after the command (companion sessions --db URL), as a table would type it
    db = argparse.ArgumentParser(add_help=False)
    db.add_argument("--db", default=argparse.SUPPRESS, help="database URL (as before the command)")
    # …and so may --lang (companion show 1 --lang ja), for every command
    db.add_argument("--lang", choices=languages(), default=argparse.SUPPRESS, help="language of messages")

    def command(name: str, parents: tuple = (), **kw) -> argparse.ArgumentParser:
        return sub.add_parser(name, parents=[db, *parents], **kw)

    p = command("score", help="replay a record through the rules and print the standings")
    p.add_argument("file", help="a JSON record: a scoresheet or a trick-by-trick game")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--parts", action="store_true", help="also show every round's score as its parts")
    p.set_defaults(func=cmd_score)

    p = command("new", help="start a session; prints its id")
    p.add_argument("game", choices=ids())
    p.add_argument("players", nargs="+", help="names in clockwise seat order")
    p.add_argument("--header", help="more of the header as JSON (deck, first, kings, variant, settings …)")
    p.add_argument("--location", help="where the game is played (sent to BG Stats and BGG)")
    p.add_argument("--notes", help="the table's notes: house rules, anything to remember (sent as comments)")
    p.set_defaults(func=cmd_new)

    p = command("note", help="set or change where a session was played and its notes; without them, show them")
    p.add_argument("id", type=int)
    p.add_argument("--location", help="where it was played ('' for nowhere said)")
    p.add_argument("--notes", help="the table's notes ('' for none)")
    p.set_defaults(func=cmd_note)

    for name, what in (
        ("pause", "stop a session's clock: the time sent to BG Stats and BGG leaves pauses out"),
        ("resume", "start a session's clock again (so does the next entry)"),
    ):
        p = command(name, help=what)
        p.add_argument("id", type=int)
        p.set_defaults(func=cmd_pause)

    p = command(
        "record", help="record one entry as typed at the table (Kh, bust …) or as JSON; - reads it from standard input"
    )
    p.add_argument("id", type=int)
    p.add_argument("entry")
    p.set_defaults(func=cmd_record)

    for name in ("undo", "redo"):
        p = command(name, help=f"{name} the last entry of a session")
        p.add_argument("id", type=int)
        p.set_defaults(func=cmd_undo)

    p = command("edit", help="replace entry N of a session (the rest is checked again)")
    p.add_argument("id", type=int)
    p.add_argument("index", type=int, help="1 for the first entry")
    p.add_argument("entry")
    p.set_defaults(func=cmd_edit)

    p = command("sessions", help="list sessions, unfinished first")
    p.add_argument("--game", choices=ids())
    p.add_argument("--player")
    p.set_defaults(func=cmd_sessions)

    p = command("show", help="a session with its round-by-round scores")
    p.add_argument("id", type=int)
    p.set_defaults(func=cmd_show)

    p = command("export", help="export a session")
    p.add_argument("id", type=int)
    p.add_argument("--format", choices=EXPORTS, default="json")
    p.add_argument("-o", "--output", help="write to this file instead of the screen")
    p.set_defaults(func=cmd_export)

    p = command("history", help="every session (of one game) as one CSV: a row per player per session")
    p.add_argument("game", nargs="?", choices=ids(), help="only this game's sessions")
    p.add_argument("-o", "--output", help="write to this file instead of the screen")
    p.set_defaults(func=cmd_history)

    p = command("import", help="import a session file or a game record (all of it or nothing)")
    p.add_argument("file")
    p.set_defaults(func=cmd_import)

    p = command("backup", help="write the whole history (sessions, players, settings) to one file")
    p.add_argument("file")
    p.set_defaults(func=cmd_backup)

    p = command("restore", help="restore a backup into an empty database (all of it or nothing)")
    p.add_argument("file")
    p.set_defaults(func=cmd_restore)

    p = command("qr", help="draw a QR code of the result (the BG Stats link)")
    p.add_argument("id", type=int)
    p.add_argument("--url", action="store_true", help="also print the link")
    p.add_argument("--app", action="store_true", help="the bgstats:// link, which opens the app without the web page")
    p.add_argument("--png", metavar="FILE", help="save the QR code as a PNG image instead of drawing it")
    p.set_defaults(func=cmd_qr)

    p = command("serve", help="serve the sessions as pages every phone at the table can read")
    p.add_argument("--host", default="127.0.0.1", help="the address to serve on (default: this machine alone)")
    p.add_argument("--port", type=int, default=8765, help="the port (default: 8765; 0: any free port)")
    p.set_defaults(func=cmd_serve)

    p = command("players", help="list, rename or merge players")
    p.add_argument("action", nargs="?", choices=("list", "rename", "merge"), default="list")
    p.add_argument("names", nargs="*", help="OLD NEW (rename) or FROM INTO (merge)")
    p.set_defaults(func=cmd_players)

    # a season: --season alone is this calendar year; --season 2026; --season 2026-04-01..2026-09-30
    seasonal = argparse.ArgumentParser(add_help=False)
    seasonal.add_argument(
        "--season",
        nargs="?",
        const="",
        metavar="SEASON",
        help="only the games of a season: a year (2026), two days (2026-04-01..2026-09-30, both counted), "
        "or nothing for this calendar year (default: every season)",
    )

    p = command("stats", parents=[seasonal], help="per-player statistics for a game")
    p.add_argument("game", choices=ids())
    p.set_defaults(func=cmd_stats)

    club = argparse.ArgumentParser(add_help=False, parents=[seasonal])
    club.add_argument(
        "--variants",
        choices=("together", "apart"),
        help="rate a game's variants together or apart (default: the setting rate_variants, else together)",
    )
    club.add_argument("--json", action="store_true", help="print one JSON object")

    p = command("ratings", parents=[club], help="a game's league table: every player's rating, best first")
    p.add_argument("game", choices=ids())
    p.set_defaults(func=cmd_ratings)

    p = command("player", parents=[club], help="a player's page: games, wins, ratings, time played, head-to-head")
    p.add_argument("name")
    p.set_defaults(func=cmd_player)

    p = command("rules", help="print a rules section (by id or by words)")
    p.add_argument("game", choices=ids())
    p.add_argument("topic", nargs="*")
    p.set_defaults(func=cmd_rules)

    p = command("arbiter", help="settle a table question: who wins this trick, may this card follow")
    p.add_argument("game", choices=ids())
    p.add_argument("cards", nargs="+", help="the cards in play order (Trickster: the cards to check)")
    p.add_argument("--trump", help="Sheriff: the trump suit, or none")
    p.add_argument("--deck", default="introductory", help="Trickster: the deck")
    p.add_argument("--pot", default="", help="Trickster: the cards already in the pot, lead first, comma-separated")
    p.add_argument("--setting", action="append", default=[], help="a house rule, NAME=VALUE")
    p.set_defaults(func=cmd_arbiter)
    return parser


#: what starts the app: given the ``--db`` URL and the ``--lang`` asked for (None: the saved one)
Play = Callable[[str | None, str | None], int]


@cache
def _parser(games: tuple[str, ...]) -> argparse.ArgumentParser:
    """The parser for the games the registry lists (``games``), built once a process: building it
    costs more than most commands (argparse looks up its own words' translations for every
    argument), and a script or a test that runs many commands in one process pays it once.
    Parsing never changes it; a game registered since gets a parser of its own."""
    return build_parser()


def main(argv: list[str] | None = None, play: Play | None = None) -> int:
    """Run one command of ``argv``; with none, start the app through ``play``."""
    parser = _parser(tuple(ids()))
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        if play is None:
            parser.print_help()
            return 2
        from companion.terminal import end_with_terminal  # here: the commands never load it

        end_with_terminal()
        return play(args.db, args.lang if "--lang" in (argv or sys.argv) else None)
    try:
        return _dispatch(args)
    except BrokenPipeError:  # companion show 1 | head -1: the reader has all it wanted
        with suppress(OSError):
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


def _dispatch(args: argparse.Namespace) -> int:
    from companion.store.errors import StoreError  # the store's refusals, without the store (SQLAlchemy)

    try:
        return args.func(args)
    except Fail as err:
        print(err, file=sys.stderr)
        return err.code
    except RuleViolation as err:
        print(refused(err, args.lang), file=sys.stderr)
        return 1
    except StoreError as err:
        print(err.message(args.lang), file=sys.stderr)
        return 1
