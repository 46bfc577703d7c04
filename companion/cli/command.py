"""The ``companion`` command line: the parser over every command group, and running one.

Without a command the program starts the app it was given (``screens.program`` gives the Textual
app), so the command line never imports a screen.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from functools import cache, partial

from companion.cli.club import cmd_player, cmd_players, cmd_ratings, cmd_stats
from companion.cli.common import Fail, refused
from companion.cli.events import cmd_event
from companion.cli.files import cmd_backup, cmd_export, cmd_history, cmd_import, cmd_qr, cmd_restore
from companion.cli.rules import cmd_arbiter, cmd_rules, cmd_score
from companion.cli.serve import cmd_serve
from companion.cli.sessions import cmd_edit, cmd_new, cmd_note, cmd_pause, cmd_record, cmd_sessions, cmd_show, cmd_undo
from companion.exports.formats import NAMES as EXPORTS
from companion.words import N_, catalogue, languages, t
from scoring.errors import RuleViolation
from scoring.registry import ids
from scoring.registry import name as game_name

# argparse's own words (Python's), said through Companion's catalogue in the language asked for
ARGPARSE_WORDS = (
    N_("usage: "),
    N_("positional arguments"),
    N_("options"),
    N_("show this help message and exit"),
    N_("%(prog)s: error: %(message)s\n"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("invalid %(type)s value: %(value)r"),
    N_("the following arguments are required: %s"),
    N_("unrecognized arguments: %s"),
    N_("expected one argument"),
)


@contextmanager
def argparse_in(lang: str) -> Iterator[None]:
    """argparse says its own words (``usage:``, ``invalid choice``) in ``lang`` meanwhile: it looks
    each up with ``gettext`` as it says it, so its lookups go to Companion's catalogue."""
    before = argparse._, argparse.ngettext  # type: ignore[attr-defined]
    argparse._, argparse.ngettext = catalogue(lang).gettext, catalogue(lang).ngettext  # type: ignore[attr-defined]
    try:
        yield
    finally:
        argparse._, argparse.ngettext = before  # type: ignore[attr-defined]


class _Parser(argparse.ArgumentParser):
    """The top-level parser: its help ends with the games the registry knows."""

    def __init__(self, lang: str = "en", games: bool = False, **kw) -> None:
        super().__init__(**kw)
        self.lang, self.games = lang, games

    def format_help(self) -> str:
        # named only when help is asked for, from the boxes: `companion --help` loads no game package
        if self.games:
            listed = "\n".join(f"  {g:<10} {game_name(g, self.lang)}" for g in ids())
            self.epilog = t("the games, by id:", self.lang) + "\n" + listed
        return super().format_help()


