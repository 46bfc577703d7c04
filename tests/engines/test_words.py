"""The table's words are facts: every game's catalogue has each key in English and Japanese, and no
engine chooses a language — the edge does, with ``scoring.words.say``."""

import ast
from pathlib import Path

import pytest

from scoring.registry import games, get
from scoring.words import Fact, keys, placeholders, say, template

ROOT = Path(__file__).resolve().parents[2]
GAMES = ("trickster", "kings", "sheriff", "phantom", "louder")
# The box's documents keep a language (the rules text, the F1 help, the new-game form's options,
# the arbiter's ruling, a refusal's masked words): they are texts in a language, not facts.
BOX = {
    "options",
    "setup",
    "rules",
    "help",
    "arbitrate",
    "mask",
    "character_sections",
    "hero_sections",
    "sections",
    "describe",
}


@pytest.fixture(scope="module", autouse=True)
def every_catalogue():
    games()  # each game registers its words when its package loads


# Where one language says a value the other leaves out, and why.
SAYS_MORE = {
    "text": "words the data files give in both languages: each side says its own",
    "trickster.busts": "the Japanese counts the cards taken (卓中央の4枚), the English lists them",
    "trickster.empty_busts": "the same",
    "trickster.trickster_busts": "the same",
}


def test_every_key_is_said_in_english_and_in_japanese_with_the_same_values():
    for key in keys():
        en, ja = template(key, "en"), template(key, "ja")
        assert (en == "") == (ja == ""), f"{key} has words in one language only"
        if isinstance(en, str) and isinstance(ja, str) and key not in SAYS_MORE:
            assert placeholders(key)[0] == placeholders(key)[1], f"{key}: {en!r} and {ja!r} use different values"


@pytest.mark.parametrize("game", GAMES)
def test_no_engine_function_takes_a_language(game):
    """``lang`` stays only in the box's documents and the arbiter; told, prompt, the score's parts
    and what may be typed next are facts."""
    found = []
    for path in sorted((ROOT / "scoring" / game).glob("*.py")):
        if path.name in ("arbiter.py", "words.py"):
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name not in BOX:
                names = [a.arg for a in (*node.args.posonlyargs, *node.args.args, *node.args.kwonlyargs)]
                if "lang" in names:
                    found.append(f"{path.name}: {node.name}")
    assert not found, f"{game} chooses a language in {found}"


@pytest.mark.parametrize("game", GAMES)
def test_a_game_tells_the_table_from_one_module_named_told(game):
    assert (ROOT / "scoring" / game / "told.py").is_file()
    assert (ROOT / "scoring" / game / "words.py").is_file()


def test_one_telling_is_said_to_two_viewers_in_two_languages():
    sheriff = get("sheriff")
    p = sheriff.new({"players": ["Aki", "Ben", "Chie"]})
    p = sheriff.apply(p, sheriff.parse("deal joker=Ben Aki=mayor Ben=sheriff Chie=robber trump=spades", p))
    after = sheriff.apply(p, sheriff.parse("Kh", p))
    told = sheriff.told(p, after)
    assert all(isinstance(f, (Fact, str)) for f in told)
    assert [say(f, "en") for f in told] != [say(f, "ja") for f in told]
    assert say(sheriff.prompt(after), "en") == "Ben to play — hearts led"
    assert say(sheriff.prompt(after), "ja") != say(sheriff.prompt(after), "en")
