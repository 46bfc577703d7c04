"""The club's pages: each game's league table and each player's page, reached from the index
(with its token), in a season or ever, in each language Companion speaks. Written from the same
reckonings as ``companion ratings`` and ``companion player`` (``companion.club.ratings``,
``companion.club.player_page``) by the templates club_index.html, league.html and player.html,
which escape every name; the words are the catalogue's (``companion.words``), the laptop's own
where the phone says the same (``companion.club.text``: a count of games, a time played).
"""

from __future__ import annotations

from collections.abc import Sequence
from urllib.parse import urlencode

from markupsafe import Markup

from companion import clock
from companion.club.player_page import PlayerPage
from companion.club.ratings import League
from companion.club.season import Season
from companion.club.text import count, figure, hours
from companion.web.chart import running_totals
from companion.web.templating import render
from companion.words import t
from companion.words.formats import number
from scoring.registry import name as game_name
from scoring.standings import Standing, Standings


def _when(season: Season | None, lang: str) -> str:
    return t("the {season} season", lang, season=season.name(lang)) if season else t("every game ever", lang)


def _figure(value: float, lang: str) -> str:
    return figure(value, lang)  # as the command line and the laptop write it


def player_href(key: str, name: str, season: str = "") -> str:
    return "/player?" + urlencode({"key": key, "name": name, **({"season": season} if season else {})})


def league_href(key: str, game: str, season: str = "") -> str:
    return f"/league/{game}?" + urlencode({"key": key, **({"season": season} if season else {})})


def club_index(games: Sequence[str], players: Sequence[str], key: str, lang: str) -> Markup:
    """The index's club section (club_index.html): each rated game's league table and each
    player's page."""
    return render(
        "club_index.html",
        lang,
        games=[(league_href(key, game), league_title(game, lang)) for game in games],
        players=[(player_href(key, p), p) for p in players],
    )


def league_title(game: str, lang: str) -> str:
    """A league table's title (its page's, and its link's on the index): ``League table: Sheriff``."""
    return t("League table: {game}", lang, game=game_name(game, lang))


def _title(game: str, variant: str, lang: str) -> str:
    return game_name(game, lang) + (f" ({variant})" if variant else "")


def league_part(leagues: Sequence[League], season: Season | None, key: str, lang: str, year: int) -> Markup:
    """A game's league table (one per variant where variants are rated apart): league.html."""
    game = leagues[0].game if leagues else ""
    in_season = season.name("en") if season else ""
    return render(
        "league.html",
        lang,
        leagues=leagues,
        when=_when(season, lang),
        games=lambda n: count(n, lang),
        figure=lambda value: _figure(value, lang),
        day=lambda stamp: clock.day(stamp, lang),
        player_href=lambda name: player_href(key, name, in_season),
        here=league_href(key, game),
        year=year,
    )


def _history_chart(player: str, steps: Sequence, lang: str) -> str:
    """The rating after each game as the page's chart (the ordinal, from the newcomer's 0)."""
    values = [round(s.mu - 3 * s.sigma) for s in steps]
    deltas = tuple(b - a for a, b in zip([0, *values[:-1]], values, strict=True))
    standings = Standings((Standing(player, 1, values[-1] if values else 0, deltas),))
    return running_totals(standings, lang, (player,), title=t("Rating after each game", lang))


def player_part(page: PlayerPage, key: str, lang: str, year: int) -> Markup:
    """A player's page (player.html): games and wins by game and variant, best and worst, time
    played, each rating with its history as a chart, and the head-to-head at each game."""
    summary = t(
        "{games}, {wins} won, {time} played ({season}).",
        lang,
        games=count(page.games, lang),
        wins=number(page.wins, lang),
        time=t("—", lang) if page.untimed == page.games else hours(page.seconds, lang),
        season=_when(page.season, lang),
    )
    ratings = [
        (
            t(
                "{title}: {rating} (μ {mu}, σ {sigma}), #{place} of {of}, after {games}",
                lang,
                title=_title(r.game, r.variant, lang),
                rating=_figure(r.rating.ordinal, lang),
                mu=_figure(r.rating.mu, lang),
                sigma=_figure(r.rating.sigma, lang),
                place=number(r.place, lang),
                of=number(r.of, lang),
                games=count(r.games, lang),
            ),
            _history_chart(page.player, r.history, lang),
        )
        for r in page.ratings
    ]
    return render(
        "player.html",
        lang,
        page=page,
        summary=summary,
        ratings=ratings,
        title=lambda game, variant: _title(game, variant, lang),
        hours=lambda seconds: hours(seconds, lang),
        player_href=lambda name: player_href(key, name),
        here=player_href(key, page.player),
        year=year,
    )
