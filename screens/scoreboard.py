"""Scoreboard: round-by-round scores with their parts, running totals as a chart, the tie-breaks."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Footer, Header, Static


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
        lines.append(f"{s.player[:8]:<8} {'│'.join(bars)} {total}")
    return lines


class ScoreboardScreen(Screen):
    BINDINGS = [Binding("escape", "app.pop_screen", "Back", id="scoreboard.back")]

    def __init__(self, sid: int) -> None:
        super().__init__()
        self.sid = sid

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static("Scoreboard", classes="title")
        yield Static("", id="output")
        yield Footer()

    async def on_mount(self) -> None:
        await self.refresh_view()

    async def refresh_view(self) -> None:
        scored = await self.app.db(self.app.sessions.scored, self.sid, self.app.lang)
        table = scored.table
        lines = ["rank  player    " + "".join(f"R{i + 1:<5}" for i in range(len(table.standings[0].rounds)))
                 + "total"] if table.standings else []
        for s in table.standings:
            lines.append(f"{s.rank:>4}  {s.player[:8]:<8}  " + "".join(f"{r:<6}" for r in s.rounds) + f"{s.total}")
        lines += ["", "Running totals:", *running_chart(table.standings)]
        if table.tiebreaks:
            lines += ["", *[f"Tie-break: {t}" for t in table.tiebreaks]]
        if scored.details:
            lines += ["", *scored.details]
        lines += [f"Note: {n}" for n in scored.notes]
        self.query_one("#output", Static).update("\n".join(lines))
