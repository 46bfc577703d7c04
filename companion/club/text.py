"""The club's words, in English and Japanese, and a player's page written as lines of text: what
``companion player NAME`` prints and the player's page on the history screen shows
(``screens.player``), from one copy of each word and one layout.

The league table's words (``companion ratings``) are here too: both speak of places, ratings,
games and seasons the same way.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from companion import clock
from companion.line_chart import braille
from companion.text import pad, visible
from companion.wrapping import cells
from scoring.registry import name as game_name

if TYPE_CHECKING:
    from companion.club.player_page import PlayerPage, Rated

# the words of the league table and the player's page, in each language Companion speaks
WORDS: dict[str, dict[str, Any]] = {
    "en": {
        "league": "{game}: {games} rated ({said})",
        "and": ", ",
        "season": "season {season}",
        "ever": "every season",
        "apart": "variants rated apart",
        "none": "No finished {game} games of 2 to 7 players to rate{season}.",
        "in season": " in the season {season}",
        "place": "place",
        "player": "player",
        "rating": "rating",
        "mu": "mu",
        "sigma": "sigma",
        "games": "games",
        "last": "last played",
        "game": "game",
        "wins": "wins",
        "best": "best",
        "worst": "worst",
        "time": "time played",
        "count": lambda n: f"{n} game" + "s" * (n != 1),
        "wins count": lambda n: f"{n} win" + "s" * (n != 1),
        "page": "{player} — {games}, {wins}, {time} ({season})",
        "time played": "{time} played",
        "untimed": "{time} played and {games} without a time",
        "no time": "time played unknown",
        "unknown time": "—",
        "no games": "{player} has no finished games{season}.",
        "unknown": "No player called {name!r}: companion players lists them.",
        "played": "Games",
        "ratings": "Ratings",
        "rated": "{title}: {rating} (mu {mu}, sigma {sigma}), {place} of {of}, {games} rated",
        "after": "  after each game ({shown}; --json gives every one):",
        "after shown": "  after each game ({shown}):",
        "all": "all {n}",
        "last n": "the last {k} of {n}",
        "step": "  {day}  rank {rank} of {players}  {rating} (mu {mu}, sigma {sigma})",
        "h2h": "Head-to-head: {title}",
        "opponent": "opponent",
        "ahead": "ahead",
        "behind": "behind",
        "tied": "tied",
        "hours": lambda s: "{} h {:02d} min".format(*hours_minutes(s)),
    },
    "ja": {
        "league": "{game}：{games}をレーティング（{said}）",
        "and": "、",
        "season": "シーズン {season}",
        "ever": "全シーズン",
        "apart": "バリアントごとにレーティング",
        "none": "レーティングできる{game}の終了したゲーム（2〜7人）がまだありません{season}。",
        "in season": "（シーズン {season}）",
        "place": "順位",
        "player": "プレイヤー",
        "rating": "レーティング",
        "mu": "μ",
        "sigma": "σ",
        "games": "ゲーム数",
        "last": "最後の対戦",
        "game": "ゲーム",
        "wins": "勝ち",
        "best": "最高",
        "worst": "最低",
        "time": "プレイ時間",
        "count": lambda n: f"{n}ゲーム",
        "wins count": lambda n: f"{n}勝",
        "page": "{player} — {games}、{wins}、{time}（{season}）",
        "time played": "プレイ時間 {time}",
        "untimed": "プレイ時間 {time}（ほかに時間の分からないゲームが{games}）",
        "no time": "プレイ時間は不明",
        "unknown time": "—",
        "no games": "{player}の終了したゲームはありません{season}。",
        "unknown": "{name!r}というプレイヤーはいません（companion players で一覧できます）。",
        "played": "ゲーム",
        "ratings": "レーティング",
        "rated": "{title}：{rating}（μ {mu}、σ {sigma}）、{of}人中{place}位、{games}をレーティング",
        "after": "  各ゲームの後（{shown}。--json ですべて出ます）：",
        "after shown": "  各ゲームの後（{shown}）：",
        "all": "全{n}ゲーム",
        "last n": "{n}ゲーム中最後の{k}ゲーム",
        "step": "  {day}  {players}人中{rank}位  {rating}（μ {mu}、σ {sigma}）",
        "h2h": "対戦成績：{title}",
        "opponent": "相手",
        "ahead": "上位",
        "behind": "下位",
        "tied": "同順位",
        "hours": lambda s: "{}時間{:02d}分".format(*hours_minutes(s)),
    },
}

HISTORY_SHOWN = 10  # the rating after each of the last ten games (--json gives every one)
CHART_ROWS = 4  # a rating's history as a chart: four rows of braille, sixteen steps up …
CELLS_A_GAME = 6  # … and six cells across a game, where the line has room


def words(lang: str) -> dict[str, Any]:
    return WORDS.get(lang, WORDS["en"])


def figure(x: float) -> str:
    """A rating's number as every surface writes it (the command line, the screens, the phones):
    two decimals.

    >>> figure(24.0), figure(-1.234)
    ('24.00', '-1.23')
    """
    return f"{x:.2f}"


def hours_minutes(seconds: float) -> tuple[int, int]:
    """A time played as every surface writes it: hours and minutes, to the nearest minute.

    >>> hours_minutes(3570), hours_minutes(3629), hours_minutes(29)
    ((0, 59), (1, 0), (0, 0))
    """
    minutes = round(seconds / 60)
    return minutes // 60, minutes % 60


def title(game: str, variant: str | None, lang: str) -> str:
    """A game's short name, with its variant where it has one: ``Trickster (Timeline)``."""
    name = game_name(game, lang, short=True)
    return visible(f"{name} ({variant})" if variant else name, one_line=True)


