"""``companion serve`` at a real table: the link it prints, each session's page on a phone in
English or Japanese, nothing face down ever sent, a wrong link refused, and every way it cannot
start said in one sentence. The pages from its app called in this process (``server``); the link,
ctrl+c, a restart and the ports from a real ``companion serve`` on 127.0.0.1 (``companion_serve``)."""

from __future__ import annotations

import re
import socket
from html import unescape
from pathlib import Path

from companion.exports.native import import_text
from companion.store.sessions import Sessions
from scoring.registry import get
from tests.web.client import App
from tests.web.served import Server, companion, serve

ROOT = Path(__file__).resolve().parents[2]
DEAL = "deal joker=Ben Aki=mayor Ben=robber Chie=sheriff trump=spades"
# LOUDER TRICKSTAR (tests/engines/test_louder_table.py): Aki's Enemy -2 and Ben's Score 4 lie face
# down and were never seen; Chie's Seeker looked at 0,0 alone; Ben's Trickster turned the Trap over.
BLUFFS = [
    {"place": "enemy:-2", "at": [0, 0], "says": "score:5"},
    {"place": "score:4", "at": [1, 0], "says": "trap:0"},
    {"use": "seeker", "flip": [[0, 0]]},
    {"place": "trap:0", "at": [2, 0], "says": "score:5"},
    {"use": "trickster", "flip": [[2, 0]]},
]
NEVER_SEEN = ("enemy:-2", "score:4", "Enemy -2", "Score 4", "エネミー-2", "スコア4")


def links(server: App | Server) -> dict[str, str]:
    """The index's links, by what each says."""
    page = server.get(server.index).text
    return {unescape(label): href for href, label in re.findall(r'<a href="(/t/[^"]+)">([^<]+)</a>', page)}


def text(html: str) -> str:
    """What a phone shows of a page: its words, without tags."""
    return unescape(re.sub(r"<[^>]+>", " ", html))


def test_the_link_is_printed_on_a_line_of_its_own_and_serves_this_machine_alone(companion_serve):
    assert re.fullmatch(r"http://127\.0\.0\.1:\d+/\?key=[A-Za-z0-9_-]{22}", companion_serve.index)
    assert companion_serve.get(companion_serve.index).status == 200
    code, out, err = companion_serve.stop()
    assert code == 0 and out.strip().endswith("Stopped serving.") and err == ""


def test_served_on_every_address_the_link_names_one_a_phone_can_open(db, table, monkeypatch):
    monkeypatch.setenv("COMPANION_SERVE_ADDRESS", "127.0.0.1")  # this laptop's network, as the table set it
    running = serve(db, "--host", "0.0.0.0")
    try:
        assert re.fullmatch(r"http://127\.0\.0\.1:\d+/\?key=[A-Za-z0-9_-]{22}", running.index)
        assert running.get(running.index).status == 200
    finally:
        running.stop()


def test_the_index_lists_every_session_unfinished_first_each_with_its_link(table, server):
    import_text(table, (ROOT / "examples/sheriff/game-6-deals.json").read_bytes())
    table.create("kings", {"players": ["Dan", "Emi"]})
    page = server.get(server.index).text
    shown = " ".join(text(page).split())
    assert shown.index("TRICKTAKERs KINGs — Dan and Emi unfinished, 0 entries") < shown.index("Sheriff — ")
    hrefs = re.findall(r'href="(/t/[^"]+)"', page)
    assert len(set(hrefs)) == 2 and all(server.get(h).status == 200 for h in hrefs)
    assert "セッション" in server.get(server.index, lang="ja").text


def test_a_sheriff_deal_reads_on_a_phone_in_english(table, server):
    sid = table.create("sheriff", {"players": ["Aki", "Ben", "Chie"]})
    table.append(table.open(sid), get_entry(table, sid, DEAL))
    (href,) = links(server).values()
    page = server.get(href, lang="en-GB,en;q=0.9")
    assert page.status == 200 and page.headers["content-type"].startswith("text/html")
    shown = " ".join(text(page.text).split())
    assert "Sheriff" in shown and "Players, in seat order: Aki, Ben and Chie" in shown
    assert "Deal 1: Aki the Mayor, Ben the Robber, Chie the Sheriff; trump: spades; Ben holds the Joker." in shown
    assert "Next Aki leads trick 1" in shown  # what comes next
    assert f"Log {DEAL}" in shown
    assert 'href="?lang=ja"' in page.text and '<html lang="en">' in page.text


