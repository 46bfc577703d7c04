"""Every player records their own play from their phone: a seat's recorder link shows the choices
the rules allow now as buttons; a tap goes through the laptop's own store path and engine; a
stale, doubled or simultaneous tap records once at most; a read link never records; a revoked
link records no more; a card face down stays on its owner's phone. ``companion serve``'s app
called in this process over a real SQLite file (tests/web/client.py); the phones read their pages
without script.
"""

from __future__ import annotations

import json
import re
import threading
from pathlib import Path

import pytest

from companion.store.sessions import Sessions
from companion.web.links import SessionLinks
from scoring.records import split_record
from scoring.registry import get
from tests.web.client import App, Stream
from tests.web.phones import Phone, beyond_choices, buttons, revision_of, said_on, words
from tests.web.test_serve import BLUFFS, NEVER_SEEN, dealt, links

ROOT = Path(__file__).resolve().parents[2]


def phones(table: Sessions, server: App, sid: int) -> tuple[dict[str, Phone], Phone]:
    """Each seat's phone by its player, and the phone that records for the whole table."""
    recorders = SessionLinks(table)
    info = table.info(sid)
    seats = {name: Phone(server, recorders.seat_link(info.uid, seat)) for seat, name in enumerate(info.players)}
    return seats, Phone(server, recorders.seat_link(info.uid, None))


def test_the_join_page_offers_each_seat_and_the_whole_table(table, server):
    sid = dealt(table)
    recorders = SessionLinks(table)
    page = server.get(recorders.join_link(table.info(sid).uid))
    assert page.status == 200
    shown = words(page.text)
    assert "Which seat is this phone's?" in shown and "This phone records for the whole table" in shown
    for seat, name in enumerate(["Aki", "Ben", "Chie"]):
        assert f'href="{recorders.seat_link(table.info(sid).uid, seat)}">{name}</a>' in page.text
    assert "どの席" in server.get(recorders.join_link(table.info(sid).uid), lang="ja").text


def test_akis_phone_plays_a_card_in_one_tap_and_every_viewer_sees_it(table, server):
    sid = dealt(table)
    seats, _ = phones(table, server, sid)
    page = seats["Aki"].page().text
    assert "Your turn." in words(page) and buttons(page)[:4] == ["As", "Ks", "Qs", "Js"]
    (href,) = links(server).values()
    watcher = Stream(server, href + "/events")
    watcher.next()
    answer = seats["Aki"].tap("Ks")
    assert answer.status == 200 and said_on(answer.text) == "Recorded: Ks"
    assert table.entries(sid)[-1] == {"play": "Ks"}
    assert "Ks" in watcher.next().data
    assert "Take back my last entry (Ks)" in words(answer.text)
    watcher.close()


def test_a_japanese_phone_says_what_it_recorded_in_words_and_offers_to_take_it_back_so(table, server):
    sid = dealt(table)
    seats, _ = phones(table, server, sid)
    seats["Aki"].lang = "ja"
    answer = seats["Aki"].tap("Ks")
    assert said_on(answer.text) == "記録しました：スペードのK"  # the card's name, not the code typed
    assert "自分の最後の記録を取り消す（スペードのK）" in words(answer.text)
    assert said_on(seats["Aki"].undo().text) == "取り消しました：スペードのK"


def test_it_is_bens_turn_on_bens_phone_alone(table, server):
    sid = dealt(table)
    seats, everyone = phones(table, server, sid)
    seats["Aki"].tap("Ks")
    assert "Aki's turn" not in words(seats["Ben"].page().text)
    assert "Your turn." in words(seats["Ben"].page().text)
    chie = seats["Chie"].page().text
    assert "Ben records this on their phone." in words(chie) and buttons(chie) == []
    refused = seats["Chie"].tap("Kh")
    assert said_on(refused.text) == "Not recorded: Ben records this on their phone."
    assert len(table.entries(sid)) == 2
    assert buttons(everyone.page().text)  # the phone of the whole table records for anyone


