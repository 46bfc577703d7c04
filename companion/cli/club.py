"""The club from the command line: ``players``, ``stats``, ``ratings``, a ``player``'s page."""

from __future__ import annotations

import argparse
import json

from companion import clock
from companion.cli.common import (
    Fail,
    open_sessions,
    rated_apart,
    season_of,
)
from companion.club import text as club_text
from companion.text import pad, visible
from companion.words import N_, t
from companion.words.formats import join
from companion.wrapping import cells
from scoring.registry import name as game_name

#: the names each ``players`` action takes, in order
NAMES = {"list": (), "rename": ("OLD", "NEW"), "merge": ("FROM", "INTO")}


def cmd_players(args: argparse.Namespace) -> int:
    from companion.store import players  # here: the players load SQLAlchemy

    wanted = NAMES[args.action]
    if len(args.names) != len(wanted):
        said = t(
            "players {action} takes the names {names}; {n} given.",
            args.lang,
            action=args.action,
            names=" ".join(wanted),
            n=len(args.names),
        )
        raise Fail(said if wanted else t("players list takes no names.", args.lang), 2)
    store = open_sessions(args).store
    if args.action == "rename":
        players.rename(store, args.names[0], args.names[1])
        print(t("Renamed {old} to {new}.", args.lang, old=args.names[0], new=args.names[1]))
    elif args.action == "merge":
        players.merge(store, args.names[0], args.names[1])
        print(t("{source} now counts as {into}.", args.lang, source=args.names[0], into=args.names[1]))
    else:
        for name in players.names(store):
            print(visible(name, one_line=True))
    return 0


# the statistics' columns after the player, each with its width (the widest number it holds)
STATS_COLUMNS = (
    (N_("played"), 6),
    (N_("wins"), 5),
    (N_("win%"), 5),
    (N_("average"), 8),
    (N_("best"), 6),
    (N_("worst"), 6),
)


def cmd_stats(args: argparse.Namespace) -> int:
    from companion.club.stats import by_variant  # here: the statistics load SQLAlchemy

    def days(first, last) -> str:
        """The first and last day (this computer's dates), or the one day."""
        a, b = clock.day(first, args.lang), clock.day(last, args.lang)
        return a if a == b else t("{first} to {last}", args.lang, first=a, last=b)

    season = season_of(args)
    groups = by_variant(open_sessions(args), args.game, args.lang, season)
    during = club_text.say("in season", args.lang, season=season.name(args.lang)) if season else ""
    if not groups:
        if season:
            print(t("No finished {game} sessions{season}.", args.lang, game=args.game, season=during))
        else:
            print(t("No finished {game} sessions yet.", args.lang, game=args.game))
        return 0
    for v in groups:  # each variant's games and days, then one table of every player of every variant
        print(
            t(
                "{title}: {games}{season}, {days}",
                args.lang,
                title=visible(v.title(args.lang), one_line=True),
                games=club_text.count(v.games, args.lang),
                season=during,
                days=days(v.first, v.last),
            )
        )
    print()
    titles = {v.variant: visible(v.title(args.lang), one_line=True) for v in groups}
    rows = [(titles[v.variant], visible(p.player, one_line=True), p) for v in groups for p in v.players]
    # 80 columns: the variant and the name take what the numbers leave, each cut with … past its share
    vw = min(max(cells(t) for t, _, _ in rows), 20) if len(groups) > 1 else 0
    nw = min(max([6, *(cells(n) for _, n, _ in rows)]), 16)
    vw = max(vw, cells(t("variant", args.lang))) if vw else 0
    nw = max(nw, cells(t("player", args.lang)))
    # each number right-aligned under its heading, as wide as the heading where it is wider
    heads = [(t(h, args.lang), w) for h, w in STATS_COLUMNS]
    widths = [max(w, cells(h)) for h, w in heads]
    lead = pad(t("variant", args.lang), vw) + " " if vw else ""
    print(
        lead
        + pad(t("player", args.lang), nw)
        + "".join(" " + pad(h, w, right=True) for (h, _), w in zip(heads, widths, strict=True))
    )
    for k, (title, name, p) in enumerate(rows):
        lead = pad(title if k == 0 or rows[k - 1][0] != title else "", vw) + " " if vw else ""  # once a variant
        figures = (p.played, p.wins, f"{p.win_rate:.0f}%", p.average, p.best, p.worst)
        print(lead + pad(name, nw) + "".join(" " + pad(f, w, right=True) for f, w in zip(figures, widths, strict=True)))
    return 0


def _rating_json(rating) -> dict:
    return {"ordinal": rating.ordinal, "mu": rating.mu, "sigma": rating.sigma}


