"""The KINGs board: parties, fronts, bids and the trick being played."""

from __future__ import annotations

from scoring.game import Position
from scoring.kings.cards import code
from scoring.kings.engine import BIDS, DEVIL, DRAFT, FRONTS, PLAY, State, draft_order
from scoring.kings.game import GAME
from scoring.kings.trick import judge
from screens.boards import Board, pad
from screens.labels import t


def kings_board(s: State, totals: dict[str, int] | None = None, lang: str = "en") -> str:
    """A KINGs table played trick by trick: parties, fronts and bids, the trick being played and
    who is winning it and why, and whose turn it is (``GAME.to_play`` names them too)."""
    names = s.players
    totals = totals or {}
    lines = [
        f"{pad(t('name', lang), 7)} {pad(t('king', lang), 7)} {pad(t('fronts', lang), 17)} "
        f"{pad(t('bid', lang), 9)} {pad(t('won', lang), 4, right=True)}  r b g k W R  "
        f"{pad(t('total', lang), 5, right=True)}"
    ]
    for p, who in enumerate(names):
        king = (s.kings[p] or "—") + ("*" if s.kings[p] and s.king_round[p] is not None else "")
        bid = (
            ",".join(
                f"{b.tricks}/{b.points}"
                if b.kind == "tricks"
                else "miss"
                if b.kind == "devil_miss"
                else f"{b.kind[:4]}:{names[b.other][:3]}"
                for b in s.bids[p]
            )
            or "—"
        )
        cap = " ".join(str(n) for n in s.captured[p])
        lines.append(
            f"{pad(who, 7)} {king:<7} {','.join(s.fronts[p])[:17]:<17} {bid[:9]:<9} {s.tricks[p]:>4}  "
            f"{cap}  {totals.get(who, 0):>5}"
        )
    lines.append(t("* used king · captured r b g k W R: red blue green black, White Flags, Rares", lang))
    if s.phase == DRAFT:
        order = draft_order(s)
        lines.append(
            t(
                "Draft: {player} picks (pick {n} of {of}): pick red · pick Healer",
                lang,
                player=names[order[len(s.picks)]],
                n=len(s.picks) + 1,
                of=len(order),
            )
        )
    elif s.phase == DEVIL:
        lines.append(t("Two players: devil COLOUR — an undrafted king's colour goes to the Devil.", lang))
    elif s.phase == FRONTS:
        lines.append(
            t("Round {round}: turn characters up — fronts Aki=Healer Ben=Samurai … (nine=NAME)", lang, round=s.round)
        )
    elif s.phase == BIDS:
        lines.append(t("Bids — bids Aki=Gambler:2/50 Ben=Devil:miss Chie=Neme:copy:Aki … (partner=A:B)", lang))
    elif s.phase == PLAY:
        to_play = names[s.turns[0]]
        if s.trick:
            ruling = judge(s.trick, names, s.game.rules, lang)
            played = " ".join(f"{names[x.player]}:{code(x.card)}" for x in s.trick)
            lines.append(
                t(
                    "Round {round}, trick {trick}: {played} — {winner} is winning ({why})",
                    lang,
                    round=s.round,
                    trick=s.tricks_done + 1,
                    played=played,
                    winner=names[ruling.winner],
                    why=ruling.why,
                )
            )
        else:
            lines.append(
                t(
                    "Round {round}, trick {trick}: {player} leads.",
                    lang,
                    round=s.round,
                    trick=s.tricks_done + 1,
                    player=to_play,
                )
            )
        lines.append(
            t(
                "{player} to play (a card, + king / sword / gift / nine …; lead NAME; hermit; cheer)",
                lang,
                player=to_play,
            )
        )
    else:
        lines.append(t("The game is over.", lang))
    return "\n".join(lines)


def board(position: Position, lang: str = "en") -> Board:
    s = GAME.state(position)
    if s is None:  # a scoresheet: the standings say it all
        return Board("")
    totals = {x.player: x.total for x in position.scored.table.standings}
    return Board(kings_board(s, totals, lang), totals=True)
