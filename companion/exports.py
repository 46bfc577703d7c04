"""Exports of a session: native JSON (round-trips through import), CSV, Markdown, BG Stats' push
link and a BoardGameGeek play (XML API2 shape); and imports that take all of a file or nothing."""

from __future__ import annotations

import csv
import io
import json
import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any
from urllib.parse import quote

from companion import clock, pauses, players
from companion.files import write_whole
from companion.sessions import Sessions
from scoring import contract
from scoring.errors import RuleViolation
from scoring.recordkit import loads
from scoring.records import build_record, read_record, split_record
from scoring.registry import get, ids
from scoring.words import say, say_all

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


def _utc(stamp: datetime) -> str:
    return _aware(stamp).astimezone(UTC).strftime("%Y-%m-%d %H:%M:%S")


def _aware(stamp: datetime) -> datetime:
    """A stored time with its zone (SQLite gives it back without one: it was stored in UTC)."""
    return stamp if stamp.tzinfo else stamp.replace(tzinfo=UTC)


def public_entries(sessions: Sessions, sid: int) -> list[Any]:
    """The session's entries as the table may see them now (``Game.public``): while a game runs,
    nothing that lies face down (a LOUDER TRICKSTAR placement's card is ■). A session whose stored
    entries no longer replay keeps what replays, shown the same way, and only a game that hides
    nothing keeps the rest as stored."""
    info, position = sessions.snapshot(sid)
    entries = sessions.entries(sid)
    game = get(info.game)
    public = contract.public(game, position)
    if public == position.record:
        return entries
    return game.split(public)[1]


def native(sessions: Sessions, sid: int) -> dict:
    """The native session file: everything a table recorded once the game is over; while it runs,
    only what the table has seen (``public_entries``)."""
    info = sessions.info(sid)
    game, header = sessions.header(sid)
    data = {
        "format": FORMAT,
        "version": VERSION,
        "uid": info.uid,
        "game": game,
        "created_at": info.created_at.isoformat(),
        "header": header,
        "entries": public_entries(sessions, sid),
    }
    for key in ("location", "notes"):  # only where the table said (a file without them reads as before)
        if getattr(info, key):
            data[key] = getattr(info, key)
    return data


