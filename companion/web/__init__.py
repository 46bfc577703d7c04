"""``companion serve``: the database's sessions as pages any phone at the table can read.

``links`` makes the unguessable link of each session (and of the index), ``page`` says what a
session's page and the index show (``club`` the club's pages, ``recorder`` a recording phone's,
``chart`` the running totals), in words of their own handed to the Jinja2 templates in
``templates/`` (``templating``); ``static/`` holds the pages' one style sheet and one script;
``server`` answers over HTTP (Starlette, uvicorn), ``live`` keeps each page current.
"""
