"""A session from the command line: ``new``, ``note``, ``pause``/``resume``, ``record``, ``undo``/``redo``,
``edit``, ``sessions``, ``show``."""

from __future__ import annotations

import argparse
import sys
from datetime import datetime
from types import SimpleNamespace

from companion import clock
from companion.cli.common import (
    Fail,
    json_value,
    open_sessions,
    print_parts,
    print_said,
    print_table,
    refusal,
    show_after,
    show_standings,
    typed_entry,
)
from companion.text import pad, visible
from companion.web.door import knock, session_said, standings_said
from companion.words import N_, t, tn
from companion.words.formats import join
from companion.wrapping import cells
from scoring.registry import get
from scoring.registry import name as game_name
from scoring.standings import Standing, Standings


def cmd_new(args: argparse.Namespace) -> int:
    header: dict = {"players": args.players}
    if args.header:
        extra = json_value(args.header, args.lang)
        if not isinstance(extra, dict):
            raise Fail(
                t("--header takes a JSON object, e.g. {example}.", args.lang, example='\'{"deck": "strategy"}\'')
            )
        header.update(extra)
    sid = open_sessions(args).create(args.game, header, location=args.location or "", notes=args.notes or "")
    print(sid)
    return 0


def cmd_note(args: argparse.Namespace) -> int:
    """Where the session is (was) played and the table's notes, set or changed; shown as they are."""
    sessions = open_sessions(args)
    if args.location is None and args.notes is None:
        info = sessions.info(args.id)
    else:
        info = sessions.note(args.id, location=args.location, notes=args.notes)
    print_said(info, args.lang)
    return 0


def cmd_pause(args: argparse.Namespace) -> int:
    """Stop the session's clock (``pause``) or start it again (``resume``)."""
    sessions = open_sessions(args)
    info = sessions.pause(args.id) if args.command == "pause" else sessions.resume(args.id)
    print(_clock(info, args.lang))
    return 0


def _clock(info, lang: str) -> str:
    """Whether the session's clock is stopped or runs."""
    if info.paused:
        return t("Paused: the clock is stopped (companion resume {id} starts it again).", lang, id=info.id)
    return t("The clock runs.", lang)


# a command that changes a session opens it, as the table does, and makes its one change with the
# same verbs (companion.store.sessions: append, undo, redo, replace)
def cmd_record(args: argparse.Namespace) -> int:
    """One entry, handed to the server already serving the database when one runs on this machine
    (``companion.web.door``: the database open there, the entry on the phones at once), else
    recorded here; printed the same either way."""
    text = sys.stdin.read() if args.entry == "-" else args.entry
    answer = knock(args.db, {"ask": "record", "session": args.id, "entry": text, "lang": args.lang})
    if answer is None:  # no server: recorded here
        sessions = open_sessions(args)
        live = sessions.open(args.id)
        live = sessions.append(live, typed_entry(live, text))
        answer = standings_said(live.position.scored, args.lang)
    _refused(answer, args.lang)
    show_standings(_standings(answer), answer["finished"], args.lang)
    return 0


def _refused(answer: dict, lang: str) -> None:
    """A refusal or an error the server told (``Fail``: printed, exit code 1)."""
    if "refused" in answer:
        raise Fail(refusal(answer["refused"]["reason"], answer["refused"]["rule"], lang))
    if "error" in answer:
        raise Fail(answer["error"])


def _standings(answer: dict) -> Standings:
    places = tuple(Standing(p["player"], p["rank"], p["total"], tuple(p["rounds"])) for p in answer["standings"])
    return Standings(places, tuple(answer["tiebreaks"]))


def cmd_undo(args: argparse.Namespace) -> int:
    sessions = open_sessions(args)
    verb = sessions.undo if args.command == "undo" else sessions.redo
    live, entry = verb(sessions.open(args.id))
    said = {
        "undo": (N_("Nothing to undo."), N_("undo: {entry}")),
        "redo": (N_("Nothing to redo."), N_("redo: {entry}")),
    }
    nothing, done = said[args.command]
    if entry is None:
        print(t(nothing, args.lang))
        return 0
    print(t(done, args.lang, entry=get(live.info.game).format(entry)))
    return 0


def cmd_edit(args: argparse.Namespace) -> int:
    sessions = open_sessions(args)
    live = sessions.open(args.id)
    index = args.index - 1
    live = sessions.replace(live, index, typed_entry(live, args.entry, index))
    show_after(live.position.scored, args.lang)
    return 0


def cmd_sessions(args: argparse.Namespace) -> int:
    rows = open_sessions(args).list(game=args.game, player=args.player)
    if not rows:
        print(t("No sessions yet.", args.lang))
    states = [t("finished", args.lang) if s.finished else t("unfinished", args.lang) for s in rows]
    width = max((cells(state) for state in states), default=0)
    counts = [tn("{n} entry", "{n} entries", s.entries, args.lang) for s in rows]
    wide = max((cells(count) for count in counts), default=0)
    games = {s.game: game_name(s.game, args.lang, short=True) for s in rows}  # the game as the table calls it
    named = max((cells(name) for name in games.values()), default=0)
    for s, state, count in zip(rows, states, counts, strict=True):
        players = join((visible(p, one_line=True) for p in s.players), args.lang)
        # the last change in this computer's time, with its offset from UTC (companion.clock): a
        # column of the same width on every line
        print(
            f"{s.id:>5}  {clock.minute(s.updated_at):<22}  {pad(games[s.game], named)}  {pad(state, width)}  "
            + pad(count, wide, right=True)
            + "  "
            + (players or t("(damaged: companion show {id} says why)", args.lang, id=s.id))
        )
    return 0


def cmd_show(args: argparse.Namespace) -> int:
    """A session and its round-by-round scores: from the server serving the database when one runs
    on this machine (``companion.web.door``), else read here; printed the same either way."""
    lang = args.lang
    answer = knock(args.db, {"ask": "show", "session": args.id, "lang": lang})
    if answer is None:  # no server: read here
        answer = session_said(*open_sessions(args).snapshot(args.id), lang)
    _refused(answer, lang)
    info = SimpleNamespace(**answer["session"])
    started = clock.DamagedTime(info.damaged) if info.created_at is None else datetime.fromisoformat(info.created_at)
    print(
        t(
            "Session {id} — {game}, {players}, {state}, {entries} entries, started {started}",
            lang,
            id=info.id,
            game=game_name(info.game, lang),
            players=join((visible(p, one_line=True) for p in info.players), lang),
            state=t("finished", lang) if info.finished else t("unfinished", lang),
            entries=info.entries,
            started=clock.when(started, lang),
        )
    )
    print_said(info, lang)
    if info.paused:
        print(_clock(info, lang))
    print_table(_standings(answer), sys.stdout, lang)
    if answer["details"]:
        print()
        print_parts(answer["details"])
    if answer["problem"] is not None:
        print("\n" + refusal(answer["problem"]["reason"], answer["problem"]["rule"], lang), file=sys.stderr)
        return 1
    return 0
