"""TRICKTAKERs KINGs (test-play rules of 2022-12-10): tricks, kings, characters, bids, scoring."""

# the game's words, registered before any of its modules says one (scoring.kings.words)
from scoring.kings import words as words
