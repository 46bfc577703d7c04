"""Quick entry: what a player types at the table, turned into a session entry.

Anything that starts with ``{`` is taken as JSON. Otherwise, for Trickster:

>>> quick("RGUA card=WGUA enemy=Ben", "trickster", to_play="Aki")
{'play': 'RGUA', 'by': 'Aki', 'effect': {'card': 'WGUA', 'enemy': 'Ben'}}
>>> quick("RARC copy=KDOC then.card=WDOC then.enemy=Ben", "trickster", to_play="Aki")["effect"]
{'copy': 'KDOC', 'then': {'card': 'WDOC', 'enemy': 'Ben'}}
>>> quick("bust", "trickster", to_play="Chie"), quick("PED -", "trickster", to_play="Dan")
({'bust': 'Chie'}, {'play': 'PED', 'by': 'Dan', 'effect': {}})
>>> quick("round trash=GPED,BSOL tableau=Aki:PBRI,Ben:PREV", "trickster")
{'round': {'trash': ['GPED', 'BSOL'], 'tableau': {'Aki': 'PBRI', 'Ben': 'PREV'}}}
>>> quick("reveal Aki=ONOM,BPED Ben=", "trickster")
{'reveal': {'Aki': ['ONOM', 'BPED'], 'Ben': []}}

A play with no ``key=value`` means its effect could not be resolved; ``-`` after the card means it
was resolved with nothing to name (a secret Peddler trade, a Scion).
"""

from __future__ import annotations

import json
from typing import Any

from scoring.errors import RuleViolation


def _bad(text: str, game: str) -> RuleViolation:
    return RuleViolation("record-format", f"Cannot read {text!r}. Type a card code with its effect "
                         "(RGUA card=WGUA enemy=Ben), bust, round …, reveal …, or a JSON entry.",
                         f"「{text}」を読めません。")


def quick(text: str, game: str, to_play: str | None = None) -> Any:
    """The entry for a typed line (see the module docstring)."""
    line = text.strip()
    if not line:
        raise RuleViolation("record-format", "Type an entry first.", "入力してください。")
    if line.startswith("{"):
        try:
            return json.loads(line)
        except json.JSONDecodeError as err:
            raise RuleViolation("record-format", f"Not JSON: {err}.", "JSONではありません。") from None
    if game != "trickster":
        raise RuleViolation("record-format", f"For {game}, type the entry as JSON (see docs/record-format.md).",
                            "JSONで入力してください。")
    words = line.split()
    head, rest = words[0].lower(), words[1:]
    if head == "bust":
        who = rest[0] if rest else to_play
        return {"bust": who}
    if head == "round":
        setup: dict[str, Any] = {}
        for word in rest:
            key, _, value = word.partition("=")
            if key in ("trash", "timeline"):
                setup[key] = [c for c in value.split(",") if c]
            elif key == "tableau":
                setup[key] = dict(pair.split(":", 1) for pair in value.split(",") if ":" in pair)
            else:
                raise _bad(text, game)
        return {"round": setup}
    if head == "reveal":
        return {"reveal": {name: [c for c in cards.split(",") if c]
                           for name, _, cards in (w.partition("=") for w in rest)}}
    entry: dict[str, Any] = {"play": words[0], "by": to_play} if to_play else {"play": words[0]}
    if rest == ["-"]:
        entry["effect"] = {}
        return entry
    effect: dict[str, Any] = {}
    for word in rest:
        key, eq, value = word.partition("=")
        if not eq:
            raise _bad(text, game)
        target = effect
        parts = key.split(".")
        for part in parts[:-1]:
            target = target.setdefault(part, {})
        target[parts[-1]] = value
    if effect:
        entry["effect"] = effect
    return entry


def line_for(entry: dict) -> str:
    """The quick-entry line for an entry (used to type recorded games back in)."""
    if "bust" in entry:
        return f"bust {entry['bust']}"
    if "round" in entry:
        r = entry["round"]
        parts = ["round", "trash=" + ",".join(r["trash"]),
                 "tableau=" + ",".join(f"{k}:{v}" for k, v in r["tableau"].items())]
        if r.get("timeline"):
            parts.append("timeline=" + ",".join(r["timeline"]))
        return " ".join(parts)
    if "reveal" in entry:
        return "reveal " + " ".join(f"{k}={','.join(v)}" for k, v in entry["reveal"].items())
    if "play" in entry:
        effect = entry.get("effect")
        if effect is None:
            return entry["play"]
        if not effect:
            return f"{entry['play']} -"

        def flat(obj: dict, prefix: str = "") -> list[str]:
            out = []
            for key, value in obj.items():
                if isinstance(value, dict):
                    out += flat(value, f"{prefix}{key}.")
                else:
                    out.append(f"{prefix}{key}={value}")
            return out
        return " ".join([entry["play"], *flat(effect)])
    return json.dumps(entry, ensure_ascii=False)
