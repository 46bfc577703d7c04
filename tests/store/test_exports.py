"""Every export against its field list; the native JSON round-trips through import; bad files refused."""

import csv
import io
import json
import re
from datetime import UTC, datetime, timedelta
from pathlib import Path
from urllib.parse import unquote
from xml.etree import ElementTree

import pytest
from sqlalchemy import text

from companion import clock
from companion.exports.bgstats import bgstats, bgstats_url
from companion.exports.formats import export
from companion.exports.native import import_text
from companion.store import players
from companion.store.database import Store
from companion.store.sessions import Sessions
from scoring.errors import RuleViolation
from scoring.registry import get

ROOT = Path(__file__).resolve().parents[2]
SHERIFF = (ROOT / "examples/sheriff/scoresheet-3-deals.json").read_bytes()
TRICKSTER = (ROOT / "examples/trickster/game-4p-introductory.json").read_bytes()


def test_any_game_record_imports_as_a_session(sessions):
    sid = import_text(sessions, TRICKSTER)
    info = sessions.info(sid)
    assert info.game == "trickster" and info.finished and info.players == ("Aki", "Ben", "Chie", "Dan")
    assert [s.total for s in sessions.scored(sid).standings.places] == [11, 16, 17, 29]


def test_the_native_json_round_trips_through_import_unchanged(sessions, tmp_path):
    sid = import_text(sessions, SHERIFF)
    first = export(sessions, sid, "json")
    other = Sessions(Store(f"sqlite:///{tmp_path / 'other.db'}"))
    again = import_text(other, first.encode())
    assert export(other, again, "json") == first
    data = json.loads(first)
    assert set(data) == {"format", "version", "uid", "game", "created_at", "header", "entries"}
    assert data["format"] == "companion-session" and data["version"] == 1
    with pytest.raises(RuleViolation, match="already in this database"):
        import_text(other, first.encode())


def test_csv_has_rounds_and_totals(sessions):
    sid = import_text(sessions, SHERIFF)
    rows = list(csv.reader(io.StringIO(export(sessions, sid, "csv"))))
    assert rows[0] == ["player", "round 1", "round 2", "round 3", "total", "rank"]
    # every player's row, best first, as the example's hand-checked standings give them
    expected = json.loads((ROOT / "examples/sheriff/scoresheet-3-deals.expected.json").read_text())["standings"]
    assert rows[1:] == [[s["player"], *map(str, s["rounds"]), str(s["total"]), str(s["rank"])] for s in expected]
    assert rows[1:] == [
        ["Aki", "1", "4", "4", "9", "1"],
        ["Chie", "2", "3", "3", "8", "2"],
        ["Ben", "2", "0", "4", "6", "3"],
    ]


def test_markdown_summary(sessions):
    sid = import_text(sessions, SHERIFF)
    md = export(sessions, sid, "md")
    assert md.startswith("# Sheriff — ")
    assert "| 1 | Aki | 1 | 4 | 4 | 9 |" in md and "Finished." in md
    assert "## Round by round" in md


# BG Stats' documented push fields ("Push plays to BG Stats from other apps or websites"):
# https://www.bgstatsapp.com/support/push-plays-to-bg-stats-from-other-apps-or-websites/
BGSTATS_REQUIRED = {"sourceName", "playDate", "game", "players"}
BGSTATS_PLAY = BGSTATS_REQUIRED | {"sourcePlayId", "durationMin", "location", "board", "comments"}
BGSTATS_GAME = {"name", "bggId", "sourceGameId", "highestWins", "noPoints"}
BGSTATS_PLAYER = {"name", "sourcePlayerId", "score", "rank", "winner", "startPlayer", "role"}
BGSTATS_BOOLEANS = {"highestWins", "noPoints", "winner", "startPlayer"}  # always sent, never left out


