"""Scoreboard: round-by-round scores with their parts, running totals as a chart, the tie-breaks."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import accumulate

from textual.binding import Binding

from companion.text import pad
from companion.wrapping import cells, parts_column
from scoring.registry import get
from scoring.standings import Standing
from scoring.words import say_all
from screens.page import TextPage

SHADES = "█▓"  # one round's stretch of a bar, then the next round's, in turn


def running_chart(standings: Sequence[Standing], width: int = 40) -> list[str]:
    """Each player's running total as a bar, on one scale for every player.

    A bar runs from the zero line to the player's total, ``round(total × scale)`` cells, the scale
    the same for everyone (the largest total fills ``width``): equal totals draw equal bars, and a
    larger total a bar at least as long. The bar is cut where the running total stood after each
    round (``round(running total × scale)``), the rounds' stretches shaded █ and ▓ in turn, so a
    stretch is what its round added and still stands. A round that took points away (a KINGs
    penalty) shortens the bar: it has no stretch, and the stretches before lose what it took. A
    negative total is drawn left of the zero line (│). Whether the longest bar leads (the most
    points) or trails (Trickster's trouble: the lowest total wins) is said in the chart's heading.

    Three totals of 29 reached by different rounds draw three bars of one length:

    >>> from scoring.standings import Standing
    >>> for line in running_chart([Standing("Aki", 1, 29, (10, 9, 10)), Standing("Ben", 1, 29, (11, 8, 10)),
    ...                            Standing("Chie", 1, 29, (8, 10, 11))], width=29):
    ...     print(line)
    Aki      ██████████▓▓▓▓▓▓▓▓▓██████████ 29
    Ben      ███████████▓▓▓▓▓▓▓▓██████████ 29
    Chie     ████████▓▓▓▓▓▓▓▓▓▓███████████ 29
    """
    totals = [s.total for s in standings]
    top, bottom = max([0, *totals]), -min([0, *totals])
    scale = width / (top + bottom) if top + bottom else 0
    right, left = round(top * scale), round(bottom * scale)
    figures = max((len(str(t)) for t in totals), default=1)
    lines = []
    for s in standings:
        running = list(accumulate(s.rounds, initial=0)) if s.rounds else [0, s.total]
        ends = [round(total * scale) for total in running]
        if s.total < 0:  # drawn leftwards from the zero line: the same bar, mirrored
            bar = _bar([-end for end in ends])[::-1].rjust(left) + "│"
        else:
            bar = (" " * left + "│" if left else "") + _bar(ends)
        name = pad(s.player, 8)
        lines.append(f"{name} {bar.ljust(left + (1 if left else 0) + right)} {s.total:>{figures}}")
    return lines


def _bar(ends: list[int]) -> str:
    """A bar of ``ends[-1]`` cells (the running total after every round, in cells, from 0): each
    cell shaded by the round that last brought the total past it and kept it there."""
    owners = []
    for cell in range(max(ends[-1], 0)):
        owner = len(ends) - 1
        while ends[owner - 1] > cell:  # ends[0] is 0: no cell is past it
            owner -= 1
        owners.append(owner)
    shade, bar = 1, []
    for n, owner in enumerate(owners):
        if n == 0 or owner != owners[n - 1]:
            shade = 1 - shade
        bar.append(SHADES[shade])
    return "".join(bar)


def round_table(standings, rank: str, player: str, total: str) -> list[str]:
    """Rank, player, every round and the total; a long game's rounds wrap in blocks that fit 80
    columns, the totals on the last block."""
    if not standings:
        return []
    rounds = len(standings[0].rounds)
    per_block = 8
    names = max(8, cells(player))  # a name's column: 8 cells, or as wide as its heading (プレイヤー)
    lines = []
    for start in range(0, max(rounds, 1), per_block):
        block = range(start, min(start + per_block, rounds))
        last = start + per_block >= rounds
        heading = f"{pad(rank, 4, right=True)}  {pad(player, names)}  " + "".join(f"R{i + 1:<5}" for i in block)
        lines.append(heading + (total if last else ""))
        for s in standings:
            lines.append(
                f"{s.rank:>4}  {pad(s.player, names)}  "
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
        info, position = await self.app.db(self.app.sessions.snapshot, self.sid)
        scored = position.scored
        table = scored.standings
        lines = round_table(table.places, self.t("rank"), self.t("player"), self.t("total"))
        if get(info.game).highest_wins:
            heading = self.t("Running totals (the highest total wins):")
        else:  # Trickster's trouble: the longest bar trails
            heading = self.t("Running totals (the lowest total wins):")
        lines += ["", heading, *running_chart(table.places)]
        if table.tiebreaks:
            lines += ["", *[self.t("Tie-break: {line}", line=t) for t in table.tiebreaks_in(self.app.lang)]]
        if scored.details:
            lines += ["", *say_all(scored.details, self.app.lang)]
        lines += [self.t("Note: {line}", line=n) for n in say_all(scored.notes, self.app.lang)]
        # a round's parts that wrap go on under the parts, a whole part to a line where it fits
        self.show_text("\n".join(lines), hang=parts_column, joint=" + ")
