"""Sheriff's typed notation: the line a player types at the table, and the line for an entry.

Names, roles and trump may be typed as any unique beginning, in any case (``joker=b a=m b=s``);
the entry always holds them in full, and ``line_for`` writes them so.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from scoring.errors import RuleViolation
from scoring.notation import named, once, player, words_of
from scoring.sheriff.cards import data, fact, names, no_trump, suits
from scoring.words import Fact


def role(text: str, line: str) -> str:
    """A role from any unique beginning of its name, in any language the data names it in.

    >>> role("m", ""), role("SHER", ""), role("Rob", "")
    ('mayor', 'sheriff', 'robber')
    """
    low = text.strip().lower()
    roles = data()["roles"]
    fits = [r["id"] for r in roles if low and any(n.startswith(low) for n in names(r))]
    if len(fits) != 1:
        said = {r["id"]: Fact("sheriff.role", role=r["id"]) for r in roles}  # the Japanese names them
        raise RuleViolation("sheriff.roles", fact("refused.not_a_role", text=text, line=line, **said))
    return fits[0]


def trump(text: str, line: str) -> str:
    """Trump from a suit's name, letter, symbol or any unique beginning, or none.

    >>> trump("s", ""), trump("Hea", ""), trump("♦", ""), trump("n", ""), trump("no-trump", "")
    ('spades', 'hearts', 'diamonds', 'none', 'none')
    """
    low = text.strip().lower()
    if no_trump(low) or (low and "none".startswith(low)):
        return "none"
    fits = [
        s["id"]
        for s in suits()
        if low and (s["id"].startswith(low) or low in (s["letter"], s["symbol"]) or low in names(s))
    ]
    if len(fits) != 1:
        raise RuleViolation("sheriff.trump", fact("refused.not_a_trump", text=text, line=line))
    return fits[0]


def parse_line(line: str, players: Sequence[str] | None = None) -> dict:
    """Sheriff card by card.

    >>> parse_line("deal joker=Ben Aki=mayor Ben=sheriff Chie=robber trump=spades")
    {'deal': {'joker': 'Ben', 'roles': {'Aki': 'mayor', 'Ben': 'sheriff', 'Chie': 'robber'}, 'trump': 'spades'}}
    >>> parse_line("Kh")
    {'play': 'Kh'}

    With the players known, any unique beginning of a name, a role or a suit; the third role is
    the one the other two leave:

    >>> parse_line("deal joker=b a=m b=s trump=s", ["Aki", "Ben", "Chie"]) == parse_line(
    ...     "deal joker=Ben Aki=mayor Ben=sheriff Chie=robber trump=spades")
    True

    A scoresheet deal: each player's role and the ranks they captured (``Q*3`` for three Queens):

    >>> parse_line("sheet Aki=mayor:A,K,Q*3,JO Ben=sheriff:10*2 Chie=robber: trump=spades")
    {'roles': {'Aki': 'mayor', 'Ben': 'sheriff', 'Chie': 'robber'}, 'trump': 'spades', \
'captured': {'Aki': {'A': 1, 'K': 1, 'Q': 3, 'Joker': 1}, 'Ben': {'10': 2}, 'Chie': {}}}
    """
    words = words_of(line)
    first = words[0].lower()
    if first == "sheet":
        sheet: dict[str, Any] = {"roles": {}, "trump": "none", "captured": {}}
        pairs = named(words[1:], line, "sheet Aki=mayor:A,K,Q*3 … trump=spades")
        for key, value in _keyed(pairs, players, line, ("trump",)):
            if key == "trump":
                sheet["trump"] = trump(value, line)
                continue
            given, _, ranks = value.partition(":")
            sheet["roles"][key] = role(given, line)
            sheet["captured"][key] = _ranks(ranks, line)
        return sheet
    if first == "deal":
        deal: dict[str, Any] = {"roles": {}}
        pairs = named(words[1:], line, "deal joker=Ben Aki=mayor … trump=spades")
        for key, value in _keyed(pairs, players, line, ("joker", "trump")):
            if key == "joker":
                deal["joker"] = player(value, players, line)
            elif key == "trump":
                deal["trump"] = trump(value, line)
            else:
                deal["roles"][key] = role(value, line)
        roles = _third_role(deal["roles"], players)
        return {"deal": {"joker": deal.get("joker"), "roles": roles, "trump": deal.get("trump", "none")}}
    if len(words) != 1:
        raise RuleViolation("record-format", fact("refused.one_card"))
    return {"play": words[0]}


def _keyed(
    pairs: list[tuple[str, str]], players: Sequence[str] | None, line: str, keywords: tuple[str, ...]
) -> list[tuple[str, str]]:
    """``NAME=VALUE`` pairs with each name in full (a keyword — ``joker``, ``trump`` — stays as it
    is); a player named twice, however typed, is refused."""
    out = []
    for key, value in pairs:
        out.append((key.lower() if key.lower() in keywords else player(key, players, line), value))
    once([k for k, _ in out], line)
    return out


def _third_role(roles: dict[str, str], players: Sequence[str] | None) -> dict[str, str]:
    """The roles in seat order, the third filled in when two players' roles are given."""
    if players is None:
        return roles
    missing = [p for p in players if p not in roles]
    left = [r["id"] for r in data()["roles"] if r["id"] not in roles.values()]
    if len(missing) == 1 and len(left) == 1 and len(roles) == 2:
        roles = {**roles, missing[0]: left[0]}
    if set(roles) == set(players):
        return {p: roles[p] for p in players}
    return roles


def _ranks(text: str, line: str) -> dict[str, int]:
    out: dict[str, int] = {}
    for part in (p for p in text.split(",") if p):
        rank, _, times = part.partition("*")
        rank = {"JO": "Joker", "JOKER": "Joker", "T": "10"}.get(rank.upper(), rank.upper())
        if rank not in ("A", "K", "Q", "J", "10", "Joker") or not (times or "1").isdecimal():
            raise RuleViolation("record-format", fact("refused.ranks", text=part, line=line))
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
