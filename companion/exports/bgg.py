"""A BoardGameGeek play in the XML API2 ``plays`` shape."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from companion import clock
from companion.exports.play import play_of
from companion.store.sessions import Sessions
from scoring.registry import get

# What BGG's XML API2 writes where there is no BGG account and no BGG play: a player without an
# account is username="" userid="0", and BGG numbers a play only when it is logged there, from 1.
NO_BGG_USER = {"username": "", "userid": "0"}


NO_BGG_PLAY = "0"


def bgg_xml(sessions: Sessions, sid: int, lang: str = "en") -> str:
    """The session as one BoardGameGeek play in the XML API2 ``plays`` shape, as
    ``/xmlapi2/plays?username=…`` answers and BGG clients (bgg-api's plays loader) read it: the
    root's ``username``/``userid`` (no BGG account known: ``""``/``0``), ``total`` and ``page``; the
    play's ``id`` 0 (it is not on BGG: BGG gives a play its id when it is logged); ``objectid`` only
    where a source confirms the game's id, ``incomplete`` for a game not over (then nobody wins),
    ``startposition`` counted from the start player, ``new`` for a first play of the game here."""
    play = play_of(sessions, sid)
    data = get(play.game)
    plays = ET.Element("plays", {**NO_BGG_USER, "total": "1", "page": "1"})
    element = ET.SubElement(
        plays,
        "play",
        id=NO_BGG_PLAY,
        date=clock.day(play.started),
        quantity="1",
        length=str(play.minutes or 0),
        incomplete="0" if play.finished else "1",
        nowinstats="0",
        location=play.location,
    )
    item = {"name": data.names.en, "objecttype": "thing"}
    if data.bgg_id:
        item["objectid"] = str(data.bgg_id)
    ET.SubElement(ET.SubElement(ET.SubElement(element, "item", item), "subtypes"), "subtype", value="boardgame")
    comments = [f"Variant: {play.variant}" if play.variant else "", play.notes]
    if any(comments):  # the variant (BGG has no field for it), then the table's notes
        ET.SubElement(element, "comments").text = "\n".join(c for c in comments if c)
    seasoned = sessions.played_before(sid)
    listed = ET.SubElement(element, "players")
    for seat, name in enumerate(play.players):
        new = seat < len(play.player_ids) and play.player_ids[seat] not in seasoned
        ET.SubElement(
            listed,
            "player",
            {
                **NO_BGG_USER,
                "name": name,
                "startposition": str(play.start_position(seat)),
                "color": "",
                "score": str(play.scores[seat]),
                "new": "1" if new else "0",
                "rating": "0",
                "win": "1" if name in play.winners else "0",
            },
        )
    ET.indent(plays, space=" ")
    return '<?xml version="1.0" encoding="utf-8"?>\n' + ET.tostring(plays, encoding="unicode") + "\n"
