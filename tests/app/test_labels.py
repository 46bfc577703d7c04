"""Every label in Japanese: the catalogue (companion/words/, tests/test_words.py) holds each label the
screens say, and the screens use it."""

import ast
import json
import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from companion.words import LOCALE
from screens.app import CompanionApp
from tests.app.pilot import quiet

ROOT = Path(__file__).resolve().parents[2]


def used_labels() -> dict[str, str]:
    """Every literal passed to t(...) or self.t(...), and every binding's description, in screens/
    and the app, with the file it is in."""
    found = {}
    for path in sorted((ROOT / "screens").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", None)
            index = {"t": 0, "Binding": 2}.get(name)
            if index is not None and len(node.args) > index and isinstance(node.args[index], ast.Constant):
                found.setdefault(node.args[index].value, path.name)
    return found


def test_every_label_of_every_screen_has_its_japanese():
    """Read here from the code itself, apart from Babel's extraction: nothing it could miss (a
    ``self.t``, a binding) is left without its Japanese."""
    with (LOCALE / "ja" / "LC_MESSAGES" / "companion.po").open("rb") as file:
        japanese = {message.id for message in read_po(file) if message.id and message.string}
    wanted = used_labels()
    missing = sorted(f"{where}: {text!r}" for text, where in wanted.items() if text not in japanese)
    assert not missing, "\n".join(missing)
    assert len(wanted) > 100


def test_every_game_names_itself_and_its_setup_in_both_languages():
    from scoring.registry import games

    for game in games():
        assert game.names.en and game.names.ja and game.names.name("ja", short=True)
        for lang in ("en", "ja"):
            assert game.setup(4, lang) and game.help(lang)
        assert game.setup(4, "ja") != game.setup(4, "en"), game.id


def test_the_effect_targets_are_the_moves_each_hero_resolver_reads():
    from scoring.trickster import effects
    from scoring.trickster.cards import heroes
    from scoring.trickster.targets import TARGETS

    source = Path(effects.__file__).read_text(encoding="utf-8")
    for hero in heroes():
        body = re.search(
            rf"\ndef _{hero.name.lower()}\(w: State, me: int, x: Effect, depth: int\) -> None:\n"
            r"(.*?)(?=\ndef )",
            source,
            re.S,
        ).group(1)
        read = set(re.findall(r"x\.(card2|card|enemy2|enemy|copy|then)\b", body))
        # ``then`` is the effect it resolves in turn (an Inventor's card, targets.inner), not a target
        assert {slot.field for slot in TARGETS[hero.code]} == read - {"then"}, hero.name


@pytest.mark.asyncio
async def test_a_table_in_japanese_labels_boards_card_names_and_footer(tmp_path):
    from companion.exports.native import import_text
    from companion.store.database import Store
    from companion.store.sessions import Sessions
    from scoring.records import build_record, split_record

    url = f"sqlite:///{tmp_path / 'c.db'}"
    sessions = Sessions(Store(url))
    game, header, entries = split_record(json.loads((ROOT / "examples/kings/game-5p.json").read_text()))
    partial = build_record(game, header, entries[:40])  # the middle of a trick in round 1
    sid = import_text(sessions, json.dumps(partial).encode())
    app = CompanionApp(url, lang="ja")
    async with app.run_test(size=(100, 40)) as pilot:
        await quiet(pilot)
        shot = app.export_screenshot()
        assert "新しいゲーム" in shot and "New game" not in shot and "履歴" in shot
        await pilot.press("r")
        await quiet(pilot)
        assert app.screen.sid == sid
        board = str(app.screen.query_one("#board").render())
        assert "が優勢" in board and "トリック" in board
        assert "取り消し" in app.export_screenshot()  # the footer's keys
        await pilot.press("f3")
        await pilot.pause()
        options = app.screen.query_one("#cards")
        prompts = " ".join(str(options.get_option_at_index(i).prompt) for i in range(options.option_count))
        assert "赤" in prompts and "red" not in prompts  # card names in Japanese
        await pilot.press("escape", "f5")
        await quiet(pilot)
        assert "得点表" in app.export_screenshot() and "累計" in str(app.screen.query_one("#chart").render())
        await pilot.press("ctrl+l")  # back to English, on the spot
        await quiet(pilot)
        assert "The running totals are charted here" in str(app.screen.query_one("#chart").render())  # round 1 goes on
        await pilot.press("escape")
        await quiet(pilot)
        board = str(app.screen.query_one("#board").render())
        assert "is winning" in board and "Undo" in app.export_screenshot()  # relabelled when it came back
