"""The Sheriff board: roles, trump, captured cards and the trick being played."""

from __future__ import annotations

from scoring.game import Position
from screens.boards import Board, pad
from screens.labels import t


def sheriff_board(record: dict, lang: str = "en") -> tuple[str, str | None]:
    """A Sheriff deal card by card: roles, trump, captured cards, the trick and who is winning it."""
    from scoring.sheriff.cards import code, suits
    from scoring.sheriff.engine import TRICK, trick_winner
    from scoring.sheriff.record import table_state

    s = table_state(record)
    if s is None:
        return "", None
    if s.deal == 0:
        return t("Start a deal: deal joker=NAME Aki=mayor Ben=sheriff Chie=robber trump=spades", lang), None
    totals = s.totals()
    suit_key = "name_ja" if lang == "ja" else "name"
    trump = suits()[s.trump][suit_key] if s.trump is not None else t("no trump", lang)
    lines = [
        t(
            "Deal {deal}: trump {trump}; {player} announced the Joker.",
            lang,
            deal=s.deal,
            trump=trump,
            player=s.players[s.joker],
        ),
        f"{pad(t('name', lang), 8)} {pad(t('role', lang), 8)}  A K Q J 10 JO  {pad(t('total', lang), 5, right=True)}",
    ]
    for p, who in enumerate(s.players):
        cap = " ".join(f"{n:>1}" for n in s.captured[p][:4]) + f" {s.captured[p][4]:>2} {s.captured[p][5]:>2}"
        lines.append(f"{pad(who, 8)} {pad(t(s.roles[p], lang), 8)}  {cap}  {totals[p]:>5}")
    to_play = None
    if s.phase == TRICK:
        to_play = s.players[s.to_play]
        if s.trick and any(c != 20 for _, c in s.trick):
            verdict = t("{player} is winning", lang, player=s.players[trick_winner(s.trick, s.trump)])
            lines.append(
                t(
                    "Trick {trick}: {cards} — {verdict}",
                    lang,
                    trick=s.tricks_done + 1,
                    cards=" ".join(code(c) for _, c in s.trick),
                    verdict=verdict,
                )
            )
        else:
            lines.append(t("Trick {trick}: {player} leads.", lang, trick=s.tricks_done + 1, player=to_play))
        lines.append(t("{player} to play (a card: As, Kh, 10d, JO).", lang, player=to_play))
    elif s.phase == "over":
        lines.append(t("The game is over.", lang))
    else:
        lines.append(t("Next deal: deal joker=NAME NAME=role … trump=SUIT", lang))
    return "\n".join(lines), to_play


def board(position: Position, lang: str = "en") -> Board:
    return Board(sheriff_board(dict(position.record), lang)[0])
