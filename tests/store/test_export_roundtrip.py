"""Export → import → export is the identity (issue 37): every worked example and the simulated
games of every game (``tests.engines.test_steps.games``: dealt and played at random through the
engines) stored, exported as Companion's own file, imported into another database and exported
again give the same file, byte for byte, and the same standings, CSV and Markdown."""

from __future__ import annotations

import pytest

from companion.exports.formats import export
from companion.exports.native import import_text
from companion.store.database import Store
from companion.store.sessions import Sessions
from scoring.registry import ids
from tests.engines.test_steps import games


@pytest.mark.parametrize("game", ids())
def test_a_stored_game_exported_and_imported_elsewhere_exports_the_same(game, tmp_path):
    here = Sessions(Store(f"sqlite:///{tmp_path / 'here.db'}"))
    there = Sessions(Store(f"sqlite:///{tmp_path / 'there.db'}"))
    played = games()[game]
    assert len(played) >= 2  # the worked examples and at least one simulated game
    for header, entries in played:
        sid = here.import_whole(game, header, entries)
        first = export(here, sid, "json")
        again = import_text(there, first.encode())
        assert export(there, again, "json") == first, game
        assert there.scored(again).standings == here.scored(sid).standings
        for fmt in ("csv", "md"):
            assert export(there, again, fmt) == export(here, sid, fmt), (game, fmt)
