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

A scoresheet round is the tableau counts by suit letter (R O Y G B P K W):

>>> quick("tableau Aki=R3,B1 Ben=B2,G1 Chie=", "trickster")
{'tableau': {'Aki': {'red': 3, 'blue': 1}, 'Ben': {'blue': 2, 'green': 1}, 'Chie': {}}}

A play with no ``key=value`` means its effect could not be resolved; ``-`` after the card means it
was resolved with nothing to name (a secret Peddler trade, a Scion).

A line that cannot be read is refused with what to type instead (rule ``record-format``), never
half read: a missing or extra word, or a count that is not a number, says so.

>>> quick("bust Ben Chie", "trickster")
Traceback (most recent call last):
...
scoring.errors.RuleViolation: Type bust, or bust and the one player who busts (bust Ben). [record-format]
"""

from __future__ import annotations

import json
from typing import Any

from scoring.errors import RuleViolation
from scoring.recordkit import loads


def _bad(text: str, game: str) -> RuleViolation:
    return RuleViolation("record-format", f"Cannot read {text!r}. Type a card code with its effect "
                         "(RGUA card=WGUA enemy=Ben), bust, round …, reveal …, or a JSON entry.",
                         f"「{text}」を読めません。")


def _unreadable(reason: str, reason_ja: str) -> RuleViolation:
    """A typed line that cannot be read, with what to type instead."""
    return RuleViolation("record-format", reason, reason_ja)


def _named(words: list[str], line: str, form: str) -> list[tuple[str, str]]:
    """``NAME=VALUE`` words as pairs; a word without ``=`` is refused, with the form to type."""
    pairs = [w.partition("=") for w in words]
    for word, (_, eq, _) in zip(words, pairs, strict=True):
        if not eq:
            raise _unreadable(f"{word!r} in {line!r}: type NAME=… for each player, like {form}.",
                              f"「{word}」：各プレイヤーを 名前=… の形で入力してください（例：{form}）。")
    _once([name for name, _, _ in pairs], line)
    return [(name, value) for name, _, value in pairs]


def _once(names: list[str], line: str) -> None:
    """A name given twice in one line is refused, never quietly kept as the last one.

    >>> _once(["Aki", "Ben", "Aki"], "point Aki>Ben Aki>Chie")
    Traceback (most recent call last):
    ...
    scoring.errors.RuleViolation: Aki is given twice in 'point Aki>Ben Aki>Chie'; give each once. [record-format]
    """
    twice = next((n for i, n in enumerate(names) if n in names[:i]), None)
    if twice is not None:
        raise _unreadable(f"{twice} is given twice in {line!r}; give each once.",
                          f"{twice}が2回書かれています（「{line}」）。1回ずつ書いてください。")


def quick(text: str, game: str, to_play: str | None = None) -> Any:
    """The entry for a typed line (see the module docstring)."""
    line = text.strip()
    if not line:
        raise RuleViolation("record-format", "Type an entry first.", "入力してください。")
    if line.startswith("{"):
        try:
            return loads(line)
        except (json.JSONDecodeError, ValueError, RecursionError) as err:  # a number too long, a nesting too deep
            raise RuleViolation("record-format", f"Not JSON: {err}.", "JSONではありません。") from None
    if game == "kings":
        return kings_quick(line, to_play)
    if game == "sheriff":
        return sheriff_quick(line)
    if game == "phantom":
        return phantom_quick(line)
    if game == "louder":
        return louder_quick(line)
    if game != "trickster":
        raise RuleViolation("record-format", f"For {game}, type the entry as JSON (see docs/record-format.md).",
                            "JSONで入力してください。")
    words = line.split()
    head, rest = words[0].lower(), words[1:]
    if head == "bust":
        if len(rest) > 1:
            raise _unreadable("Type bust, or bust and the one player who busts (bust Ben).",
                              "bust か、bust とバストした1人（bust Ben）を入力してください。")
        who = rest[0] if rest else to_play
        return {"bust": who}
    if head == "round":
        setup: dict[str, Any] = {}
        for word in rest:
            key, _, value = word.partition("=")
            if key in ("trash", "timeline"):
                setup[key] = [c for c in value.split(",") if c]
            elif key == "tableau":
                pairs = [p for p in value.split(",") if p]
                if not all(":" in pair for pair in pairs):
                    raise _bad(text, game)
                setup[key] = dict(pair.split(":", 1) for pair in pairs)
            else:
                raise _bad(text, game)
        return {"round": setup}
    if head == "reveal":
        return {"reveal": {name: [c for c in cards.split(",") if c]
                           for name, cards in _named(rest, line, "reveal Aki=ONOM,BPED Ben=")}}
    if head == "tableau":
        return {"tableau": {name: _suit_counts(counts, text)
                            for name, counts in _named(rest, line, "tableau Aki=R3,B1 Ben=")}}
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


def _suit_counts(text: str, line: str) -> dict[str, int]:
    """``R3,B1`` as ``{"red": 3, "blue": 1}``."""
    from scoring.trickster.cards import suits

    by_letter = {s.letter: s.name.lower() for s in suits()}
    out: dict[str, int] = {}
    for part in (p for p in text.split(",") if p):
        suit = by_letter.get(part[:1].upper())
        if suit is None or not part[1:].isdecimal():  # "²" is a digit, but no number
            raise RuleViolation("record-format", f"{part!r} in {line!r}: a count is a suit letter "
                                f"({' '.join(by_letter)}) and a number, like R3.",
                                f"「{part}」はスートの文字と数（R3など）ではありません。")
        out[suit] = int(part[1:])
    return out


def line_for(entry: dict) -> str:
    """The quick-entry line for a Trickster entry (used to type recorded games back in)."""
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
    if set(entry) == {"tableau"}:
        from scoring.trickster.cards import suits

        letter = {s.name.lower(): s.letter for s in suits()}
        return "tableau " + " ".join(f"{who}=" + ",".join(f"{letter[suit]}{n}" for suit, n in counts.items())
                                     for who, counts in entry["tableau"].items())
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


KING_COLORS = ("white", "red", "blue", "green", "black")
DECLARES = ("nine", "one", "rare", "flag")


def kings_quick(line: str, to_play: str | None = None) -> dict:
    """KINGs played trick by trick.

    >>> kings_quick("pick red"), kings_quick("pick Devil")
    ({'pick': {'king': 'red'}}, {'pick': {'character': 'Devil'}})
    >>> kings_quick("fronts Aki=Healer Ben=Devil,Samurai nine=Ben")
    {'fronts': {'Aki': ['Healer'], 'Ben': ['Devil', 'Samurai']}, 'nine': ['Ben']}
    >>> bids = kings_quick("bids Aki=Gambler:2/50 Ben=Devil:miss Chie=Neme:copy:Aki partner=Dan:Chie")
    >>> bids["bids"]["Chie"], bids["partners"]
    ([{'card': 'Neme', 'bid': {'special': 'copy', 'of': 'Aki'}}], {'Dan': 'Chie'})
    >>> kings_quick("b3 king gift", to_play="Ben"), kings_quick("lead Chie", to_play="Aki")
    ({'by': 'Ben', 'play': 'b3', 'king': True, 'gift': True}, {'by': 'Aki', 'lead': 'Chie'})
    """
    words = line.split()
    head, rest = words[0].lower(), words[1:]
    one = {"pick": ("pick red · pick Healer", "a king's colour or a character"),
           "devil": ("devil green", "the colour of a king nobody drafted"),
           "lead": ("lead Ben", "the player who leads")}
    if head in one and len(rest) != 1:
        example, what = one[head]
        raise _unreadable(f"Type {head} and {what}: {example}.", f"{head} のあとに1語：{example}")
    if head in ("hermit", "cheer") and len(rest) > 1:
        raise _unreadable(f"Type {head}, or {head} and the one player (hermit Ben).",
                          f"{head} か、{head} と1人の名前を入力してください。")
    if head == "pick":
        name = rest[0]
        return {"pick": {"king": name.lower()} if name.lower() in KING_COLORS else {"character": name}}
    if head == "devil":
        return {"devil": {"color": rest[0].lower()}}
    if head == "fronts":
        out: dict[str, Any] = {"fronts": {}}
        for key, value in _named(rest, line, "fronts Aki=Healer Ben=Devil,Samurai nine=Ben"):
            if key == "nine":
                out["nine"] = [v for v in value.split(",") if v]
            else:
                out["fronts"][key] = [v for v in value.split(",") if v]
        return out
    if head == "bids":
        bids: dict[str, list] = {}
        partners: dict[str, str] = {}
        for word in rest:
            key, _, value = word.partition("=")
            if key == "partner":
                a, _, b = value.partition(":")
                partners[a] = b
                continue
            _once([*bids, key], line)
            bids[key] = [_kings_bid(part) for part in value.split("+")]
        return {"bids": bids, **({"partners": partners} if partners else {})}
    if head in ("lead", "hermit", "cheer"):
        if head == "lead":
            return {"by": to_play, "lead": rest[0]} if to_play else {"lead": rest[0]}
        return {head: rest[0] if rest else to_play}
    entry: dict[str, Any] = {"by": to_play, "play": words[0]} if to_play else {"play": words[0]}
    for flag in rest:
        if flag in ("king", "sword", "gift"):
            entry[flag] = True
        elif flag in DECLARES:
            entry["declare"] = flag
        else:
            raise RuleViolation("record-format", f"{flag!r}: after a card, type king, sword, gift, or a Resistance "
                                "declaration (nine, one, rare, flag).", f"「{flag}」は使えません。")
    return entry


def _kings_bid(text: str) -> dict:
    card, _, bid = text.partition(":")
    if bid == "miss":
        return {"card": card, "bid": {"special": "devil_miss"}}
    if bid.startswith(("copy:", "bond:")):
        kind, _, other = bid.partition(":")
        return {"card": card, "bid": {"special": kind, ("of" if kind == "copy" else "partner"): other}}
    tricks, _, points = bid.partition("/")
    try:
        return {"card": card, "bid": {"tricks": int(tricks), "points": int(points)}}
    except ValueError:
        raise RuleViolation("record-format", f"{text!r}: a bid is CARD:TRICKS/POINTS (Gambler:2/50), CARD:miss, "
                            "CARD:copy:NAME or CARD:bond:NAME.", f"「{text}」はビッドの形ではありません。") from None


def kings_line(entry: dict) -> str:
    """The quick line for a KINGs entry (the inverse of ``kings_quick``)."""
    if "pick" in entry:
        p = entry["pick"]
        return f"pick {p.get('king') or p.get('character')}"
    if "devil" in entry:
        return f"devil {entry['devil']['color']}"
    if "fronts" in entry:
        parts = [f"{k}={','.join(v)}" for k, v in entry["fronts"].items() if v]
        if entry.get("nine"):
            parts.append("nine=" + ",".join(entry["nine"]))
        return "fronts " + " ".join(parts)
    if "bids" in entry:
        def one(b: dict) -> str:
            bid = b["bid"]
            if "tricks" in bid:
                return f"{b['card']}:{bid['tricks']}/{bid['points']}"
            if bid["special"] == "devil_miss":
                return f"{b['card']}:miss"
            return f"{b['card']}:{bid['special']}:{bid.get('of') or bid.get('partner')}"
        parts = [f"{k}={'+'.join(one(b) for b in v)}" for k, v in entry["bids"].items()]
        parts += [f"partner={a}:{b}" for a, b in entry.get("partners", {}).items()]
        return "bids " + " ".join(parts)
    if "lead" in entry:
        return f"lead {entry['lead']}"
    if "hermit" in entry or "cheer" in entry:
        key = "hermit" if "hermit" in entry else "cheer"
        return f"{key} {entry[key]}"
    flags = [f for f in ("king", "sword", "gift") if entry.get(f)]
    if entry.get("declare"):
        flags.append(entry["declare"])
    return " ".join([entry["play"], *flags])


def sheriff_quick(line: str) -> dict:
    """Sheriff card by card.

    >>> sheriff_quick("deal joker=Ben Aki=mayor Ben=sheriff Chie=robber trump=spades")
    {'deal': {'joker': 'Ben', 'roles': {'Aki': 'mayor', 'Ben': 'sheriff', 'Chie': 'robber'}, 'trump': 'spades'}}
    >>> sheriff_quick("Kh")
    {'play': 'Kh'}

    A scoresheet deal: each player's role and the ranks they captured (``Q*3`` for three Queens):

    >>> sheriff_quick("sheet Aki=mayor:A,K,Q*3,JO Ben=sheriff:10*2 Chie=robber: trump=spades")
    {'roles': {'Aki': 'mayor', 'Ben': 'sheriff', 'Chie': 'robber'}, 'trump': 'spades', \
'captured': {'Aki': {'A': 1, 'K': 1, 'Q': 3, 'Joker': 1}, 'Ben': {'10': 2}, 'Chie': {}}}
    """
    words = line.split()
    if words[0].lower() == "sheet":
        sheet: dict[str, Any] = {"roles": {}, "trump": "none", "captured": {}}
        for key, value in _named(words[1:], line, "sheet Aki=mayor:A,K,Q*3 … trump=spades"):
            if key == "trump":
                sheet["trump"] = value
                continue
            role, _, ranks = value.partition(":")
            sheet["roles"][key] = role
            sheet["captured"][key] = _ranks(ranks, line)
        return sheet
    if words[0].lower() == "deal":
        deal: dict[str, Any] = {"roles": {}}
        for key, value in _named(words[1:], line, "deal joker=Ben Aki=mayor … trump=spades"):
            if key in ("joker", "trump"):
                deal[key] = value
            else:
                deal["roles"][key] = value
        return {"deal": {"joker": deal.get("joker"), "roles": deal["roles"], "trump": deal.get("trump", "none")}}
    if len(words) != 1:
        raise RuleViolation("record-format", "Type one card (Kh, 10s, JO), or deal joker=… NAME=role … trump=….",
                            "カードを1枚入力してください。")
    return {"play": words[0]}


def _ranks(text: str, line: str) -> dict[str, int]:
    out: dict[str, int] = {}
    for part in (p for p in text.split(",") if p):
        rank, _, times = part.partition("*")
        rank = {"JO": "Joker", "JOKER": "Joker", "T": "10"}.get(rank.upper(), rank.upper())
        if rank not in ("A", "K", "Q", "J", "10", "Joker") or not (times or "1").isdecimal():
            raise RuleViolation("record-format", f"{part!r} in {line!r}: list the captured ranks as A, K, Q, J, "
                                "10 or JO, with *N for several (Q*3).", f"「{part}」は取ったカードの形ではありません。")
        out[rank] = out.get(rank, 0) + int(times or 1)
    return out


def sheriff_line(entry: dict) -> str:
    if "deal" in entry:
        d = entry["deal"]
        roles = " ".join(f"{k}={v}" for k, v in d["roles"].items())
        return f"deal joker={d['joker']} {roles} trump={d.get('trump', 'none')}"
    if "play" in entry:
        return entry["play"]
    if "roles" in entry and "captured" in entry:
        def ranks(row: dict) -> str:
            return ",".join(("JO" if k == "Joker" else k) + (f"*{n}" if n > 1 else "") for k, n in row.items() if n)
        players = " ".join(f"{who}={role}:{ranks(entry['captured'].get(who, {}))}"
                           for who, role in entry["roles"].items())
        return f"sheet {players} trump={entry.get('trump', 'none')}"
    return json.dumps(entry, ensure_ascii=False)


def phantom_quick(line: str) -> dict:
    """One half of Tricks and the Phantom.

    >>> half = phantom_quick("Aki=10:blue Ben=P:red point Aki>Ben Ben>Aki")
    >>> half["played"]["Ben"], half["pointed"]
    ({'card': 'P', 'hint': 'red'}, {'Aki': 'Ben', 'Ben': 'Aki'})
    >>> phantom_quick("fourth=6 Aki=3:yellow double=Ben:no new")["double"]
    {'by': 'Ben', 'accepted': False}
    """
    half: dict[str, Any] = {"played": {}}
    pointing = False
    for word in line.split():
        if word == "point":
            pointing = True
            half["pointed"] = {}
        elif word == "new":
            half["new_round"] = True
        elif word == "more":
            half["continue_round"] = True
        elif pointing and ">" in word:
            a, _, b = word.partition(">")
            _once([*half["pointed"], a], line)
            half["pointed"][a] = b
        elif word.startswith("fourth="):
            half["fourth"] = word.split("=", 1)[1]
        elif word.startswith("double="):
            who, _, answer = word.split("=", 1)[1].partition(":")
            half["double"] = {"by": who, "accepted": answer not in ("no", "fold", "n")}
        elif word.startswith("accuse="):
            a, _, b = word.split("=", 1)[1].partition(">")
            _once([*half.get("accused", {}), a], line)
            half.setdefault("accused", {})[a] = b
        elif "=" in word:
            who, _, cards = word.partition("=")
            _once([*half["played"], who], line)
            plays = []
            for one in cards.split(","):
                card, _, hint = one.partition(":")
                plays.append({"card": card, "hint": hint})
            half["played"][who] = plays if len(plays) > 1 else plays[0]
        else:
            raise RuleViolation("record-format", f"{word!r}: type NAME=CARD:COLOUR …, then point A>B …",
                                f"「{word}」を読めません。")
    return half


def phantom_line(half: dict) -> str:
    """The quick line for a half (the inverse of ``phantom_quick``).

    >>> line = "fourth=6 Aki=10:blue Ben=P:red,3:yellow double=Ben:no point Aki>Ben new"
    >>> phantom_line(phantom_quick(line)) == line
    True
    """
    words = [f"fourth={half['fourth']}"] if "fourth" in half else []
    for who, played in half["played"].items():
        cards = played if isinstance(played, list) else [played]
        words.append(f"{who}=" + ",".join(f"{c['card']}:{c['hint']}" for c in cards))
    if "double" in half:
        words.append(f"double={half['double']['by']}:{'yes' if half['double']['accepted'] else 'no'}")
    words += [f"accuse={a}>{b}" for a, b in half.get("accused", {}).items()]
    if "pointed" in half:
        words += ["point", *(f"{a}>{b}" for a, b in half["pointed"].items())]
    words += [word for key, word in (("new_round", "new"), ("continue_round", "more")) if half.get(key)]
    return " ".join(words)


def louder_quick(line: str) -> dict:
    """One LOUDER TRICKSTAR turn.

    >>> louder_quick("place score:3 at 0,1 says score:5"), louder_quick("use trickster 0,1 0,0")
    ({'place': 'score:3', 'at': [0, 1], 'says': 'score:5'}, {'use': 'trickster', 'flip': [[0, 1], [0, 0]]})
    >>> louder_quick("draw"), louder_quick("hands Aki=score:2,seeker Ben=")
    ({'draw': True}, {'hands': {'Aki': ['score:2', 'seeker'], 'Ben': []}})
    """
    words = line.split()
    head = words[0].lower()

    def cell(text: str) -> list[int]:
        x, _, y = text.partition(",")
        try:
            return [int(x), int(y)]
        except ValueError:
            raise RuleViolation("record-format", f"{text!r} is not a cell; write column,row like 0,1.",
                                f"「{text}」はマスではありません。") from None

    if head == "draw":
        if len(words) > 1:
            raise _unreadable("Type draw alone: the player whose turn it is draws one card.",
                              "draw だけを入力してください。")
        return {"draw": True}
    if head == "place":
        # place CARD at X,Y [says CARD]: after the card, each of at and says once, with its value
        pairs = [(key.lower(), value) for key, value in zip(words[2::2], words[3::2], strict=False)]
        keys = [key for key, _ in pairs]
        if (len(words) < 2 or len(words) % 2 or "at" not in keys or len(set(keys)) != len(keys)
                or not set(keys) <= {"at", "says"}):
            raise _unreadable("Type a placement as place CARD at X,Y says CARD (place score:3 at 0,1 says score:5).",
                              "place カード at X,Y says カード の形で入力してください。")
        turn = {"place": words[1], **{key: cell(value) if key == "at" else value for key, value in pairs}}
        return {key: turn[key] for key in ("place", "at", "says") if key in turn}
    if head == "use":
        if len(words) < 2:
            raise _unreadable("Type use, the strategy card, and the cells it flips (use trickster 0,1 0,0).",
                              "use と作戦カード、めくるマスを入力してください（use trickster 0,1 0,0）。")
        turn = {"use": words[1]}
        if len(words) > 2:
            turn["flip"] = [cell(w) for w in words[2:]]
        return turn
    if head == "hands":
        return {"hands": {who: [c for c in cards.split(",") if c]
                          for who, cards in _named(words[1:], line, "hands Aki=score:2,seeker Ben=")}}
    raise RuleViolation("record-format", "Type draw, place CARD at X,Y says CARD, use CARD X,Y …, or hands …",
                        "draw / place / use / hands を入力してください。")


def louder_line(turn: dict) -> str:
    """The quick line for a LOUDER TRICKSTAR turn (the inverse of ``louder_quick``).

    >>> for line in ("draw", "place score:3 at 0,1 says score:5", "use trickster 0,1 0,0", "hands Aki=score:2 Ben="):
    ...     assert louder_line(louder_quick(line)) == line
    """
    if "draw" in turn:
        return "draw"
    if "place" in turn:
        return f"place {turn['place']} at {turn['at'][0]},{turn['at'][1]} says {turn['says']}"
    if "use" in turn:
        return " ".join([f"use {turn['use']}", *(f"{x},{y}" for x, y in turn.get("flip", []))])
    return "hands " + " ".join(f"{who}={','.join(cards)}" for who, cards in turn["hands"].items())