def documented(data: dict) -> None:
    """``data`` holds the documented fields only, of the documented types, every boolean present."""
    assert BGSTATS_REQUIRED <= set(data) <= BGSTATS_PLAY
    assert isinstance(data["sourceName"], str) and isinstance(data["sourcePlayId"], str)
    assert re.fullmatch(r"\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}", data["playDate"])  # UTC
    assert isinstance(data.get("durationMin", 1), int) and data.get("durationMin", 1) > 0
    game = data["game"]
    assert {"name", "sourceGameId", "highestWins", "noPoints"} <= set(game) <= BGSTATS_GAME
    assert game.get("bggId", 1) and isinstance(game.get("bggId", 1), int)  # a number, or left out
    assert isinstance(game["highestWins"], bool) and isinstance(game["noPoints"], bool)
    for player in data["players"]:
        assert {"name", "sourcePlayerId", "score", "winner", "startPlayer"} <= set(player) <= BGSTATS_PLAYER
        assert all(isinstance(player[key], bool) for key in BGSTATS_BOOLEANS & set(player))
        assert isinstance(player["score"], int) and isinstance(player["sourcePlayerId"], str)
    assert sum(p["startPlayer"] for p in data["players"]) == 1


def linked(link: str) -> dict:
    return json.loads(unquote(link.split("?data=", 1)[1]))


def test_bg_stats_gets_the_documented_link_with_the_documented_fields(sessions):
    sid = import_text(sessions, SHERIFF)
    data = bgstats(sessions, sid)
    documented(data)
    assert data["sourceName"] == "Companion" and data["sourcePlayId"] == sessions.info(sid).uid
    assert "bggId" not in data["game"]  # no source confirms Sheriff's BGG id: left out, never 0
    assert "durationMin" not in data  # an imported game was not timed at this table
    assert "board" not in data  # the plain game
    assert data["game"]["highestWins"] is True and data["game"]["noPoints"] is False
    # a scoresheet has no turns: the first seat starts (the trick-by-trick game below finds the Mayor)
    assert [(p["name"], p["score"], p["rank"], p["winner"], p["startPlayer"]) for p in data["players"]] == [
        ("Aki", 9, 1, True, True),
        ("Ben", 6, 3, False, False),
        ("Chie", 8, 2, False, False),
    ]
    assert len({p["sourcePlayerId"] for p in data["players"]}) == 3
    link = bgstats_url(sessions, sid)
    assert link.startswith("https://app.bgstatsapp.com/createPlay.html?data=%7B")
    assert bgstats_url(sessions, sid, app=True).startswith("bgstats://app.bgstatsapp.com/createPlay.html?data=")
    assert linked(link) == linked(bgstats_url(sessions, sid, app=True)) == data
    assert export(sessions, sid, "bgstats") == link + "\n"


def test_trickster_says_lowest_wins_and_who_led_first(sessions):
    sid = import_text(sessions, TRICKSTER)
    data = bgstats(sessions, sid)
    documented(data)
    assert data["game"]["highestWins"] is False
    assert [p["winner"] for p in data["players"]] == [False, False, True, False]  # Chie, 11 trouble
    assert [p["startPlayer"] for p in data["players"]] == [False, False, True, False]  # Chie leads first


def test_kings_start_player_is_who_led_round_1_on_the_king_numbers_not_the_first_drafter(sessions):
    """KINGs, 5 players: Aki drafts first; Dan leads round 1's first trick, as the king numbers say."""
    record = (ROOT / "examples/kings/game-5p.json").read_bytes()
    sid = import_text(sessions, record)
    data = bgstats(sessions, sid)
    documented(data)
    assert [p["name"] for p in data["players"] if p["startPlayer"]] == ["Dan"]
    assert json.loads(record)["players"][0] == "Aki"


def test_the_variant_and_a_known_bgg_id_are_sent(sessions):
    sid = import_text(sessions, (ROOT / "examples/trickster/game-5p-strategy.json").read_bytes())
    data = bgstats(sessions, sid)
    documented(data)
    assert data["board"] == "Strategy deck"
    phantom = sessions.create("phantom", {"players": ["Aki", "Ben"], "variant": "poker"})
    with pytest.raises(RuleViolation, match="not over"):  # the known id is checked on the BGG play below
        bgstats(sessions, phantom)


