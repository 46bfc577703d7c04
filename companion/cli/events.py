"""A club night from the command line: ``companion event new|draw|standings|show|seat|list``."""

from __future__ import annotations

import argparse
import json

from companion.cli.common import Fail, open_sessions, written
from companion.club.event_points import DRAW_WORDS, FORMULA, shown_points
from companion.club.event_text import drawn_from, round_state, still_seated, table_progress, without_seat
from companion.text import pad, visible
from companion.words import N_, t
from companion.words.formats import join
from companion.wrapping import cells
from scoring.registry import name as game_name


def _events(args: argparse.Namespace):
    from companion.club.events import Events  # here: the events load SQLAlchemy

    return Events(open_sessions(args))


def _names(text: str) -> list[str]:
    """Names as a table lists them: separated by commas (a Japanese 、 or ， too)."""
    for comma in ("、", "，"):
        text = text.replace(comma, ",")
    return [n.strip() for n in text.split(",") if n.strip()]


def cmd_event(args: argparse.Namespace) -> int:
    """``new NAME`` takes the event's name, ``list`` nothing, every other action the event's id."""
    target = args.target
    if args.action == "list":
        if target is not None:
            raise Fail(t("event list takes no name or id.", args.lang), 2)
    elif target is None:
        what = t("the event's name", args.lang) if args.action == "new" else t("the event's id", args.lang)
        raise Fail(t("event {action} needs {what}.", args.lang, action=args.action, what=what), 2)
    elif args.action == "new":
        args.name = target
    elif not target.isdecimal():
        raise Fail(t("An event's id is a whole number, not {value}.", args.lang, value=target), 2)
    else:
        args.id = int(target)
    wanted = MORE.get(args.action, 0)
    if len(args.more) != wanted:
        said = (
            t(MORE_SAID[args.action], args.lang)
            if wanted
            else t("event {action} takes no more words.", args.lang, action=args.action)
        )
        raise Fail(said, 2)
    return ACTIONS[args.action](args)


def _new(args: argparse.Namespace) -> int:
    games = [g for value in args.game for g in _names(value)]
    if not games:
        raise Fail(t("Name the game of the event: --game kings (or one per round: --game kings,sheriff).", args.lang))
    eid = _events(args).new(
        args.name,
        games,
        rounds=args.rounds,
        draw=args.draw,
        seed=args.seed,
        names=_names(args.players or ""),
        day=args.day or "",
        where=args.place or "",
    )
    print(eid)
    return 0


def _draw(args: argparse.Namespace) -> int:
    events = _events(args)
    drawn = events.redraw(args.id) if args.action == "redraw" else events.draw(args.id)
    if args.json:
        print(json.dumps(drawn.as_json(), ensure_ascii=False))
        return 0
    event = events.event(args.id)
    print(
        t(
            "Round {round} of {event} ({game}), drawn {how} from seed {seed}:",
            args.lang,
            round=drawn.round,
            event=visible(event.name, one_line=True),
            game=game_name(drawn.game, args.lang, short=True),
            how=t(DRAW_WORDS[event.draw], args.lang),
            seed=event.seed,
        )
    )
    _print_tables(drawn, args.lang)
    return 0


def _print_tables(drawn, lang: str, progress: bool = False) -> None:
    for table in drawn.tables:
        names = join([visible(p, one_line=True) for p in table.players], lang)
        line = t(
            "  Table {table} (session {session}): {players}",
            lang,
            table=table.table,
            session=table.session,
            players=names,
        )
        if progress:
            line += f" — {table_progress(table.entries, table.finished, lang)}"
        print(line)
    if drawn.out:
        print(t("  Sitting out: {players}", lang, players=join([visible(p, one_line=True) for p in drawn.out], lang)))


def _standings(args: argparse.Namespace) -> int:
    event = _events(args).event(args.id)
    if args.format:
        from companion.exports.event_results import event_file  # here: the exports load SQLAlchemy

        return written(args, event_file(event, args.format, args.lang))
    if args.json:
        lines = [s.as_json() for s in event.standings]
        print(json.dumps({"event": event.id, "standings": lines}, ensure_ascii=False))
        return 0
    _print_standings(event, args.lang)
    return 0


