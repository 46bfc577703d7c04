"""The Sheriff board: roles, trump, captured cards and the trick being played."""

from __future__ import annotations

from scoring.game import Position
from scoring.sheriff.cards import JOKER, code, suits
from scoring.sheriff.engine import OVER, TRICK, State, trick_winner
from scoring.sheriff.record import table_state
from screens.boards import Board, pad
from screens.labels import t


def sheriff_board(s: State, lang: str = "en") -> str:
    """A Sheriff deal card by card: roles, trump, captured cards, the trick and who is winning it;
    between deals, what to type for the next one."""
    if s.phase == OVER:
        return t("The game is over.", lang)
    if s.phase != TRICK:
        if not s.scores:
            return t("Start a deal: deal joker=NAME Aki=mayor Ben=sheriff Chie=robber trump=spades", lang)
        return t("Next deal: deal joker=NAME NAME=role … trump=SUIT", lang)
    totals = s.totals()
    suit_key = "name_ja" if lang == "ja" else "name"
    trump = suits()[s.trump][suit_key] if s.trump is not None else t("no trump", lang)
    lines = [
        t(
            "Deal {deal}: trump {trump}; {player} announced the Joker.",
            lang,
            deal=len(s.scores) + 1,
            trump=trump,
            player=s.players[s.joker],
        ),
        f"{pad(t('name', lang), 8)} {pad(t('role', lang), 8)}  A K Q J 10 JO  {pad(t('total', lang), 5, right=True)}",
    ]
    for p, who in enumerate(s.players):
        cap = " ".join(f"{n:>1}" for n in s.captured[p][:4]) + f" {s.captured[p][4]:>2} {s.captured[p][5]:>2}"
        lines.append(f"{pad(who, 8)} {pad(t(s.roles[p], lang), 8)}  {cap}  {totals[p]:>5}")
    to_play = s.players[s.to_play]
    if s.trick and any(c != JOKER for _, c in s.trick):
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
    return "\n".join(lines)


def board(position: Position, lang: str = "en") -> Board:
    return Board(sheriff_board(table_state(dict(position.record)), lang))