def test_a_refusal_is_in_table_words_with_a_link_to_its_rule(table, server):
    sid = dealt(table)
    seats, _ = phones(table, server, sid)
    seats["Aki"].tap("Ks")
    refused = seats["Ben"].tap("Kx")
    assert said_on(refused.text).startswith("Not recorded: Entry 3: 'Kx' is not a Sheriff card")
    rule = next(part for part in refused.text.split('"') if "/rule/" in part)
    page = server.get(rule)
    assert "the rule “Cards”" in refused.text
    assert page.status == 200 and "<h1>Cards</h1>" in page.text and "sheriff.cards" not in page.text
    assert len(table.entries(sid)) == 2  # nothing recorded, nothing lost


def test_a_stale_tap_is_refused_and_the_new_choices_appear(table, server):
    sid = dealt(table)
    seats, everyone = phones(table, server, sid)
    seen = revision_of(seats["Aki"].page().text)
    everyone.tap("Ks")  # the table's phone was quicker
    stale = seats["Aki"].tap("Qs", revision=seen)
    assert said_on(stale.text) == "The table moved on: Aki: Ks. Choose again."
    assert table.entries(sid)[1:] == [{"play": "Ks"}]
    assert revision_of(stale.text) == seen + 1 and "Ben records this on their phone." in words(stale.text)


def test_a_double_tap_or_a_retried_request_records_once(table, server):
    sid = dealt(table)
    seats, _ = phones(table, server, sid)
    seen = revision_of(seats["Aki"].page().text)
    first = seats["Aki"].tap("Ks", revision=seen, tap="same-tap")
    again = seats["Aki"].tap("Ks", revision=seen, tap="same-tap")
    assert said_on(first.text) == said_on(again.text) == "Recorded: Ks"
    assert table.entries(sid)[1:] == [{"play": "Ks"}]


