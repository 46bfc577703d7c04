"""The table's words are facts: every game's catalogue has each key in English and Japanese, and no
engine chooses a language — the edge does, with ``scoring.words.say``."""

import ast
from pathlib import Path
from string import Formatter

import pytest
from babel.messages.mofile import read_mo
from babel.messages.pofile import read_po

from companion.words.games import templates
from scoring.registry import games, get
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
    # a prompt's Japanese says what to give, the English shows how it is typed (the table types codes)
    "louder.prompt.hands": "the English shows the line's form; the Japanese says what to type",
    "phantom.poker_cards": "the same",
    "phantom.cards_then_point": "the same",
    "phantom.accuse": "the same",
    "phantom.variant_named": "the form names a variant by code and name in English, by name in Japanese",
    "trickster.busts": "the Japanese counts the cards taken (卓中央の4枚), the English lists them",
    "trickster.empty_busts": "the same",
    "trickster.trickster_busts": "the same",
    # a Trickster card in the fewest words: its code in English, its suit and hero in Japanese (黒野盗)
    "trickster.card.short": "the English gives the code, the Japanese the suit and hero",
    "trickster.board.suit_head": "a suit's column: its letter in English, its name in Japanese",
    "trickster.trouble.suit": "the English counts the cards a sole majority exempts, the Japanese names the suits",
    # Trickster refusals whose Japanese is shorter than their English
    "trickster.refused.setup_long": "a setup with too many cards: the Japanese gives only the count",
    "trickster.refused.still_played": "the Japanese says only that the round is not over",
    "trickster.refused.still_played_turn": "the same",
    "trickster.refused.not_your_turn": "the Japanese names only whose turn it is",
    "trickster.refused.no_preset": "the English lists the presets",
    "trickster.refused.deck_holds": "the English says how many cards were turned up",
    "trickster.refused.deck_top": "the English names the card typed",
    "trickster.refused.twice_asked": "the English gives the card's code",
    "trickster.refused.twice_in_pot": "the same",
    "trickster.refused.among_top": "the same",
    "trickster.refused.cannot_hold": "the same",
    "trickster.refused.reveal_known": "the same",
    "trickster.refused.misplaced": "the English says where the card is",
    "trickster.refused.cannot_follow_move": "the English names the hero",
    "trickster.refused.not_an_enemy": "the English names whose enemy",
    "trickster.refused.say_copied": "the English names the hero copied",
    "trickster.refused.timeline_size": "the English says how many cards were given",
    "trickster.refused.game_rounds": "the English says how many rounds were given",
    "trickster.refused.sheet_rounds": "the same",
    "trickster.refused.deck_field": "the English says the deck given back",
    "trickster.refused.suit_count": "the English gives the line and the suit letters",
    "trickster.refused.no_bust_follows": "the English gives the card's code and what the pot asks",
    "trickster.refused.not_a_suit": "the English lists the suits",
    "trickster.refused.not_in_deck": "the English lists the deck's heroes",
    "trickster.option.deck": "the English lists the presets by key (as typed), the Japanese by name",
    # a Phantom refusal's Japanese says what is wrong and leaves out a detail the English adds
    "phantom.refused.hint_shown": "the Japanese says the card's true colour, not the colour typed",
    "phantom.refused.variant": "the Japanese does not list the variants known",
    "phantom.refused.unknown_variant": "the same",
    "phantom.refused.players": "the Japanese says the players given, not the counts the variant takes",
    "phantom.refused.phantoms_played": "the Japanese says the Phantoms the game has, not how many were played",
    "phantom.refused.poker_cards": "the Japanese says the limits, not who passed them nor the counts",
    "phantom.refused.self_pointing": "the Japanese says a player may not point at their own card, not who did",
    "phantom.refused.which_card": "the Japanese asks which card, not listing them nor naming the caller",
    "phantom.refused.no_such_card": "the Japanese does not repeat the card named",
    "phantom.refused.phantoms_given": "the Japanese does not name the deck",
    "louder.typed": "a card in a typed line: the English keeps what was typed (score:5), the Japanese says its name",
    "louder.refused.flip_limit": "the English names the card as typed (trickster), the Japanese by its name "
    "(トリックスター), and leaves out how many were typed",
    **dict.fromkeys(
        (
            f"louder.refused.{key}"
            for key in (
                *("one_action", "draw_form", "says_text", "hands_early", "turn", "only_placement", "not_next"),
                *("not_strategy", "no_flip", "reveal_count", "reveal_total"),
            )
        ),
        "the Japanese refusal says the rule alone, not what was typed or counted that the English says back",
    ),
    # the Japanese of these refusals is shorter: it leaves out what the English adds
    "notation.not_named": "the Japanese leaves out the line the word was typed in",
    "notation.not_json": "the Japanese leaves out the JSON reader's error",
    "record.control": "the Japanese leaves out the name and the control character's code",
    "record.not_a_player": "the Japanese leaves out the players",
    "record.unknown_field": "the Japanese leaves out the known fields",
    "game.close_to": "the Japanese leaves out the field a mistyped one is close to",
    "house.unknown": "the Japanese leaves out the known house rules",
    "house.bad_value": "the Japanese leaves out the values the house rule takes",
    "sheriff.refused.deal_unfinished": "the Japanese leaves out the phase",
    "sheriff.refused.no_trick": "the same",
    "sheriff.refused.roles_once": "the Japanese leaves out the roles given",
    "sheriff.refused.turn": "the Japanese leaves out the player who tried to play",
    "sheriff.refused.no_such_card": "the Japanese leaves out the value",
    "sheriff.refused.joker_announced": "the Japanese leaves out the player who tried to play the Joker",
    "sheriff.refused.given_again": "the Japanese leaves out the card's code",
    "sheriff.refused.not_a_rank": "the Japanese leaves out the ranks",
    "sheriff.refused.not_threes": "the Japanese leaves out the count",
    "sheriff.refused.no_such_deal": "the Japanese leaves out each player's cards and tricks",
    "sheriff.refused.seven_tricks": "the Japanese leaves out the count",
    "sheriff.refused.stopped": "the same",
    "sheriff.refused.ended": "the Japanese leaves out the leader and the points",
    "sheriff.refused.not_a_trump": "the Japanese leaves out the line",
    "sheriff.refused.ranks": "the same",
    "sheriff.refused.not_a_role": "the Japanese leaves out the line and names each role (市長) after its code",
    "sheriff.refused.roles_given": "the Japanese names the roles (市長・保安官・強盗団), the English lists the given",
    "sheriff.typed": "the English shows what was typed (Kh, mayor), the Japanese names it (ハートのK, 市長)",
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
    """Each domain's template as the code gives it (``companion.words.games``), by its .pot's path."""
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


def test_no_japanese_is_written_in_the_code_but_in_the_catalogues():
    """Every Japanese word a table reads is in a catalogue (or the box's data): none in a string of
    scoring/, companion/ or screens/, docstrings aside (their examples show what is said), and but
    the language's own name (日本語, as the switch names it) and the punctuation a line is not
    broken before (companion.wrapping)."""
    import re

    japanese = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
    found = []
    for folder in ("scoring", "companion", "screens"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            docs = {
                id(node.body[0].value)
                for node in ast.walk(tree)
                if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
                and node.body
                and isinstance(node.body[0], ast.Expr)
            }
            for node in ast.walk(tree):
                if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs:
                    words = node.value.replace("日本語", "")
                    if japanese.search(words) and path.name != "wrapping.py":
                        found.append(f"{path.relative_to(ROOT)}:{node.lineno}: {node.value[:40]!r}")
    assert found == []
