"""What every command shares: a clean failure, reading a record, opening the sessions, printing a
standings table."""

from __future__ import annotations

import argparse
import json
import os
import shutil
import stat
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from companion.store.files import destination, why, write_whole
from companion.text import pad, visible
from companion.words import round_head, t
from companion.words.formats import number
from companion.wrapping import cells, parts_column, wrap
from scoring.errors import RuleViolation
from scoring.recordkit import loads
from scoring.registry import get
from scoring.rulesbook import title as rule_title
from scoring.standings import Standings

if TYPE_CHECKING:
    from companion.club.season import Season
    from companion.store.sessions import Sessions

MAX_RECORD_BYTES = 20 * 1024 * 1024


class Fail(Exception):
    """A clean failure: the message is printed, the exit code returned."""

    def __init__(self, message: str, code: int = 1) -> None:
        super().__init__(message)
        self.code = code


def print_table(table: Standings, out, lang: str = "en") -> None:
    """Rank, player, every round and the total, each column as wide in terminal cells on every
    line (``pad``): a Japanese name takes two cells a character, and the rounds after it stay in
    line."""
    rank, player, total = t("rank", lang), t("player", lang), t("total", lang)
    rounds = max((len(s.rounds) for s in table.places), default=0)
    width = max([cells(visible(s.player, one_line=True)) for s in table.places] + [cells(player), 6])
    # a round's column as wide as its widest score (KINGs' -130) or its heading (R10)
    wide = [
        max([3, cells(round_head(i + 1, lang))] + [len(str(s.rounds[i])) for s in table.places if i < len(s.rounds)])
        for i in range(rounds)
    ]
    figures = max([5, cells(total)] + [len(str(s.total)) for s in table.places])
    places = max(4, cells(rank))  # as wide as the language's word for it
    head = "".join(f"  {pad(round_head(i + 1, lang), w, right=True)}" for i, w in enumerate(wide))
    print(
        f"{pad(rank, places)}  {pad(player, width)}{head}  {pad(total, figures, right=True)}",
        file=out,
    )
    for s in table.places:
        cols = "".join(f"  {pad(v, w, right=True)}" for v, w in zip(s.rounds, wide, strict=False))
        print(
            f"{pad(s.rank, places, right=True)}  {pad(s.player, width)}{cols}  {pad(s.total, figures, right=True)}",
            file=out,
        )
    for line in table.tiebreaks_in(lang):
        print(t("tie-break: {line}", lang, line=visible(line, one_line=True)), file=out)


def print_parts(details: list[str]) -> None:
    """Every round's score as its parts, one line per player; in a terminal, a line longer than
    the terminal goes on under its parts (a terminal would go on at its first column, leaving a
    ``-30`` alone there). Piped or redirected, each stays one line, for a script to read."""
    width = shutil.get_terminal_size().columns if sys.stdout.isatty() else 0
    for line in details:
        if width and cells(line) > width:
            print("\n".join(wrap(line, width, hang=parts_column(line), joint=" + ")))
        else:
            print(line)


def read_json(path: str, limit: int = MAX_RECORD_BYTES, lang: str = "en") -> object:
    raw = file_bytes(path, lang, limit)
    try:
        return loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as err:
        raise Fail(t("{path}: not a JSON record: {why}", lang, path=path, why=err)) from None
    except RuleViolation as err:
        raise Fail(refused(err, lang, path)) from None


def open_sessions(args: argparse.Namespace) -> Sessions:
    # the database modules load SQLAlchemy: only the commands that open a database pay for it
    from companion.store.database import Store
    from companion.store.sessions import Sessions

    return Sessions(Store(args.db))


def json_value(text: str, lang: str = "en") -> object:
    try:
        return loads(text)
    except json.JSONDecodeError as err:
        raise Fail(t("Not JSON: {why}", lang, why=err)) from None
    except RuleViolation as err:
        raise Fail(refused(err, lang)) from None


def refused(err: RuleViolation, lang: str, where: str = "") -> str:
    """A refusal as the command line prints it: why (after the file it was found in), then the
    rule it rests on: its id, as a program reads it and ``companion rules`` finds it, and its title
    in the reader's words (``rule: sheriff.cards (Cards)``, ``ルール：sheriff.cards（カード）``)."""
    return refusal(err.message(lang), err.rule, lang, where)