def test_two_phones_tapping_one_turn_at_once_record_exactly_one(table, server):
    sid = dealt(table)
    seats, everyone = phones(table, server, sid)
    seen = revision_of(everyone.page().text)
    answers = {}
    start = threading.Barrier(2)

    def tap(name: str, phone: Phone, line: str) -> None:
        start.wait()
        answers[name] = said_on(phone.tap(line, revision=seen).text)

    threads = [
        threading.Thread(target=tap, args=("Aki", seats["Aki"], "Ks")),
        threading.Thread(target=tap, args=("table", everyone, "Qs")),
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(table.entries(sid)) == 2
    recorded = [name for name, said in answers.items() if said.startswith("Recorded:")]
    told = [name for name, said in answers.items() if said.startswith("The table moved on")]
    assert len(recorded) == 1 and len(told) == 1


def test_a_read_link_never_records_and_a_write_from_another_site_is_refused(table, server):
    sid = dealt(table)
    seats, _ = phones(table, server, sid)
    (href,) = links(server).values()
    read_token = href.removeprefix("/t/")
    as_reader = Phone(server, f"/r/{read_token}")
    assert as_reader.tap("Ks", revision=2).status == 404
    assert Phone(server, href).tap("Ks", revision=2).status in (404, 405)
    assert (
        seats["Aki"].post("record", {"line": "Ks", "revision": "2", "tap": "x"}, origin="http://evil.example").status
        == 403
    )
    big = seats["Aki"].post("record", {"line": "K" * 5000, "revision": "2", "tap": "y"})
    assert big.status == 413
    assert server.get(seats["Aki"].path + "/record").status == 405  # a GET never writes
    assert len(table.entries(sid)) == 1


def test_a_phone_takes_back_only_its_own_last_entry_while_it_is_the_last(table, server):
    sid = dealt(table)
    seats, _ = phones(table, server, sid)
    seats["Aki"].tap("Ks")
    undone = seats["Aki"].undo()
    assert said_on(undone.text) == "Taken back: Ks" and len(table.entries(sid)) == 1
    seats["Aki"].tap("Ks")
    seats["Ben"].tap("Kh")
    assert "Take back" not in words(seats["Aki"].page().text)
    late = seats["Aki"].undo()
    assert said_on(late.text).startswith("The table moved on") and len(table.entries(sid)) == 3


def test_a_revoked_recorder_link_records_no_more_at_once(table, server):
    sid = dealt(table)
    seats, _ = phones(table, server, sid)
    stream = Stream(server, seats["Aki"].path + "/events")
    stream.next()
    SessionLinks(table).revoke(sid)  # from the laptop
    assert stream.next() is None  # its stream ended
    assert seats["Aki"].page().status == 404 and seats["Aki"].tap("Ks", revision=9).status == 404
    fresh, _ = phones(table, server, sid)
    assert said_on(fresh["Aki"].tap("Ks").text) == "Recorded: Ks"
    stream.close()


def test_a_louder_card_placed_from_akis_phone_is_on_akis_phone_alone(table, server):
    sid = table.create("louder", {"players": ["Aki", "Ben", "Chie"]})
    seats, everyone = phones(table, server, sid)
    (href,) = links(server).values()
    watcher = Stream(server, href + "/events")
    ben_stream = Stream(server, seats["Ben"].path + "/events")
    watcher.next(), ben_stream.next()
    game = get("louder")
    placed = seats["Aki"].tap(game.format(BLUFFS[0]))
    assert said_on(placed.text) == f"Recorded: {game.format(BLUFFS[0])}"  # Aki's phone says what Aki placed
    revision = table.open(sid).info.revision
    seen = "\n".join([watcher.until(revision).data, beyond_choices(ben_stream.until(revision).data)])
    pages = [beyond_choices(phone.page().text) for phone in (seats["Ben"], everyone)]
    others = [seen, *pages, server.get(href).text]
    others += [server.get(f"{href}/export/{fmt}").text for fmt in ("json", "csv", "md", "bgg")]
    for text in others:
        for card in NEVER_SEEN[:1] + NEVER_SEEN[2:3] + NEVER_SEEN[4:5]:  # Enemy -2, in each form
            assert card.lower() not in text.lower()
    refused = seats["Ben"].tap("place enemy:-2 at 0,0 says score:5")  # a cell already taken: told Ben alone
    assert said_on(refused.text).startswith("Not recorded:")
    assert "Not recorded" not in words(seats["Aki"].page().text)
    watcher.close(), ben_stream.close()


EXAMPLES = [
    "trickster/game-4p-introductory.json",
    "kings/game-5p.json",
    "sheriff/game-6-deals.json",
    "phantom/base-4p.json",
    "louder/game-4p.json",
]


@pytest.mark.parametrize("example", EXAMPLES)
def test_a_whole_game_is_recorded_from_phones_alone_each_player_tapping_their_own(table, server, example):
    game, header, entries, sid, (seats, everyone) = seated(table, server, example)
    position = game.new(header)
    typed_cards = []
    for entry in entries:
        who = game.to_play(position)
        phone = seats[who] if who is not None else everyone
        line, _ = walk(phone, game, position, entry)
        if line is None:  # the line typed whole, the buttons' fallback (a scoresheet, a round's reveal)
            line = game.format(entry)
            if game.kind(entry) == "card":
                typed_cards.append(line)
        # the tap alone, its page not read back (the buttons were read on the way): the store says
        assert phone.sent(line, table.info(sid).revision) == 303
        position = game.apply(position, entry)
        assert len(table.entries(sid)) == len(position.entries), (game.format(entry), line)
    assert table.entries(sid) == list(entries)
    expected = json.loads((ROOT / "examples" / example.replace(".json", ".expected.json")).read_text())
    assert table.scored(sid).standings.as_json() == expected
    assert typed_cards == []  # every card played was among its player's buttons


def seated(table, server, example: str):
    """A worked example's game, header and entries, its new session and the session's phones."""
    game_id, header, entries = split_record(json.loads((ROOT / "examples" / example).read_text()))
    sid = table.create(game_id, header)
    return get(game_id), header, entries, sid, phones(table, server, sid)


def walk(phone: Phone, game, position, entry) -> tuple[str | None, int]:
    """The button path to ``entry`` on the phone's pages: the line its last button records, and
    the taps it took (None: not among the buttons)."""
    from companion.web.recorder import accepted

    target = " ".join(game.format(entry).split()).lower()
    line, taps = "", 0
    for _ in range(12):
        offered = buttons(phone.page(line).text)
        done = [b for b in offered if accepted(position, b) == entry]
        if done:
            return done[0], taps + 1
        deeper = [b for b in offered if target.startswith(" ".join(b.split()).lower()) and b != line]
        if not deeper:
            return None, taps
        line, taps = max(deeper, key=len), taps + 1
    return None, taps


def test_a_trickster_setup_says_trash_once_and_a_take_back_line_says_what_it_records(table, server):
    """The issue's reproductions on a Japanese phone: 「捨て札 1/6：」 was on each of 56 buttons, and
    「GDOC PEXP」を記録 did not say that the card goes back to its owner's hand."""
    record = json.loads((ROOT / "examples/trickster/game-5p-strategy.json").read_text())
    game, header, entries = split_record(record)
    sid = table.create(game, header)
    _, everyone = phones(table, server, sid)
    everyone.lang = "ja"
    page = everyone.page("round").text
    assert words(re.search(r'<p class="told">(.*?)</p>', page).group(1)) == "捨て札 1/6："
    labels = re.findall(r'<span class="label">(.*?)</span>', page)
    assert len(buttons(page)) == len(labels) == 56 and labels[0] == "赤の記録保管人", labels[:3]
    # entry 4 is BDOC OSCI Dan; BDOC OSCI alone sends the Scion back to Emi, its owner
    live = table.open(sid)
    for entry in entries[:3]:
        live = table.append(live, entry)
    assert get(game).format(entries[3]) == "BDOC OSCI Dan"
    page = everyone.page("BDOC OSCI").text
    button = re.search(r'class="choice records">(.*?)</button>', page, re.S).group(1)
    assert "「BDOC OSCI」を記録" in words(button) and "Emiの手札" in words(button), words(button)


def test_a_trickster_card_with_few_targets_shows_them_beside_it_one_tap_each(table, server):
    """Trickster took 2.1 taps a card on a phone (a card, then each target): a card's targets, when
    few, are buttons beside it, and one tap records the card with the target tapped. Over every
    worked example a card now takes at most 1.6 taps on average, and every one is a target the
    player tapped: no button records a target the rules did not offer for that card."""
    from companion.web.recorder import accepted, choices, taps

    game, header, entries, sid, (seats, _) = seated(table, server, "trickster/game-5p-strategy.json")
    position = game.new(header)
    counts = []
    for entry in entries:
        if game.kind(entry) == "card":
            counts.append(taps(position, entry))
            for b in choices(position, "", "en").buttons:
                for t in b.beside:  # each beside button is the card's own choice that follows it
                    assert t.line.startswith(b.line + " ") and (not t.records or accepted(position, t.line) is not None)
        position = game.apply(position, entry)
    assert sum(counts) / len(counts) <= 1.6
    # entry 7: Chie's card with its targets beside it, tapped once on her phone
    live = table.open(sid)
    position = game.new(header)
    for entry in entries[:7]:
        live = table.append(live, entry)
        position = game.apply(position, entry)
    who = game.to_play(position)
    page = seats[who].page("").text
    groups = re.findall(r'<div class="with-beside">(.*?)</div></div>', page, re.S)
    assert groups, "no card shows its targets beside it"
    target = buttons(groups[0])[1]  # the first target beside the first such card
    answer = seats[who].tap(target)
    assert said_on(answer.text).startswith("Recorded:") and table.entries(sid)[-1] == game.parse(target, position)


def test_a_tap_is_said_on_the_phone_that_made_it_alone_even_given_its_id(table, server):
    """Issue 34: Aki's recorder page opened with the id of Chie's tap showed "Recorded: place
    enemy:-2 …", a card the table must not see; what became of a tap is its own link's."""
    sid = table.create("louder", {"players": ["Aki", "Ben", "Chie"]})
    seats, everyone = phones(table, server, sid)
    placed = seats["Aki"].tap("place enemy:-2 at 0,0 says score:5", tap="akis-tap")
    assert said_on(placed.text) == "Recorded: place enemy:-2 at 0,0 says score:5"
    for other in (seats["Ben"], seats["Chie"], everyone):
        page = other.page(tap="akis-tap").text
        assert said_on(page) == "" and "enemy" not in beyond_choices(page).lower()
    assert said_on(seats["Aki"].page(tap="akis-tap").text).startswith("Recorded:")  # the tap's own phone


def test_any_body_that_is_not_one_tap_is_refused_in_words_with_every_header(table, server):
    """Issue 34: a POST of nine fields was a 500 without the pages' security headers; two taps in
    one body recorded the first, and bytes that are not UTF-8 were read as replacement characters."""
    sid = dealt(table)
    seats, _ = phones(table, server, sid)
    aki = seats["Aki"].path
    headers = {"Origin": server.base, "Content-Type": "application/x-www-form-urlencoded"}
    bodies = {
        "9 fields": "&".join(f"{k}=1" for k in "abcdefghi").encode(),
        "100 fields": "&".join(f"f{n}=1" for n in range(100)).encode(),
        "a tap twice": b"line=Ks&revision=2&tap=t1&line=Qs",
        "another field": b"line=Ks&revision=2&tap=t2&seat=1",
        "raw bytes not UTF-8": b"line=K\xffs&revision=2&tap=t3",
        "escaped bytes not UTF-8": b"line=K%FFs&revision=2&tap=t4",
        "no tap id": b"line=Ks&revision=2",
    }
    for what, body in bodies.items():
        answer = server.client.post(aki + "/record", content=body, headers=headers)
        assert (answer.status_code, answer.text) == (400, "Refused: not a tap."), what
        assert {"content-security-policy", "x-content-type-options", "referrer-policy"} <= answer.headers.keys()
    many = "&".join(f"f{n}=1" for n in range(10_000)).encode()  # 10,000 fields: larger than any tap
    answer = server.client.post(aki + "/record", content=many, headers=headers)
    assert (answer.status_code, answer.text) == (413, "Refused: too large.")
    assert "content-security-policy" in answer.headers
    assert table.entries(sid)[1:] == []
    assert said_on(seats["Aki"].tap("Ks").text) == "Recorded: Ks"  # and a tap as a form sends it records


KEYBOARD_WORDS = ("type", "digit", "key", "press", "入力", "数字")


def test_a_phone_is_told_what_comes_next_without_keys_in_both_languages(table, server):
    """Issue 34: a recorder page read "Type fronts, then each player's characters (a digit takes
    one)". Every prompt of every worked example, as the pages say it, speaks of no keys; the laptop
    still says how to type it."""
    from companion.table.view import table_view
    from companion.web.board import board_html
    from scoring.registry import games

    for game in games():
        for path in sorted((ROOT / "examples" / game.id).glob("*.json")):
            if path.name.endswith(".expected.json"):
                continue
            header, entries = game.split(json.loads(path.read_text(encoding="utf-8")))
            position = game.new(header)
            for entry in [None, *entries]:
                position = position if entry is None else game.apply(position, entry)
                for lang in ("en", "ja"):
                    said = table_view(position, lang=lang, phone=True).prompt
                    assert not any(word in said.lower() for word in KEYBOARD_WORDS), (path.name, said)
                    board = str(board_html(game.board(position), lang))
                    assert not re.search(r"\w=\w", board), (path.name, board)  # no line to type (bids Aki=…)
    sid = table.create("trickster", {"players": ["Aki", "Ben"]})
    seats, _ = phones(table, server, sid)
    page = words(seats["Aki"].page().text)
    assert "Round 1: its setup next: the 6 trash cards, then the tableau cards of Aki and Ben" in page
    assert "type" not in page.lower().replace("or type the whole line", "")
    laptop = table_view(table.open(sid).position).prompt
    assert laptop.startswith("Round 1: type round, the 6 trash cards")
