"""A player's page, opened from the history screen (F3, then a player from the list): what
``companion player NAME`` prints — games and wins by game and variant, best and worst, time
played, each rating with its place and its history as a chart, the head-to-head at each game —
in the app's language, to scroll at 80×24; s switches between this year's season and every season.

The page is read off the event loop (``app.db``) and written by ``companion.club.text``, the
command line's own words and layout.
"""

from __future__ import annotations

from textual.binding import Binding

from companion.club.season import Season, this_year
from companion.club.text import page_lines
from screens.widgets.page import TextPage

# the cells a line of the page has at the screen's width: the scroll box's border (2), the text's
# padding (2) and a scroll bar (2)
FRAME = 6


class PlayerScreen(TextPage):
    BINDINGS = [
        Binding("s", "season", "This year/ever", id="player.season"),
        Binding("escape", "app.pop_screen", "Back", id="player.back"),
    ]

    def __init__(self, name: str, season: Season | None = None) -> None:
        super().__init__()
        self.player = name  # the name the page was asked for (a name merged into another shows the other)
        self.season = season  # None: every season

    def title_text(self) -> str:
        return self.t("A player's page (↑↓ PgUp PgDn to scroll, s this year or ever, Esc back)")

    async def fill(self) -> None:
        await self.refresh_view()  # inside TextPage's kept_open: a locked database is said on the page

    async def refresh_view(self) -> None:
        from companion.club.player_page import UnknownPlayer, page  # here: the page loads openskill and SQLAlchemy

        lang = self.app.lang
        apart = self.app.settings.rates_apart
        try:
            found = await self.app.db(page, self.app.sessions, self.player, self.season, apart, lang)
        except UnknownPlayer:  # renamed or merged elsewhere since the list was read
            self.show_text(self.t("Nobody goes by {name} any more: it was renamed or merged.", name=self.player))
            return
        width = max(self.app.size.width - FRAME, 40)
        self.show_text("\n".join(page_lines(found, lang, chart=min(width, 72), json_hint=False)))

    async def action_season(self) -> None:
        """This calendar year's games, or every game ever, in turn."""
        self.season = this_year() if self.season is None else None
        with self.kept_open():
            await self.refresh_view()
        self.query_one("#output-scroll").scroll_home(animate=False)  # the first line names the season
