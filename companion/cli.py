"""The ``companion`` command: score records, keep sessions, export them, look up rules."""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
from contextlib import suppress
from pathlib import Path

from companion import clock, club_text
from companion.files import NotAFile, destination, why, write_whole
from companion.lookup import arbitrate, rules_text
from companion.text import pad, visible
from companion.wrapping import cells, parts_column, wrap
from scoring.errors import RuleViolation
from scoring.recordkit import loads
from scoring.records import read_record
from scoring.registry import get, ids
from scoring.registry import name as game_name
from scoring.standings import Standings
from scoring.words import say_all

MAX_RECORD_BYTES = 20 * 1024 * 1024


class Fail(Exception):
    """A clean failure: the message is printed, the exit code returned."""

    def __init__(self, message: str, code: int = 1) -> None:
        super().__init__(message)
        self.code = code


# the words of a standings table, in each language the command line speaks
_TABLE_WORDS = {
    "en": {
        "rank": "rank",
        "player": "player",
        "total": "total",
        "tie-break": "tie-break: {line}",
        "note": "note: {line}",
        "session": "Session {id} — {game}, {players}, {state}, {entries} entries, started {started}",
        "finished": "finished",
        "unfinished": "unfinished",
        "location": "Place: {text}",
        "notes": "Notes: {text}",
        "paused": "Paused: the clock is stopped (companion resume {id} starts it again).",
        "running": "The clock runs.",
    },
    "ja": {
        "rank": "順位",
        "player": "プレイヤー",
        "total": "合計",
        "tie-break": "タイブレーク：{line}",
        "note": "注：{line}",
        "session": "セッション{id} — {game}、{players}、{state}、{entries}件、開始 {started}",
        "finished": "終了",
        "unfinished": "進行中",
        "location": "場所：{text}",
        "notes": "メモ：{text}",
        "paused": "一時停止中：時計は止まっています（companion resume {id} で再開）。",
        "running": "時計は動いています。",
    },
}


def _print_table(table: Standings, out, lang: str = "en") -> None:
    """Rank, player, every round and the total, each column as wide in terminal cells on every
    line (``pad``): a Japanese name takes two cells a character, and the rounds after it stay in
    line."""
    words = _TABLE_WORDS.get(lang, _TABLE_WORDS["en"])
    rounds = max((len(s.rounds) for s in table.places), default=0)
    width = max([cells(visible(s.player, one_line=True)) for s in table.places] + [cells(words["player"]), 6])
    # a round's column as wide as its widest score (KINGs' -130) or its heading (R10)
    wide = [
        max([3, len(f"R{i + 1}")] + [len(str(s.rounds[i])) for s in table.places if i < len(s.rounds)])
        for i in range(rounds)
    ]
    figures = max([5, cells(words["total"])] + [len(str(s.total)) for s in table.places])
    head = "".join(f"  {pad(f'R{i + 1}', w, right=True)}" for i, w in enumerate(wide))
    print(
        f"{pad(words['rank'], 4)}  {pad(words['player'], width)}{head}  {pad(words['total'], figures, right=True)}",
        file=out,
    )
    for s in table.places:
        cols = "".join(f"  {pad(v, w, right=True)}" for v, w in zip(s.rounds, wide, strict=False))
        print(
            f"{pad(s.rank, 4, right=True)}  {pad(s.player, width)}{cols}  {pad(s.total, figures, right=True)}", file=out
        )
    for line in table.tiebreaks_in(lang):
        print(words["tie-break"].format(line=visible(line, one_line=True)), file=out)


def _print_parts(details: list[str]) -> None:
    """Every round's score as its parts, one line per player; in a terminal, a line longer than
    the terminal goes on under its parts (a terminal would go on at its first column, leaving a
    ``-30`` alone there). Piped or redirected, each stays one line, for a script to read."""
    width = shutil.get_terminal_size().columns if sys.stdout.isatty() else 0
    for line in details:
        if width and cells(line) > width:
            print("\n".join(wrap(line, width, hang=parts_column(line), joint=" + ")))
        else:
            print(line)


def _read_json(path: str, limit: int = MAX_RECORD_BYTES, lang: str = "en") -> object:
    try:
        raw = Path(path).read_bytes()
    except OSError as err:
        raise Fail(f"{path}: cannot read the file: {err.strerror}", 2) from None
    if len(raw) > limit:
        raise Fail(f"{path}: the file is {len(raw)} bytes, over the {limit}-byte limit.")
    try:
        return loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as err:
        raise Fail(f"{path}: not a JSON record: {err}") from None
    except RuleViolation as err:
        raise Fail(f"{path}: {err.message(lang)}\nrule: {err.rule}") from None


