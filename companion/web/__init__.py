"""``companion serve``: the database's sessions as pages any phone at the table can read.

``links`` makes the unguessable link of each session (and of the index), ``page`` writes a
session's page and the index as HTML from the same view the table screen draws, ``style`` is the
page's only style sheet, and ``server`` answers over HTTP (Starlette, uvicorn).
"""
