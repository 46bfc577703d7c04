"""What a player is told when the table types something it could not have done: the entry numbered
as the log numbers it, the reason in table words, the rule — and a key typed twice never slips by."""

import json
from pathlib import Path

import pytest

from companion.cli import main
from companion.exports.native import import_text
from companion.store.database import Store
from companion.store.sessions import Sessions
from scoring.errors import RuleViolation
from scoring.recordkit import RecordError, loads
from tests.typed import quick

ROOT = Path(__file__).resolve().parents[2]
PHANTOM = json.loads((ROOT / "examples/phantom/base-4p.json").read_text())
SETUP = "round trash=GPED,BSOL,KMAG,PMAG,WNOM,WREV tableau=Aki:PBRI,Ben:PREV,Chie:OGUA,Dan:GNOM"


def test_a_player_who_points_twice_is_refused_with_the_path():
    with pytest.raises(RecordError) as err:
        loads('{"played": {}, "pointed": {"Aki": "Ben", "Aki": "Chie"}}')
    assert err.value.reason == 'pointed: "Aki" is given twice; each key once.'
    assert err.value.rule == "record-format"
    with pytest.raises(RecordError, match=r'rounds\[1\]\.halves\[0\]: "played" is given twice'):
        loads('{"rounds": [{}, {"halves": [{"played": {}, "played": {}}]}]}')
    with pytest.raises(RecordError, match='the record: "rounds" is given twice'):
        loads('{"rounds": [], "rounds": []}')


def test_companion_score_refuses_a_round_given_twice(tmp_path, capsys):
    text = json.dumps(PHANTOM)
    twice = text.replace('"rounds": [', '"rounds": [], "rounds": [', 1)
    path = tmp_path / "twice.json"
    path.write_text(twice)
    assert main(["score", str(path)]) == 1
    err = capsys.readouterr().err
    assert '"rounds" is given twice' in err and "Traceback" not in err


def test_an_entry_typed_as_json_with_a_key_twice_is_refused_at_the_table_and_the_command_line(run):
    with pytest.raises(RuleViolation, match='pointed: "Aki" is given twice'):
        quick('{"played": {}, "pointed": {"Aki": "Ben", "Aki": "Chie"}}', "phantom")
    assert run("new", "phantom", "Aki", "Ben", "Chie", "Dan")[0] == 0
    code, _, err = run("record", "1", '{"played": {}, "pointed": {"Aki": "Ben", "Aki": "Chie"}}')
    assert code == 1 and '"Aki" is given twice' in err
    assert run("show", "1")[1].count("\n") >= 1  # nothing was stored, the session still opens


def test_an_import_with_a_key_twice_changes_nothing():
    sessions = Sessions(Store("sqlite://"))
    raw = json.dumps(PHANTOM).replace('"players": [', '"players": ["Zed"], "players": [', 1).encode()
    with pytest.raises(RuleViolation, match='"players" is given twice'):
        import_text(sessions, raw)
    assert sessions.list() == []


def test_a_refusal_names_the_entry_as_the_log_numbers_it_not_the_record_path(run):
    assert run("new", "trickster", "Aki", "Ben", "Chie", "Dan")[0] == 0
    assert run("record", "1", json.dumps(quick(SETUP, "trickster")))[0] == 0
    code, _, err = run("record", "1", json.dumps({"by": "Chie", "play": "YPED", "effect": {"enemy": "Dan"}}))
    assert code == 1
    assert err.splitlines()[0].endswith("Entry 2: It is Aki's turn, not Chie's.")
    assert "rounds[" not in err and "plays[" not in err
    assert "rule: trickster.turn" in err


def test_a_missing_card_is_said_in_table_words():
    sessions = Sessions(Store("sqlite://"))
    sid = sessions.create("trickster", {"players": ["Aki", "Ben", "Chie", "Dan"]})
    sessions.append(sessions.open(sid), quick(SETUP, "trickster"))
    with pytest.raises(RuleViolation) as err:
        sessions.append(sessions.open(sid), quick("RGUA card= enemy=Ben", "trickster"))
    assert err.value.reason == "Entry 2: A card code is missing."
    with pytest.raises(RuleViolation) as err:
        sessions.append(sessions.open(sid), {"play": None})
    assert err.value.reason == "Entry 2: A card code is missing."
    assert "None" not in err.value.reason and "non-empty text" not in err.value.reason
    with pytest.raises(RuleViolation, match="Name the player"):
        sessions.append(sessions.open(sid), quick("YPED enemy=", "trickster"))
    assert sessions.entries(sid) == [quick(SETUP, "trickster")]


def test_in_japanese_the_entry_is_numbered_too():
    sessions = Sessions(Store("sqlite://"))
    sid = sessions.create("trickster", {"players": ["Aki", "Ben", "Chie", "Dan"]})
    sessions.append(sessions.open(sid), quick(SETUP, "trickster"))
    with pytest.raises(RuleViolation) as err:
        sessions.append(sessions.open(sid), {"by": "Chie", "play": "YPED"})
    assert err.value.message("ja").startswith("記録2：")


@pytest.mark.parametrize(
    "argv",
    [
        ["--lang", "ja", "arbiter", "sheriff", "Kh", "Kh", "10h"],
        ["arbiter", "sheriff", "Kh", "Kh", "10h", "--lang", "ja"],
    ],
)
def test_the_language_may_be_given_before_or_after_the_command(argv, capsys):
    assert main(argv) == 1
    err = capsys.readouterr().err
    assert "21枚のデッキ" in err and "ルール：sheriff.cards（カード）" in err


@pytest.mark.parametrize("argv", [["--lang", "ja", "show", "Ks"], ["show", "Ks", "--lang=ja"]])
def test_a_command_line_argparse_refuses_is_refused_in_the_language_asked_for(argv, capsys):
    """``companion show Ks --lang ja`` was refused in English (argparse's own words)."""
    with pytest.raises(SystemExit) as ended:
        main(argv)
    assert ended.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("使い方: companion show") and "エラー: 引数 ID: 'Ks' は整数ではありません" in err


def test_the_help_is_in_the_language_asked_for_and_lists_the_games_by_their_names(capsys):
    with pytest.raises(SystemExit):
        main(["--lang", "ja", "--help"])
    out = capsys.readouterr().out
    assert out.startswith("使い方: companion") and "テーブルのカードゲームを記録し" in out
    assert "  sheriff    シェリフ" in out and "記録をルールで再生して順位を表示する" in out
    with pytest.raises(SystemExit):
        main(["--help"])
    assert capsys.readouterr().out.startswith("usage: companion")  # and English again, in one process


@pytest.mark.parametrize("argv", [["--lang"], ["show", "1", "--lang"]])
def test_a_lang_without_its_value_is_refused_by_argparse_not_a_traceback(argv, capsys):
    with pytest.raises(SystemExit) as ended:
        main(argv)
    assert ended.value.code == 2 and "argument --lang: expected one argument" in capsys.readouterr().err