@pytest.mark.parametrize(
    ("game", "header"),
    [("phantom", {"players": ["Aki", "Ben", "Chie", "Dan"]}), ("sheriff", {"players": ["Aki", "Ben", "Chie"]})],
)
def test_an_unfinished_game_is_not_pushed_and_says_why(sessions, game, header):
    sid = import_text(sessions, (ROOT / "examples/phantom/base-4p.json").read_bytes()) if game == "phantom" else None
    sid = sid or sessions.create(game, header)
    for ask in (
        lambda: bgstats(sessions, sid),
        lambda: bgstats_url(sessions, sid),
        lambda: export(sessions, sid, "bgstats"),
    ):
        with pytest.raises(RuleViolation, match="The game is not over") as refused:
            ask()
        assert "ゲームが終わっていない" in refused.value.message("ja")


def test_a_player_keeps_one_source_id_through_a_merge(sessions):
    one = import_text(sessions, SHERIFF)
    renamed = json.loads(SHERIFF)
    renamed["players"] = ["Akiko", "Ben", "Chie"]
    for deal in renamed["deals"]:
        deal["roles"] = {("Akiko" if k == "Aki" else k): v for k, v in deal["roles"].items()}
        deal["captured"] = {("Akiko" if k == "Aki" else k): v for k, v in deal.get("captured", {}).items()}
    two = import_text(sessions, json.dumps(renamed).encode())
    ids = lambda sid: {p["name"]: p["sourcePlayerId"] for p in bgstats(sessions, sid)["players"]}  # noqa: E731
    assert ids(one)["Aki"] != ids(two)["Akiko"] and ids(one)["Ben"] == ids(two)["Ben"]
    assert ids(one)["Aki"] == players.uid(sessions.store, sessions.seat_ids(one)[0])  # the person's random id
    assert re.fullmatch(r"[0-9a-f]{16}", ids(one)["Aki"])  # never a row number ("player-1")
    players.merge(sessions.store, "Akiko", "Aki")
    assert ids(one)["Aki"] == ids(two)["Akiko"]
    players.merge(sessions.store, "Aki", "Ben")  # a second merge follows the first: all three names are one person
    assert ids(one)["Aki"] == ids(two)["Akiko"] == ids(two)["Ben"]
    new = sessions.create("sheriff", {"players": ["Akiko", "Chie", "Dan"]})
    assert sessions.seat_ids(new)[0] == sessions.seat_ids(one)[1]  # the merged name seats the person


def stored_at(sessions, sid: int, start: datetime, minutes: list[int]) -> None:
    """Session ``sid`` as if played at the table from ``start``: its entries stored ``minutes``
    after it, one each, in the database itself."""
    with sessions.store.session() as s:
        s.exec(text("UPDATE sessions SET created_at = :t WHERE id = :i").bindparams(t=start, i=sid))
        seqs = sorted(s.exec(text("SELECT seq FROM entries WHERE session_id = :i").bindparams(i=sid)).scalars())
        assert len(seqs) == len(minutes)
        for seq, after in zip(seqs, minutes, strict=True):
            s.exec(
                text("UPDATE entries SET created_at = :t WHERE session_id = :i AND seq = :q").bindparams(
                    t=start + timedelta(minutes=after), i=sid, q=seq
                )
            )
        s.commit()


def played_sheriff(sessions) -> int:
    sid = sessions.create("sheriff", {"players": ["Aki", "Ben", "Chie"]})
    live = sessions.open(sid)
    for deal in json.loads(SHERIFF)["deals"]:
        live = sessions.append(live, deal)
    return sid


def test_the_duration_runs_from_the_start_to_the_last_entry(sessions):
    sid = played_sheriff(sessions)
    stored_at(sessions, sid, datetime(2026, 11, 22, 19, 0, tzinfo=UTC), [10, 22, 34])
    data = bgstats(sessions, sid)
    documented(data)
    assert data["durationMin"] == 34  # 3 deals, the last at 19:34
    play = ElementTree.fromstring(export(sessions, sid, "bgg")).find("play")
    assert play.get("length") == "34"


