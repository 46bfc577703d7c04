"""BG Stats' push link: one finished play, as its documented JSON, for the phone to open."""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import quote

from companion.exports.play import not_over, play_of, utc_text
from companion.store import players
from companion.store.sessions import Sessions
from scoring.registry import get

# BG Stats' "push plays to BG Stats from other apps or websites" link: one play, as URL-encoded
# JSON, opened on the phone (the https form hands the play to the app; the bgstats:// form opens
# the app directly). https://www.bgstatsapp.com/support/push-plays-to-bg-stats-from-other-apps-or-websites/
BGSTATS_LINK = "https://app.bgstatsapp.com/createPlay.html?data="


BGSTATS_APP_LINK = "bgstats://app.bgstatsapp.com/createPlay.html?data="


SOURCE_NAME = "Companion"  # with sourceGameId/sourcePlayerId, what BG Stats remembers its matches by


def bgstats(sessions: Sessions, sid: int) -> dict:
    """BG Stats' push payload for a finished session, with the documented fields only: a field
    Companion does not know (a BGG id no source confirms, the duration of an imported game) is left
    out, and every yes/no a player has is present. An unfinished game is refused: BG Stats has no
    field for a play that is not over."""
    play = play_of(sessions, sid)
    if not play.finished:
        raise not_over("BG Stats")
    data = get(play.game)
    game: dict[str, Any] = {
        "name": data.names.en,
        "sourceGameId": play.game,
        "highestWins": data.highest_wins,
        "noPoints": False,
    }
    if data.bgg_id:
        game["bggId"] = data.bgg_id
    payload: dict[str, Any] = {
        "sourceName": SOURCE_NAME,
        "sourcePlayId": play.uid,
        # the end of the play, in UTC: what exporters that cite BG Stats' page send (its example
        # "2020-10-23 19:16:58" has no zone); docs/record-format.md gives the sources
        "playDate": utc_text(play.ended),
    }
    if play.minutes is not None:
        payload["durationMin"] = play.minutes
    if play.location:
        payload["location"] = play.location
    if play.variant:
        payload["board"] = play.variant
    if play.notes:
        payload["comments"] = play.notes
    payload["game"] = game
    uids = [players.uid(sessions.store, pid) for pid in play.player_ids]  # the person's, through renames and merges
    payload["players"] = [
        {
            "name": name,
            "sourcePlayerId": uids[seat] if seat < len(uids) else name,
            "score": play.scores[seat],
            "rank": play.ranks[seat],
            "winner": name in play.winners,
            "startPlayer": seat == play.start,
        }
        for seat, name in enumerate(play.players)
    ]
    return payload


def bgstats_url(sessions: Sessions, sid: int, app: bool = False) -> str:
    """The push link (``app``: the bgstats:// form, which opens the app without the web page)."""
    # ":" and "," may stand unescaped in a query: the link, and so its QR code, is a third shorter
    data = json.dumps(bgstats(sessions, sid), ensure_ascii=False, separators=(",", ":"))
    return (BGSTATS_APP_LINK if app else BGSTATS_LINK) + quote(data, safe=":,")


def bgstats_text(sessions: Sessions, sid: int, lang: str = "en") -> str:
    """The push link as an export's text: the link alone on its line."""
    return bgstats_url(sessions, sid) + "\n"
