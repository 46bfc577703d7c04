"""The command palette (ctrl+p) in the table's language: Textual's own commands too."""

import pytest

from screens.app import CompanionApp
from tests.app.pilot import quiet


@pytest.mark.asyncio
async def test_textuals_own_commands_are_said_in_japanese(tmp_path):
    app = CompanionApp(f"sqlite:///{tmp_path / 'c.db'}", lang="ja")
    async with app.run_test(size=(80, 24)) as pilot:
        await quiet(pilot)
        said = {(c.title, c.help) for c in app.get_system_commands(app.screen)}
        assert ("終了", "すぐに終了する") in said
        assert not any(title.isascii() for title, _ in said), said
        # what would open Textual's own English (its widgets' keys, its themes by id, its
        # screenshot notice) is not offered: F1 and the settings list the keys in Japanese
        assert not {title for title, _ in said} & {"キー", "テーマ", "スクリーンショット"}, said