def test_the_time_sent_leaves_out_a_half_hour_pause(sessions):
    # Sheriff at the table from 19:00 UTC: deals stored at 19:10 and 19:22, F9 at 19:25 for dinner
    # and again at 19:55, the last deal at 20:04. 64 minutes from start to end, 34 of them played.
    sid = sessions.create("sheriff", {"players": ["Aki", "Ben", "Chie"]})
    live = sessions.open(sid)
    deals = json.loads(SHERIFF)["deals"]
    for deal in deals[:2]:
        live = sessions.append(live, deal)
    sessions.pause(sid)  # stored by the store's own clock, as the table's F9 stores it
    assert sessions.resume(sid).revision == live.info.revision + 2
    live = sessions.append(sessions.open(sid), deals[2])
    start = datetime(2026, 11, 22, 19, 0, tzinfo=UTC)
    stored_at(sessions, sid, start, [10, 22, 64])
    ((paused, resumed),) = sessions.pauses_of(sid)
    assert timedelta(0) <= resumed - paused < timedelta(seconds=5)
    dinner = [(start + timedelta(minutes=m)).isoformat() for m in (25, 55)]
    with sessions.store.session() as s:  # the pause moved to the evening's clock, as stored_at moves the entries
        stored = json.dumps([dinner])
        s.exec(text("UPDATE sessions SET pauses = :p WHERE id = :i").bindparams(p=stored, i=sid))
        s.commit()
    data = bgstats(sessions, sid)
    documented(data)
    assert data["durationMin"] == 34 and data["playDate"] == "2026-11-22 20:04:00"  # the end stays the end
    assert bgg_play(export(sessions, sid, "bgg")).get("length") == "34"
    from companion.club.player_page import page  # and each player's time played, on the club's pages

    assert page(sessions, "Aki").seconds == 34 * 60


def test_the_place_and_notes_reach_bg_stats_and_bgg_as_typed(sessions):
    sid = played_sheriff(sessions)
    sessions.note(sid, location="Aki's <kitchen>", notes='No Joker rule & "tea".\n二回戦目')
    data = bgstats(sessions, sid)
    documented(data)
    assert (data["location"], data["comments"]) == ("Aki's <kitchen>", 'No Joker rule & "tea".\n二回戦目')
    assert linked(bgstats_url(sessions, sid)) == data
    xml = export(sessions, sid, "bgg")
    play = bgg_play(xml)
    assert play.get("location") == "Aki's <kitchen>" and "&lt;kitchen&gt;" in xml  # escaped, read back as typed
    assert play.find("comments").text == 'No Joker rule & "tea".\n二回戦目'
    assert bgg_api_reads(xml).comment == 'No Joker rule & "tea".\n二回戦目'
    phantom = import_text(sessions, (ROOT / "examples/phantom/poker-2p.json").read_bytes())
    sessions.note(phantom, notes="Best of three")  # after the variant, which BGG has no field for
    assert bgg_api_reads(export(sessions, phantom, "bgg")).comment == "Variant: Poker\nBest of three"
    md = export(sessions, sid, "md")
    assert "Place: Aki's \\<kitchen\\>" in md and 'Notes: No Joker rule \\& "tea". 二回戦目' in md
    assert "場所：Aki's \\<kitchen\\>" in export(sessions, sid, "md", "ja")
    native = json.loads(export(sessions, sid, "json"))
    assert native["location"] == "Aki's <kitchen>" and native["notes"].endswith("二回戦目")
    native["uid"] = "the-same-game-elsewhere"
    other = import_text(sessions, json.dumps(native).encode())  # a file read back keeps them
    assert (sessions.info(other).location, sessions.info(other).notes) == (native["location"], native["notes"])


def test_bg_stats_gets_the_end_of_a_timed_game_in_utc(sessions):
    # Sheriff started at 19:00 in Tokyo (10:00 UTC, as the store keeps it), its deals stored at
    # 19:12, 19:31 and 19:46: BG Stats' playDate is the end of the play, the last deal, in UTC
    sid = played_sheriff(sessions)
    stored_at(sessions, sid, datetime(2026, 11, 22, 10, 0, tzinfo=UTC), [12, 31, 46])
    data = bgstats(sessions, sid)
    documented(data)
    assert data["playDate"] == "2026-11-22 10:46:00" and data["durationMin"] == 46
    # an edit of the first deal later on changes neither the end nor the length
    sessions.replace(sessions.open(sid), 0, json.loads(SHERIFF)["deals"][0])
    assert bgstats(sessions, sid)["playDate"] == "2026-11-22 10:46:00"


