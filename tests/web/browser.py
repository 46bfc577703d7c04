"""A phone at the table, in a real browser: Debian's Chromium (the ``chromium`` package, which
``.ci/run`` installs) driven by Playwright through its ``executable_path``. Playwright's own browser
download (``playwright install``) is never used: it fetches a build from the internet, which a
table, a developer's machine or CI may not reach.

The phone is 390×844 CSS pixels, a mobile viewport (the page's ``<meta name="viewport">`` counts),
a touch screen and a screen of 3 device pixels per CSS pixel, in English or Japanese.

Playwright's sync API runs its own event loop and leaves it marked as running between calls, so
an asyncio test (Textual's pilot) cannot run on the same worker while a browser is open: a browser
lives for one test module (``tests/web/conftest.py``), and stopping it clears the mark.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from playwright.sync_api import Browser, BrowserContext, ConsoleMessage, Page, sync_playwright

#: Debian's Chromium, or None on a machine without it (the browser tests are then skipped)
CHROMIUM: str | None = shutil.which("chromium") or shutil.which("chromium-browser")
NO_CHROMIUM = (
    "no Chromium on this machine: the phone tests drive Debian's chromium package "
    "(apt-get install chromium; .ci/run installs it)"
)

WIDTH, HEIGHT = 390, 844  #: a phone held upright, in CSS pixels
PHONE: dict[str, Any] = {
    "viewport": {"width": WIDTH, "height": HEIGHT},
    "is_mobile": True,
    "has_touch": True,
    "device_scale_factor": 3,
}
LOCALES = {"en": "en-US", "ja": "ja-JP"}  #: the phone's language, as its browser asks for pages

#: how long a phone waits for anything (Playwright's default is 30 s): a page on 127.0.0.1 that has
#: not shown something within it is not going to, and a failing test should say so quickly
PATIENCE_MS = 5000


@contextmanager
def chromium() -> Iterator[Browser]:
    """Debian's Chromium, headless, for as long as the block runs."""
    if CHROMIUM is None:
        raise RuntimeError(NO_CHROMIUM)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM)
        try:
            yield browser
        finally:
            browser.close()


# Every violation of the page's Content-Security-Policy, as the page itself is told of it; the console
# says the same in words, and is all a phone without script has to tell.
_LISTEN_FOR_REFUSALS = """
window.__refused = [];
document.addEventListener("securitypolicyviolation",
  (e) => window.__refused.push(e.effectiveDirective + " " + (e.blockedURI || "inline")));
"""


@dataclass
class Phone:
    """One phone: its browser context, every address it asked for, and every complaint of its
    browser about the page's Content-Security-Policy."""

    context: BrowserContext
    scripts: bool = True  #: whether the phone runs the page's script
    requests: list[str] = field(default_factory=list)
    complaints: list[str] = field(default_factory=list)  #: from the console, in the browser's words

    def open(self, url: str) -> Page:
        """A new tab on ``url``, once it has loaded."""
        page = self.context.new_page()
        page.goto(url)
        return page

    def refused(self, page: Page) -> list[str]:
        """What the page's policy refused so far: the console's words and the page's own events."""
        return self.complaints + (page.evaluate("window.__refused") if self.scripts else [])

    def _heard(self, message: ConsoleMessage) -> None:
        if "Content Security Policy" in message.text:
            self.complaints.append(message.text)


def phone(browser: Browser, lang: str = "en", **options: Any) -> Phone:
    """A fresh phone (its own cookies and cache) set to ``lang``; ``options`` are Playwright's
    context options (``color_scheme="dark"``, ``java_script_enabled=False``, a ``device_scale_factor``)."""
    context = browser.new_context(**{**PHONE, "locale": LOCALES[lang], **options})
    context.set_default_timeout(PATIENCE_MS)
    watched = Phone(context, scripts=options.get("java_script_enabled", True))
    context.on("request", lambda request: watched.requests.append(request.url))
    context.on("console", watched._heard)
    if watched.scripts:
        context.add_init_script(_LISTEN_FOR_REFUSALS)
    return watched
