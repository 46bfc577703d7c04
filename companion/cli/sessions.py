"""A session from the command line: ``new``, ``note``, ``pause``/``resume``, ``record``, ``undo``/``redo``,
``edit``, ``sessions``, ``show``."""

from __future__ import annotations

import argparse
import sys

from companion import clock
from companion.cli.common import (
    TABLE_WORDS,
    Fail,
    json_value,
    open_sessions,
    print_parts,
    print_said,
    print_table,
    show_after,
    typed_entry,
)
from companion.text import visible
from scoring.registry import get
from scoring.words import say_all


def cmd_new(args: argparse.Namespace) -> int:
    header: dict = {"players": args.players}
    if args.header:
        extra = json_value(args.header)
        if not isinstance(extra, dict):
            raise Fail('--header takes a JSON object, e.g. \'{"deck": "strategy"}\'.')
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
    words = TABLE_WORDS.get(args.lang, TABLE_WORDS["en"])
    print(words["paused" if info.paused else "running"].format(id=info.id))
    return 0


# a command that changes a session opens it, as the table does, and makes its one change with the
# same verbs (companion.store.sessions: append, undo, redo, replace)
def cmd_record(args: argparse.Namespace) -> int:
    sessions = open_sessions(args)
    live = sessions.open(args.id)
    live = sessions.append(live, typed_entry(live, args.entry))
    show_after(live.position.scored, args.lang)
    return 0


def cmd_undo(args: argparse.Namespace) -> int:
    sessions = open_sessions(args)
    verb = sessions.undo if args.command == "undo" else sessions.redo
    live, entry = verb(sessions.open(args.id))
    if entry is None:
        print(f"Nothing to {args.command}.")
        return 0
    print(f"{args.command}: {get(live.info.game).format(entry)}")
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
    info, position = open_sessions(args).snapshot(args.id)
    scored = position.scored
    words = TABLE_WORDS.get(args.lang, TABLE_WORDS["en"])
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
    print_said(info, args.lang)
    if info.paused:
        print(words["paused"].format(id=info.id))
    print_table(scored.standings, sys.stdout, args.lang)
    if scored.details:
        print()
        print_parts(say_all(scored.details, args.lang))
    if info.problem is not None:
        print(f"\n{info.problem.message(args.lang)}\nrule: {info.problem.rule}", file=sys.stderr)
        return 1
    return 0