def test_bg_stats_gets_the_start_of_a_game_imported_whole(sessions):
    # an imported file was not played here: its one known time is its start (the file's created_at)
    native = json.loads(export(sessions, import_text(sessions, SHERIFF), "json"))
    native["uid"], native["created_at"] = "a-game-from-elsewhere", "2026-10-02T18:30:05+00:00"
    data = bgstats(sessions, import_text(sessions, json.dumps(native).encode()))
    assert data["playDate"] == "2026-10-02 18:30:05" and "durationMin" not in data


# BGG's XML API2 answer to /xmlapi2/plays?username=…, attribute by attribute (docs/record-format.md)
BGG_PLAYS = {"username": "", "userid": "0", "total": "1", "page": "1"}
BGG_PLAY = {"id", "date", "quantity", "length", "incomplete", "nowinstats", "location"}
BGG_PLAYER = {"username", "userid", "name", "startposition", "color", "score", "new", "rating", "win"}


def bgg_play(text: str) -> ElementTree.Element:
    """The one ``<play>`` of a BGG export, checked against the XML API2 ``plays`` shape."""
    root = ElementTree.fromstring(text)
    assert root.tag == "plays" and root.attrib == BGG_PLAYS and len(root) == 1
    play = root[0]
    assert play.tag == "play" and set(play.attrib) == BGG_PLAY and play.get("id") == "0"  # not on BGG
    assert re.fullmatch(r"\d{4}-\d{2}-\d{2}", play.get("date")) and play.get("quantity") == "1"
    assert play.get("incomplete") in ("0", "1") and play.get("length").isdigit()
    item = play.find("item")
    assert set(item.attrib) <= {"name", "objecttype", "objectid"} and item.get("objecttype") == "thing"
    assert [s.attrib for s in item.find("subtypes")] == [{"value": "boardgame"}]
    for player in play.find("players"):
        assert player.tag == "player" and set(player.attrib) == BGG_PLAYER
        assert player.get("username") == "" and player.get("userid") == "0" and player.get("rating") == "0"
        assert player.get("new") in ("0", "1") and player.get("win") in ("0", "1")
    return play


def bgg_api_reads(text: str):
    """``text`` read by bgg-api 1.1.19 (the maintained Python BGG client) with its own plays loader,
    parsed as it parses the API's answer (``ElementTree.fromstring``), no network."""
    from boardgamegeek.loaders.plays import add_plays_from_xml, create_plays_from_xml

    root = ElementTree.fromstring(text)
    plays = create_plays_from_xml(root)  # a user's plays: the root's total, username and userid
    assert add_plays_from_xml(plays, root)
    assert (plays.plays_count, plays.user, plays.user_id, len(plays)) == (1, "", 0, 1)
    return plays[0]


