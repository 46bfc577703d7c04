"""TRICKTAKERs KINGs (test-play rules of 2022-12-10): tricks, kings, characters, bids, scoring."""