def page_lines(found: PlayerPage, lang: str, chart: int = 0, json_hint: bool = True) -> list[str]:
    """A player's page as lines: who and how much (games, wins, time played, the season); per game
    and variant the games, wins, best, worst and time; each rating with its place and the rating
    after each of the last games; the head-to-head at each game. ``chart``: the width in cells of
    a chart of each rating's history, drawn above its list (0: none, as the command line prints
    it); ``json_hint``: the list says ``--json`` gives every game (the command line's words)."""
    said = words(lang)
    player = visible(found.player, one_line=True)
    season = found.season
    if not found.played:
        during = said["in season"].format(season=season.name(lang)) if season else ""
        return [said["no games"].format(player=player, season=during)]
    hours = said["hours"](found.seconds)
    if found.untimed == found.games:
        time_played = said["no time"]
    elif found.untimed:
        time_played = said["untimed"].format(time=hours, games=said["count"](found.untimed))
    else:
        time_played = said["time played"].format(time=hours)
    when = said["season"].format(season=season.name(lang)) if season else said["ever"]
    lines = [
        said["page"].format(
            player=player,
            games=said["count"](found.games),
            wins=said["wins count"](found.wins),
            time=time_played,
            season=when,
        )
    ]
    lines += ["", said["played"], *_played(found, lang)]
    if found.ratings:
        lines += ["", said["ratings"]]
    for k, rated in enumerate(found.ratings):
        if chart and k:
            lines.append("")  # a chart ends in its days: the next rating starts apart from them
        lines += _rated(rated, lang, chart, json_hint)
    for game, rivals in found.rivals:
        lines += ["", said["h2h"].format(title=title(game, None, lang))]
        names = [visible(r.name, one_line=True) for r in rivals]
        nw = min(max([cells(said["opponent"]), 6, *(cells(n) for n in names)]), 20)
        heads = [said[w] for w in ("games", "ahead", "behind", "tied")]
        lines.append(pad(said["opponent"], nw) + "".join(f"  {pad(h, max(6, cells(h)), right=True)}" for h in heads))
        for n, r in zip(names, rivals, strict=True):
            figures = (r.games, r.ahead, r.behind, r.tied)
            lines.append(
                pad(n, nw)
                + "".join(f"  {pad(f, max(6, cells(h)), right=True)}" for f, h in zip(figures, heads, strict=True))
            )
    return lines


