"""Sheriff's typed notation: the line a player types at the table, and the line for an entry."""

from __future__ import annotations

import json
from typing import Any

from scoring.errors import RuleViolation
from scoring.notation import named, words_of


def parse_line(line: str) -> dict:
    """Sheriff card by card.

    >>> parse_line("deal joker=Ben Aki=mayor Ben=sheriff Chie=robber trump=spades")
    {'deal': {'joker': 'Ben', 'roles': {'Aki': 'mayor', 'Ben': 'sheriff', 'Chie': 'robber'}, 'trump': 'spades'}}
    >>> parse_line("Kh")
    {'play': 'Kh'}

    A scoresheet deal: each player's role and the ranks they captured (``Q*3`` for three Queens):

    >>> parse_line("sheet Aki=mayor:A,K,Q*3,JO Ben=sheriff:10*2 Chie=robber: trump=spades")
    {'roles': {'Aki': 'mayor', 'Ben': 'sheriff', 'Chie': 'robber'}, 'trump': 'spades', \
'captured': {'Aki': {'A': 1, 'K': 1, 'Q': 3, 'Joker': 1}, 'Ben': {'10': 2}, 'Chie': {}}}
    """
    words = words_of(line)
    if words[0].lower() == "sheet":
        sheet: dict[str, Any] = {"roles": {}, "trump": "none", "captured": {}}
        for key, value in named(words[1:], line, "sheet Aki=mayor:A,K,Q*3 … trump=spades"):
            if key == "trump":
                sheet["trump"] = value
                continue
            role, _, ranks = value.partition(":")
            sheet["roles"][key] = role
            sheet["captured"][key] = _ranks(ranks, line)
        return sheet
    if words[0].lower() == "deal":
        deal: dict[str, Any] = {"roles": {}}
        for key, value in named(words[1:], line, "deal joker=Ben Aki=mayor … trump=spades"):
            if key in ("joker", "trump"):
                deal[key] = value
            else:
                deal["roles"][key] = value
        return {"deal": {"joker": deal.get("joker"), "roles": deal["roles"], "trump": deal.get("trump", "none")}}
    if len(words) != 1:
        raise RuleViolation(
            "record-format",
            "Type one card (Kh, 10s, JO), or deal joker=… NAME=role … trump=….",
            "カードを1枚入力してください。",
        )
    return {"play": words[0]}


def _ranks(text: str, line: str) -> dict[str, int]:
    out: dict[str, int] = {}
    for part in (p for p in text.split(",") if p):
        rank, _, times = part.partition("*")
        rank = {"JO": "Joker", "JOKER": "Joker", "T": "10"}.get(rank.upper(), rank.upper())
        if rank not in ("A", "K", "Q", "J", "10", "Joker") or not (times or "1").isdecimal():
            raise RuleViolation(
                "record-format",
                f"{part!r} in {line!r}: list the captured ranks as A, K, Q, J, 10 or JO, with *N for several (Q*3).",
                f"「{part}」は取ったカードの形ではありません。",
            )
        out[rank] = out.get(rank, 0) + int(times or 1)
    return out


def line_for(entry: dict) -> str:
    """The typed line for a Sheriff entry (the inverse of ``parse_line``)."""
    if "deal" in entry:
        d = entry["deal"]
        roles = " ".join(f"{k}={v}" for k, v in d["roles"].items())
        return f"deal joker={d['joker']} {roles} trump={d.get('trump', 'none')}"
    if "play" in entry:
        return entry["play"]
    if "roles" in entry and "captured" in entry:

        def ranks(row: dict) -> str:
            return ",".join(("JO" if k == "Joker" else k) + (f"*{n}" if n > 1 else "") for k, n in row.items() if n)

        players = " ".join(
            f"{who}={role}:{ranks(entry['captured'].get(who, {}))}" for who, role in entry["roles"].items()
        )
        return f"sheet {players} trump={entry.get('trump', 'none')}"
    return json.dumps(entry, ensure_ascii=False)
