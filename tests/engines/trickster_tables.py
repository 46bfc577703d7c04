"""The random Trickster tables the property tests draw (hypothesis strategies): two to seven
players, a preset or a random deck of seven heroes, any first player, any house rules. The engine's
properties and the table's (``test_trickster_game.py``) play the same tables."""

from hypothesis import strategies as st

from scoring.trickster.cards import Deck, heroes
from scoring.trickster.settings import HouseRules
from scoring.trickster.state import Header

house_rules = st.builds(
    HouseRules,
    special_case_buster=st.sampled_from(["trickster", "leader"]),
    strict_targets=st.booleans(),
    copy_copiers=st.booleans(),
    copied_card_moves=st.booleans(),
    inventor_resolves=st.booleans(),
    distinct_enemies=st.booleans(),
    trash_pick=st.sampled_from(["any", "top"]),
    timeline_out_3p=st.sampled_from(["end_round", "buster_leads"]),
    variant_round_trickster=st.sampled_from(["keep_passing", "oldest"]),
)
decks = st.one_of(
    st.sampled_from([Deck.preset("introductory"), Deck.preset("strategy")]),
    st.lists(st.sampled_from([h.name for h in heroes()]), min_size=7, max_size=7, unique=True).map(Deck.of),
)
games = st.builds(
    lambda n, deck, first, rules: Header(
        ("Aki", "Ben", "Chie", "Dan", "Emi", "Fumi", "Gen")[:n], deck, first % n, rules
    ),
    st.integers(2, 7),
    decks,
    st.integers(0, 6),
    house_rules,
)
