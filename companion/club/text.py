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
from companion.words import N_, t, tn
from companion.words.formats import rating as rating_figure
from companion.wrapping import cells
from scoring.registry import name as game_name

if TYPE_CHECKING:
    from companion.club.player_page import PlayerPage, Rated

# the words of the league table and the player's page, each a message of the catalogue (said with ``say``)
WORDS: dict[str, str] = {
    "league": N_("{game}: {games} rated ({said})"),
    "season": N_("season {season}"),
    "ever": N_("every season"),
    "apart": N_("variants rated apart"),
    "none": N_("No finished {game} games of 2 to 7 players to rate{season}."),
    "in season": N_(" in the season {season}"),
    "place": N_("place"),
    "player": N_("player"),
    "rating": N_("rating"),
    "mu": N_("mu"),
    "sigma": N_("sigma"),
    "games": N_("games"),
    "last": N_("last played"),
    "game": N_("game"),
    "wins": N_("wins"),
    "best": N_("best"),
    "worst": N_("worst"),
    "time": N_("time played"),
    "page": N_("{player} — {games}, {wins}, {time} ({season})"),
    "time played": N_("{time} played"),
    "untimed": N_("{time} played and {games} without a time"),
    "no time": N_("time played unknown"),
    "unknown time": N_("—"),
    "no games": N_("{player} has no finished games{season}."),
    "unknown": N_("No player called {name!r}: companion players lists them."),
    "played": N_("Games"),
    "ratings": N_("Ratings"),
    "rated": N_("{title}: {rating} (mu {mu}, sigma {sigma}), {place} of {of}, {games} rated"),
    "after": N_("  after each game ({shown}; --json gives every one):"),
    "after shown": N_("  after each game ({shown}):"),
    "all": N_("all {n}"),
    "last n": N_("the last {k} of {n}"),
    "step": N_("  {day}  rank {rank} of {players}  {rating} (mu {mu}, sigma {sigma})"),
    "h2h": N_("Head-to-head: {title}"),
    "opponent": N_("opponent"),
    "ahead": N_("ahead"),
    "behind": N_("behind"),
    "tied": N_("tied"),
}


def say(key: str, lang: str, /, **values: Any) -> str:
    """One of the club's words in ``lang``, its fields filled: ``say("season", "ja", season="2026年")``."""
    return t(WORDS[key], lang, **values)


def count(n: int, lang: str) -> str:
    """``12 games``, ``1 game``."""
    return tn("{n} game", "{n} games", n, lang)


def wins_count(n: int, lang: str) -> str:
    """``3 wins``, ``1 win``."""
    return tn("{n} win", "{n} wins", n, lang)


def hours(seconds: float, lang: str) -> str:
    """A time played, ``2 h 05 min``."""
    h, m = hours_minutes(seconds)
    return t("{hours} h {minutes} min", lang, hours=h, minutes=f"{m:02d}")


HISTORY_SHOWN = 10  # the rating after each of the last ten games (--json gives every one)
CHART_ROWS = 4  # a rating's history as a chart: four rows of braille, sixteen steps up …
CELLS_A_GAME = 6  # … and six cells across a game, where the line has room


def figure(x: float, lang: str = "en") -> str:
    """A rating's number as every surface writes it (the command line, the screens, the phones):
    two decimals, as the language writes a number (``companion.words.formats.rating``).

    >>> figure(24.0), figure(-1.234, "ja")
    ('24.00', '-1.23')
    """
    return rating_figure(x, lang)