def cmd_score(args: argparse.Namespace) -> int:
    record = _read_json(args.file, lang=args.lang)
    try:
        scored = read_record(record)
    except RuleViolation as err:
        raise Fail(f"{args.file}: {err.message(args.lang)}\nrule: {err.rule}") from None
    if args.json:
        print(json.dumps(scored.standings.as_json(), ensure_ascii=False))
        return 0
    _print_table(scored.standings, sys.stdout, args.lang)
    if args.parts:
        print()
        _print_parts(say_all(scored.details, args.lang))
    words = _TABLE_WORDS.get(args.lang, _TABLE_WORDS["en"])
    for note in say_all(scored.notes, args.lang):
        print(words["note"].format(line=note))
    return 0


# --- sessions ------------------------------------------------------------------------------------


def _sessions(args: argparse.Namespace):
    # the database modules load SQLAlchemy: only the commands that open a database pay for it
    from companion.sessions import Sessions
    from companion.store import Store

    return Sessions(Store(args.db))


def _json(text: str) -> object:
    try:
        return loads(text)
    except json.JSONDecodeError as err:
        raise Fail(f"Not JSON: {err}") from None
    except RuleViolation as err:
        raise Fail(f"{err.reason}\nrule: {err.rule}") from None


def _entry(live, text: str, before: int | None = None) -> object:
    """An entry as typed at the table (``Kh``, ``bust``, ``sheet …``) or as JSON; ``-`` reads it
    from standard input. ``before``: the entry is typed in place of entry ``before`` (a replace)."""
    if text == "-":
        text = sys.stdin.read()
    game, position = get(live.info.game), live.position
    if before is not None:
        position = game.replay(position.header, position.entries[:before])
    return game.parse(text, position)


def cmd_new(args: argparse.Namespace) -> int:
    header: dict = {"players": args.players}
    if args.header:
        extra = _json(args.header)
        if not isinstance(extra, dict):
            raise Fail('--header takes a JSON object, e.g. \'{"deck": "strategy"}\'.')
        header.update(extra)
    sid = _sessions(args).create(args.game, header, location=args.location or "", notes=args.notes or "")
    print(sid)
    return 0


def _print_said(info, lang: str) -> None:
    """Where the session is played and the table's notes, where it said."""
    words = _TABLE_WORDS.get(lang, _TABLE_WORDS["en"])
    if info.location:
        print(words["location"].format(text=visible(info.location, one_line=True)))
    if info.notes:
        print(words["notes"].format(text=visible(info.notes)))


def cmd_note(args: argparse.Namespace) -> int:
    """Where the session is (was) played and the table's notes, set or changed; shown as they are."""
    sessions = _sessions(args)
    if args.location is None and args.notes is None:
        info = sessions.info(args.id)
    else:
        info = sessions.note(args.id, location=args.location, notes=args.notes)
    _print_said(info, args.lang)
    return 0


def cmd_pause(args: argparse.Namespace) -> int:
    """Stop the session's clock (``pause``) or start it again (``resume``)."""
    sessions = _sessions(args)
    info = sessions.pause(args.id) if args.command == "pause" else sessions.resume(args.id)
    words = _TABLE_WORDS.get(args.lang, _TABLE_WORDS["en"])
    print(words["paused" if info.paused else "running"].format(id=info.id))
    return 0


def _show_after(scored, lang: str) -> None:
    _print_table(scored.standings, sys.stdout, lang)
    if scored.finished:
        print("The game is over.")


# a command that changes a session opens it, as the table does, and makes its one change with the
# same verbs (companion.sessions: append, undo, redo, replace)
def cmd_record(args: argparse.Namespace) -> int:
    sessions = _sessions(args)
    live = sessions.open(args.id)
    live = sessions.append(live, _entry(live, args.entry))
    _show_after(live.position.scored, args.lang)
    return 0


def cmd_undo(args: argparse.Namespace) -> int:
    sessions = _sessions(args)
    verb = sessions.undo if args.command == "undo" else sessions.redo
    live, entry = verb(sessions.open(args.id))
    if entry is None:
        print(f"Nothing to {args.command}.")
        return 0
    print(f"{args.command}: {get(live.info.game).format(entry)}")
    return 0