def cmd_ratings(args: argparse.Namespace) -> int:
    from companion.club.ratings import league  # here: the ratings load SQLAlchemy and openskill

    season, apart = season_of(args), rated_apart(args)
    tables = league(open_sessions(args), args.game, season, apart, args.lang)
    if args.json:
        print(
            json.dumps(
                {
                    "game": args.game,
                    "season": season.as_json() if season else None,
                    "variants": "apart" if apart else "together",
                    "tables": [
                        {
                            "variant": t.variant,
                            "games": t.games,
                            "players": [
                                {
                                    "place": line.place,
                                    "player": line.player,
                                    **_rating_json(line.rating),
                                    "games": line.games,
                                    "last_played": line.last.isoformat(),
                                }
                                for line in t.lines
                            ],
                        }
                        for t in tables
                    ],
                },
                ensure_ascii=False,
            )
        )
        return 0
    name = game_name(args.game, args.lang, short=True)
    if not tables:
        during = club_text.say("in season", args.lang, season=season.name(args.lang)) if season else ""
        print(club_text.say("none", args.lang, game=name, season=during))
        return 0
    when = (
        club_text.say("season", args.lang, season=season.name(args.lang))
        if season
        else club_text.say("ever", args.lang)
    )
    for k, table in enumerate(tables):
        if k:
            print()
        said = [when] + ([club_text.say("apart", args.lang)] if apart else [])
        title = visible(table.title(args.lang), one_line=True)
        games = club_text.count(table.games, args.lang)
        print(club_text.say("league", args.lang, game=title, games=games, said=join(said, args.lang)))
        width = min(
            max(
                [
                    cells(club_text.say("player", args.lang)),
                    6,
                    *(cells(visible(line.player, one_line=True)) for line in table.lines),
                ]
            ),
            20,
        )
        heads = [club_text.say(w, args.lang) for w in ("rating", "mu", "sigma", "games")]
        places = max(5, cells(club_text.say("place", args.lang)))  # as wide as the language's word for it
        print(
            pad(club_text.say("place", args.lang), places, right=True)
            + "  "
            + pad(club_text.say("player", args.lang), width)
            + "".join(f"  {pad(h, max(6, cells(h)), right=True)}" for h in heads)
            + "  "
            + club_text.say("last", args.lang)
        )
        for line in table.lines:
            rating = line.rating
            figures = (*(club_text.figure(x, args.lang) for x in (rating.ordinal, rating.mu, rating.sigma)), line.games)
            print(
                f"{pad(line.place, places, right=True)}  {pad(line.player, width)}"
                + "".join(f"  {pad(f, max(6, cells(h)), right=True)}" for f, h in zip(figures, heads, strict=True))
                + f"  {clock.day(line.last, args.lang)}"
            )
    return 0


def cmd_player(args: argparse.Namespace) -> int:
    from companion.club.player_page import UnknownPlayer, page  # here: the page loads SQLAlchemy and openskill

    season, apart = season_of(args), rated_apart(args)
    try:
        found = page(open_sessions(args), args.name, season, apart, args.lang)
    except UnknownPlayer:
        raise Fail(club_text.say("unknown", args.lang, name=args.name)) from None
    if args.json:
        print(json.dumps(_page_json(found), ensure_ascii=False))
        return 0
    print("\n".join(club_text.page_lines(found, args.lang)))  # as the history screen shows it, less the chart
    return 0


def _page_json(found) -> dict:
    """A player's page as one JSON object: every figure, the whole rating history."""
    return {
        "player": found.player,
        "season": found.season.as_json() if found.season else None,
        "games": found.games,
        "wins": found.wins,
        "seconds": found.seconds,
        "untimed": found.untimed,
        "played": [
            {
                "game": p.game,
                "variant": p.variant,
                "games": p.games,
                "wins": p.wins,
                "best": p.best,
                "worst": p.worst,
                "seconds": p.seconds,
                "untimed": p.untimed,
            }
            for p in found.played
        ],
        "ratings": [
            {
                "game": r.game,
                "variant": r.variant,
                **_rating_json(r.rating),
                "place": r.place,
                "of": r.of,
                "games": r.games,
                "history": [
                    {
                        "session": step.sid,
                        "played": step.played.isoformat(),
                        "rank": step.rank,
                        "players": step.players,
                        **_rating_json(step.rating),
                    }
                    for step in r.history
                ],
            }
            for r in found.ratings
        ],
        "head_to_head": [
            {
                "game": game,
                "opponents": [
                    {"player": r.name, "games": r.games, "ahead": r.ahead, "behind": r.behind, "tied": r.tied}
                    for r in rivals
                ],
            }
            for game, rivals in found.rivals
        ],
    }
