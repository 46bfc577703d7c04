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
    "louder": {"players", "first", "flip_limits", "deck", "settings"},
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
        by_trick = is_kings_play(entries[0]) if entries else (
            "kings" not in header and len(header.get("players", [])) != 2)  # no kings yet: they will be drafted
        if by_trick:
            record.update(_kings_game(entries, len(header.get("players", [])) == 2))
        else:
            record["rounds"] = entries
    elif game == "sheriff":
        record["deals"] = _sheriff_deals(entries)
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


GAME_KEYS = ("pick", "devil", "fronts", "bids", "play", "lead", "hermit", "cheer")


def is_kings_play(entry: dict) -> bool:
    """A KINGs entry of the trick-by-trick form (a scoresheet round has ``players``; a 2-player one
    also names its ``devil``)."""
    return "players" not in entry and any(k in entry for k in GAME_KEYS)


def _kings_game(entries: list[dict], two: bool) -> dict:
    """KINGs played trick by trick: picks, (2 players: the Devil,) fronts, bids, then plays."""
    out: dict = {}
    rounds: list[dict] = []
    draft: list[dict] = []
    for e in entries:
        if "pick" in e:
            draft.append(need_dict(e["pick"], "a pick"))
        elif "devil" in e:
            rounds.append({"draft": draft, "devil": e["devil"]})
            draft = []
        elif "fronts" in e:
            if two:
                current = rounds[-1] if rounds and "fronts" not in rounds[-1] else {}
                if not rounds or current is not rounds[-1]:
                    rounds.append(current)
            else:
                if draft:
                    out["draft"] = draft
                    draft = []
                current = {}
                rounds.append(current)
            current["fronts"] = e["fronts"]
            if e.get("nine"):
                current["nine"] = e["nine"]
        elif "bids" in e:
            if not rounds:
                raise bad("bids come after the characters are turned up.", "ビッドはキャラの公開の後です。")
            rounds[-1]["bids"] = e["bids"]
            if e.get("partners"):
                rounds[-1]["partners"] = e["partners"]
        else:
            if not rounds:
                raise bad("the draft and the characters come before the first card.",
                          "カードの前にドラフトと公開です。")
            rounds[-1].setdefault("plays", []).append(e)
    if draft:
        if two:
            rounds.append({"draft": draft})
        else:
            out["draft"] = draft
    out.setdefault("draft", [])  # marks the record as played trick by trick, even before the first pick
    out["rounds"] = rounds
    return out


def _sheriff_deals(entries: list[Any]) -> list[dict]:
    """Whole deals as they are, or a deal played card by card: ``{"deal": {joker, roles, trump}}``
    then ``{"play": CARD}`` entries."""
    deals: list[dict] = []
    for e in entries:
        if "deal" in e:
            deals.append({**need_dict(e["deal"], "deal"), "plays": []})
        elif "play" in e:
            if not deals or "plays" not in deals[-1]:
                raise bad("a deal starts with its roles and trump: deal joker=… roles=… trump=….",
                          "ディールは役割と切り札から始まります。")
            deals[-1]["plays"].append(e["play"])
        else:
            deals.append(e)
    return deals


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


def _split_kings_game(record: dict) -> list[dict]:
    entries: list[dict] = [{"pick": p} for p in record.get("draft", [])]
    for r in record.get("rounds", []):
        entries += [{"pick": p} for p in r.get("draft", [])]
        if "devil" in r:
            entries.append({"devil": r["devil"]})
        if "fronts" in r:
            entries.append({"fronts": r["fronts"], **({"nine": r["nine"]} if "nine" in r else {})})
        if "bids" in r:
            entries.append({"bids": r["bids"], **({"partners": r["partners"]} if "partners" in r else {})})
        entries += r.get("plays", [])
    return entries


def split_record(record: dict) -> tuple[str, dict, list[dict]]:
    """The inverse: a record as (game, header, entries), for importing records as sessions."""
    game = record.get("game")
    if not isinstance(game, str) or game not in HEADER_KEYS:
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
    elif game == "kings":
        from scoring.kings.game_record import is_game_record

        entries = _split_kings_game(record) if is_game_record(record) else list(record.get("rounds", []))
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
