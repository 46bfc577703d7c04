"""The Trickster board: tableaus, trouble points, the pot and whose turn it is."""

from __future__ import annotations

from scoring.game import Position
from scoring.trickster.cards import code, suit_of, suits
from scoring.trickster.record import replay_record
from scoring.trickster.scoring import score_round
from scoring.trickster.state import REVEAL, TRICK, State
from scoring.trickster.zones import describe_pattern
from screens.boards import Board, pad
from screens.labels import t


def trickster_board(state: State, lang: str = "en") -> str:
    """Tableaus by suit with live trouble points and sole majorities, hands, the pot and its
    pattern, the trash and the deck, the Leader, the Trickster and whose turn it is."""
    if state.round == 0:
        return t(
            "Set up round 1: round trash=… tableau=Aki:…,Ben:…  Or keep a scoresheet: tableau Aki=R3,B1 … "
            "(F1: how to type it)",
            lang,
        )
    letters = [s.letter for s in suits()]
    counts = [[sum(1 for c in tableau if suit_of(c) == i) for i in range(len(letters))] for tableau in state.tableaus]
    live = score_round(counts)
    lines = [
        f"{pad(t('name', lang), 7)} "
        + " ".join(f"{letter:<2}" for letter in letters)
        + f" {pad(t('trouble', lang), 7, right=True)} {pad(t('hand', lang), 5, right=True)}"
    ]
    for p, who in enumerate(state.players):
        # a starred count is the sole majority of its suit: those cards score no trouble
        cells = " ".join(
            f"{(str(counts[p][i]) + '*') if live.exempt[i] == p else (counts[p][i] or '·')!s:<2}"
            for i in range(len(letters))
        )
        lines.append(f"{pad(who, 7)} {cells}  {live.trouble[p]:>6} {state.hands[p].size:>5}")
    if state.phase == TRICK:
        leader = state.players[state.leader] if state.leader is not None else t("the Timeline", lang)
        lines.append(
            t(
                "Round {round}, trick {trick}: {leader} leads, {trickster} is the Trickster; {player} to play.",
                lang,
                round=state.round,
                trick=state.tricks + 1,
                leader=leader,
                trickster=state.players[state.trickster],
                player=state.players[state.to_play],
            )
        )
        pot = " ".join(code(c) for c in state.pot) or "—"
        lines.append(t("Pot: {pot}  ({pattern})", lang, pot=pot, pattern=describe_pattern(state, lang)))
    elif state.phase == REVEAL:
        lines.append(t("The round is over: reveal … (every player's remaining hand).", lang))
    lines.append(
        t(
            "Trash: {trash}   Deck: {deck}",
            lang,
            trash=" ".join(code(c) for c in state.trash) or "—",
            deck=len(state.deck),
        )
    )
    return "\n".join(lines)


def board(position: Position, lang: str = "en") -> Board:
    """The board of a session played card by card; a scoresheet has none (the standings say it all)."""
    record = dict(position.record)
    rounds = record.get("rounds")
    if rounds and "trash" not in rounds[0]:
        return Board("")
    return Board(trickster_board(replay_record(record).state, lang))
