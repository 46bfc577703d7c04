"""A sixth game that exists only in the tests: High Card, to prove that a game is one object.

Every round each player shows one card, 1 to 10; the highest card alone scores a point (a tie
scores nothing), and the first to 3 points wins. A round is typed ``Aki=7 Ben=3``.

It lives here and nowhere else: no screen, export or command knows it by name, and it has no data
folder (its box is ``files``). Registered with ``scoring.registry.register(HIGH_CARD)``, it is a
game like the five. It writes the ten methods a game writes (``docs/adding-a-game.md``); the
rest, a session's ``new``, ``apply``, ``replay`` and ``undo`` among them, is ``RecordGame``'s.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

from scoring.game import Completion, Position, RecordGame
from scoring.notation import named, unreadable
from scoring.recordkit import at, bad, need_dict, need_int, need_list, players_of
from scoring.standings import Scored, rank
from scoring.words import Fact, words

# its words, in English (a language without a catalogue of its own says them as written; a
# translation is one .po beside it: scoring.words, locale=)
words(
    "highcard",
    {
        "refused.card": "{value!r} is not a card: type 1 to 10, like Aki=7.",
        "refused.over": "the game is over: someone has {target} points.",
        "refused.everyone": "every player shows a card: {players:, }.",
    },
    locale=Path(__file__).parent,
)

TARGET = 3
RULES = """## High Card {#toy.overview}
Every round each player shows one card, 1 to 10. The highest card alone scores a point; a tie for
the highest scores nothing. The first to 3 points wins.
"""
HELP = "High Card\n\n  Aki=7 Ben=3   each player's card, 1 to 10"
BOX = {
    "name": "High Card",
    "name_ja": "ハイカード",
    "short": "High",
    "short_ja": "ハイ",
    "players": [2, 3, 4],
    "highest_wins": True,
    "setup": "Everyone takes the cards 1 to 10.",
    "setup_ja": "全員が1〜10のカードを持つ。",
}


@dataclass(frozen=True)
class Tally:
    """The rounds so far: each player's point in each, and what each round was."""

    players: tuple[str, ...]
    rounds: tuple[tuple[int, ...], ...] = ()  # per round, each player's point
    details: tuple[str, ...] = ()

    def then(self, obj: Any) -> Tally:
        """With one more round (``{NAME: CARD}``)."""
        if self.rounds and max(map(sum, zip(*self.rounds, strict=True))) >= TARGET:
            raise bad(Fact("highcard.refused.over", target=TARGET))
        shown = need_dict(obj, "a round")
        if set(shown) != set(self.players):
            raise bad(Fact("highcard.refused.everyone", players=tuple(self.players)))
        cards = {p: need_int(shown[p], p, 1, 10) for p in self.players}
        top = max(cards.values())
        winners = [p for p in self.players if cards[p] == top]
        said = f"{winners[0]} alone shows {top}" if len(winners) == 1 else f"a tie on {top}: no point"
        point = tuple(1 if winners == [p] else 0 for p in self.players)
        return Tally(self.players, (*self.rounds, point), (*self.details, f"Round {len(self.rounds) + 1}: {said}"))

    def scored(self) -> Scored:
        points = {p: sum(r[i] for r in self.rounds) for i, p in enumerate(self.players)}
        rounds = {p: [r[i] for r in self.rounds] for i, p in enumerate(self.players)}
        finished = max(points.values(), default=0) >= TARGET
        return Scored(rank(points, lower_wins=False, rounds=rounds), list(self.details), finished=finished)


class HighCard(RecordGame):
    id = "toy"
    header_keys = frozenset({"players"})
    files: ClassVar[Mapping[str, Any]] = {  # no data folder: everything the box holds is here
        "box.toml": BOX,
        "rules.en.md": RULES,
        "rules.ja.md": RULES,
        "help.en.md": HELP,
        "help.ja.md": HELP,
    }

    def record(self, header: Mapping[str, Any], entries: Sequence[Any]) -> dict:
        return {"game": self.id, "players": header.get("players"), "rounds": list(entries)}

    def split(self, record: Mapping[str, Any]) -> tuple[dict, list[Any]]:
        return {"players": record["players"]}, list(record.get("rounds", []))

    def read(self, record: Mapping[str, Any]) -> Scored:
        tally = Tally(players_of(dict(record), 2, 4))
        with at("rounds"):
            for i, obj in enumerate(need_list(record.get("rounds"), "rounds")):
                with at(f"[{i}]"):
                    tally = tally.then(obj)
        return tally.scored()

    # the rules: the points so far, a round at a time
    def start(self, header: Mapping[str, Any]) -> Tally:
        return Tally(players_of(self.record(header, ()), 2, 4))

    def step(self, state: Tally, entry: Any) -> Tally:
        return state.then(entry)

    def score(self, state: Tally) -> Scored:
        return state.scored()

    def completions(self, position: Position, typed: str = "") -> list[Completion]:
        given = {w.partition("=")[0] for w in typed.split()}
        return [Completion(f"{p}=", p) for p in position.header.get("players", []) if p not in given]

    def parse_line(self, line: str, position: Position) -> Any:
        out = {}
        for name, value in named(line.split(), line, "Aki=7 Ben=3"):
            if not value.isdecimal():
                raise unreadable(Fact("highcard.refused.card", value=value))
            out[name] = int(value)
        return out

    def format(self, entry: Any) -> str:
        return " ".join(f"{p}={card}" for p, card in entry.items())

    def arbitrate(self, cards: list[str], options: Mapping[str, Any], lang: str = "en") -> list[str]:
        values = [int(c) for c in cards]
        top = max(values)
        who = [i + 1 for i, v in enumerate(values) if v == top]
        return [
            f"Card {who[0]} wins alone with {top}." if len(who) == 1 else f"A tie on {top}: no point.",
            "Rule: toy.overview.",
        ]


HIGH_CARD = HighCard()
