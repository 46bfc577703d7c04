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
    written,
)
from companion.store.files import NotAFile, destination
from companion.text import visible
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

    raw = file_bytes(args.file)
    if len(raw) > MAX_IMPORT_BYTES:
        raise Fail(f"{args.file}: the file is {len(raw)} bytes, over the {MAX_IMPORT_BYTES}-byte limit.")
    try:
        sid = import_text(open_sessions(args), raw)
    except RuleViolation as err:
        raise Fail(f"{args.file}: {err.message(args.lang)}\nrule: {err.rule}") from None
    print(f"Imported as session {sid}.")
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
        raise Fail(f"{args.file}: {err}") from None
    print(f"Wrote {counts.sentence()} to {args.file}.")
    if counts.left_out:  # a damaged database: everything that reads is saved, and what does not is said
        print("Not everything could be read; the backup leaves out or stands in for:", file=sys.stderr)
        for line in counts.left_out:
            print(f"  {visible(line)}", file=sys.stderr)
        return 1
    return 0


def cmd_restore(args: argparse.Namespace) -> int:
    from companion.store.backup import BackupError, read, restore  # here: the backup loads SQLAlchemy
    from companion.store.database import Store

    raw = file_bytes(args.file)
    try:
        rows = read(raw)  # the whole file checked before the database is even opened
        counts = restore(Store(args.db), rows)
    except BackupError as err:
        raise Fail(f"{args.file}: {err}") from None
    print(f"Restored {counts.sentence()} from {args.file}.")
    return 0


# what ``companion qr`` says under the code it drew, in each language: with colours (it reads on any
# terminal), and without (``NO_COLOR``, or not a terminal: it reads only where text is darker)
_QR_NOTES = {
    "en": {
        "colour": "Scan it with the phone's camera or BG Stats "
        "(--png FILE saves it as an image, --url shows the link).",
        "plain": "Drawn without colours ({why}): the blocks are the code's dark modules, so it scans only where "
        "text is darker than its background. On a light-on-dark terminal use --png FILE.",
        "NO_COLOR": "NO_COLOR is set",
        "pipe": "the output is not a terminal",
    },
    "ja": {
        "colour": "スマートフォンのカメラかBG Statsで読み取ってください"
        "（--png FILE で画像に保存、--url でリンクを表示）。",
        "plain": "色なしで描きました（{why}）。ブロックがコードの黒いモジュールなので、文字が背景より暗い端末でだけ"
        "読み取れます。黒地に明るい文字の端末では --png FILE で画像にしてください。",
        "NO_COLOR": "NO_COLOR が設定されています",
        "pipe": "出力が端末ではありません",
    },
}


def cmd_qr(args: argparse.Namespace) -> int:
    from companion.exports.bgstats import bgstats_url  # here: the exports load SQLAlchemy
    from companion.exports.qr import qr_modules, qr_png
    from companion.terminal import colours_wanted, half_blocks

    sessions = open_sessions(args)
    try:
        url = bgstats_url(sessions, args.id, app=args.app)
    except RuleViolation as err:
        raise Fail(f"session {args.id}: {err.message(args.lang)}") from None
    if args.url:  # first: printed after the code, the link would scroll the code's top away
        print(url)
    modules = _qr_drawn(url, args.lang, qr_modules)  # a link too long for any QR code is said
    if args.png:
        try:
            where = qr_png(url, Path(args.png))
        except OSError as err:
            raise Fail(f"{args.png}: cannot write the image ({err.strerror or err}).") from None
        print(f"Wrote the QR code to {where}: open it and scan it with the phone's camera or BG Stats.")
    else:
        # modules with the quiet zone: on a dark terminal it is the light round the code
        colour = colours_wanted(sys.stdout)
        words = _QR_NOTES["ja" if args.lang == "ja" else "en"]
        why = "" if colour else words["NO_COLOR" if sys.stdout.isatty() else "pipe"]
        note = words["colour"] if colour else words["plain"].format(why=why)
        columns, rows = shutil.get_terminal_size()
        width, height = len(modules[0]), (len(modules) + 1) // 2
        # the code, the note under it (wrapped) and the shell's prompt after them: a code scrolled
        # off the top, wrapped or cut cannot be scanned
        needed = height + -(-cells(note) // max(columns, width)) + 1
        if width > columns or needed > rows:
            sizes = {"w": width, "h": needed, "W": columns, "H": rows, "id": args.id}
            if args.lang == "ja":
                print(
                    "QRコードには{w}×{h}以上の端末が必要です（この端末は{W}×{H}）。画像として保存してください："
                    "companion qr {id} --png qr.png".format(**sizes)
                )
            else:
                print(
                    "The QR code needs a terminal of at least {w}×{h}; this one is {W}×{H}. Save it as an "
                    "image instead: companion qr {id} --png qr.png".format(**sizes)
                )
        else:
            print("\n".join(half_blocks(modules, colour)))
            print(note)
    return 0


def _qr_drawn(url: str, lang: str, draw) -> list:
    """The link drawn as a QR code; refused, with a sentence, where it is too long for any QR code
    (the largest holds 2,953 bytes: long names of an older database, a long variant). The link
    itself still works (``--url``, ``export --format bgstats``)."""
    try:
        return draw(url)
    except ValueError:  # qrcode: "Invalid version (was 41, expected 1 to 40)"
        size = len(url.encode("utf-8"))
        if lang == "ja":
            raise Fail(
                f"BG Statsへのリンクが{size:,}バイトあり、QRコードに入りません（QRコードは最大2,953バイト）。"
                "--url でリンクを表示するか、companion export ID --format bgstats で書き出してください。"
            ) from None
        raise Fail(
            f"The BG Stats link is {size:,} bytes long, too long for a QR code (the largest holds 2,953): "
            "print the link with --url, or write it with companion export ID --format bgstats."
        ) from None
