"""The people who play: every name a session was played with is a player, each with the random id
BG Stats knows the person by. A name can be renamed (for the history and the statistics: records
keep the names they were played with) or merged into another (two names for one person: every
session of the one counts for the other).

>>> from companion.store.database import Store
>>> store = Store("sqlite://")
>>> with store.writing() as s:
...     seats = [person(s, name) for name in ("Aki", "Akiko", "Ben")]
...     s.commit()
>>> merge(store, "Akiko", "Aki"); rename(store, "Ben", "Benjamin")
>>> names(store), names(store, merged=True)
(['Aki', 'Benjamin'], ['Aki', 'Akiko', 'Benjamin'])
"""

from __future__ import annotations

from sqlmodel import col, select

from companion.store.database import PlayerRow, SeatRow, Store, StoreError
from companion.store.names import check_rename
from companion.words.refused import Refused


def names(store: Store, merged: bool = False) -> list[str]:
    """The players' names, each person once (``merged``: every name ever given, merged ones too)."""
    with store.errors(), store.session() as s:
        query = select(PlayerRow.name)
        if not merged:
            query = query.where(col(PlayerRow.merged_into).is_(None))
        return [str(name) for name in s.exec(query.order_by(PlayerRow.name))]


def uid(store: Store, pid: int) -> str:
    """The random id of the player with row ``pid``: the one BG Stats knows the person by, kept
    through renames, merges (a merged name's seats are the person's), backups and restores."""
    with store.errors(), store.session() as s:
        row = s.get(PlayerRow, pid)
        if row is None:
            raise StoreError("There is no player {pid}.", pid=pid)
        return str(row.uid)


def person(s, name: str) -> int:
    """The id of the person a seat of ``name`` counts for, in the open write transaction ``s``: a
    new name is a new player, a merged name the player it was merged into."""
    row = s.exec(select(PlayerRow).where(PlayerRow.name == name)).first()
    if row is None:
        row = PlayerRow(name=name)
        s.add(row)
        s.flush()
    return row.merged_into or row.id


def rename(store: Store, old: str, new: str) -> None:
    """A player's name for the history and statistics; records keep the names they were played
    with. The new name is checked as a new game's names are (``companion.store.names``)."""
    with store.errors(), store.writing() as s:
        row = s.exec(select(PlayerRow).where(PlayerRow.name == old)).first()
        if row is None:
            raise Refused("record-format", "No player called {name!r}.", name=old)
        if s.exec(select(PlayerRow).where(PlayerRow.name == new)).first():
            raise Refused("record-format", "There is already a player called {name!r}: merge them instead.", name=new)
        check_rename(old, new, [str(n) for n in s.exec(select(PlayerRow.name))])
        row.name = new
        s.add(row)
        s.commit()


def merge(store: Store, source: str, into: str) -> None:
    """Two names for one person: every session of ``source`` counts for ``into``."""
    with store.errors(), store.writing() as s:
        a = s.exec(select(PlayerRow).where(PlayerRow.name == source)).first()
        b = s.exec(select(PlayerRow).where(PlayerRow.name == into)).first()
        if b is not None and b.merged_into is not None:  # a name merged before: the person it became
            b = s.get(PlayerRow, b.merged_into)
        if a is None or b is None or a.id == b.id:
            raise Refused("record-format", "Cannot merge {source!r} into {into!r}.", source=source, into=into)
        # every name that counted as ``source`` now counts as ``into``: one step to the person
        for row in s.exec(select(PlayerRow).where(PlayerRow.merged_into == a.id)):
            row.merged_into = b.id
            s.add(row)
        for seat in s.exec(select(SeatRow).where(SeatRow.player_id == a.id)):
            seat.player_id = b.id
            s.add(seat)
        a.merged_into = b.id
        s.add(a)
        s.commit()
