"""A digit takes what the screen shows by it, always (issue 33): every numbered choice of every
worked example, drawn at 80 columns and pressed (``benchmarks.digits``)."""

from benchmarks.digits import drawn, walk


def test_every_digit_drawn_on_the_choices_line_takes_the_choice_drawn_beside_it():
    checked, wrong = walk()
    assert checked > 5000  # every game's examples, at every word of every entry
    assert wrong == []


def test_the_walk_reads_the_digits_as_the_screen_draws_them():
    """Sheriff after the roles: the drawn trumps, after what the line as typed does."""
    lines = ["⏎ …Chie=robber as typed (… Aki holds 1 card.) · or", "trump=… 1 spades · 2 hearts · 3 diamonds"]
    assert drawn(lines, as_typed=True) == {1: "spades", 2: "hearts", 3: "diamonds"}
