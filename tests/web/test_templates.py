"""The pages come from templates and static files, never from strings in the code: no web module
holds markup, every template is escaped whatever its name ends in, and the style sheet and script
the pages load are the files in companion/web/static/, at the addresses they always had."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from companion.web.templating import HERE, MEDIA_TYPES, TEMPLATES

#: the elements of a page or of the chart, as a string in the code would hold them
ELEMENTS = "!doctype html head body main script link meta p div h\\d a ul ol li table tr td th form input button"
ELEMENTS += " svg g path text"
MARKUP = re.compile(rf"<({'|'.join(ELEMENTS.split())})[\s>/]", re.IGNORECASE)


def strings_in_code(path: Path) -> list[str]:
    """Every string constant of a module but its docstrings (which show calls and their answers)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }
    return [
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings
    ]


def test_no_web_module_holds_a_page_or_a_part_of_one_as_a_string():
    modules = sorted(HERE.glob("*.py"))
    assert {"server.py", "page.py", "club.py", "recorder.py", "chart.py"} <= {m.name for m in modules}
    for module in modules:
        held = [s for s in strings_in_code(module) if MARKUP.search(s)]
        assert held == [], f"{module.name} holds markup: {held}"


def test_every_template_loads_and_escapes_what_it_is_given():
    names = TEMPLATES.env.list_templates()
    assert {"base.html", "session.html", "index.html", "live_part.html", "recorder.html", "chart.svg"} <= set(names)
    assert TEMPLATES.env.autoescape is True  # not chosen by the file's ending: the chart's .svg too
    for name in names:
        TEMPLATES.get_template(name)  # each one parses


def test_the_style_sheet_and_the_script_are_the_static_files_at_their_old_addresses(server):
    assert set(MEDIA_TYPES) == {path.name for path in (HERE / "static").iterdir()}
    for name, media_type in MEDIA_TYPES.items():
        reply = server.get(f"/{name}")
        assert reply.status == 200 and reply.headers["content-type"].startswith(media_type)
        assert reply.text == (HERE / "static" / name).read_text(encoding="utf-8")