def cmd_edit(args: argparse.Namespace) -> int:
    sessions = _sessions(args)
    live = sessions.open(args.id)
    index = args.index - 1
    live = sessions.replace(live, index, _entry(live, args.entry, index))
    _show_after(live.position.scored, args.lang)
    return 0


def cmd_sessions(args: argparse.Namespace) -> int:
    rows = _sessions(args).list(game=args.game, player=args.player)
    if not rows:
        print("No sessions yet.")
    for s in rows:
        state = "finished" if s.finished else "unfinished"
        # the last change in this computer's time, with its offset from UTC (companion.clock)
        print(
            f"{s.id:>5}  {clock.minute(s.updated_at):<22}  {s.game:<9}  {state:<10}  {s.entries:>4} entries  "
            f"{visible(', '.join(s.players), one_line=True) or '(damaged: companion show ' + str(s.id) + ' says why)'}"
        )
    return 0


def cmd_show(args: argparse.Namespace) -> int:
    info, position = _sessions(args).snapshot(args.id)
    scored = position.scored
    words = _TABLE_WORDS.get(args.lang, _TABLE_WORDS["en"])
    print(
        words["session"].format(
            id=info.id,
            game=info.game,
            players=visible(", ".join(info.players), one_line=True),
            state=words["finished" if info.finished else "unfinished"],
            entries=info.entries,
            started=clock.minute(info.created_at, args.lang),
        )
    )
    _print_said(info, args.lang)
    if info.paused:
        print(words["paused"].format(id=info.id))
    _print_table(scored.standings, sys.stdout, args.lang)
    if scored.details:
        print()
        _print_parts(say_all(scored.details, args.lang))
    if info.problem is not None:
        print(f"\n{info.problem.message(args.lang)}\nrule: {info.problem.rule}", file=sys.stderr)
        return 1
    return 0


def cmd_export(args: argparse.Namespace) -> int:
    from companion.exports import export  # here: the exports load SQLAlchemy

    return _written(args, export(_sessions(args), args.id, args.format, args.lang))


def cmd_history(args: argparse.Namespace) -> int:
    from companion.exports import history_csv  # here: the exports load SQLAlchemy

    return _written(args, history_csv(_sessions(args), args.game))


def _written(args: argparse.Namespace, text: str) -> int:
    """An export to ``--output``, written whole or not at all (``write_whole``): a full disk or a
    crash half-way leaves the file that was there as it was; or to the screen."""
    if args.output:
        try:
            write_whole(Path(args.output), text, mode=0o644)  # readable, as any file the user saves
        except OSError as err:
            raise Fail(_not_written(args.output, err, args.lang)) from None
        print(f"Wrote {args.output}")
    else:
        sys.stdout.write(text)
    return 0


def _not_written(path: str, err: OSError, lang: str) -> str:
    """Why the export was not written to ``path``, and that nothing there changed."""
    try:
        kept = destination(Path(path)).is_file()  # a file was there before: it still is, whole
    except OSError:
        kept = False
    if lang == "ja":
        return f"{path} に書き出せません（{why(err, 'ja')}）。何も書き込んでいません。" + (
            "元のファイルはそのままです。" if kept else ""
        )
    return f"{path}: cannot write the export ({why(err, 'en')}); nothing was written." + (
        " The file already there is as it was." if kept else ""
    )


def _file_bytes(path: str) -> bytes:
    """The whole file at ``path``, or the reason it cannot be read (exit code 2)."""
    try:
        return Path(path).read_bytes()
    except OSError as err:
        raise Fail(f"{path}: cannot read the file: {err.strerror}", 2) from None


def cmd_import(args: argparse.Namespace) -> int:
    from companion.exports import MAX_IMPORT_BYTES, import_text  # here: the exports load SQLAlchemy

    raw = _file_bytes(args.file)
    if len(raw) > MAX_IMPORT_BYTES:
        raise Fail(f"{args.file}: the file is {len(raw)} bytes, over the {MAX_IMPORT_BYTES}-byte limit.")
    try:
        sid = import_text(_sessions(args), raw)
    except RuleViolation as err:
        raise Fail(f"{args.file}: {err.message(args.lang)}\nrule: {err.rule}") from None
    print(f"Imported as session {sid}.")
    return 0


def cmd_backup(args: argparse.Namespace) -> int:
    from companion.backup import BackupError, backup  # here: the backup loads SQLAlchemy
    from companion.settings import AppSettings
    from companion.store import Store

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
    from companion.backup import BackupError, read, restore  # here: the backup loads SQLAlchemy
    from companion.store import Store

    raw = _file_bytes(args.file)
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
    from companion.exports import bgstats_url, qr_modules, qr_png  # here: the exports load SQLAlchemy
    from companion.terminal import colours_wanted, half_blocks

    sessions = _sessions(args)
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


