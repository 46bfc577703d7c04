"""The club's pages: each game's league table and each player's page, reached from the index
(with its token), in a season or ever, in English or Japanese. Written from the same reckonings as
``companion ratings`` and ``companion player`` (``companion.club.ratings``, ``companion.club.player_page``);
every name is escaped.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from urllib.parse import urlencode

from companion.club.player_page import PlayerPage
from companion.club.ratings import League
from companion.club.season import Season
from companion.club.text import figure, hours_minutes
from companion.web.chart import running_totals
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


def club_index(games: Sequence[str], players: Sequence[str], key: str, lang: str) -> list[str]:
    """The index's club section: each rated game's league table and each player's page."""
    words = club_words(lang)
    if not games:
        return []
    out = [f"<h2>{words['club']}</h2>", '<ul class="sessions">']
    for game in games:
        label = words["league"].format(game=game_name(game, lang))
        out.append(f'<li><a href="{escape(league_href(key, game))}">{escape(label)}</a></li>')
    out.append("</ul>")
    if players:
        out.append(f"<h2>{words['players']}</h2>")
        links = [f'<a href="{escape(player_href(key, p))}">{escape(p)}</a>' for p in players]
        out.append(f'<p class="players">{" · ".join(links)}</p>')
    return out


def _seasons(here: str, key: str, season: str, lang: str, year: int) -> str:
    """Links to the same page this year and ever."""
    words = club_words(lang)
    this = f'<a href="{escape(here)}&amp;season={year}">{words["this_year"]}</a>'
    ever = f'<a href="{escape(here)}">{words["all"]}</a>'
    return f'<p class="dim">{this} · {ever}</p>'


def league_part(leagues: Sequence[League], season: Season | None, key: str, lang: str, year: int) -> str:
    """A game's league table (one per variant where variants are rated apart)."""
    words = club_words(lang)
    out = []
    game = leagues[0].game if leagues else ""
    for league in leagues:
        out.append(f"<h1>{escape(words['league'].format(game=league.title(lang)))}</h1>")
        out.append(
            f"<p>{escape(words['of'].format(games=_games(league.games, words), season=_when(season, lang)))}</p>"
        )
        heads = ("place", "player", "rating", "mu", "sigma", "played", "last")
        out.append('<div class="scroll"><table class="league"><thead><tr>')
        out.append("".join(f"<th>{words[h]}</th>" for h in heads) + "</tr></thead><tbody>")
        for line in league.lines:
            name = f'<a href="{escape(player_href(key, line.player, season.name("en") if season else ""))}">'
            out.append(
                f"<tr><td>{line.place}</td><td>{name}{escape(line.player)}</a></td>"
                f'<td class="total">{_figure(line.rating.ordinal)}</td><td>{_figure(line.rating.mu)}</td>'
                f"<td>{_figure(line.rating.sigma)}</td><td>{line.games}</td><td>{line.last.date().isoformat()}</td></tr>"
            )
        out.append("</tbody></table></div>")
    if not leagues:
        out.append(f"<p>{escape(words['no_games'].format(season=_when(season, lang)))}</p>")
    out.append(_seasons(league_href(key, game), key, "", lang, year))
    return "\n".join(out)


def _history_chart(player: str, steps: Sequence, lang: str) -> str:
    """The rating after each game as the page's chart (the ordinal, from the newcomer's 0)."""
    values = [round(s.mu - 3 * s.sigma) for s in steps]
    deltas = tuple(b - a for a, b in zip([0, *values[:-1]], values, strict=True))
    standings = Standings((Standing(player, 1, values[-1] if values else 0, deltas),))
    return running_totals(standings, lang, (player,), title=club_words(lang)["history"])


def player_part(page: PlayerPage, key: str, lang: str, year: int) -> str:
    """A player's page: games and wins by game and variant, best and worst, time played, each
    rating with its history as a chart, and the head-to-head at each game."""
    words = club_words(lang)
    out = [f"<h1>{escape(page.player)}</h1>"]
    out.append(
        "<p>"
        + escape(
            words["summary"].format(
                games=_games(page.games, words),
                wins=page.wins,
                time=words["unknown"] if page.untimed == page.games else _hours(page.seconds, words),
                season=_when(page.season, lang),
            )
        )
        + "</p>"
    )
    if page.played:
        out += [f"<h2>{words['by_game']}</h2>", '<div class="scroll"><table><thead><tr>']
        heads = ("game", "played", "wins", "best", "worst", "time")
        out.append("".join(f"<th>{words[h]}</th>" for h in heads) + "</tr></thead><tbody>")
        for p in page.played:
            title = game_name(p.game, lang) + (f" ({p.variant})" if p.variant else "")
            time = words["unknown"] if p.untimed == p.games else _hours(p.seconds, words)
            out.append(
                f"<tr><td>{escape(title)}</td><td>{p.games}</td><td>{p.wins}</td><td>{p.best}</td>"
                f"<td>{p.worst}</td><td>{escape(time)}</td></tr>"
            )
        out.append("</tbody></table></div>")
    if page.ratings:
        out.append(f"<h2>{words['ratings']}</h2>")
    for r in page.ratings:
        title = game_name(r.game, lang) + (f" ({r.variant})" if r.variant else "")
        said = words["rated"].format(
            title=title,
            rating=_figure(r.rating.ordinal),
            mu=_figure(r.rating.mu),
            sigma=_figure(r.rating.sigma),
            place=r.place,
            of=r.of,
            games=_games(r.games, words),
        )
        out.append(f"<p>{escape(said)}</p>")
        chart = _history_chart(page.player, r.history, lang)
        if chart:
            out.append(f'<figure class="chart">{chart}</figure>')
    for game, rivals in page.rivals:
        if not rivals:
            continue
        out.append(f"<h2>{escape(words['h2h'].format(game=game_name(game, lang)))}</h2>")
        out.append('<div class="scroll"><table><thead><tr>')
        heads = ("opponent", "together", "ahead", "behind", "tied")
        out.append("".join(f"<th>{words[h]}</th>" for h in heads) + "</tr></thead><tbody>")
        for rival in rivals:
            out.append(
                f'<tr><td><a href="{escape(player_href(key, rival.name))}">{escape(rival.name)}</a></td>'
                f"<td>{rival.games}</td><td>{rival.ahead}</td><td>{rival.behind}</td><td>{rival.tied}</td></tr>"
            )
        out.append("</tbody></table></div>")
    out.append(_seasons(player_href(key, page.player), key, "", lang, year))
    return "\n".join(out)
