"""A sixth game that exists only in the tests: High Card, to prove that a game is one object.

Every round each player shows one card, 1 to 10; the highest card alone scores a point (a tie
scores nothing), and the first to 3 points wins. A round is typed ``Aki=7 Ben=3``.

It lives here and nowhere else: no screen, export or command knows it by name. Registered with
``scoring.registry.register(HIGH_CARD)``, it is a game like the five.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from scoring.game import Move, Names, Option, Position, RecordGame
from scoring.notation import named, unreadable
from scoring.recordkit import at, bad, need_dict, need_int, need_list, players_of
from scoring.rulestext import Section, parse_sections
from scoring.standings import Scored, rank

TARGET = 3
RULES = """## High Card {#toy.overview}
Every round each player shows one card, 1 to 10. The highest card alone scores a point; a tie for
the highest scores nothing. The first to 3 points wins.
"""


class HighCard(RecordGame):
    id = "toy"
    header_keys = frozenset({"players"})

    def __init__(self) -> None:  # no data folder: everything the box says is here
        self.names = Names("High Card", "ハイカード", "High", "ハイ")
        self.players = (2, 3, 4)
        self.highest_wins = True
        self.bgg_id = 0
        self._setup = ("Everyone takes the cards 1 to 10.", "全員が1〜10のカードを持つ。")

    def options(self, lang: str = "en") -> list[Option]:
        return []

    def record(self, header: Mapping[str, Any], entries: Sequence[Any]) -> dict:
        return {"game": self.id, "players": header.get("players"), "rounds": list(entries)}

    def split(self, record: Mapping[str, Any]) -> tuple[dict, list[Any]]:
        return {"players": record["players"]}, list(record.get("rounds", []))

    def read(self, record: Mapping[str, Any], lang: str = "en") -> Scored:
        players = players_of(dict(record), 2, 4)
        points = dict.fromkeys(players, 0)
        rounds: dict[str, list[int]] = {p: [] for p in players}
        details = []
        with at("rounds"):
            for i, obj in enumerate(need_list(record.get("rounds"), "rounds")):
                with at(f"[{i}]"):
                    if max(points.values()) >= TARGET:
                        raise bad("the game is over: someone has 3 points.", "ゲームは終わっています。")
                    shown = need_dict(obj, "a round")
                    if set(shown) != set(players):
                        raise bad(f"every player shows a card: {', '.join(players)}.", "全員がカードを出します。")
                    cards = {p: need_int(shown[p], p, 1, 10) for p in players}
                    top = max(cards.values())
                    winners = [p for p in players if cards[p] == top]
                    for p in players:
                        scored = 1 if winners == [p] else 0
                        points[p] += scored
                        rounds[p].append(scored)
                    details.append(
                        f"Round {i + 1}: "
                        + (f"{winners[0]} alone shows {top}" if len(winners) == 1 else f"a tie on {top}: no point")
                    )
        finished = max(points.values(), default=0) >= TARGET
        return Scored(rank(points, lower_wins=False, rounds=rounds), details, finished=finished)

    def legal(self, position: Position, typed: str = "", lang: str = "en") -> list[Move]:
        given = {w.partition("=")[0] for w in typed.split()}
        return [Move(f"{p}=", p) for p in position.header.get("players", []) if p not in given]

    def parse_line(self, line: str, position: Position) -> Any:
        out = {}
        for name, value in named(line.split(), line, "Aki=7 Ben=3"):
            if not value.isdecimal():
                raise unreadable(f"{value!r} is not a card: type 1 to 10, like Aki=7.", "1〜10で入力してください。")
            out[name] = int(value)
        return out

    def format(self, entry: Any) -> str:
        return " ".join(f"{p}={card}" for p, card in entry.items())

    def help(self, lang: str = "en") -> str:
        return "High Card\n\n  Aki=7 Ben=3   each player's card, 1 to 10"

    def rules(self, lang: str = "en") -> tuple[Section, ...]:
        return parse_sections(RULES)

    def arbitrate(self, cards: list[str], options: Mapping[str, Any], lang: str = "en") -> list[str]:
        values = [int(c) for c in cards]
        top = max(values)
        who = [i + 1 for i, v in enumerate(values) if v == top]
        return [
            f"Card {who[0]} wins alone with {top}." if len(who) == 1 else f"A tie on {top}: no point.",
            "Rule: toy.overview.",
        ]


HIGH_CARD = HighCard()