def cmd_serve(args: argparse.Namespace) -> int:
    from companion.web.server import ServeRefused, serve  # here: only this command loads the server

    sessions = _sessions(args)  # a database that cannot be opened is refused before anything is bound
    try:
        return serve(sessions, args.host, args.port, args.lang)
    except ServeRefused as err:
        raise Fail(str(err)) from None


def cmd_players(args: argparse.Namespace) -> int:
    from companion import players  # here: the players load SQLAlchemy

    store = _sessions(args).store
    if args.action == "rename":
        players.rename(store, args.names[0], args.names[1])
        print(f"Renamed {args.names[0]} to {args.names[1]}.")
    elif args.action == "merge":
        players.merge(store, args.names[0], args.names[1])
        print(f"{args.names[0]} now counts as {args.names[1]}.")
    else:
        for name in players.names(store):
            print(visible(name, one_line=True))
    return 0


def cmd_stats(args: argparse.Namespace) -> int:
    from companion.stats import by_variant  # here: the statistics load SQLAlchemy

    def days(first, last) -> str:
        """The first and last day (this computer's dates), or the one day."""
        a, b = clock.day(first, args.lang), clock.day(last, args.lang)
        return a if a == b else f"{a} to {b}"

    season = _season_of(args)
    groups = by_variant(_sessions(args), args.game, args.lang, season)
    during = f" in the season {season.name()}" if season else ""
    if not groups:
        print(f"No finished {args.game} sessions{during or ' yet'}.")
        return 0
    for v in groups:  # each variant's games and days, then one table of every player of every variant
        games = f"{v.games} game" + "s" * (v.games != 1)
        print(f"{visible(v.title(args.lang), one_line=True)}: {games}{during}, {days(v.first, v.last)}")
    print()
    titles = {v.variant: visible(v.title(args.lang), one_line=True) for v in groups}
    rows = [(titles[v.variant], visible(p.player, one_line=True), p) for v in groups for p in v.players]
    # 80 columns: the variant and the name take what the numbers leave, each cut with … past its share
    vw = min(max(cells(t) for t, _, _ in rows), 20) if len(groups) > 1 else 0
    nw = min(max([6, *(cells(n) for _, n, _ in rows)]), 16)
    lead = pad("variant", vw) + " " if vw else ""
    print(f"{lead}{pad('player', nw)} played  wins  win%  average   best  worst")
    for k, (title, name, p) in enumerate(rows):
        lead = pad(title if k == 0 or rows[k - 1][0] != title else "", vw) + " " if vw else ""  # once a variant
        rate = f"{p.win_rate:.0f}%"
        print(f"{lead}{pad(name, nw)} {p.played:>6} {p.wins:>5} {rate:>5} {p.average:>8} {p.best:>6} {p.worst:>6}")
    return 0


# --- the club: league tables and a page per player -------------------------------------------------
# (their words, and the player's page as lines, are companion.club_text's: the history screen's too)


def _season_of(args: argparse.Namespace):
    """The season asked for (``--season``: this calendar year; ``--season 2026``; a range), or None."""
    from companion.season import SeasonRefused, season

    if args.season is None:
        return None
    try:
        return season(args.season)
    except SeasonRefused as err:
        raise Fail(err.message(args.lang)) from None


def _rated_apart(args: argparse.Namespace) -> bool:
    """``--variants``, else the saved setting (``rate_variants``); damaged settings are said."""
    if args.variants:
        return args.variants == "apart"
    from companion.settings import AppSettings

    saved = AppSettings.load()
    if saved.problem is not None:
        print(saved.problem.message(args.lang), file=sys.stderr)
    return saved.rate_variants == "apart"


def _rating_json(rating) -> dict:
    return {"ordinal": rating.ordinal, "mu": rating.mu, "sigma": rating.sigma}


