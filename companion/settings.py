"""App settings: the language and the key bindings, in the user's config folder.

``COMPANION_CONFIG`` names another file (tests use it). A damaged file is ignored, with the
defaults used instead; it is only rewritten when the user changes a setting, whole or not at all.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from pathlib import Path

from platformdirs import user_config_path

from companion.files import write_whole


def config_path() -> Path:
    if os.environ.get("COMPANION_CONFIG"):
        return Path(os.environ["COMPANION_CONFIG"])
    return user_config_path("companion", appauthor=False) / "settings.json"


@dataclass
class AppSettings:
    language: str = "en"
    keymap: dict[str, str] = field(default_factory=dict)  # binding id -> keys, e.g. {"session.undo": "ctrl+u"}

    @staticmethod
    def load() -> AppSettings:
        try:
            data = json.loads(config_path().read_text(encoding="utf-8"))
            return AppSettings(
                language=data.get("language", "en") if data.get("language") in ("en", "ja") else "en",
                keymap={str(k): str(v) for k, v in dict(data.get("keymap", {})).items()},
            )
        except (OSError, ValueError, TypeError, AttributeError):
            return AppSettings()

    def save(self) -> None:
        path = config_path()
        path.parent.mkdir(parents=True, exist_ok=True)
        write_whole(path, json.dumps({"language": self.language, "keymap": self.keymap}, indent=1))
