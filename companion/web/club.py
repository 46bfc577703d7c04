"""The club's pages: each game's league table and each player's page, reached from the index
(with its token), in a season or ever, in English or Japanese. Written from the same reckonings as
``companion ratings`` and ``companion player`` (``companion.club.ratings``,
``companion.club.player_page``) by the templates club_index.html, league.html and player.html,
which escape every name; the pages' words are here.
"""

from __future__ import annotations

from collections.abc import Sequence
from urllib.parse import urlencode

from markupsafe import Markup

from companion.club.player_page import PlayerPage
from companion.club.ratings import League
from companion.club.season import Season
from companion.club.text import figure, hours_minutes
from companion.web.chart import running_totals
from companion.web.templating import render
from scoring.registry import name as game_name
from scoring.standings import Standing, Standings

_WORDS = {
    "en": {
        "club": "The club",
        "league": "League table: {game}",
        "players": "Players",
        "ever": "every game ever",
        "season": "the {season} season",
        "of": "Rated over {games} ({season}).",
        "games_n": "{n} games",
        "game_1": "1 game",
        "place": "#",
        "player": "Player",
        "rating": "Rating",
        "mu": "μ",
        "sigma": "σ",
        "played": "Games",
        "last": "Last played",
        "no_games": "No finished game to rate in {season}.",
        "this_year": "This year",
        "all": "Ever",
        "summary": "{games}, {wins} won, {time} played ({season}).",
        "wins_n": "{n}",
        "by_game": "Games and wins",
        "game": "Game",
        "wins": "Wins",
        "best": "Best",
        "worst": "Worst",
        "time": "Time",
        "ratings": "Ratings",
        "rated": "{title}: {rating} (μ {mu}, σ {sigma}), #{place} of {of}, after {games}",
        "history": "Rating after each game",
        "h2h": "Head-to-head: {game}",
        "opponent": "Opponent",
        "together": "Together",
        "ahead": "Ahead",
        "behind": "Behind",
        "tied": "Tied",
        "hours": "{h} h {m:02d} min",
        "unknown": "—",
        "nobody": "No player goes by {name}.",
    },
    "ja": {
        "club": "クラブ",
        "league": "レーティング順位表：{game}",
        "players": "プレイヤー",
        "ever": "全期間",
        "season": "{season}シーズン",
        "of": "{games}から算出（{season}）。",
        "games_n": "{n}ゲーム",
        "game_1": "1ゲーム",
        "place": "#",
        "player": "プレイヤー",
        "rating": "レーティング",
        "mu": "μ",
        "sigma": "σ",
        "played": "ゲーム数",
        "last": "最後のプレイ",
        "no_games": "{season}に評価できる終了したゲームはありません。",
        "this_year": "今年",
        "all": "全期間",
        "summary": "{games}、{wins}勝、プレイ時間{time}（{season}）。",
        "wins_n": "{n}",
        "by_game": "ゲームと勝利",
        "game": "ゲーム",
        "wins": "勝利",
        "best": "最高",
        "worst": "最低",
        "time": "時間",
        "ratings": "レーティング",
        "rated": "{title}：{rating}（μ {mu}、σ {sigma}）、{of}人中{place}位、{games}後",
        "history": "ゲームごとのレーティング",
        "h2h": "対戦成績：{game}",
        "opponent": "相手",
        "together": "同卓",
        "ahead": "上位",
        "behind": "下位",
        "tied": "同順位",
        "hours": "{h}時間{m:02d}分",
        "unknown": "—",
        "nobody": "{name}というプレイヤーはいません。",
    },
}


def club_words(lang: str) -> dict[str, str]:
    return _WORDS.get(lang, _WORDS["en"])


def _games(n: int, words: dict[str, str]) -> str:
    return words["game_1"] if n == 1 else words["games_n"].format(n=n)


def _when(season: Season | None, lang: str) -> str:
    words = club_words(lang)
    return words["season"].format(season=season.name(lang)) if season else words["ever"]


def _figure(value: float) -> str:
    return figure(value)  # as the command line and the laptop write it


def _hours(seconds: float, words: dict[str, str]) -> str:
    h, m = hours_minutes(seconds)
    return words["hours"].format(h=h, m=m)


def player_href(key: str, name: str, season: str = "") -> str:
    return "/player?" + urlencode({"key": key, "name": name, **({"season": season} if season else {})})


def league_href(key: str, game: str, season: str = "") -> str:
    return f"/league/{game}?" + urlencode({"key": key, **({"season": season} if season else {})})


def club_index(games: Sequence[str], players: Sequence[str], key: str, lang: str) -> Markup:
    """The index's club section (club_index.html): each rated game's league table and each
    player's page."""
    words = club_words(lang)
    return render(
        "club_index.html",
        words=words,
        games=[(league_href(key, game), words["league"].format(game=game_name(game, lang))) for game in games],
        players=[(player_href(key, p), p) for p in players],
    )


def _title(game: str, variant: str, lang: str) -> str:
    return game_name(game, lang) + (f" ({variant})" if variant else "")


def league_part(leagues: Sequence[League], season: Season | None, key: str, lang: str, year: int) -> Markup:
    """A game's league table (one per variant where variants are rated apart): league.html."""
    words = club_words(lang)
    game = leagues[0].game if leagues else ""
    in_season = season.name("en") if season else ""
    return render(
        "league.html",
        words=words,
        lang=lang,
        leagues=leagues,
        when=_when(season, lang),
        games=lambda n: _games(n, words),
        figure=_figure,
        player_href=lambda name: player_href(key, name, in_season),
        here=league_href(key, game),
        year=year,
    )


def _history_chart(player: str, steps: Sequence, lang: str) -> str:
    """The rating after each game as the page's chart (the ordinal, from the newcomer's 0)."""
    values = [round(s.mu - 3 * s.sigma) for s in steps]
    deltas = tuple(b - a for a, b in zip([0, *values[:-1]], values, strict=True))
    standings = Standings((Standing(player, 1, values[-1] if values else 0, deltas),))
    return running_totals(standings, lang, (player,), title=club_words(lang)["history"])


def player_part(page: PlayerPage, key: str, lang: str, year: int) -> Markup:
    """A player's page (player.html): games and wins by game and variant, best and worst, time
    played, each rating with its history as a chart, and the head-to-head at each game."""
    words = club_words(lang)
    summary = words["summary"].format(
        games=_games(page.games, words),
        wins=page.wins,
        time=words["unknown"] if page.untimed == page.games else _hours(page.seconds, words),
        season=_when(page.season, lang),
    )
    ratings = [
        (
            words["rated"].format(
                title=_title(r.game, r.variant, lang),
                rating=_figure(r.rating.ordinal),
                mu=_figure(r.rating.mu),
                sigma=_figure(r.rating.sigma),
                place=r.place,
                of=r.of,
                games=_games(r.games, words),
            ),
            _history_chart(page.player, r.history, lang),
        )
        for r in page.ratings
    ]
    return render(
        "player.html",
        words=words,
        page=page,
        summary=summary,
        ratings=ratings,
        title=lambda game, variant: _title(game, variant, lang),
        hours=lambda seconds: _hours(seconds, words),
        player_href=lambda name: player_href(key, name),
        here=player_href(key, page.player),
        year=year,
    )
