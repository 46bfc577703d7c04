"""The ``companion`` command."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from scoring.errors import RuleViolation
from scoring.records import read_record
from scoring.standings import Table

MAX_RECORD_BYTES = 20 * 1024 * 1024


def _print_table(table: Table, out) -> None:
    rounds = max((len(s.rounds) for s in table.standings), default=0)
    width = max([len(s.player) for s in table.standings] + [6])
    head = "rank  " + "player".ljust(width) + "".join(f"  R{i + 1:<2}" for i in range(rounds))
    print(head + "  total", file=out)
    for s in table.standings:
        cols = "".join(f"  {v:>3}" for v in s.rounds)
        print(f"{s.rank:>4}  {s.player.ljust(width)}{cols}  {s.total:>5}", file=out)
    for line in table.tiebreaks:
        print(f"tie-break: {line}", file=out)


def cmd_score(args: argparse.Namespace) -> int:
    path = Path(args.file)
    try:
        raw = path.read_bytes()
    except OSError as err:
        print(f"{path}: cannot read the record: {err.strerror}", file=sys.stderr)
        return 2
    if len(raw) > MAX_RECORD_BYTES:
        print(f"{path}: the record is {len(raw)} bytes, over the {MAX_RECORD_BYTES}-byte limit.",
              file=sys.stderr)
        return 1
    try:
        record = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as err:
        print(f"{path}: not a JSON record: {err}", file=sys.stderr)
        return 1
    try:
        scored = read_record(record, args.lang)
    except RuleViolation as err:
        print(f"{path}: {err.message(args.lang)}", file=sys.stderr)
        print(f"rule: {err.rule}", file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps(scored.table.as_json(), ensure_ascii=False))
        return 0
    _print_table(scored.table, sys.stdout)
    if args.parts:
        print()
        for line in scored.details:
            print(line)
    for note in scored.notes:
        print(f"note: {note}")
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="companion", description=__doc__)
    sub = parser.add_subparsers(dest="command")
    score = sub.add_parser("score", help="replay a record through the rules and print the standings")
    score.add_argument("file", help="a JSON record: a scoresheet or a trick-by-trick game")
    score.add_argument("--json", action="store_true", help="print one JSON object")
    score.add_argument("--parts", action="store_true",
                       help="also show every round's score as its parts")
    score.add_argument("--lang", choices=("en", "ja"), default="en", help="language of messages")
    score.set_defaults(func=cmd_score)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help()
        return 0
    return args.func(args)
