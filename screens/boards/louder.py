"""The LOUDER TRICKSTAR board: the field face down, hands, points and whose turn it is."""

from __future__ import annotations

from scoring.game import Position
from scoring.louder.engine import OVER
from scoring.louder.record import table_state
from screens.boards import Board
from screens.labels import t


def louder_board(record: dict, lang: str = "en") -> str:
    """The field face down (the laptop sits on the table: it never shows what a card is), hands,
    collected points, the deck and whose turn it is."""
    s = table_state(record)
    lines = [t("Deck: {n} card(s).", lang, n=s.deck)]
    lines += [
        t(
            "{player}: hand {hand}, collected {points}",
            lang,
            player=who,
            hand=s.hands[p],
            points=sum(c.number for c in s.collected[p]),
        )
        for p, who in enumerate(s.players)
    ]
    if s.field:
        xs = [x for x, _ in s.field]
        ys = [y for _, y in s.field]
        lines.append("     " + " ".join(f"{x:>2}" for x in range(min(xs), max(xs) + 1)))
        for y in range(min(ys), max(ys) + 1):
            lines.append(
                f"{y:>3}  " + " ".join(" ■" if (x, y) in s.field else " ·" for x in range(min(xs), max(xs) + 1))
            )
    else:
        lines.append(t("The field is empty: the first card goes anywhere (place CARD at 0,0 says …).", lang))
    if s.phase == OVER:
        lines.append(t("The last card was drawn: hands Aki=score:2,seeker Ben=… (every card left in hand).", lang))
    else:
        lines.append(
            t(
                "{player}'s turn: draw · place CARD at X,Y says CARD · use CARD X,Y X,Y …",
                lang,
                player=s.players[s.turn],
            )
        )
    return "\n".join(lines)


def board(position: Position, lang: str = "en") -> Board:
    return Board(louder_board(dict(position.record), lang))
