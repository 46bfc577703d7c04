"""Record, undo, redo and edit in any order, against the plainest model of them (issue 37): a list
of the entries in play and a pile of the ones undone. Each step goes through the store on a real
SQLite file, as the laptop's keys do; after each, the store holds exactly the model's entries, a
session opened afresh agrees with the one followed step by step, and its standings are those of
the model's entries replayed from nothing.

The game is the Sheriff worked example (``examples/sheriff/game-6-deals.json``): the next entry
recorded is the example's next, so every step is legal; an edit puts an entry in place of itself
as the example has it, which must change nothing (the rest is checked again).
"""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from companion.store.database import Store
from companion.store.sessions import Sessions
from scoring.records import split_record
from scoring.registry import get

ROOT = Path(__file__).resolve().parents[2]
GAME, HEADER, ENTRIES = split_record(json.loads((ROOT / "examples/sheriff/game-6-deals.json").read_text()))


class UndoRedo(RuleBasedStateMachine):
    @initialize()
    def open_table(self) -> None:
        self.folder = tempfile.TemporaryDirectory()
        self.sessions = Sessions(Store(f"sqlite:///{Path(self.folder.name) / 'c.db'}"))
        self.sid = self.sessions.create(GAME, HEADER)
        self.live = self.sessions.open(self.sid)
        self.played: list = []  # the model: the entries in play
        self.undone: list = []  # and the ones undone, the last undone on top

    def teardown(self) -> None:
        if hasattr(self, "folder"):
            self.sessions.store.engine.dispose()
            self.folder.cleanup()

    @precondition(lambda self: len(self.played) < len(ENTRIES))
    @rule()
    def record(self) -> None:
        entry = ENTRIES[len(self.played)]
        self.live = self.sessions.append(self.live, entry)
        self.played.append(entry)
        self.undone.clear()  # a new entry ends what redo could bring back

    @rule()
    def undo(self) -> None:
        self.live, entry = self.sessions.undo(self.live)
        if self.played:
            assert entry == self.played[-1]
            self.undone.append(self.played.pop())
        else:
            assert entry is None

    @rule()
    def redo(self) -> None:
        self.live, entry = self.sessions.redo(self.live)
        if self.undone:
            assert entry == self.undone[-1]
            self.played.append(self.undone.pop())
        else:
            assert entry is None

    @precondition(lambda self: self.played)
    @rule(data=st.data())
    def edit(self, data) -> None:
        index = data.draw(st.integers(0, len(self.played) - 1))
        self.live = self.sessions.replace(self.live, index, self.played[index])

    @invariant()
    def the_store_holds_the_model(self) -> None:
        if not hasattr(self, "sid"):
            return
        assert self.sessions.entries(self.sid) == self.played
        assert list(self.live.position.entries) == self.played
        fresh = self.sessions.open(self.sid)
        replayed = get(GAME).replay(HEADER, self.played)
        assert fresh.position.scored.standings == replayed.scored.standings == self.live.position.scored.standings


TestUndoRedo = UndoRedo.TestCase
TestUndoRedo.settings = settings(max_examples=12, stateful_step_count=40, deadline=None, derandomize=True)
