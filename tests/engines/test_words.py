"""The table's words are facts: every game's catalogue has each key in English and Japanese, and no
engine chooses a language — the edge does, with ``scoring.words.say``."""

import ast
from pathlib import Path
from string import Formatter

import pytest
from babel.messages.mofile import read_mo
from babel.messages.pofile import read_po

from scoring.registry import games, get
from scoring.translations import templates
from scoring.words import Fact, fields, keys, placeholders, say, template

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
    "trickster.busts": "the Japanese counts the cards taken (卓中央の4枚), the English lists them",
    "trickster.empty_busts": "the same",
    "trickster.trickster_busts": "the same",
    "kings.why.samurai": "the English names the Samurai's player, the Japanese only the Samurai",
    "kings.part.devil_cards": "the English names the Devil's colour, the Japanese says デビルカード alone",
    "kings.board.card.said": "the English board shows a card's code (r7), the Japanese its name (赤7)",
    # KINGs' refusals in Japanese are shorter: they leave out a name, a list or a number the English adds
    # (and say the Hermit or the Cheerleader by name where the English has only the word typed)
    **{
        f"kings.{key}": "the Japanese refusal is the shorter one"
        for key in (
            *("refused.not_your_pick", "refused.king_not_in_draft", "refused.devil_drafted"),
            *("refused.not_your_turn", "refused.hermit_deck", "refused.already_played", "refused.king_used"),
            *("refused.item_used", "refused.two_fronts", "refused.two_fronts_or_one", "refused.no_front_left"),
            *("refused.nine_no_berserker", "refused.bid_card", "refused.back", "refused.bid_range", "refused.aimed"),
            *("refused.not_a_declaration", "refused.cannot_declare", "refused.king_not_on"),
            *("refused.white_king_not_on", "refused.black_king_not_on_samurai", "refused.given_once"),
            *("refused.given_twice", "refused.no_character", "refused.no_king", "refused.one_word"),
            *("refused.helper_words", "refused.sheet_part", "refused.sheet_field", "refused.field"),
            *("refused.card_kind", "refused.fronts_count", "refused.captured_count", "refused.not_an_item"),
            *("refused.item_twice", "refused.copy_no_number", "refused.rounds", "refused.aimed_at_self"),
            *("field.needs_value",),
        )
    },
}


def read(path: Path):
    with path.open("rb") as file:
        return read_po(file)


def domains() -> dict[Path, object]:
    """Each domain's template as the code gives it (``scoring.translations``), by its .pot's path."""
    return templates()


def messages(catalogue) -> dict[tuple[str, str], object]:
    return {(m.context, m.id): m for m in catalogue if m.id}


def test_each_template_holds_every_entry_the_code_writes_and_no_other():
    """``make words`` writes them: a new or changed entry in a game's words is in its .pot."""
    assert {path.stem for path in domains()} == {*GAMES, "scoring"}
    for path, catalogue in domains().items():
        assert path.is_file(), f"{path}: run make words"
        assert sorted(messages(read(path))) == sorted(messages(catalogue)), f"{path}: run make words"


def test_every_game_word_has_its_japanese_with_the_values_of_its_english():
    missing, differ = [], []
    for path in domains():
        template = read(path)
        japanese = read(path.parent / "ja" / "LC_MESSAGES" / path.with_suffix(".po").name)
        said = messages(japanese)
        for key, message in messages(template).items():
            found = said.get(key)
            if found is None or not found.string or found.fuzzy:
                missing.append(key)
            elif fields(found.string) != fields(message.id) and message.context not in SAYS_MORE:
                differ.append((message.context, message.id, found.string))
    assert missing == [] and differ == []


def test_each_compiled_game_catalogue_is_the_one_its_po_gives():
    for path in domains():
        folder = path.parent / "ja" / "LC_MESSAGES"
        with (folder / path.with_suffix(".mo").name).open("rb") as file:
            found = {(m.context, m.id): m.string for m in read_mo(file) if m.id}
        wanted = {k: m.string for k, m in messages(read(folder / path.with_suffix(".po").name)).items()}
        wanted = {
            k: v for k, v in wanted.items() if v and not messages(read(folder / path.with_suffix(".po").name))[k].fuzzy
        }
        assert found == wanted, f"{folder}: run make words"


def test_every_key_is_said_in_every_language_without_a_missing_value():
    """Each entry said in English and Japanese with every value its English uses (a function's
    too), so no key raises at a table."""
    for key in keys():
        en, ja = placeholders(key)
        if isinstance(template(key, "en"), str):
            said = [template(key, lang) for lang in ("en", "ja")]
            joined = {f for text in said if isinstance(text, str) for _, f, spec, _ in Formatter().parse(text) if spec}
            values = {f: ("x",) if f in joined else "x" for f in en | ja}
            assert say(Fact(key, **values), "en") and say(Fact(key, **values), "ja"), key


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