def hours_minutes(seconds: float) -> tuple[int, int]:
    """A time played as every surface writes it: hours and minutes, to the nearest minute.

    >>> hours_minutes(3540), hours_minutes(3629), hours_minutes(29)
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
    player = visible(found.player, one_line=True)
    season = found.season
    if not found.played:
        during = say("in season", lang, season=season.name(lang)) if season else ""
        return [say("no games", lang, player=player, season=during)]
    played = hours(found.seconds, lang)
    if found.untimed == found.games:
        time_played = say("no time", lang)
    elif found.untimed:
        time_played = say("untimed", lang, time=played, games=count(found.untimed, lang))
    else:
        time_played = say("time played", lang, time=played)
    when = say("season", lang, season=season.name(lang)) if season else say("ever", lang)
    lines = [
        say(
            "page",
            lang,
            player=player,
            games=count(found.games, lang),
            wins=wins_count(found.wins, lang),
            time=time_played,
            season=when,
        )
    ]
    lines += ["", say("played", lang), *_played(found, lang)]
    if found.ratings:
        lines += ["", say("ratings", lang)]
    for k, rated in enumerate(found.ratings):
        if chart and k:
            lines.append("")  # a chart ends in its days: the next rating starts apart from them
        lines += _rated(rated, lang, chart, json_hint)
    for game, rivals in found.rivals:
        lines += ["", say("h2h", lang, title=title(game, None, lang))]
        names = [visible(r.name, one_line=True) for r in rivals]
        nw = min(max([cells(say("opponent", lang)), 6, *(cells(n) for n in names)]), 20)
        heads = [say(w, lang) for w in ("games", "ahead", "behind", "tied")]
        lines.append(
            pad(say("opponent", lang), nw) + "".join(f"  {pad(h, max(6, cells(h)), right=True)}" for h in heads)
        )
        for n, r in zip(names, rivals, strict=True):
            figures = (r.games, r.ahead, r.behind, r.tied)
            lines.append(
                pad(n, nw)
                + "".join(f"  {pad(f, max(6, cells(h)), right=True)}" for f, h in zip(figures, heads, strict=True))
            )
    return lines


def _played(found: PlayerPage, lang: str) -> list[str]:
    """The games by game and variant: games, wins, best, worst, time played."""
    titles = [title(p.game, p.variant, lang) for p in found.played]
    tw = min(max([cells(say("game", lang)), *(cells(name) for name in titles)]), 30)
    heads = [say(w, lang) for w in ("games", "wins", "best", "worst")]
    lines = [
        pad(say("game", lang), tw)
        + "".join(f"  {pad(h, max(5, cells(h)), right=True)}" for h in heads)
        + f"  {say('time', lang)}"
    ]
    for name, p in zip(titles, found.played, strict=True):
        figures = (p.games, p.wins, p.best, p.worst)
        lines.append(
            pad(name, tw)
            + "".join(f"  {pad(f, max(5, cells(h)), right=True)}" for f, h in zip(figures, heads, strict=True))
            + f"  {say('unknown time', lang) if p.untimed == p.games else hours(p.seconds, lang)}"
        )
    return lines


def _rated(rated: Rated, lang: str, chart: int, json_hint: bool) -> list[str]:
    """A rating now, its history as a chart (``chart`` cells wide, 0: none), and the rating after
    each of the last games."""
    lines = [
        say(
            "rated",
            lang,
            title=title(rated.game, rated.variant, lang),
            rating=figure(rated.rating.ordinal, lang),
            mu=figure(rated.rating.mu, lang),
            sigma=figure(rated.rating.sigma, lang),
            place=rated.place,
            of=rated.of,
            games=count(rated.games, lang),
        )
    ]
    if chart:
        lines += history_chart(rated, lang, chart)
    shown = rated.history[-HISTORY_SHOWN:]
    many = say("all" if len(shown) == len(rated.history) else "last n", lang, n=len(rated.history), k=len(shown))
    lines.append(say("after" if json_hint else "after shown", lang, shown=many))
    for step in shown:
        lines.append(
            say(
                "step",
                lang,
                day=clock.day(step.played, lang),
                rank=step.rank,
                players=step.players,
                rating=figure(step.rating.ordinal, lang),
                mu=figure(step.rating.mu, lang),
                sigma=figure(step.rating.sigma, lang),
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
    high, low = figure(max(values), lang), figure(min(values), lang)
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