def refusal(reason: str, rule: str, lang: str, where: str = "") -> str:
    """A refusal's reason and the rule it rests on, as :func:`refused` prints them (a refusal told
    by a server through the door arrives as its two parts)."""
    said = t("rule: {id} ({title})", lang, id=rule, title=rule_title(rule, lang))
    return (f"{where}: {reason}" if where else reason) + f"\n{said}"


def typed_entry(live, text: str, before: int | None = None) -> object:
    """An entry as typed at the table (``Kh``, ``bust``, ``sheet …``) or as JSON; ``-`` reads it
    from standard input. ``before``: the entry is typed in place of entry ``before`` (a replace)."""
    if text == "-":
        text = sys.stdin.read()
    game, position = get(live.info.game), live.position
    if before is not None:
        position = game.replay(position.header, position.entries[:before])
    return game.parse(text, position)


def print_said(info, lang: str) -> None:
    """Where the session is played and the table's notes, where it said."""
    if info.location:
        print(t("Place: {text}", lang, text=visible(info.location, one_line=True)))
    if info.notes:
        print(t("Notes: {text}", lang, text=visible(info.notes)))


def show_after(scored, lang: str) -> None:
    show_standings(scored.standings, scored.finished, lang)


def show_standings(standings: Standings, finished: bool, lang: str) -> None:
    """The standings after an entry, and that the game is over when it is."""
    print_table(standings, sys.stdout, lang)
    if finished:
        print(t("The game is over.", lang))


def written(args: argparse.Namespace, text: str) -> int:
    """An export to ``--output``, written whole or not at all (``write_whole``): a full disk or a
    crash half-way leaves the file that was there as it was; or to the screen."""
    if args.output:
        try:
            write_whole(Path(args.output), text, mode=0o644)  # readable, as any file the user saves
        except OSError as err:
            raise Fail(not_written(args.output, err, args.lang)) from None
        print(t("Wrote {path}", args.lang, path=args.output))
    else:
        sys.stdout.write(text)
    return 0


def not_written(path: str, err: OSError, lang: str) -> str:
    """Why the export was not written to ``path``, and that nothing there changed."""
    try:
        kept = destination(Path(path)).is_file()  # a file was there before: it still is, whole
    except OSError:
        kept = False
    if kept:
        return t(
            "{path}: cannot write the export ({why}); nothing was written. The file already there is as it was.",
            lang,
            path=path,
            why=why(err, lang),
        )
    return t("{path}: cannot write the export ({why}); nothing was written.", lang, path=path, why=why(err, lang))


def file_bytes(path: str, lang: str = "en", limit: int = MAX_RECORD_BYTES) -> bytes:
    """The whole file at ``path``, or the reason it cannot be read (exit code 2), or that it is
    larger than ``limit`` bytes: told by its size before a byte is read, and never read past the
    limit (``/dev/zero``, a pipe that never ends)."""
    try:
        with open(path, "rb") as file:
            found = os.fstat(file.fileno())
            if stat.S_ISREG(found.st_mode) and found.st_size > limit:
                raise Fail(_too_large(path, lang, number(found.st_size, lang), limit))
            raw = file.read(limit + 1)
    except OSError as err:
        raise Fail(t("{path}: cannot read the file: {why}", lang, path=path, why=err.strerror), 2) from None
    if len(raw) > limit:
        raise Fail(_too_large(path, lang, t("more than {limit}", lang, limit=number(limit, lang)), limit))
    return raw


def _too_large(path: str, lang: str, size: str, limit: int) -> str:
    return t(
        "{path}: the file is {size} bytes, over the {limit}-byte limit.",
        lang,
        path=path,
        size=size,
        limit=number(limit, lang),
    )


def season_of(args: argparse.Namespace) -> Season | None:
    """The season asked for (``--season``: this calendar year; ``--season 2026``; a range), or None."""
    from companion.club.season import SeasonRefused, season

    if args.season is None:
        return None
    try:
        return season(args.season)
    except SeasonRefused as err:
        raise Fail(err.message(args.lang)) from None


def rated_apart(args: argparse.Namespace) -> bool:
    """``--variants``, else the saved setting (``rate_variants``); damaged settings are said."""
    if args.variants:
        return args.variants == "apart"
    from companion.store.settings import AppSettings

    saved = AppSettings.load()
    if saved.problem is not None:
        print(saved.problem.message(args.lang), file=sys.stderr)
    return saved.rates_apart