def test_the_same_deal_reads_in_japanese_from_the_phones_language_or_the_switch(table, server):
    sid = table.create("sheriff", {"players": ["Aki", "Ben", "Chie"]})
    table.append(table.open(sid), get_entry(table, sid, DEAL))
    (href,) = links(server).values()
    asked = server.get(href, lang="ja-JP,ja;q=0.9,en;q=0.5")
    switched = server.get(href + "?lang=ja", lang="en")
    for page in (asked, switched):
        shown = " ".join(text(page.text).split())
        assert "シェリフ" in shown and "プレイヤー（席順）：AkiとBenとChie" in shown
        assert "第1ディール：Aki 市長、Ben 強盗団、Chie 保安官。切り札：スペード。ジョーカーはBen。" in shown
        assert "第1トリック：Akiがリード" in shown
        assert 'href="?lang=en"' in page.text
    # an English phone at the same table (another browser: none of this one's choices) reads English
    server.client.cookies.clear()
    assert "Aki leads trick 1" in server.get(href, lang="en").text


def test_a_phone_that_chose_japanese_keeps_it_on_the_pages_its_links_open(table, server):
    """A phone whose browser asks for English switches the index to 日本語 and taps a session: the
    session's link carries no ``?lang=``, and the page opens in Japanese, as chosen (a cookie of
    this site); a page opened with ``?lang=en`` switches it back."""
    sid = table.create("sheriff", {"players": ["Aki", "Ben", "Chie"]})
    table.append(table.open(sid), get_entry(table, sid, DEAL))
    (href,) = links(server).values()
    index = server.client.get(server.index + "&lang=ja", headers={"Accept-Language": "en"})
    assert "lang=ja" in index.headers["set-cookie"] and "SameSite=Lax" in index.headers["set-cookie"]
    tapped = server.get(href, lang="en")
    assert '<html lang="ja">' in tapped.text and "第1トリック：Akiがリード" in tapped.text
    back = server.get(href + "?lang=en", lang="en")
    assert '<html lang="en">' in back.text and '<html lang="en">' in server.get(href, lang="en").text


def test_a_finished_kings_game_shows_each_rounds_parts_and_the_tie_break_in_words(table, server):
    import_text(table, (ROOT / "examples/kings/scoresheet-5p.json").read_bytes())
    (href,) = links(server).values()
    shown = " ".join(text(server.get(href, lang="en").text).split())
    assert "The game is over: Aki won with 350." in shown
    assert "Aki wins the tie on 350 against Ben: lower king number, 4 against 8." in shown
    assert "Aki: 90 = bid (hit) 50 + Healer 40" in shown
    assert "1 Aki 90 90 170 350" in shown and "2 Ben 80 50 220 350" in shown  # the rounds, then the total
    ja = " ".join(text(server.get(href, lang="ja").text).split())
    assert "350点でBenと同点のAkiが勝ち：キングナンバーが小さい（4対8）。" in ja
    assert "Aki: 90 = ビッド成功 50 + ヒーラー 40" in ja


def test_a_louder_card_the_table_has_not_seen_face_up_is_in_no_response(table, server):
    sid = table.create("louder", {"players": ["Aki", "Ben", "Chie"]})
    live = table.open(sid)
    for entry in BLUFFS:
        live = table.append(live, entry)
    (href,) = links(server).values()
    replies = [server.get(href, lang) for lang in ("en", "ja")]
    replies += [server.get(href + "?lang=ja"), server.get(server.index), server.get("/style.css")]
    replies += [server.get(server.index + "&lang=ja"), server.get("/t/nothing"), server.get("/")]
    for reply in replies:
        for card in NEVER_SEEN:
            assert card not in reply.text and card.lower() not in reply.text.lower()
    page = replies[0].text
    assert "■" in page and "trap:0" in page  # the log shows the placements, the Trap the table saw


def test_a_name_typed_as_markup_shows_as_text(table, server):
    table.create("sheriff", {"players": ["Aki", "<b>Ben</b>", "Chie"]})
    (href,) = links(server).values()
    page = server.get(href).text
    assert "&lt;b&gt;Ben&lt;/b&gt;" in page and "<b>" not in page


def test_a_wrong_or_missing_token_is_a_plain_404_that_says_nothing(table, server):
    table.create("sheriff", {"players": ["Aki", "Ben", "Chie"]})
    (href,) = links(server).values()
    wrong = [href[:-1] + ("A" if href[-1] != "A" else "B"), "/t/", "/", "/?key=", "/?key=" + href[3:]]
    for path in wrong:
        reply = server.get(path)
        assert reply.status == 404 and "Aki" not in reply.text and "sheriff" not in reply.text.lower(), path