def test_a_bgg_client_reads_the_timed_play_with_every_field(run, tmp_path):
    # the 5-player Strategy game played at the table from 19:00 UTC, an entry every two minutes,
    # after four of the five had played Trickster here; then a Phantom game not over
    sessions = Sessions(Store(f"sqlite:///{tmp_path / 'c.db'}"))  # the database `run` uses
    before = import_text(sessions, (ROOT / "examples/trickster/scoresheet-4p.json").read_bytes())
    stored_at(sessions, before, datetime(2026, 11, 21, 19, 0, tzinfo=UTC), [0] * len(sessions.entries(before)))
    record = json.loads((ROOT / "examples/trickster/game-5p-strategy.json").read_text(encoding="utf-8"))
    header, entries = get("trickster").split(record)
    sid = sessions.create("trickster", header)
    live = sessions.open(sid)
    for entry in entries:
        live = sessions.append(live, entry)
    stored_at(sessions, sid, datetime(2026, 11, 22, 19, 0, tzinfo=UTC), [2 * (n + 1) for n in range(len(entries))])
    code, xml, _ = run("export", str(sid), "--format", "bgg")
    assert code == 0
    play = bgg_api_reads(xml)
    started = datetime(2026, 11, 22, 19, 0, tzinfo=UTC)
    assert play.id == 0 and play.date.date() == started.astimezone().date()  # the local date it started
    assert (play.quantity, play.duration, play.incomplete, play.nowinstats) == (1, 2 * len(entries), False, 0)
    assert (play.game_name, play.game_id) == ("Trickster: Champions of Time", None)  # no BGG id known
    assert play.comment == "Variant: Strategy deck"
    standings = bgstats(sessions, sid)["players"]  # the same result as BG Stats gets it
    assert [(p.name, p.startposition, p.score, p.win, p.new) for p in play.players] == [
        (s["name"], str(n), str(s["score"]), "1" if s["winner"] else "0", "1" if s["name"] == "Emi" else "0")
        for n, s in enumerate(standings, start=1)  # Aki leads first: start positions in seat order
    ]
    assert [p.win for p in play.players].count("1") == 1 and play.players[0].username == ""

    phantom = import_text(sessions, (ROOT / "examples/phantom/poker-2p.json").read_bytes())
    play = bgg_api_reads(run("export", str(phantom), "--format", "bgg")[1])
    assert (play.incomplete, play.duration, play.game_id, play.comment) == (True, 0, 242325, "Variant: Poker")
    assert [(p.name, p.startposition, p.score, p.win, p.new) for p in play.players] == [
        ("Aki", "1", "3", "0", "1"),
        ("Ben", "2", "3", "0", "1"),
    ]


def test_bgg_play_of_a_finished_game(sessions):
    sid = import_text(sessions, TRICKSTER)
    play = bgg_play(export(sessions, sid, "bgg"))
    assert play.get("incomplete") == "0" and play.get("length") == "0"
    assert play.find("item").attrib == {"name": "Trickster: Champions of Time", "objecttype": "thing"}  # no id known
    rows = [
        (p.get("name"), p.get("startposition"), p.get("score"), p.get("win"), p.get("new"))
        for p in play.find("players")
    ]
    assert rows == [  # Chie leads first: start position 1, then clockwise
        ("Aki", "3", "16", "0", "1"),
        ("Ben", "4", "17", "0", "1"),
        ("Chie", "1", "11", "1", "1"),
        ("Dan", "2", "29", "0", "1"),
    ]
    again = import_text(sessions, (ROOT / "examples/trickster/scoresheet-4p.json").read_bytes())
    assert {p.get("name"): p.get("new") for p in bgg_play(export(sessions, again, "bgg")).find("players")} == {
        "Aki": "0",
        "Ben": "0",
        "Chie": "0",
        "Dan": "0",
    }  # each played Trickster here before


def test_bgg_play_of_an_unfinished_phantom_game(sessions):
    sid = import_text(sessions, (ROOT / "examples/phantom/poker-2p.json").read_bytes())
    play = bgg_play(export(sessions, sid, "bgg"))
    assert play.get("incomplete") == "1"
    assert play.find("item").attrib == {"name": "Tricks and the Phantom", "objecttype": "thing", "objectid": "242325"}
    assert play.find("comments").text == "Variant: Poker"
    assert [p.get("win") for p in play.find("players")] == ["0", "0"]  # nobody has won a game not over


def test_a_name_with_markup_stays_text_in_the_xml(sessions):
    sid = sessions.create("sheriff", {"players": ['<b>&"Aki"', "Ben", "Chie"]})
    play = bgg_play(export(sessions, sid, "bgg"))
    assert play.find("players")[0].get("name") == '<b>&"Aki"'


