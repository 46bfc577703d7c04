"""A session is a header and a list of entries; each game folds them into its record.

An entry is the smallest thing a table records at once, in the record format's own words:

* trickster — ``{"round": {"trash", "tableau", "timeline"}}`` to start a round, then plays
  ``{"play": CARD, "effect": {...}}`` and busts ``{"bust": NAME}``, then ``{"reveal": {...}}``;
  or scoresheet rounds ``{"tableau": {NAME: {SUIT: N}}}``;
* kings — one scoresheet round ``{"players": {...}}`` per entry;
* sheriff — one deal per entry (scoresheet or trick by trick);
* phantom — one half per entry; a round closes when it has its halves (``"new_round": true``
  closes it early);
* louder — one turn per entry, then ``{"hands": {...}}``.

>>> build_record("kings", {"players": ["A", "B"]}, [{"players": {}}])["rounds"]
[{'players': {}}]
"""

from __future__ import annotations

from typing import Any

from scoring.recordkit import bad, need_dict

HEADER_KEYS = {
    "trickster": {"players", "deck", "first", "settings"},
    "kings": {"players", "kings", "king_numbers", "settings"},
    "sheriff": {"players", "settings"},
    "phantom": {"players", "variant", "settings"},
    "louder": {"players", "first", "flip_limits", "settings"},
}


def build_record(game: str, header: dict, entries: list[Any]) -> dict:
    """The record of a session so far (the last round may be unfinished)."""
    if game not in HEADER_KEYS:
        raise bad(f"unknown game {game!r}.", f"不明なゲーム {game!r}。")
    record = {"game": game, **{k: v for k, v in header.items() if k in HEADER_KEYS[game]}}
    entries = [need_dict(e, "an entry") for e in entries]
    if game == "trickster":
        record["rounds"] = _trickster_rounds(entries)
    elif game == "kings":
        record["rounds"] = entries
    elif game == "sheriff":
        record["deals"] = entries
    elif game == "phantom":
        record["rounds"] = _phantom_rounds(entries, header)
    else:
        turns = [e for e in entries if "hands" not in e]
        record["turns"] = turns
        hands = [e for e in entries if "hands" in e]
        if hands:
            if entries[-1] is not hands[-1] or len(hands) > 1:
                raise bad("the hands are revealed once, at the very end.", "手札の公開は最後に1回です。")
            record["hands"] = hands[-1]["hands"]
    return record


def _trickster_rounds(entries: list[dict]) -> list[dict]:
    if entries and "tableau" in entries[0] and "round" not in entries[0]:
        return entries  # scoresheet rounds
    rounds: list[dict] = []
    for e in entries:
        if "round" in e:
            rounds.append({**need_dict(e["round"], "round"), "plays": []})
        elif not rounds:
            raise bad("a round starts with its setup: {\"round\": {\"trash\": …, \"tableau\": …}}.",
                      "ラウンドは準備から始まります。")
        elif "reveal" in e:
            rounds[-1]["reveal"] = e["reveal"]
        else:
            rounds[-1]["plays"].append(e)
    return rounds


def _phantom_rounds(entries: list[dict], header: dict) -> list[dict]:
    from scoring.phantom.culprit import variants

    spec = variants().get(header.get("variant", "base"), {"halves": 2})
    rounds: list[dict] = []
    for e in entries:
        # a round closes when it has its halves; "continue_round" adds an optional extra half
        # (the West Coast game's), "new_round" closes the round early
        full = bool(rounds) and len(rounds[-1]["halves"]) >= spec["halves"] and not e.get("continue_round")
        if not rounds or full or e.get("new_round"):
            rounds.append({"halves": []})
        rounds[-1]["halves"].append({k: v for k, v in e.items() if k not in ("new_round", "continue_round")})
    return rounds


def split_record(record: dict) -> tuple[str, dict, list[dict]]:
    """The inverse: a record as (game, header, entries), for importing records as sessions."""
    game = record.get("game")
    if game not in HEADER_KEYS:
        raise bad(f"unknown game {game!r}.", f"不明なゲーム {game!r}。")
    header = {k: record[k] for k in HEADER_KEYS[game] if k in record}
    entries: list[dict] = []
    if game == "trickster":
        for r in record.get("rounds", []):
            if "trash" not in r:
                entries.append(r)
                continue
            entries.append({"round": {k: r[k] for k in ("trash", "tableau", "timeline") if k in r}})
            for trick in r.get("tricks", []):
                entries.extend(trick)
            entries.extend(r.get("plays", []))
            if "reveal" in r:
                entries.append({"reveal": r["reveal"]})
    elif game in ("kings",):
        entries = list(record.get("rounds", []))
    elif game == "sheriff":
        entries = list(record.get("deals", []))
    elif game == "phantom":
        for r in record.get("rounds", []):
            for i, h in enumerate(r.get("halves", [])):
                entries.append({**h, "new_round": True} if i == 0 else h)
    else:
        entries = list(record.get("turns", []))
        if "hands" in record:
            entries.append({"hands": record["hands"]})
    return game, header, entries