def export(sessions: Sessions, sid: int, fmt: str, lang: str = "en") -> str:
    """The session in one of FORMATS, as text; the Markdown in ``lang`` (its headings, the game's
    name, the score parts, the tie-breaks, the date).

    The CSV's column names stay the same in both languages (``player``, ``round 1`` …, ``total``,
    ``rank``, as ``companion history`` writes them): a spreadsheet's formulas and a script find a
    column by its name, so a file from the Japanese app and one from the English app read alike;
    its cells are names and numbers, which have no language. BG Stats and BGG read their own
    fields, in English."""
    if fmt == "json":
        return json.dumps(native(sessions, sid), ensure_ascii=False, indent=1) + "\n"
    info = sessions.info(sid)
    game = get(info.game)
    table = sessions.standings(sid)  # stored with the session: a history exports without replaying it
    if fmt == "csv":
        out = io.StringIO()
        rounds = max((len(s.rounds) for s in table.places), default=0)
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(["player", *[f"round {i + 1}" for i in range(rounds)], "total", "rank"])
        for s in table.places:
            writer.writerow([csv_cell(cell) for cell in (s.player, *s.rounds, s.total, s.rank)])
        return out.getvalue()
    if fmt == "md":
        return _markdown(game.names.name(lang), info, sessions.scored(sid), lang)
    if fmt == "bgstats":
        return bgstats_url(sessions, sid) + "\n"
    if fmt == "bgg":
        return bgg_xml(sessions, sid)
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
        for s in table.places:
            writer.writerow(
                [
                    csv_cell(cell)
                    for cell in (
                        info.uid,
                        clock.second(info.created_at),
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


# the Markdown export's own words, in each language (a game's words come from its engine)
_MARKDOWN_WORDS = {
    "en": {
        "players": "Players: {names}. ",
        "and": ", ",
        "finished": "Finished.",
        "unfinished": "Not finished.",
        "rank": "rank",
        "player": "player",
        "total": "total",
        "tiebreak": "Tie-break: {line}",
        "rounds": "Round by round",
        "location": "Place: {text}",
        "notes": "Notes: {text}",
    },
    "ja": {
        "players": "プレイヤー：{names}。",
        "and": "、",
        "finished": "終了。",
        "unfinished": "途中。",
        "rank": "順位",
        "player": "プレイヤー",
        "total": "合計",
        "tiebreak": "タイブレーク：{line}",
        "rounds": "ラウンドごとの得点",
        "location": "場所：{text}",
        "notes": "メモ：{text}",
    },
}


def _when(stamp: datetime, lang: str) -> str:
    """A session's date and time in this computer's zone, as each language writes it (``clock.when``)."""
    return clock.when(stamp, lang)


def _markdown(name: str, info, scored, lang: str = "en") -> str:
    words = _MARKDOWN_WORDS["ja" if lang == "ja" else "en"]
    table = scored.standings
    rounds = len(table.places[0].rounds) if table.places else 0
    # every name is escaped (a "|" would add a column); the round-by-round details are in a code
    # block, which shows them as typed
    names = words["and"].join(md_text(p) for p in info.players)
    lines = [
        f"# {md_text(name)} — {_when(info.created_at, lang)}",
        "",
        words["players"].format(names=names) + words["finished" if info.finished else "unfinished"],
        "",
        *[
            line
            for key in ("location", "notes")
            if getattr(info, key)
            for line in (words[key].format(text=md_text(getattr(info, key))), "")
        ],
        f"| {words['rank']} | {words['player']} | "
        + "".join(f"R{i + 1} | " for i in range(rounds))
        + f"{words['total']} |",
        "|---|---|" + "---|" * rounds + "---|",
    ]
    for s in table.places:
        lines.append(f"| {s.rank} | {md_text(s.player)} | " + "".join(f"{r} | " for r in s.rounds) + f"{s.total} |")
    if table.tiebreaks:
        lines += ["", *[f"- {words['tiebreak'].format(line=md_text(t))}" for t in table.tiebreaks_in(lang)]]
    if scored.details:
        details = say_all(scored.details, lang)
        fence = _fence(details)
        lines += ["", f"## {words['rounds']}", "", fence, *details, fence]
    return "\n".join(lines) + "\n"


# BG Stats' "push plays to BG Stats from other apps or websites" link: one play, as URL-encoded
# JSON, opened on the phone (the https form hands the play to the app; the bgstats:// form opens
# the app directly). https://www.bgstatsapp.com/support/push-plays-to-bg-stats-from-other-apps-or-websites/
BGSTATS_LINK = "https://app.bgstatsapp.com/createPlay.html?data="
BGSTATS_APP_LINK = "bgstats://app.bgstatsapp.com/createPlay.html?data="
SOURCE_NAME = "Companion"  # with sourceGameId/sourcePlayerId, what BG Stats remembers its matches by


def _not_over(what: str) -> RuleViolation:
    return RuleViolation(
        "record-format",
        f"The game is not over, so there is no result for {what} yet: it logs a finished play with "
        "its winners. Finish the game first, or export the BGG play, which logs it marked incomplete.",
        f"ゲームが終わっていないので、{what}に送る結果はまだありません（{what}は勝者のいる終わったプレイを"
        "記録します）。ゲームを終えてから送るか、BGGのプレイ記録（未完了として記録）を書き出してください。",
    )


@dataclass(frozen=True)
class Play:
    """A session as the play-logging apps see it: who sat where, who started, scores and winners,
    when and how long, the variant. Worked out from the stored session (and one replay of it, for
    the start player)."""

    game: str
    uid: str
    started: datetime
    ended: datetime  #: when the last entry was stored (an imported game: when it was started or imported)
    minutes: int | None  #: from the start to the last entry, pauses left out; None where unknown (an import)
    finished: bool
    variant: str  #: the game's own words for the deck/variant/options away from default; "" plain
    players: tuple[str, ...]  #: seat order
    player_ids: tuple[int, ...]  #: the person behind each seat, merges followed
    start: int  #: the seat of the player who took the first turn
    scores: tuple[int, ...]
    ranks: tuple[int, ...]
    winners: frozenset[str]
    location: str = ""  #: where it was played, "" where nobody said
    notes: str = ""  #: what the table noted about it

    def start_position(self, seat: int) -> int:
        """1 for the start player, then clockwise (seat order) round the table."""
        return (seat - self.start) % len(self.players) + 1


def play_of(sessions: Sessions, sid: int) -> Play:
    info, position = sessions.snapshot(sid)
    game = get(info.game)
    table = sessions.standings(sid)
    by_name = {s.player: s for s in table.places}
    players = tuple(position.header["players"])
    start = game.start_player(position)
    times = sessions.entry_times(sid)
    started = _aware(info.created_at)
    # the play ends with the entry that was stored last (an edit keeps an entry's time), read from
    # what is stored; a session without entries ends where it starts
    ended = max(started, _aware(times[1])) if times is not None else started
    minutes = None
    if times is not None and times[1] > times[0]:  # entries recorded at the table, not all at once
        # the time the clock stood still (dinner, a phone call) is no time played
        stopped = pauses.within(sessions.pauses_of(sid), started, ended)
        minutes = max(1, round((ended - started - stopped).total_seconds() / 60))
    return Play(
        game=info.game,
        uid=info.uid,
        started=started,
        ended=ended,
        minutes=minutes,
        finished=info.finished,
        variant=say(game.variant(position.header)),
        players=players,
        player_ids=tuple(sessions.seat_ids(sid)),
        start=players.index(start) if start in players else 0,
        scores=tuple(by_name[p].total for p in players),
        ranks=tuple(by_name[p].rank for p in players),
        winners=frozenset(info.winners) if info.finished else frozenset(),
        location=info.location,
        notes=info.notes,
    )


def bgstats(sessions: Sessions, sid: int) -> dict:
    """BG Stats' push payload for a finished session, with the documented fields only: a field
    Companion does not know (a BGG id no source confirms, the duration of an imported game) is left
    out, and every yes/no a player has is present. An unfinished game is refused: BG Stats has no
    field for a play that is not over."""
    play = play_of(sessions, sid)
    if not play.finished:
        raise _not_over("BG Stats")
    data = get(play.game)
    game: dict[str, Any] = {
        "name": data.names.en,
        "sourceGameId": play.game,
        "highestWins": data.highest_wins,
        "noPoints": False,
    }
    if data.bgg_id:
        game["bggId"] = data.bgg_id
    payload: dict[str, Any] = {
        "sourceName": SOURCE_NAME,
        "sourcePlayId": play.uid,
        # the end of the play, in UTC: what exporters that cite BG Stats' page send (its example
        # "2020-10-23 19:16:58" has no zone); docs/record-format.md gives the sources
        "playDate": _utc(play.ended),
    }
    if play.minutes is not None:
        payload["durationMin"] = play.minutes
    if play.location:
        payload["location"] = play.location
    if play.variant:
        payload["board"] = play.variant
    if play.notes:
        payload["comments"] = play.notes
    payload["game"] = game
    uids = [players.uid(sessions.store, pid) for pid in play.player_ids]  # the person's, through renames and merges
    payload["players"] = [
        {
            "name": name,
            "sourcePlayerId": uids[seat] if seat < len(uids) else name,
            "score": play.scores[seat],
            "rank": play.ranks[seat],
            "winner": name in play.winners,
            "startPlayer": seat == play.start,
        }
        for seat, name in enumerate(play.players)
    ]
    return payload


def bgstats_url(sessions: Sessions, sid: int, app: bool = False) -> str:
    """The push link (``app``: the bgstats:// form, which opens the app without the web page)."""
    # ":" and "," may stand unescaped in a query: the link, and so its QR code, is a third shorter
    data = json.dumps(bgstats(sessions, sid), ensure_ascii=False, separators=(",", ":"))
    return (BGSTATS_APP_LINK if app else BGSTATS_LINK) + quote(data, safe=":,")


# What BGG's XML API2 writes where there is no BGG account and no BGG play: a player without an
# account is username="" userid="0", and BGG numbers a play only when it is logged there, from 1.
NO_BGG_USER = {"username": "", "userid": "0"}
NO_BGG_PLAY = "0"


def bgg_xml(sessions: Sessions, sid: int) -> str:
    """The session as one BoardGameGeek play in the XML API2 ``plays`` shape, as
    ``/xmlapi2/plays?username=…`` answers and BGG clients (bgg-api's plays loader) read it: the
    root's ``username``/``userid`` (no BGG account known: ``""``/``0``), ``total`` and ``page``; the
    play's ``id`` 0 (it is not on BGG: BGG gives a play its id when it is logged); ``objectid`` only
    where a source confirms the game's id, ``incomplete`` for a game not over (then nobody wins),
    ``startposition`` counted from the start player, ``new`` for a first play of the game here."""
    play = play_of(sessions, sid)
    data = get(play.game)
    plays = ET.Element("plays", {**NO_BGG_USER, "total": "1", "page": "1"})
    element = ET.SubElement(
        plays,
        "play",
        id=NO_BGG_PLAY,
        date=clock.day(play.started),
        quantity="1",
        length=str(play.minutes or 0),
        incomplete="0" if play.finished else "1",
        nowinstats="0",
        location=play.location,
    )
    item = {"name": data.names.en, "objecttype": "thing"}
    if data.bgg_id:
        item["objectid"] = str(data.bgg_id)
    ET.SubElement(ET.SubElement(ET.SubElement(element, "item", item), "subtypes"), "subtype", value="boardgame")
    comments = [f"Variant: {play.variant}" if play.variant else "", play.notes]
    if any(comments):  # the variant (BGG has no field for it), then the table's notes
        ET.SubElement(element, "comments").text = "\n".join(c for c in comments if c)
    seasoned = sessions.played_before(sid)
    listed = ET.SubElement(element, "players")
    for seat, name in enumerate(play.players):
        new = seat < len(play.player_ids) and play.player_ids[seat] not in seasoned
        ET.SubElement(
            listed,
            "player",
            {
                **NO_BGG_USER,
                "name": name,
                "startposition": str(play.start_position(seat)),
                "color": "",
                "score": str(play.scores[seat]),
                "new": "1" if new else "0",
                "rating": "0",
                "win": "1" if name in play.winners else "0",
            },
        )
    ET.indent(plays, space=" ")
    return '<?xml version="1.0" encoding="utf-8"?>\n' + ET.tostring(plays, encoding="unicode") + "\n"


def _qr(text: str):
    import qrcode  # here: only a QR code needs it

    # the lowest error correction: the smallest code, and a screen is never smudged
    code = qrcode.QRCode(border=1, error_correction=qrcode.constants.ERROR_CORRECT_L)
    code.add_data(text)
    code.make(fit=True)
    return code


def qr_lines(text: str) -> list[str]:
    """``text`` as a QR code drawn with half blocks: two modules, one above the other, a character
    cell, so each module is about square in a terminal's cells (a 700-character link is 81 cells
    wide and 41 high)."""
    out = io.StringIO()
    _qr(text).print_ascii(out=out)
    return out.getvalue().rstrip("\n").split("\n")


def qr_modules(text: str, quiet: int = 4) -> list[list[bool]]:
    """``text`` as a QR code's modules, True for dark, with a light quiet zone of ``quiet`` modules
    round it (4, as the QR standard asks): what a terminal draws cell by cell (``half_blocks``)."""
    code = _qr(text)
    code.border = quiet
    return [list(row) for row in code.get_matrix()]


def qr_png(text: str, path: Path) -> Path:
    """``text`` as a QR code in a PNG file (8 pixels a module, a quiet zone of 4): what a phone scans
    from any screen or print when the terminal is too small to draw it. Written whole or not at all."""
    from qrcode.image.pure import PyPNGImage  # here: only a QR code needs it

    code = _qr(text)
    code.border = 4
    code.box_size = 8
    image = code.make_image(image_factory=PyPNGImage)
    buffer = io.BytesIO()
    image.save(buffer)
    return save_file(path, buffer.getvalue())


def save_file(path: Path, data: bytes | str) -> Path:
    """Write ``data`` to ``path`` whole or not at all (``write_whole``), making its folder if
    needed, readable as any file the user saves (0644); an ``OSError`` says why not."""
    path = path.expanduser()
    path.parent.mkdir(parents=True, exist_ok=True)
    write_whole(path, data, mode=0o644)
    return path.resolve()


def export_folder() -> Path:
    """Where exports are saved unless a path is given: the user's documents folder, Companion's own
    folder in it."""
    from platformdirs import user_documents_path

    return user_documents_path() / "Companion"


# how each export's file name ends
ENDING = {
    "json": ".json",
    "csv": ".csv",
    "md": ".md",
    "bgstats": "-bgstats.txt",
    "bgg": "-bgg.xml",
    "qr": "-bgstats.png",
}


def export_name(sessions: Sessions, sid: int, fmt: str) -> str:
    """A file name for a session's export: the game, the date, the session's number, the format
    (``trickster-2026-11-22-s12.json``; the BG Stats link ``…-bgstats.txt``, the QR code ``….png``)."""
    info = sessions.info(sid)
    return f"{info.game}-{clock.day(info.created_at)}-s{info.id}{ENDING[fmt]}"


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
        said = {key: data.get(key, "") for key in ("location", "notes")}  # checked as the form checks them
    else:
        read_record(data)  # a record is checked as `companion score` checks it, before it is split
        game, header, entries = split_record(data)
        uid = created = None
        said = {}
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
    return sessions.import_whole(game, header, entries, uid=uid, created_at=stamp, **said)