def build_parser(lang: str = "en") -> argparse.ArgumentParser:
    """Every command and its options, their help in ``lang``."""
    parser = _Parser(
        lang,
        games=True,
        prog="companion",
        description=t("Record, check and score card games at the table.", lang),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "--db", help=t("database URL (default: COMPANION_DB, else a SQLite file in your data folder)", lang)
    )
    parser.add_argument("--lang", choices=languages(), default="en", help=t("language of messages", lang))
    sub = parser.add_subparsers(dest="command", parser_class=partial(_Parser, lang))
    # --db may also come after the command (companion sessions --db URL), as a table would type it
    db = argparse.ArgumentParser(add_help=False)
    db.add_argument("--db", default=argparse.SUPPRESS, help=t("database URL (as before the command)", lang))
    # …and so may --lang (companion show 1 --lang ja), for every command
    db.add_argument("--lang", choices=languages(), default=argparse.SUPPRESS, help=t("language of messages", lang))

    def whole(text: str) -> int:
        """A session's id, an entry's number, a port: a whole number, or argparse says so in ``lang``."""
        try:
            return int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(t("{typed!r} is not a whole number", lang, typed=text)) from None

    def port(text: str) -> int:
        """A port: 0 (any free one) to 65535, or argparse says so in ``lang``."""
        number = whole(text)
        if not 0 <= number <= 65535:
            raise argparse.ArgumentTypeError(t("{typed!r} is not a port (0 to 65535)", lang, typed=text))
        return number

    def command(name: str, parents: tuple = (), **kw) -> argparse.ArgumentParser:
        return sub.add_parser(name, parents=[db, *parents], **kw)

    p = command("score", help=t("replay a record through the rules and print the standings", lang))
    p.add_argument("file", help=t("a JSON record: a scoresheet or a trick-by-trick game", lang))
    p.add_argument("--json", action="store_true", help=t("print one JSON object", lang))
    p.add_argument("--parts", action="store_true", help=t("also show every round's score as its parts", lang))
    p.set_defaults(func=cmd_score)

    p = command("new", help=t("start a session; prints its id", lang))
    p.add_argument("game", choices=ids())
    p.add_argument("players", nargs="+", help=t("names in clockwise seat order", lang))
    p.add_argument("--header", help=t("more of the header as JSON (deck, first, kings, variant, settings …)", lang))
    p.add_argument("--location", help=t("where the game is played (sent to BG Stats and BGG)", lang))
    p.add_argument("--notes", help=t("the table's notes: house rules, anything to remember (sent as comments)", lang))
    p.set_defaults(func=cmd_new)

    p = command("note", help=t("set or change where a session was played and its notes; without them, show them", lang))
    p.add_argument("id", type=whole, metavar="ID")
    p.add_argument("--location", help=t("where it was played ('' for nowhere said)", lang))
    p.add_argument("--notes", help=t("the table's notes ('' for none)", lang))
    p.set_defaults(func=cmd_note)

    for name, what in (
        ("pause", N_("stop a session's clock: the time sent to BG Stats and BGG leaves pauses out")),
        ("resume", N_("start a session's clock again (so does the next entry)")),
    ):
        p = command(name, help=t(what, lang))
        p.add_argument("id", type=whole, metavar="ID")
        p.set_defaults(func=cmd_pause)

    p = command(
        "record",
        help=t("record one entry as typed at the table (Kh, bust …) or as JSON; - reads it from standard input", lang),
    )
    p.add_argument("id", type=whole, metavar="ID")
    p.add_argument("entry")
    p.set_defaults(func=cmd_record)

    for name, what in (
        ("undo", N_("undo the last entry of a session")),
        ("redo", N_("redo the last entry of a session")),
    ):
        p = command(name, help=t(what, lang))
        p.add_argument("id", type=whole, metavar="ID")
        p.set_defaults(func=cmd_undo)

    p = command("edit", help=t("replace entry N of a session (the rest is checked again)", lang))
    p.add_argument("id", type=whole, metavar="ID")
    p.add_argument("index", type=whole, metavar="N", help=t("1 for the first entry", lang))
    p.add_argument("entry")
    p.set_defaults(func=cmd_edit)

    p = command("sessions", help=t("list sessions, unfinished first", lang))
    p.add_argument("--game", choices=ids())
    p.add_argument("--player")
    p.set_defaults(func=cmd_sessions)

    p = command("show", help=t("a session with its round-by-round scores", lang))
    p.add_argument("id", type=whole, metavar="ID")
    p.set_defaults(func=cmd_show)

    p = command("export", help=t("export a session", lang))
    p.add_argument("id", type=whole, metavar="ID")
    p.add_argument("--format", choices=EXPORTS, default="json")
    p.add_argument("-o", "--output", help=t("write to this file instead of the screen", lang))
    p.set_defaults(func=cmd_export)

    p = command("history", help=t("every session (of one game) as one CSV: a row per player per session", lang))
    p.add_argument("game", nargs="?", choices=ids(), help=t("only this game's sessions", lang))
    p.add_argument("-o", "--output", help=t("write to this file instead of the screen", lang))
    p.set_defaults(func=cmd_history)

    p = command("import", help=t("import a session file or a game record (all of it or nothing)", lang))
    p.add_argument("file")
    p.set_defaults(func=cmd_import)

    p = command("backup", help=t("write the whole history (sessions, players, settings) to one file", lang))
    p.add_argument("file")
    p.set_defaults(func=cmd_backup)

    p = command("restore", help=t("restore a backup into an empty database (all of it or nothing)", lang))
    p.add_argument("file")
    p.set_defaults(func=cmd_restore)

    p = command("qr", help=t("draw a QR code of the result (the BG Stats link)", lang))
    p.add_argument("id", type=whole, metavar="ID")
    p.add_argument("--url", action="store_true", help=t("also print the link", lang))
    p.add_argument(
        "--app", action="store_true", help=t("the bgstats:// link, which opens the app without the web page", lang)
    )
    p.add_argument("--png", metavar="FILE", help=t("save the QR code as a PNG image instead of drawing it", lang))
    p.set_defaults(func=cmd_qr)

    p = command("serve", help=t("serve the sessions as pages every phone at the table can read", lang))
    p.add_argument("--host", default="127.0.0.1", help=t("the address to serve on (default: this machine alone)", lang))
    p.add_argument("--port", type=port, default=8765, help=t("the port (default: 8765; 0: any free port)", lang))
    p.add_argument(
        "--name",
        action="append",
        default=[],
        metavar="NAME",
        help=t(
            "a name the phones open it by besides its address (a club's own, e.g. companion.club.example); "
            "asked for by any other name, it answers nothing",
            lang,
        ),
    )
    p.set_defaults(func=cmd_serve)

    p = command("players", help=t("list, rename or merge players", lang))
    p.add_argument("action", nargs="?", choices=("list", "rename", "merge"), default="list")
    p.add_argument("names", nargs="*", help=t("OLD NEW (rename) or FROM INTO (merge)", lang))
    p.set_defaults(func=cmd_players)

    # a season: --season alone is this calendar year; --season 2026; --season 2026-04-01..2026-09-30
    seasonal = argparse.ArgumentParser(add_help=False)
    seasonal.add_argument(
        "--season",
        nargs="?",
        const="",
        metavar="SEASON",
        help=t(
            "only the games of a season: a year (2026), two days (2026-04-01..2026-09-30, both counted), "
            "or nothing for this calendar year (default: every season)",
            lang,
        ),
    )

    p = command("stats", parents=[seasonal], help=t("per-player statistics for a game", lang))
    p.add_argument("game", choices=ids())
    p.set_defaults(func=cmd_stats)

    club = argparse.ArgumentParser(add_help=False, parents=[seasonal])
    club.add_argument(
        "--variants",
        choices=("together", "apart"),
        help=t("rate a game's variants together or apart (default: the setting rate_variants, else together)", lang),
    )
    club.add_argument("--json", action="store_true", help=t("print one JSON object", lang))

    p = command("ratings", parents=[club], help=t("a game's league table: every player's rating, best first", lang))
    p.add_argument("game", choices=ids())
    p.set_defaults(func=cmd_ratings)

    p = command(
        "player", parents=[club], help=t("a player's page: games, wins, ratings, time played, head-to-head", lang)
    )
    p.add_argument("name")
    p.set_defaults(func=cmd_player)

    p = command("event", help=t("a club night: rounds at several tables, seats drawn, one standings list", lang))
    p.add_argument(
        "action", choices=("new", "draw", "standings", "show", "seat", "swap", "redraw", "close", "game", "list")
    )
    p.add_argument("target", nargs="?", metavar="NAME|ID", help=t("new: the event's name; the others: its id", lang))
    p.add_argument(
        "more",
        nargs="*",
        metavar="…",
        help=t("swap: the two players who change seats; game: the round and its game", lang),
    )
    p.add_argument(
        "--game",
        action="append",
        default=[],
        help=t("new: the game of every round, or one per round (kings,sheriff,kings)", lang),
    )
    p.add_argument("--rounds", type=whole, help=t("new: how many rounds (default: one per game named)", lang))
    p.add_argument("--draw", choices=("mix", "swiss"), default="mix", help=t("new: how seats are drawn", lang))
    p.add_argument("--seed", type=whole, help=t("new: the seed the seats are drawn from (default: a random one)", lang))
    p.add_argument("--players", help=t("new: the players who have come, Aki,Ben,…", lang))
    p.add_argument("--day", help=t("new: the day, 2026-11-29", lang))
    p.add_argument("--place", help=t("new: where it is held", lang))
    p.add_argument("--add", action="append", default=[], metavar="NAME", help=t("seat: a player who comes", lang))
    p.add_argument("--drop", action="append", default=[], metavar="NAME", help=t("seat: a player who leaves", lang))
    p.add_argument(
        "--table", type=whole, help=t("seat: the table of the round being played the one added sits at", lang)
    )
    p.add_argument("--json", action="store_true", help=t("print one JSON object", lang))
    p.add_argument(
        "--format", choices=("csv", "md"), help=t("standings: the standings as CSV or Markdown instead", lang)
    )
    p.add_argument("-o", "--output", help=t("write to this file instead of the screen", lang))
    p.set_defaults(func=cmd_event)

    p = command("rules", help=t("print a rules section (by its number, id or words; none: the contents)", lang))
    p.add_argument("game", choices=ids())
    p.add_argument("topic", nargs="*")
    p.set_defaults(func=cmd_rules)

    p = command("arbiter", help=t("settle a table question: who wins this trick, may this card follow", lang))
    p.add_argument("game", choices=ids())
    p.add_argument("cards", nargs="+", help=t("the cards in play order (Trickster: the cards to check)", lang))
    p.add_argument("--trump", help=t("Sheriff: the trump suit, or none", lang))
    p.add_argument("--deck", default="introductory", help=t("Trickster: the deck", lang))
    p.add_argument(
        "--pot", default="", help=t("Trickster: the cards already in the pot, lead first, comma-separated", lang)
    )
    p.add_argument("--setting", action="append", default=[], help=t("a house rule, NAME=VALUE", lang))
    p.set_defaults(func=cmd_arbiter)
    return parser


