"""The phones of the browser tests: one Chromium for a test module, a fresh phone for each test."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest

from tests.web.browser import CHROMIUM, NO_CHROMIUM, Phone, chromium, phone


@pytest.fixture(scope="module")
def browser():
    """Debian's Chromium, started once for the module (a start takes about half a second)."""
    if CHROMIUM is None:
        pytest.skip(NO_CHROMIUM)
    with chromium() as running:
        yield running


@pytest.fixture
def phones(browser) -> Iterator[Callable[..., Phone]]:
    """``phones(lang="en", **options)``: a new phone, put away when the test ends."""
    opened: list[Phone] = []

    def new(lang: str = "en", **options) -> Phone:
        opened.append(phone(browser, lang, **options))
        return opened[-1]

    yield new
    for each in opened:
        each.context.close()
