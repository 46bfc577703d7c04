"""The rules at the table: ``score`` a record, ``rules`` to read a section, ``arbiter`` to settle a question."""

from __future__ import annotations

import argparse
import json
import sys

from companion.cli.common import (
    Fail,
    print_parts,
    print_table,
    read_json,
    refused,
)
from companion.exports.session_file import is_session_file, session_parts
from companion.table.lookup import arbitrate, rules_text
from companion.words import t
from scoring.errors import RuleViolation
from scoring.records import build_record, read_record
from scoring.words import say_all


def cmd_score(args: argparse.Namespace) -> int:
    record = read_json(args.file, lang=args.lang)
    try:
        if is_session_file(record):  # what `export --format json` writes: its game's record, built
            record = build_record(*session_parts(record))
        scored = read_record(record)
    except RuleViolation as err:
        raise Fail(refused(err, args.lang, args.file)) from None
    if args.json:
        print(json.dumps(scored.standings.as_json(), ensure_ascii=False))
        return 0
    print_table(scored.standings, sys.stdout, args.lang)
    if args.parts:
        print()
        print_parts(say_all(scored.details, args.lang))
    for note in say_all(scored.notes, args.lang):
        print(t("note: {line}", args.lang, line=note))
    return 0


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
