"""Scoreboard: round-by-round scores with their parts, running totals as a chart, the tie-breaks."""

from __future__ import annotations

from rich.cells import cell_len
from textual.binding import Binding

from screens.page import TextPage
from screens.plain import visible


def running_chart(standings, width: int = 40) -> list[str]:
    """Each player's running total after every round, as bars."""
    lines = []
    top = max((abs(sum(s.rounds[: i + 1])) for s in standings for i in range(len(s.rounds))), default=1) or 1
    for s in standings:
        total = 0
        bars = []
        for r in s.rounds:
            total += r
            bars.append("█" * max(0, round(abs(total) / top * width / max(1, len(s.rounds)))) or "·")
        lines.append(f"{visible(s.player, one_line=True)[:8]:<8} {'│'.join(bars)} {total}")
    return lines


def _pad(text: str, width: int, right: bool = False) -> str:
    """``text`` padded to ``width`` screen cells (a Japanese character takes two)."""
    room = " " * max(0, width - cell_len(text))
    return room + text if right else text + room


def round_table(standings, rank: str, player: str, total: str) -> list[str]:
    """Rank, player, every round and the total; a long game's rounds wrap in blocks that fit 80
    columns, the totals on the last block."""
    if not standings:
        return []
    rounds = len(standings[0].rounds)
    per_block = 8
    lines = []
    for start in range(0, max(rounds, 1), per_block):
        block = range(start, min(start + per_block, rounds))
        last = start + per_block >= rounds
        heading = f"{_pad(rank, 4, right=True)}  {_pad(player, 8)}  " + "".join(f"R{i + 1:<5}" for i in block)
        lines.append(heading + (total if last else ""))
        for s in standings:
            lines.append(
                f"{s.rank:>4}  {visible(s.player, one_line=True)[:8]:<8}  "
                + "".join(f"{s.rounds[i]:<6}" for i in block)
                + (f"{s.total}" if last else "")
            )
        if not last:
            lines.append("")
    return lines


class ScoreboardScreen(TextPage):
    BINDINGS = [Binding("escape", "app.pop_screen", "Back", id="scoreboard.back")]

    def __init__(self, sid: int) -> None:
        super().__init__()
        self.sid = sid

    def title_text(self) -> str:
        return self.t("Scoreboard (↑↓ PgUp PgDn to scroll)")

    async def fill(self) -> None:
        await self.refresh_view()  # inside TextPage's kept_open: a locked database is said on the page

    async def refresh_view(self) -> None:
        scored = await self.app.db(self.app.sessions.scored, self.sid, self.app.lang)
        table = scored.table
        lines = round_table(table.standings, self.t("rank"), self.t("player"), self.t("total"))
        lines += ["", self.t("Running totals:"), *running_chart(table.standings)]
        if table.tiebreaks:
            lines += ["", *[self.t("Tie-break: {line}", line=t) for t in table.tiebreaks_in(self.app.lang)]]
        if scored.details:
            lines += ["", *scored.details]
        lines += [self.t("Note: {line}", line=n) for n in scored.notes]
        self.show_text("\n".join(lines))
