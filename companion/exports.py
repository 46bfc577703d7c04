"""Exports of a session: native JSON (round-trips through import), CSV, Markdown, the BG Stats push
payload and a BGG-style play log; and imports that take all of a file or nothing."""

from __future__ import annotations

import csv
import io
import json
import re
from datetime import UTC, datetime
from typing import Any
from urllib.parse import quote

from companion.sessions import Sessions
from scoring.errors import RuleViolation
from scoring.recordkit import loads
from scoring.records import build_record, read_record, split_record
from scoring.registry import get, ids

FORMAT = "companion-session"
VERSION = 1
MAX_IMPORT_BYTES = 5 * 1024 * 1024
FORMATS = ("json", "csv", "md", "bgstats", "bgg")


def csv_cell(value: Any) -> Any:
    r"""A cell a spreadsheet shows as the text typed, never runs as a formula: text that starts with
    ``= + - @``, a tab or a carriage return gets a leading ``'`` (as OWASP advises); numbers stay.

    >>> csv_cell("=HYPERLINK(\"http://x\")"), csv_cell("@SUM(1+1)"), csv_cell("Aki"), csv_cell(-3)
    ('\'=HYPERLINK("http://x")', "'@SUM(1+1)", 'Aki', -3)
    """
    if isinstance(value, str) and value.startswith(("=", "+", "-", "@", "\t", "\r")):
        return "'" + value
    return value


_MARKDOWN = re.compile(r"([\\`*_\[\]<>|~&])")  # what Markdown reads inside a line or a table cell


def md_text(text: object) -> str:
    r"""``text`` in a Markdown line or table cell exactly as typed: every character Markdown reads
    there (``|`` would add a column, ``[`` a link, ``*`` emphasis) is escaped, and a line break is a
    space.

    >>> md_text("A|B"), md_text("[x](http://e)"), md_text("*a*\nb")
    ('A\\|B', '\\[x\\](http://e)', '\\*a\\* b')
    """
    return _MARKDOWN.sub(r"\\\1", re.sub(r"[\r\n]+", " ", str(text)))


def _fence(lines: list[str]) -> str:
    """A code fence longer than any run of backticks in ``lines``, so none of them can close it."""
    longest = max((len(run) for line in lines for run in re.findall("`+", line)), default=0)
    return "`" * max(3, longest + 1)


def _utc(stamp) -> str:
    stamp = stamp if stamp.tzinfo else stamp.replace(tzinfo=UTC)
    return stamp.astimezone(UTC).strftime("%Y-%m-%d %H:%M:%S")


def public_entries(sessions: Sessions, sid: int) -> list[Any]:
    """The session's entries as the table may see them now (``Game.public``): while a game runs,
    nothing that lies face down (a LOUDER TRICKSTAR placement's card is ■). A session whose stored
    entries no longer replay keeps what replays, shown the same way, and only a game that hides
    nothing keeps the rest as stored."""
    info, position = sessions.snapshot(sid)
    entries = sessions.entries(sid)
    game = get(info.game)
    public = game.public(position)
    if public == position.record:
        return entries
    return game.split(public)[1]


def native(sessions: Sessions, sid: int) -> dict:
    """The native session file: everything a table recorded once the game is over; while it runs,
    only what the table has seen (``public_entries``)."""
    info = sessions.info(sid)
    game, header = sessions.header(sid)
    return {
        "format": FORMAT,
        "version": VERSION,
        "uid": info.uid,
        "game": game,
        "created_at": info.created_at.isoformat(),
        "header": header,
        "entries": public_entries(sessions, sid),
    }


def export(sessions: Sessions, sid: int, fmt: str) -> str:
    """The session in one of FORMATS, as text."""
    if fmt == "json":
        return json.dumps(native(sessions, sid), ensure_ascii=False, indent=1) + "\n"
    info = sessions.info(sid)
    game = get(info.game)
    table = sessions.table(sid)  # stored with the session: a history exports without replaying it
    if fmt == "csv":
        out = io.StringIO()
        rounds = max((len(s.rounds) for s in table.standings), default=0)
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(["player", *[f"round {i + 1}" for i in range(rounds)], "total", "rank"])
        for s in table.standings:
            writer.writerow([csv_cell(cell) for cell in (s.player, *s.rounds, s.total, s.rank)])
        return out.getvalue()
    if fmt == "md":
        return _markdown(game.names.en, info, sessions.scored(sid))
    if fmt == "bgstats":
        return json.dumps(bgstats(sessions, sid), ensure_ascii=False) + "\n"
    if fmt == "bgg":
        winners = set(table.winners())
        bgg = f" (BGG {game.bgg_id})" if game.bgg_id else ""
        lines = [
            f"{_utc(info.created_at)[:10]}  {game.names.en}{bgg}",
            f"Players: {len(info.players)}" + ("" if info.finished else "  (incomplete)"),
        ]
        for s in table.standings:
            lines.append(f"  {s.player}: {s.total}" + ("  — win" if s.player in winners else ""))
        return "\n".join(lines) + "\n"
    raise RuleViolation(
        "record-format", f"Unknown export format {fmt!r}; use one of {', '.join(FORMATS)}.", f"不明な形式 {fmt!r}。"
    )


