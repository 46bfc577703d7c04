"""Sheriff as Companion knows it: the one object the app asks (see ``scoring.game``).

A session is a list of deals: a whole deal as a scoresheet line (``sheet …``), or a deal played
card by card (``deal joker=… NAME=role … trump=…`` then each card).

>>> p = GAME.new({"players": ["Aki", "Ben", "Chie"]})
>>> p = GAME.apply(p, GAME.parse("deal joker=Ben Aki=mayor Ben=sheriff Chie=robber trump=spades", p))
>>> GAME.to_play(p), len(GAME.legal(p))
('Aki', 20)
>>> p = GAME.apply(p, GAME.parse("Kh", p))
>>> [m.text for m in GAME.legal(p)][:3], "JO" in [m.text for m in GAME.legal(p)]
(['As', 'Ks', 'Qs'], True)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from scoring.game import Move, Position, RecordGame
from scoring.recordkit import bad, need_dict
from scoring.sheriff import arbiter
from scoring.sheriff.cards import code, name
from scoring.sheriff.engine import HouseRules, legal
from scoring.sheriff.notation import line_for, parse_line
from scoring.sheriff.record import read, table_state
from scoring.standings import Scored


class Sheriff(RecordGame):
    id = "sheriff"
    header_keys = frozenset({"players", "settings"})
    house_rules = HouseRules

    def record(self, header: Mapping[str, Any], entries: Sequence[Any]) -> dict:
        """Whole deals as they are, or a deal played card by card: ``{"deal": {joker, roles,
        trump}}`` then ``{"play": CARD}`` entries."""
        deals: list[dict] = []
        for e in (need_dict(e, "an entry") for e in entries):
            if "deal" in e:
                deals.append({**need_dict(e["deal"], "deal"), "plays": []})
            elif "play" in e:
                if not deals or "plays" not in deals[-1]:
                    raise bad(
                        "a deal starts with the Joker's holder, the roles and trump: "
                        "deal joker=Ben Aki=mayor Ben=sheriff Chie=robber trump=spades.",
                        "ディールはジョーカーの持ち主・役割・切り札から始まります："
                        "deal joker=Ben Aki=mayor Ben=sheriff Chie=robber trump=spades",
                    )
                deals[-1]["plays"].append(e["play"])
            else:
                deals.append(e)
        return {"game": self.id, **self.header_of(header), "deals": deals}

    def split(self, record: Mapping[str, Any]) -> tuple[dict, list[Any]]:
        """A deal played card by card becomes its start and its cards, as a table types them; a
        scoresheet deal stays one entry.

        >>> deal = {"joker": "Ben", "roles": {"Aki": "mayor", "Ben": "sheriff", "Chie": "robber"},
        ...         "trump": "none", "tricks": [["Kh", "Ah", "Qh"]]}
        >>> [GAME.format(e) for e in GAME.split({"players": ["Aki", "Ben", "Chie"], "deals": [deal]})[1]]
        ['deal joker=Ben Aki=mayor Ben=sheriff Chie=robber trump=none', 'Kh', 'Ah', 'Qh']
        """
        header = self.header_of(record)
        entries: list[Any] = []
        for deal in record.get("deals", []):
            cards = _cards_of(deal)
            if cards is None:
                entries.append(deal)
                continue
            entries.append({"deal": {k: deal[k] for k in ("joker", "roles", "trump") if k in deal}})
            entries += [{"play": c} for c in cards]
        return header, entries

    def read(self, record: Mapping[str, Any], lang: str = "en") -> Scored:
        return read(dict(record), lang)

    def to_play(self, position: Position) -> str | None:
        s = table_state(dict(position.record))
        return s.players[s.to_play] if s.to_play is not None else None

    def legal(self, position: Position, typed: str = "", lang: str = "en") -> list[Move]:
        """The cards the player to play could still hold (the engine's ``legal``)."""
        if typed.strip():
            return []
        s = table_state(dict(position.record))
        return [Move(code(c), name(c, lang)) for c in legal(s)]

    def parse_line(self, line: str, position: Position) -> Any:
        return parse_line(line)

    def format(self, entry: Any) -> str:
        return line_for(entry)

    def arbitrate(self, cards: list[str], options: Mapping[str, Any], lang: str = "en") -> list[str]:
        return arbiter.arbitrate(cards, options.get("trump"), lang)


def _cards_of(deal: Any) -> list[Any] | None:
    """The cards of a deal played card by card, in play order (None for a scoresheet deal)."""
    if not isinstance(deal, dict):
        return None
    if isinstance(deal.get("plays"), list):
        return list(deal["plays"])
    tricks = deal.get("tricks")
    if isinstance(tricks, list) and all(isinstance(t, list) for t in tricks):
        return [c for trick in tricks for c in trick]
    return None


GAME = Sheriff()