#: what starts the app: given the ``--db`` URL and the ``--lang`` asked for (None: the saved one)
Play = Callable[[str | None, str | None], int]


@cache
def _parser(games: tuple[str, ...], lang: str = "en") -> argparse.ArgumentParser:
    """The parser for the games the registry lists (``games``), its help in ``lang``, built once a
    process: building it costs more than most commands (argparse looks up its own words'
    translations for every argument), and a script or a test that runs many commands in one
    process pays it once. Parsing never changes it; a game registered since gets a parser of its
    own."""
    with argparse_in(lang):
        return build_parser(lang)


def asked_language(argv: list[str]) -> str:
    """The language ``--lang`` asks for anywhere in the command line (``--lang ja`` or
    ``--lang=ja``), so the help and argparse's own refusals are in it too; else English (a
    ``--lang`` without its value is argparse's to refuse).

    >>> asked_language(["show", "1", "--lang", "ja"]), asked_language(["--lang=ja"]), asked_language(["--lang"])
    ('ja', 'ja', 'en')
    """
    for n, arg in enumerate(argv):
        if arg.startswith("--lang="):
            wanted = arg.partition("=")[2]
        elif arg == "--lang" and n + 1 < len(argv):
            wanted = argv[n + 1]
        else:
            continue
        if wanted in languages():
            return wanted
    return "en"


def not_text(argv: list[str]) -> str | None:
    r"""The first argument that is not text (bytes that are not UTF-8, as Python keeps them:
    ``surrogateescape``), shown with its bytes escaped, or None.

    >>> not_text(["note", "1", "--notes", "caf\udcff"]), not_text(["note", "1", "--notes", "café"])
    ('caf\\xff', None)
    """
    for arg in argv:
        try:
            arg.encode("utf-8")
        except UnicodeEncodeError:
            return arg.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")
    return None


def main(argv: list[str] | None = None, play: Play | None = None) -> int:
    """Run one command of ``argv``; with none, start the app through ``play``."""
    given = sys.argv[1:] if argv is None else argv
    lang = asked_language(given)
    bad = not_text(given)
    if bad is not None:  # a name or note in another encoding than the terminal's: never stored
        print(t("{typed} is not UTF-8 text: type it again in a UTF-8 terminal.", lang, typed=bad), file=sys.stderr)
        return 2
    parser = _parser(tuple(ids()), lang)
    with argparse_in(lang):
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