def history_csv(sessions: Sessions, game: str | None = None) -> str:
    """A whole history (or one game's) as one CSV: a row per player per session, oldest first,
    from the standings stored with each session (nothing is replayed)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["session", "date", "game", "finished", "player", "seat", "total", "rank", "winner", "rounds"])
    for info, table in sessions.summaries(game):
        seats = {p: n for n, p in enumerate(info.players, start=1)}
        for s in table.standings:
            writer.writerow(
                [
                    csv_cell(cell)
                    for cell in (
                        info.uid,
                        _utc(info.created_at),
                        info.game,
                        "yes" if info.finished else "no",
                        s.player,
                        seats.get(s.player, ""),
                        s.total,
                        s.rank,
                        "yes" if s.player in info.winners else "no",
                        " ".join(str(r) for r in s.rounds),
                    )
                ]
            )
    return out.getvalue()


def _markdown(name: str, info, scored) -> str:
    table = scored.table
    rounds = len(table.standings[0].rounds) if table.standings else 0
    # every name is escaped (a "|" would add a column); the round-by-round details are in a code
    # block, which shows them as typed
    lines = [
        f"# {name} — {_utc(info.created_at)} UTC",
        "",
        f"Players: {', '.join(md_text(p) for p in info.players)}. "
        + ("Finished." if info.finished else "Not finished."),
        "",
        "| rank | player | " + "".join(f"R{i + 1} | " for i in range(rounds)) + "total |",
        "|---|---|" + "---|" * rounds + "---|",
    ]
    for s in table.standings:
        lines.append(f"| {s.rank} | {md_text(s.player)} | " + "".join(f"{r} | " for r in s.rounds) + f"{s.total} |")
    if table.tiebreaks:
        lines += ["", *[f"- Tie-break: {md_text(t)}" for t in table.tiebreaks]]
    if scored.details:
        fence = _fence(scored.details)
        lines += ["", "## Round by round", "", fence, *scored.details, fence]
    return "\n".join(lines) + "\n"


def bgstats(sessions: Sessions, sid: int) -> dict:
    """The BG Stats app's push-URL payload for a finished (or running) session."""
    info = sessions.info(sid)
    game, header = sessions.header(sid)
    data = get(game)
    table = sessions.table(sid)
    first = data.first_player(header)
    by_name = {s.player: s for s in table.standings}
    return {
        "sourceName": "Companion",
        "sourcePlayId": info.uid,
        "playDate": _utc(info.created_at),
        "game": {
            "name": data.names.en,
            "bggId": data.bgg_id,
            "highestWins": data.highest_wins,
            "noPoints": False,
            "sourceGameId": game,
        },
        "players": [
            {
                "name": p,
                "score": by_name[p].total,
                "rank": by_name[p].rank,
                "winner": by_name[p].rank == 1,
                "startPlayer": p == first,
            }
            for p in header["players"]
        ],
    }


def bgstats_url(sessions: Sessions, sid: int) -> str:
    # ":" and "," may stand unescaped in a query: the link, and so its QR code, is a third shorter
    return "bgstats://app.import?data=" + quote(
        json.dumps(bgstats(sessions, sid), ensure_ascii=False, separators=(",", ":")), safe=":,"
    )


def qr_lines(text: str) -> list[str]:
    """``text`` as a QR code drawn with half blocks (two modules a character cell), at the lowest
    error correction: the smallest code, and a screen is never smudged."""
    import qrcode  # here: only a QR code needs it

    code = qrcode.QRCode(border=1, error_correction=qrcode.constants.ERROR_CORRECT_L)
    code.add_data(text)
    code.make(fit=True)
    out = io.StringIO()
    code.print_ascii(out=out)
    return out.getvalue().rstrip("\n").split("\n")


def import_text(sessions: Sessions, raw: bytes) -> int:
    """Import a native session file or any game record: everything is checked through the engine
    before a single row is written, so a bad file changes nothing."""
    if len(raw) > MAX_IMPORT_BYTES:
        raise RuleViolation(
            "record-format",
            f"The file is {len(raw)} bytes; imports are limited to {MAX_IMPORT_BYTES}.",
            "ファイルが大きすぎます。",
        )
    try:
        data: Any = loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as err:
        raise RuleViolation(
            "record-format", f"Not a JSON file (truncated or damaged?): {err}.", "JSONファイルではありません。"
        ) from None
    if not isinstance(data, dict):
        raise RuleViolation("record-format", "A session file is one JSON object.", "JSONオブジェクトが必要です。")
    if data.get("format") == FORMAT:
        if data.get("version") != VERSION:
            raise RuleViolation(
                "record-format",
                f"This is a version {data.get('version')!r} session file; this Companion reads version {VERSION}.",
                "対応していないバージョンです。",
            )
        game, header, entries = data.get("game"), data.get("header"), data.get("entries")
        if (
            not isinstance(game, str)
            or game not in ids()
            or not isinstance(header, dict)
            or not isinstance(entries, list)
        ):
            raise RuleViolation(
                "record-format", "A session file needs game, header and entries.", "game・header・entries が必要です。"
            )
        uid, created = data.get("uid"), data.get("created_at")
    else:
        read_record(data)  # a record is checked as `companion score` checks it, before it is split
        game, header, entries = split_record(data)
        uid = created = None
    read_record(build_record(game, header, entries))  # the whole file, through the rules, first
    try:
        stamp = datetime.fromisoformat(created) if created is not None else None
    except (TypeError, ValueError):
        raise RuleViolation(
            "record-format",
            f"created_at must be a date and time like 2026-11-22T19:26:03+00:00, not {created!r}.",
            "created_at は日時です。",
        ) from None
    if uid is not None and not isinstance(uid, str):
        raise RuleViolation("record-format", f"uid must be text, not {uid!r}.", "uid は文字列です。")
    if uid and any(s.uid == uid for s in sessions.list()):
        raise RuleViolation(
            "record-format", f"Session {uid} is already in this database.", "このセッションはすでにあります。"
        )
    return sessions.import_whole(game, header, entries, uid=uid, created_at=stamp)