def test_every_page_allows_only_companions_own_files(table, server):
    table.create("sheriff", {"players": ["Aki", "Ben", "Chie"]})
    (href,) = links(server).values()
    for path in (href, server.index, "/style.css"):
        headers = server.get(path).headers
        assert headers["content-security-policy"].startswith("default-src 'none'; style-src 'self'")
        assert headers["x-content-type-options"] == "nosniff" and headers["referrer-policy"] == "same-origin"
    page = server.get(href).text
    assert not re.search(r"(src|href)=\"(https?:)?//", page)  # nothing fetched from elsewhere
    assert "prefers-color-scheme: dark" in server.get("/style.css").text


def test_the_links_stay_the_same_when_the_server_starts_again(db, table, companion_serve):
    table.create("sheriff", {"players": ["Aki", "Ben", "Chie"]})
    first, index = links(companion_serve), companion_serve.index
    companion_serve.stop()
    again = serve(db)
    try:
        assert links(again) == first and again.index.split(":", 2)[2].split("/", 1)[1] == index.split("/", 3)[3]
    finally:
        again.stop()


def test_ctrl_c_stops_the_server_cleanly_even_the_moment_it_has_printed_its_link(companion_serve):
    code, out, err = companion_serve.stop()
    assert code == 0 and out.strip().endswith("Stopped serving.") and err == ""


# --- what stops it starting, each in one sentence ---------------------------------------------------


def refused(db: str, *args: str) -> tuple[int, str, str]:
    process = companion(db, "serve", *args)
    out, err = process.communicate(timeout=30)
    return process.returncode, out, err


def test_a_port_in_use_is_one_sentence(db, table):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        code, out, err = refused(db, "--port", str(port))
    assert code == 1 and out == ""
    assert err == f"Port {port} on 127.0.0.1 is already in use by another program: choose another with --port.\n"


def test_an_address_that_is_not_this_machines_is_one_sentence(db, table):
    # 192.0.2.1 is kept for documentation (RFC 5737): no machine has it
    code, out, err = refused(db, "--host", "192.0.2.1", "--port", "0")
    assert code == 1 and out == ""
    assert err == (
        "192.0.2.1 is not an address of this machine: leave out --host to serve on 127.0.0.1, or give one of its own.\n"
    )


def test_a_port_out_of_range_is_one_sentence_not_another_port(db, table):
    for typed in ("99999", "-1", "65536"):
        code, out, err = refused(db, "--port", typed)
        assert code == 2 and out == "" and "Traceback" not in err
        assert err.strip().endswith(f"argument --port: {typed!r} is not a port (0 to 65535)")


def test_a_page_asked_for_by_another_sites_name_is_refused(table, server):
    """DNS rebinding: a site elsewhere points its name at this machine; its pages' requests then
    say that name (``Host``), never one this server answers to."""
    dealt(table)
    assert server.get(server.index).status == 200
    for name in ("evil.example:8765", "evil.example", "127.0.0.1.evil.example:8765"):
        assert server.get(server.index, headers={"Host": name}).status == 400
    assert server.get(server.index, headers={"Host": "localhost:8765"}).status == 200


def test_a_club_names_its_server_and_the_link_says_that_name(db, table):
    import urllib.error
    import urllib.request

    running = serve(db, "--name", "companion.club.example")
    try:
        port = running.base.rsplit(":", 1)[1]
        assert re.fullmatch(rf"http://companion\.club\.example:{port}/\?key=[A-Za-z0-9_-]{{22}}", running.index)
        asked = running.index.replace("companion.club.example", "127.0.0.1")

        def status(host: str) -> int:
            try:
                with urllib.request.urlopen(urllib.request.Request(asked, headers={"Host": host}), timeout=10) as a:
                    return a.status
            except urllib.error.HTTPError as err:
                return err.code

        assert status(f"companion.club.example:{port}") == 200
        assert status(f"127.0.0.1:{port}") == 200
        assert status(f"other.example:{port}") == 400
    finally:
        running.stop()


def test_a_database_that_cannot_be_opened_is_one_sentence(tmp_path):
    damaged = tmp_path / "damaged.db"
    damaged.write_bytes(b"this is no database at all" * 100)
    code, out, err = refused(f"sqlite:///{damaged}", "--port", "0")
    assert code == 1 and out == "" and "Traceback" not in err
    assert err == (
        f"{damaged} is not a Companion database (not even SQLite, perhaps damaged); it was left untouched. "
        "Point --db at another file.\n"
    )


def dealt(table: Sessions) -> int:
    """Aki, Ben and Chie at Sheriff, the first deal made: Aki leads trick 1."""
    sid = table.create("sheriff", {"players": ["Aki", "Ben", "Chie"]})
    live = table.open(sid)
    table.append(live, get("sheriff").parse(DEAL, live.position))
    return sid


def get_entry(sessions: Sessions, sid: int, line: str):
    """An entry as the table types it."""
    live = sessions.open(sid)
    return get(live.info.game).parse(line, live.position)