@pytest.mark.parametrize(
    ("raw", "words"),
    [
        (SHERIFF[: len(SHERIFF) // 2], "Not a JSON file"),
        (b"[1, 2]", "one JSON object"),
        (json.dumps({"format": "companion-session", "version": 9}).encode(), "version 9"),
        (
            json.dumps(
                {"format": "companion-session", "version": 1, "game": "sheriff", "header": [], "entries": []}
            ).encode(),
            "needs game, header and entries",
        ),
        (b" " * (5 * 1024 * 1024 + 1), "limited"),
        (
            json.dumps(
                {
                    "game": "sheriff",
                    "players": ["A", "B", "C"],
                    "deals": [{"roles": {"A": "mayor", "B": "mayor", "C": "robber"}}],
                }
            ).encode(),
            "exactly one player",
        ),
    ],
)
def test_bad_files_are_refused_whole(sessions, raw, words):
    with pytest.raises(RuleViolation, match=words):
        import_text(sessions, raw)
    assert sessions.list() == []


def test_the_start_player_is_who_took_the_first_turn():
    sheriff = get("sheriff")
    position = sheriff.new({"players": ["Aki", "Ben", "Chie"]})
    assert sheriff.start_player(position) == "Aki"  # nothing dealt yet: the first seat
    line = "deal joker=Ben Aki=robber Ben=mayor Chie=sheriff trump=spades"
    position = sheriff.apply(position, sheriff.parse(line, position))
    assert sheriff.start_player(position) == "Ben"  # the Mayor leads the first trick
    trickster = get("trickster")
    assert trickster.start_player(trickster.new({"players": ["Aki", "Ben", "Chie", "Dan"], "first": "Chie"})) == "Chie"


KINGS_TIE = (ROOT / "examples/kings/scoresheet-5p.json").read_bytes()


def test_the_markdown_of_a_japanese_table_is_in_japanese(sessions):
    # KINGs, 5 players: Aki and Ben tie on 350, Ben's Devil bid a miss in round 1 and it succeeded
    sid = import_text(sessions, KINGS_TIE)
    stored = sessions.info(sid).created_at
    at, zone = clock.local(stored), clock.zone(stored)  # this computer's time, and its offset from UTC
    md = export(sessions, sid, "md", "ja").splitlines()
    assert md[0] == f"# トリックテイカーズ KINGs — {at.year}/{at.month}/{at.day} {at.hour}:{at:%M:%S}（UTC{zone}）"
    assert md[2] == "プレイヤー：Aki、Ben、Chie、Dan、Emi。終了。"
    assert md[4] == "| 順位 | プレイヤー | 1回 | 2回 | 3回 | 合計 |"
    assert "- タイブレーク：350点でBenと同点のAkiが勝ち：キングナンバーが小さい（4対8）。" in md
    assert "## ラウンドごとの得点" in md and "第1ラウンド" in md
    assert "  Aki: 90 = ビッド成功 50 + ヒーラー 40" in md
    english = export(sessions, sid, "md", "en").splitlines()
    hour = f"{(at.hour - 1) % 12 + 1}:{at:%M:%S}\u202f{'AM' if at.hour < 12 else 'PM'}"  # Babel's (CLDR's) English time
    assert english[0] == f"# TRICKTAKERs KINGs — {at:%b} {at.day}, {at.year}, {hour} (UTC{zone})"
    assert "- Tie-break: Aki wins the tie on 350 against Ben: lower king number, 4 against 8." in english


def test_the_csv_keeps_its_column_names_in_both_languages(sessions):
    # a spreadsheet finds a column by its name: a Japanese table's file reads like an English one's
    sid = import_text(sessions, KINGS_TIE)
    assert export(sessions, sid, "csv", "ja") == export(sessions, sid, "csv", "en")
    assert export(sessions, sid, "csv", "ja").splitlines()[0] == "player,round 1,round 2,round 3,total,rank"


def test_companion_export_takes_the_language_before_or_after_the_command(run):
    run("import", str(ROOT / "examples/kings/game-5p.json"))
    code, after, _ = run("export", "1", "--format", "md", "--lang", "ja")
    assert code == 0 and "プレイヤー：Aki、Ben、Chie、Dan、Emi。終了。" in after
    assert "  Ben: 120 = デビルのビッド外れ成功 120 + コレクター 0" in after
    code, before, _ = run("--lang", "ja", "export", "1", "--format", "md")
    assert before == after
    assert "Players: Aki, Ben, Chie, Dan, Emi. Finished." in run("export", "1", "--format", "md")[1]
