"""Where a line of table text breaks (companion.wrapping), for any line a table might be told:
card codes and names between Japanese words and marks."""

import re

from hypothesis import given
from hypothesis import strategies as st

from companion.wrapping import breaks, cells, wrap

WORDS = st.sampled_from(["PSCI", "YPED", "Aki", "Chie", "Kh", "10d", "r7", "bust", "Aki=10", "2/50", "-30"])
JAPANESE = st.sampled_from(["がドボン", "卓中央の", "枚", "を取る", "トリックスター", "リード", "番"])
MARKS = st.sampled_from(["（", "）", "。", "、", "：", " ", "・"])
# a word or Japanese, then Japanese or a mark: as the engines' Japanese sentences hold codes and names
TOLD = st.lists(st.tuples(st.one_of(WORDS, JAPANESE), st.one_of(JAPANESE, MARKS)), min_size=1, max_size=30).map(
    lambda pairs: "".join(a + b for a, b in pairs)
)


@given(TOLD, st.integers(min_value=12, max_value=100))
def test_a_told_line_never_splits_a_card_code_or_a_name(line, width):
    pieces = wrap(line, width)
    assert all(cells(piece) <= width for piece in pieces)  # every word here is shorter than a line
    # the pieces are the line, less only the spaces where it broke
    assert re.sub(" +", "", "".join(pieces)) == re.sub(" +", "", line)
    for cut in breaks(line, width):
        before, after = line[cut - 1], line[cut]
        assert not (before.isascii() and before.isalnum() and after.isascii() and after.isalnum()), (line, cut)
        assert after not in "）。、：" and before != "（", (line, cut)


@given(st.lists(st.sampled_from(["bid (missed) 0", "Gambler 0", "Black King (unused) -30", "Devil 0"]), min_size=1))
def test_a_rounds_parts_go_on_under_the_parts_a_whole_part_to_a_line(parts):
    line = "  Dan: -30 = " + " + ".join(parts)
    for piece in wrap(line, 50, hang=13, joint=" + ")[1:]:
        assert piece.startswith(" " * 13 + "+ ") and piece[15:].split(" + ")[0] in parts
