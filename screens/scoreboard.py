"""Scoreboard: round-by-round scores, the running totals as a line chart, the tie-breaks and
each round's score with its parts."""

from __future__ import annotations

from collections.abc import Sequence

from rich.style import Style
from rich.text import Text
from textual.binding import Binding
from textual.widgets import Static

from companion.table.running_totals import RunningChart, draw
from companion.text import pad, visible
from companion.words import round_head
from companion.wrapping import cells, parts_column
from scoring.registry import get
from scoring.standings import Standing
from scoring.words import say_all
from screens.widgets.page import TextPage
from screens.widgets.plain import plain

# each player's colour, by seat (the live page's colours in dark mode: a player is drawn alike on
# the laptop and the phones); the marker letters tell the lines apart without them
COLOURS = ("#7fb8ff", "#ff9a5a", "#4fd1a5", "#f28cbe", "#e6c84a", "#ececec", "#b9a4f0")


def chart_text(chart: RunningChart, seats: Sequence[str]) -> Text:
    """A drawn chart as the screen shows it: each player's line, markers and legend marker in the
    player's colour, a name as ``visible`` draws it."""
    colour = {p: COLOURS[n % len(COLOURS)] for n, p in enumerate([*seats, *(p for p in chart.marks if p not in seats)])}
    text = Text(end="")
    for n, row in enumerate(chart.rows):
        if n:
            text.append("\n")
        for piece, player in row:
            text.append(visible(piece, one_line=True), Style(color=colour[player]) if player else None)
    return text


def round_table(standings, rank: str, player: str, total: str, lang: str = "en") -> list[str]:
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
        heads = "".join(pad(round_head(i + 1, lang), 6) for i in block)
        heading = f"{pad(rank, 4, right=True)}  {pad(player, names)}  {heads}"
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
    """The standings table, the chart of the running totals under it, then the tie-breaks and
    each round's parts: three texts that scroll as one page."""

    BINDINGS = [Binding("escape", "app.pop_screen", "Back", id="scoreboard.back")]
    PARTS = ("output", "chart", "details")

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
        heads = (self.t("rank"), self.t("player"), self.t("total"))
        self.show_text("\n".join(round_table(table.places, *heads, self.app.lang)))
        self.show_chart(table.places, info.players, get(info.game).highest_wins, position.finished)
        details = []
        if table.tiebreaks:
            details += ["", *[self.t("Tie-break: {line}", line=t) for t in table.tiebreaks_in(self.app.lang)]]
        if scored.details:
            details += ["", *say_all(scored.details, self.app.lang)]
        details += [self.t("Note: {line}", line=n) for n in say_all(scored.notes, self.app.lang)]
        # a round's parts that wrap go on under the parts, a whole part to a line where it fits
        self.query_one("#details", Static).update(plain("\n".join(details), hang=parts_column, joint=" + "))

    def show_chart(self, places: Sequence[Standing], seats: Sequence[str], highest_wins: bool, finished: bool) -> None:
        """The running totals round by round, under a heading that says which way the game is won;
        before any round is scored, a sentence instead. Totals without rounds (a game that scores
        no rounds, LOUDER TRICKSTAR) have no chart and need no sentence: the table has them."""
        chart = draw(places, seats, lang=self.app.lang)
        if chart is not None:
            if highest_wins:
                heading = self.t("Running totals (the highest total wins):")
            else:  # Trickster's trouble: the lowest line leads
                heading = self.t("Running totals (the lowest total wins):")
            shown = Text(f"\n{heading}\n") + chart_text(chart, seats)
        elif finished or any(s.total for s in places):
            shown = Text("")
        else:
            none_yet = self.t("The running totals are charted here once a round is scored.")
            shown = plain("\n" + none_yet)
        self.query_one("#chart", Static).update(shown)
        self.query_one("#chart").set_class(chart is not None, "drawn")

    def refuse(self, text: str) -> None:
        super().refuse(text)
        for part in ("#chart", "#details"):
            self.query_one(part, Static).update("")
