"""Sessions in and out of files: ``export``, ``history``, ``import``, ``backup``, ``restore``, and the ``qr`` code."""

from __future__ import annotations

import argparse
import shutil
import sys
from pathlib import Path

from companion.cli.common import (
    Fail,
    file_bytes,
    open_sessions,
    refused,
    written,
)
from companion.store.files import NotAFile, destination, why
from companion.text import visible
from companion.words import N_, t
from companion.words.formats import number
from companion.wrapping import cells
from scoring.errors import RuleViolation


def cmd_export(args: argparse.Namespace) -> int:
    from companion.exports.formats import export  # here: the exports load SQLAlchemy

    return written(args, export(open_sessions(args), args.id, args.format, args.lang))


def cmd_history(args: argparse.Namespace) -> int:
    from companion.exports.spreadsheet import history_csv  # here: the exports load SQLAlchemy

    return written(args, history_csv(open_sessions(args), args.game))


def cmd_import(args: argparse.Namespace) -> int:
    from companion.exports.native import MAX_IMPORT_BYTES, import_text  # here: the exports load SQLAlchemy

    raw = file_bytes(args.file, args.lang, MAX_IMPORT_BYTES)
    try:
        sid = import_text(open_sessions(args), raw)
    except RuleViolation as err:
        raise Fail(refused(err, args.lang, args.file)) from None
    print(t("Imported as session {id}.", args.lang, id=sid))
    return 0


def cmd_backup(args: argparse.Namespace) -> int:
    from companion.store.backup import BackupError, backup  # here: the backup loads SQLAlchemy
    from companion.store.database import Store
    from companion.store.settings import AppSettings

    try:
        destination(Path(args.file))  # a device, a named pipe, a folder: refused before anything is read
    except NotAFile as err:
        raise Fail(err.message(args.lang)) from None
    except OSError:
        pass  # the backup says why it cannot write there
    problem = AppSettings.load().problem  # damaged settings are said (and kept aside), never backed up as good
    if problem is not None:
        print(problem.message(args.lang), file=sys.stderr)
    try:
        counts = backup(Store(args.db), Path(args.file))
    except BackupError as err:
        raise Fail(f"{args.file}: {err.message(args.lang)}") from None
    print(t("Wrote {counts} to {path}.", args.lang, counts=counts.sentence(args.lang), path=args.file))
    if counts.left_out:  # a damaged database: everything that reads is saved, and what does not is said
        print(t("Not everything could be read; the backup leaves out or stands in for:", args.lang), file=sys.stderr)
        for line in counts.left_out:
            print(f"  {visible(line)}", file=sys.stderr)
        return 1
    return 0


def cmd_restore(args: argparse.Namespace) -> int:
    from companion.store.backup import MAX_BACKUP_BYTES, BackupError, read, restore  # here: the backup loads SQLAlchemy
    from companion.store.database import Store

    raw = file_bytes(args.file, args.lang, MAX_BACKUP_BYTES)
    try:
        rows = read(raw)  # the whole file checked before the database is even opened
        counts = restore(Store(args.db), rows)
    except BackupError as err:
        raise Fail(f"{args.file}: {err.message(args.lang)}") from None
    print(t("Restored {counts} from {path}.", args.lang, counts=counts.sentence(args.lang), path=args.file))
    return 0


# what ``companion qr`` says under the code it drew: with colours (it reads on any terminal), and
# without (``NO_COLOR``, or not a terminal: it reads only where text is darker)
QR_COLOUR = N_("Scan it with the phone's camera or BG Stats (--png FILE saves it as an image, --url shows the link).")
QR_PLAIN = N_(
    "Drawn without colours ({why}): the blocks are the code's dark modules, so it scans only where text is darker "
    "than its background. On a light-on-dark terminal use --png FILE."
)
QR_WHY = {"NO_COLOR": N_("NO_COLOR is set"), "pipe": N_("the output is not a terminal")}


def cmd_qr(args: argparse.Namespace) -> int:
    from companion.exports.bgstats import bgstats_url  # here: the exports load SQLAlchemy
    from companion.exports.qr import qr_modules, qr_png
    from companion.terminal import colours_wanted, half_blocks

    sessions = open_sessions(args)
    try:
        url = bgstats_url(sessions, args.id, app=args.app)
    except RuleViolation as err:
        raise Fail(t("session {id}: {reason}", args.lang, id=args.id, reason=err.message(args.lang))) from None
    if args.url:  # first: printed after the code, the link would scroll the code's top away
        print(url)
    modules = _qr_drawn(url, args.lang, qr_modules)  # a link too long for any QR code is said
    if args.png:
        try:
            where = qr_png(url, Path(args.png))
        except OSError as err:
            raise Fail(
                t("{path}: cannot write the image ({why}).", args.lang, path=args.png, why=why(err, args.lang))
            ) from None
        print(
            t(
                "Wrote the QR code to {path}: open it and scan it with the phone's camera or BG Stats.",
                args.lang,
                path=where,
            )
        )
    else:
        # modules with the quiet zone: on a dark terminal it is the light round the code
        colour = colours_wanted(sys.stdout)
        reason = QR_WHY["NO_COLOR" if sys.stdout.isatty() else "pipe"]
        plain = t(QR_PLAIN, args.lang, why=t(reason, args.lang))
        note = t(QR_COLOUR, args.lang) if colour else plain
        columns, rows = shutil.get_terminal_size()
        width, height = len(modules[0]), (len(modules) + 1) // 2
        # the code, the note under it (wrapped) and the shell's prompt after them: a code scrolled
        # off the top, wrapped or cut cannot be scanned
        needed = height + -(-cells(note) // max(columns, width)) + 1
        if width > columns or needed > rows:
            print(
                t(
                    "The QR code needs a terminal of at least {w}×{h}; this one is {W}×{H}. Save it as an image "
                    "instead: companion qr {id} --png qr.png",
                    args.lang,
                    w=width,
                    h=needed,
                    W=columns,
                    H=rows,
                    id=args.id,
                )
            )
        else:
            print("\n".join(half_blocks(modules, colour)))
            print(note)
    return 0


def _qr_drawn(url: str, lang: str, draw) -> list:
    """The link drawn as a QR code; refused, with a sentence, where it is too long for any QR code
    (the largest holds 2,953 bytes: long names of an older database, a long variant). The link
    itself still works (``--url``, ``export --format bgstats``)."""
    from companion.exports.qr import QR_BYTES

    try:
        return draw(url)
    except ValueError:  # qrcode: "Invalid version (was 41, expected 1 to 40)"
        raise Fail(
            t(
                "The BG Stats link is {size} bytes long, too long for a QR code (the largest holds {largest}): "
                "print the link with --url, or write it with companion export ID --format bgstats.",
                lang,
                size=number(len(url.encode("utf-8")), lang),
                largest=number(QR_BYTES, lang),
            )
        ) from None