def _played(found: PlayerPage, lang: str) -> list[str]:
    """The games by game and variant: games, wins, best, worst, time played."""
    said = words(lang)
    titles = [title(p.game, p.variant, lang) for p in found.played]
    tw = min(max([cells(said["game"]), *(cells(t) for t in titles)]), 30)
    heads = [said[w] for w in ("games", "wins", "best", "worst")]
    lines = [
        pad(said["game"], tw)
        + "".join(f"  {pad(h, max(5, cells(h)), right=True)}" for h in heads)
        + f"  {said['time']}"
    ]
    for t, p in zip(titles, found.played, strict=True):
        figures = (p.games, p.wins, p.best, p.worst)
        lines.append(
            pad(t, tw)
            + "".join(f"  {pad(f, max(5, cells(h)), right=True)}" for f, h in zip(figures, heads, strict=True))
            + f"  {said['unknown time'] if p.untimed == p.games else said['hours'](p.seconds)}"
        )
    return lines


def _rated(rated: Rated, lang: str, chart: int, json_hint: bool) -> list[str]:
    """A rating now, its history as a chart (``chart`` cells wide, 0: none), and the rating after
    each of the last games."""
    said = words(lang)
    lines = [
        said["rated"].format(
            title=title(rated.game, rated.variant, lang),
            rating=figure(rated.rating.ordinal),
            mu=figure(rated.rating.mu),
            sigma=figure(rated.rating.sigma),
            place=rated.place,
            of=rated.of,
            games=said["count"](rated.games),
        )
    ]
    if chart:
        lines += history_chart(rated, lang, chart)
    shown = rated.history[-HISTORY_SHOWN:]
    many = said["all"] if len(shown) == len(rated.history) else said["last n"]
    after = said["after" if json_hint else "after shown"]
    lines.append(after.format(shown=many.format(n=len(rated.history), k=len(shown))))
    for step in shown:
        lines.append(
            said["step"].format(
                day=clock.day(step.played, lang),
                rank=step.rank,
                players=step.players,
                rating=figure(step.rating.ordinal),
                mu=figure(step.rating.mu),
                sigma=figure(step.rating.sigma),
            )
        )
    return lines


def history_chart(rated: Rated, lang: str, width: int) -> list[str]:
    """The rating (the ordinal) from a newcomer's start through each game, as a braille line in a
    line ``width`` cells wide: the highest and lowest ratings beside it, the first and last game's
    days under it."""
    from companion.club.ratings import START  # here: the ratings load openskill, which the page has loaded

    if not rated.history:
        return []
    values = [START.ordinal, *(step.rating.ordinal for step in rated.history)]
    high, low = figure(max(values)), figure(min(values))
    label = max(len(high), len(low))
    # as wide as the line allows (two spaces before the numbers, a space and the axis after them),
    # or six cells a game where that is less: two games are no long climb
    inside = max(min(width - label - 4, CELLS_A_GAME * len(values)), 24)
    rows = braille(values, inside, CHART_ROWS)
    lines = []
    for k, row in enumerate(rows):
        number = high if k == 0 else low if k == len(rows) - 1 else ""
        lines.append(f"  {number:>{label}}{' ┤' if number else ' │'}{row}")
    first, last = clock.day(rated.history[0].played, lang), clock.day(rated.history[-1].played, lang)
    lines.append(f"  {'':>{label}} └{'─' * inside}")
    days = first if first == last else first + last.rjust(max(inside - len(first), len(last) + 1))
    lines.append(f"  {'':>{label}}  {days}")
    return lines