def cmd_ratings(args: argparse.Namespace) -> int:
    from companion.ratings import league  # here: the ratings load SQLAlchemy and openskill

    season, apart = _season_of(args), _rated_apart(args)
    tables = league(_sessions(args), args.game, season, apart, args.lang)
    words = club_text.words(args.lang)
    if args.json:
        print(
            json.dumps(
                {
                    "game": args.game,
                    "season": season.as_json() if season else None,
                    "variants": "apart" if apart else "together",
                    "tables": [
                        {
                            "variant": t.variant,
                            "games": t.games,
                            "players": [
                                {
                                    "place": line.place,
                                    "player": line.player,
                                    **_rating_json(line.rating),
                                    "games": line.games,
                                    "last_played": line.last.isoformat(),
                                }
                                for line in t.lines
                            ],
                        }
                        for t in tables
                    ],
                },
                ensure_ascii=False,
            )
        )
        return 0
    name = game_name(args.game, args.lang, short=True)
    if not tables:
        during = words["in season"].format(season=season.name(args.lang)) if season else ""
        print(words["none"].format(game=name, season=during))
        return 0
    when = words["season"].format(season=season.name(args.lang)) if season else words["ever"]
    for k, t in enumerate(tables):
        if k:
            print()
        said = [when] + ([words["apart"]] if apart else [])
        title = visible(t.title(args.lang), one_line=True)
        print(words["league"].format(game=title, games=words["count"](t.games), said=words["and"].join(said)))
        width = min(
            max([cells(words["player"]), 6, *(cells(visible(line.player, one_line=True)) for line in t.lines)]), 20
        )
        heads = [words[w] for w in ("rating", "mu", "sigma", "games")]
        print(
            f"{pad(words['place'], 5, right=True)}  {pad(words['player'], width)}"
            + "".join(f"  {pad(h, max(6, cells(h)), right=True)}" for h in heads)
            + f"  {words['last']}"
        )
        for line in t.lines:
            rating = line.rating
            figures = (*(club_text.figure(x) for x in (rating.ordinal, rating.mu, rating.sigma)), line.games)
            print(
                f"{pad(line.place, 5, right=True)}  {pad(line.player, width)}"
                + "".join(f"  {pad(f, max(6, cells(h)), right=True)}" for f, h in zip(figures, heads, strict=True))
                + f"  {clock.day(line.last, args.lang)}"
            )
    return 0


def cmd_player(args: argparse.Namespace) -> int:
    from companion.player_page import UnknownPlayer, page  # here: the page loads SQLAlchemy and openskill

    season, apart = _season_of(args), _rated_apart(args)
    try:
        found = page(_sessions(args), args.name, season, apart, args.lang)
    except UnknownPlayer:
        raise Fail(club_text.words(args.lang)["unknown"].format(name=args.name)) from None
    if args.json:
        print(json.dumps(_page_json(found), ensure_ascii=False))
        return 0
    print("\n".join(club_text.page_lines(found, args.lang)))  # as the history screen shows it, less the chart
    return 0


def _page_json(found) -> dict:
    """A player's page as one JSON object: every figure, the whole rating history."""
    return {
        "player": found.player,
        "season": found.season.as_json() if found.season else None,
        "games": found.games,
        "wins": found.wins,
        "seconds": found.seconds,
        "untimed": found.untimed,
        "played": [
            {
                "game": p.game,
                "variant": p.variant,
                "games": p.games,
                "wins": p.wins,
                "best": p.best,
                "worst": p.worst,
                "seconds": p.seconds,
                "untimed": p.untimed,
            }
            for p in found.played
        ],
        "ratings": [
            {
                "game": r.game,
                "variant": r.variant,
                **_rating_json(r.rating),
                "place": r.place,
                "of": r.of,
                "games": r.games,
                "history": [
                    {
                        "session": step.sid,
                        "played": step.played.isoformat(),
                        "rank": step.rank,
                        "players": step.players,
                        **_rating_json(step.rating),
                    }
                    for step in r.history
                ],
            }
            for r in found.ratings
        ],
        "head_to_head": [
            {
                "game": game,
                "opponents": [
                    {"player": r.name, "games": r.games, "ahead": r.ahead, "behind": r.behind, "tied": r.tied}
                    for r in rivals
                ],
            }
            for game, rivals in found.rivals
        ],
    }


def cmd_rules(args: argparse.Namespace) -> int:
    print(rules_text(args.game, " ".join(args.topic), args.lang))
    return 0


def cmd_arbiter(args: argparse.Namespace) -> int:
    pot = [c for c in args.pot.split(",") if c.strip()]
    print(
        "\n".join(
            arbitrate(
                args.game, args.cards, trump=args.trump, deck=args.deck, pot=pot, settings=args.setting, lang=args.lang
            )
        )
    )
    return 0


