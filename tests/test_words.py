"""One catalogue of words per language (companion/words/, gettext): every message the code marks is
in the template, each has its Japanese with the fields of its English, and the compiled catalogue
the app reads is the one its .po gives — `make words` brings all of them up to date."""

import ast
import re
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.mofile import read_mo
from babel.messages.pofile import read_po

from companion.words import LOCALE, catalogue, t

ROOT = Path(__file__).resolve().parent.parent
# the calls that say a message, as `make words` extracts them (the Makefile's -k options)
KEYWORDS = {
    "t": None,
    "tn": (1, 2),
    "tp": ((1, "c"), 2),
    "N_": None,
    "Binding": (3,),
    "Unreadable": None,
    "Refused": (2,),
    "Phrase": None,
    "StoreError": None,
    "StoreConflict": None,
    "StoreUnavailable": None,
    "BackupError": None,
}
SKIPPED = {"__pycache__"}  # …the folders it leaves out (--ignore-dirs)…
with (ROOT / "babel.cfg").open(encoding="utf-8") as _file:
    METHODS, OPTIONS = parse_mapping_cfg(_file)  # …and which files are code, which templates (-F)
LANGUAGES = sorted(path.parent.parent.name for path in LOCALE.glob("*/LC_MESSAGES/companion.po"))


def read(path: Path):
    with path.open("rb") as file:
        return read_po(file)


def marked() -> set[str]:
    """Every message id marked in companion/ and screens/ (the code and the pages' templates), as
    Babel's extraction finds them."""
    found = set()
    for folder in ("companion", "screens"):
        for _file, _line, message, _comments, _context in extract_from_dir(
            ROOT / folder,
            method_map=METHODS,
            options_map=OPTIONS,
            keywords=KEYWORDS,
            directory_filter=lambda path: Path(path).name not in SKIPPED,
        ):
            found.add(message if isinstance(message, str) else message[0])
    return found


def fields(text: str | tuple[str, ...]) -> set[str]:
    """The ``{fields}`` of a message (of each of its forms, for one with a plural)."""
    return {field for form in ([text] if isinstance(text, str) else text) for field in re.findall(r"{(\w+)", form)}


def whole(text: str | list[str] | tuple[str, ...]) -> str | tuple[str, ...]:
    """A message's id or text as one value (a plural's forms as a tuple, as the .po gives them)."""
    return text if isinstance(text, str) else tuple(text)


def singular(message_id: str | tuple[str, ...]) -> str:
    return message_id if isinstance(message_id, str) else message_id[0]


def test_the_template_holds_every_message_the_code_marks_and_no_other():
    template = {singular(message.id) for message in read(LOCALE / "companion.pot") if message.id}
    found = marked()
    assert sorted(found - template) == [], "new messages: run make words, then translate them"
    assert sorted(template - found) == [], "messages no longer said: run make words"
    assert len(found) > 150


def test_no_message_is_said_where_the_extraction_cannot_see_it():
    """Read apart from Babel, from the code's syntax tree: a ``t("…")`` inside an f-string (which
    Babel's extraction skips) is a message missing from the catalogue."""
    template = {singular(message.id) for message in read(LOCALE / "companion.pot") if message.id}
    said = {}
    for folder in ("companion", "screens"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            if SKIPPED & set(path.relative_to(ROOT).parts):
                continue
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if not isinstance(node, ast.Call):
                    continue
                name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", None)
                spec = [index for index in KEYWORDS.get(name) or (1,) if isinstance(index, int)]
                if name in KEYWORDS and len(node.args) >= spec[0]:
                    arg = node.args[spec[0] - 1]
                    if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                        said.setdefault(arg.value, path.relative_to(ROOT).as_posix())
    assert sorted(f"{where}: {text!r}" for text, where in said.items() if text not in template) == []


def test_every_message_has_its_japanese():
    assert "ja" in LANGUAGES
    template = read(LOCALE / "companion.pot")
    japanese = read(LOCALE / "ja" / "LC_MESSAGES" / "companion.po")
    missing = [
        message.id
        for message in template
        if message.id
        and (message.id not in japanese or not all(japanese[message.id].string) or japanese[message.id].fuzzy)
    ]
    assert missing == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_translation_keeps_every_field_of_its_english(lang):
    for message in read(LOCALE / lang / "LC_MESSAGES" / "companion.po"):
        if message.id and message.string:
            assert fields(message.string) == fields(message.id), message.id
            t(singular(message.id), lang, **dict.fromkeys(fields(message.id), "x"))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_compiled_catalogue_is_the_one_its_po_gives(lang):
    """The .mo holds every translated message of the .po, as it is there, and no other (its header,
    which names the Babel that compiled it, aside)."""
    folder = LOCALE / lang / "LC_MESSAGES"
    with (folder / "companion.mo").open("rb") as file:
        found = {whole(message.id): whole(message.string) for message in read_mo(file) if message.id}
    wanted = {
        whole(message.id): whole(message.string)
        for message in read(folder / "companion.po")
        if message.id and all(message.string) and not message.fuzzy  # what pybabel compile writes
    }
    assert found == wanted, "run make words"


def test_a_catalogue_is_read_once_and_a_language_without_one_says_the_english():
    assert catalogue("ja") is catalogue("ja")
    assert t("New game", "ja") == "新しいゲーム"
    assert t("New game", "en") == t("New game", "de") == "New game"