def _print_standings(event, lang: str) -> None:
    rounds = [t("R{n}", lang, n=r.round) for r in event.rounds]
    heads = [t("rank", lang), t("player", lang), t("points", lang), t("wins", lang), *rounds]
    width = max([cells(heads[1]), *(cells(visible(s.player, one_line=True)) for s in event.standings)])
    print(
        " ".join(
            [
                pad(heads[0], 4),
                pad(heads[1], width),
                pad(heads[2], 6, right=True),
                pad(heads[3], 4, right=True),
                *(pad(h, 5, right=True) for h in rounds),
            ]
        )
    )
    for s in event.standings:
        scores = [shown_points(x) for x in s.rounds]
        print(
            " ".join(
                [
                    pad(str(s.rank), 4),
                    pad(visible(s.player, one_line=True), width),
                    pad(shown_points(s.points), 6, right=True),
                    pad(str(s.wins), 4, right=True),
                    *(pad(x, 5, right=True) for x in scores),
                ]
            )
        )
    print(t(FORMULA, lang))


def _show(args: argparse.Namespace) -> int:
    event = _events(args).event(args.id)
    lang = args.lang
    if args.json:
        print(json.dumps(event.as_json(), ensure_ascii=False))
        return 0
    said = [visible(event.name, one_line=True)]
    if event.day:
        said.append(event.day)
    if event.place:
        said.append(visible(event.place, one_line=True))
    print(t("Event {id}: {said}", lang, id=event.id, said=" — ".join(said)))
    print(drawn_from(event, lang))
    here = join([visible(p, one_line=True) for p in event.present], lang) or t("nobody", lang)
    print(t("Here ({n}): {players}", lang, n=len(event.present), players=here))
    for r in event.rounds:
        print(round_state(r, lang))
        if r.drawn:
            _print_tables(r, lang, progress=True)
    waiting = without_seat(event)
    if waiting:
        print(t("Not at a table: {players}", lang, players=join([visible(p, one_line=True) for p in waiting], lang)))
    print()
    _print_standings(event, lang)
    return 0


def _seat(args: argparse.Namespace) -> int:
    if not args.add and not args.drop:
        raise Fail(t("Say who comes or goes: --add NAME or --drop NAME.", args.lang))
    events = _events(args)
    added = [n for v in args.add for n in _names(v)]
    leaving = [n for v in args.drop for n in _names(v)]
    events.seat(args.id, add=added, drop=leaving, table=args.table)  # all of it, or nothing (no name: refused)
    event = events.event(args.id)
    for who in leaving:
        table = still_seated(event, who)
        if table is not None:
            print(
                t(
                    "{name} still has a seat at table {table}: swap someone in (event swap) or draw the round "
                    "again (event redraw).",
                    args.lang,
                    name=who,
                    table=table,
                )
            )
    event = events.event(args.id)
    here = join([visible(p, one_line=True) for p in event.present], args.lang) or t("nobody", args.lang)
    print(t("Here ({n}): {players}", args.lang, n=len(event.present), players=here))
    return 0


def _swap(args: argparse.Namespace) -> int:
    events = _events(args)
    events.swap(args.id, *args.more)
    return _show_round(events, args)


def _close(args: argparse.Namespace) -> int:
    events = _events(args)
    events.close(args.id)
    return _show_round(events, args)


def _show_round(events, args: argparse.Namespace) -> int:
    """The round being played as it stands now."""
    now = events.event(args.id).current
    if now is not None:
        print(round_state(now, args.lang))
        _print_tables(now, args.lang, progress=True)
    return 0


def _game(args: argparse.Namespace) -> int:
    number, game = args.more
    if not number.isdecimal():
        raise Fail(t("A round is a whole number, not {value}.", args.lang, value=number), 2)
    _events(args).set_game(args.id, int(number), game)
    return _show(args)


def _list(args: argparse.Namespace) -> int:
    for eid, name, day in _events(args).list():
        print(f"{eid:>4}  {visible(name, one_line=True)}" + (f"  {day}" if day else ""))
    return 0


ACTIONS = {
    "new": _new,
    "draw": _draw,
    "redraw": _draw,
    "standings": _standings,
    "show": _show,
    "seat": _seat,
    "swap": _swap,
    "close": _close,
    "game": _game,
    "list": _list,
}
#: the actions that take more words after the id, how many, and what they are
MORE = {"swap": 2, "game": 2}
MORE_SAID = {
    "swap": N_("event swap needs two players: companion event swap ID Aki Ben."),
    "game": N_("event game needs a round and a game: companion event game ID 2 kings."),
}
