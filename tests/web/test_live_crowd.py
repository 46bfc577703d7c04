"""50 phones follow one session while it is recorded every way at once (issue 34: one page of four
stayed a revision behind after a tap): taps on a phone, entries and undos on the laptop, and
``companion record`` in processes of their own, interleaved at random from a fixed seed, through a
real ``companion serve`` and real sockets (``benchmarks.crowd``). Every viewer, in English or
Japanese, ends on the store's last revision, shown every revision it was shown in order."""

from __future__ import annotations

import pytest

from benchmarks.crowd import crowd

pytestmark = pytest.mark.xdist_group("crowd")


def test_fifty_viewers_all_end_on_the_last_revision_through_300_taps_entries_and_undos(tmp_path):
    seen = crowd(f"sqlite:///{tmp_path / 'crowd.db'}")
    assert (seen.missed, seen.behind) == (0, 0), seen.line
    assert seen.entries == seen.played == 132  # every tap, entry and undo went through: the whole game
    assert all(seen.counts.values()), seen.counts  # each way of recording was used