# --- the parser ------------------------------------------------------------------------------------


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
    parser.add_argument("--lang", choices=("en", "ja"), default="en", help="language of messages")
    sub = parser.add_subparsers(dest="command")
    # --db may also come after the command (companion sessions --db URL), as a table would type it
    db = argparse.ArgumentParser(add_help=False)
    db.add_argument("--db", default=argparse.SUPPRESS, help="database URL (as before the command)")

    def command(name: str, parents: tuple = (), **kw) -> argparse.ArgumentParser:
        return sub.add_parser(name, parents=[db, *parents], **kw)

    p = command("score", help="replay a record through the rules and print the standings")
    p.add_argument("file", help="a JSON record: a scoresheet or a trick-by-trick game")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--parts", action="store_true", help="also show every round's score as its parts")
    p.add_argument("--lang", choices=("en", "ja"), default=argparse.SUPPRESS, help="language of messages")
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
    p.add_argument("--lang", choices=("en", "ja"), default=argparse.SUPPRESS, help="language of messages")
    p.set_defaults(func=cmd_note)

    for name, what in (
        ("pause", "stop a session's clock: the time sent to BG Stats and BGG leaves pauses out"),
        ("resume", "start a session's clock again (so does the next entry)"),
    ):
        p = command(name, help=what)
        p.add_argument("id", type=int)
        p.add_argument("--lang", choices=("en", "ja"), default=argparse.SUPPRESS, help="language of messages")
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
    p.add_argument("--format", choices=("json", "csv", "md", "bgstats", "bgg"), default="json")
    p.add_argument("-o", "--output", help="write to this file instead of the screen")
    p.add_argument("--lang", choices=("en", "ja"), default=argparse.SUPPRESS, help="language of the Markdown")
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
    p.add_argument("--lang", choices=("en", "ja"), default=argparse.SUPPRESS, help="language of messages")
    p.set_defaults(func=cmd_qr)

    p = command("serve", help="serve the sessions as pages every phone at the table can read")
    p.add_argument("--host", default="127.0.0.1", help="the address to serve on (default: this machine alone)")
    p.add_argument("--port", type=int, default=8765, help="the port (default: 8765; 0: any free port)")
    p.add_argument("--lang", choices=("en", "ja"), default=argparse.SUPPRESS, help="language of messages")
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
    club.add_argument("--lang", choices=("en", "ja"), default=argparse.SUPPRESS, help="language of the words")

    p = command("ratings", parents=[club], help="a game's league table: every player's rating, best first")
    p.add_argument("game", choices=ids())
    p.set_defaults(func=cmd_ratings)

    p = command("player", parents=[club], help="a player's page: games, wins, ratings, time played, head-to-head")
    p.add_argument("name")
    p.set_defaults(func=cmd_player)

    p = command("rules", help="print a rules section (by id or by words)")
    p.add_argument("game", choices=ids())
    p.add_argument("topic", nargs="*")
    p.add_argument("--lang", choices=("en", "ja"), default=argparse.SUPPRESS)
    p.set_defaults(func=cmd_rules)

    p = command("arbiter", help="settle a table question: who wins this trick, may this card follow")
    p.add_argument("game", choices=ids())
    p.add_argument("cards", nargs="+", help="the cards in play order (Trickster: the cards to check)")
    p.add_argument("--trump", help="Sheriff: the trump suit, or none")
    p.add_argument("--deck", default="introductory", help="Trickster: the deck")
    p.add_argument("--pot", default="", help="Trickster: the cards already in the pot, lead first, comma-separated")
    p.add_argument("--setting", action="append", default=[], help="a house rule, NAME=VALUE")
    p.add_argument("--lang", choices=("en", "ja"), default=argparse.SUPPRESS, help="the language of the ruling")
    p.set_defaults(func=cmd_arbiter)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return _dispatch(args, argv)
    except BrokenPipeError:  # companion show 1 | head -1: the reader has all it wanted
        with suppress(OSError):
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


def _dispatch(args: argparse.Namespace, argv: list[str] | None) -> int:
    from companion.errors import StoreError  # the store's refusals, without the store (SQLAlchemy)

    if not getattr(args, "func", None):
        # here: the commands never load Textual
        from companion.app import run
        from companion.terminal import end_with_terminal

        end_with_terminal()
        return run(args.db, args.lang if "--lang" in (argv or sys.argv) else None)
    try:
        return args.func(args)
    except Fail as err:
        print(err, file=sys.stderr)
        return err.code
    except RuleViolation as err:
        print(err.message(getattr(args, "lang", "en")), file=sys.stderr)
        print(f"rule: {err.rule}", file=sys.stderr)
        return 1
    except StoreError as err:
        print(err, file=sys.stderr)
        return 1
