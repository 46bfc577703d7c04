"""A bust shows a void: the buster held no card that could follow. The table tracker cannot see the
hand then, so it checks again the moment a card is shown to have been in that hand at the bust."""

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring.errors import RuleViolation
from scoring.log import states
from scoring.trickster.cards import Deck, code
from scoring.trickster.effects import hero_code
from scoring.trickster.engine import apply, new_game
from scoring.trickster.events import Bust, CardPlayed, HandsRevealed
from scoring.trickster.simulator import deal, play_game, public, random_effect
from scoring.trickster.state import REVEAL, TRICK, Header, State
from scoring.trickster.zones import add_to_pot, can_follow, take_from_hand
from tests.engines.tables import bust, play, table

TRASH = ["KBRI", "KGUA", "KMAG", "KNOM", "KPED", "KREV"]
TABLEAU = ["WBRI", "WGUA", "WMAG", "WNOM"]


def chie_busts_on_a_no_match():
    """Aki leads the green Soldier, Ben (the Trickster) the blue Nomad: no match. Chie busts, so
    she held nothing that is neither green nor blue, neither Soldier nor Nomad."""
    s = table(4, trash=TRASH, tableau=TABLEAU, full=False)
    s = play(s, "Aki", "GSOL", card="RREV", enemy="Dan")
    s = play(s, "Ben", "BNOM", card="WMAG", enemy="Chie")
    return bust(s, "Chie")


def test_a_player_who_busted_cannot_then_lead_a_card_that_could_have_followed():
    s = chie_busts_on_a_no_match()
    with pytest.raises(RuleViolation) as err:
        play(s, "Chie", "YMAG", card="GSOL")
    assert err.value.rule == "trickster.bust"
    assert "Chie busted in round 1, trick 1 (pot GSOL BNOM)" in err.value.reason
    assert "yellow Magician (YMAG) could have" in err.value.reason
    assert "ドボン" in err.value.message("ja")
    # a green card could not have followed, so she may well have held it
    s = play(s, "Chie", "GMAG", card="GSOL")
    assert s.to_play == 3


def test_a_card_that_entered_the_hand_unseen_may_be_the_one_that_follows_but_only_one():
    s = chie_busts_on_a_no_match()
    s = play(s, "Chie", "GMAG", card="GSOL")
    s = play(s, "Dan", "OPED", enemy="Chie")  # a secret trade: Chie gets a card nobody saw
    s = bust(s, "Aki")
    s = play(s, "Aki", "GGUA", card="WGUA", enemy="Ben")
    s = play(s, "Ben", "YGUA", card="WNOM", enemy="Dan")  # follow Guard
    s = play(s, "Chie", "OGUA", card="RREV", enemy="Dan")  # could have followed trick 1: the traded card
    s = play(s, "Dan", "PGUA", card="WBRI", enemy="Aki")  # everyone followed: Ben busts and leads
    s = play(s, "Ben", "RSOL", card="WNOM", enemy="Aki")
    with pytest.raises(RuleViolation) as err:  # a second one cannot also be the traded card
        play(s, "Chie", "YMAG", card="OGUA")
    assert err.value.rule == "trickster.bust"
    assert "Chie busted in round 1, trick 1" in err.value.reason


def _laid(s: State, me: int, c: int) -> State:
    w = s.copy()
    take_from_hand(w, me, c)
    add_to_pot(w, c, by_effect=False)
    return w


def _can_answer(s: State, p: int) -> bool:
    return any(can_follow(s, c) for c in s.hands[p].known)


def two_player_round_ended_by_the_timeline(seed: int = 0) -> tuple[State, State]:
    """A 2-player round played so that the Timeline runs out before either hand: whenever it can,
    the player to move plays a card the other cannot follow, and the other busts. Returned as it
    really is and as the table tracker sees it (hands and secret moves hidden), ready for the
    reveal."""
    rng = random.Random(seed)
    game = Header(("Aki", "Ben"), Deck.preset("introductory"))
    s = tracked = new_game(game)
    start = deal(game, rng)
    s, tracked = apply(s, start), apply(tracked, public(start))
    while s.phase == TRICK:
        me = s.turns[0]
        playable = sorted(c for c in s.hands[me].known if can_follow(s, c))
        if not playable:
            event = Bust(me)
        else:
            c = rng.choice([c for c in playable if not _can_answer(_laid(s, me, c), 1 - me)] or playable)
            event = CardPlayed(me, c, random_effect(_laid(s, me, c), me, hero_code(c), rng))
        s, tracked = apply(s, event), apply(tracked, public(event))
    return s, tracked


def test_the_timeline_running_out_is_the_reason_given_for_a_thirteenth_trick():
    _, s = two_player_round_ended_by_the_timeline()
    assert s.phase == REVEAL and not s.timeline and s.tricks == 12
    assert [h.size for h in s.hands] == [4, 1]
    for entry in (Bust(s.trickster), CardPlayed(s.trickster, next(iter(s.unseen)), None)):
        with pytest.raises(RuleViolation) as err:
            apply(s, entry)
        assert err.value.rule == "trickster.timeline"
        assert "the Timeline ran out" in err.value.reason and "with 2 players" in err.value.reason
        assert "hand ran out" not in err.value.reason
        assert "タイムラインにカードが残っていなくてもラウンド終了" in err.value.message("ja")


def test_the_reveal_shows_a_buster_held_a_card_that_could_have_followed():
    """Aki busts on the last trick (the Timeline's yellow Magician, Ben's yellow Peddler: follow
    yellow) and the round ends. The reveal is the first time anyone sees her hand: it cannot hold a
    yellow card, since no card has entered it since."""
    truth, s = two_player_round_ended_by_the_timeline()
    assert [code(c) for c in s.voids[0][-1].pot] == ["YMAG", "YPED"] and s.voids[0][-1].slack == 0
    real = tuple(tuple(sorted(h.known)) for h in truth.hands)
    assert apply(s, HandsRevealed(real)).phase == "setup"  # what she really held is accepted
    yellow = next(c for c in sorted(s.unseen) if code(c).startswith("Y") and c not in real[1])
    claimed = ((yellow, *real[0][1:]), real[1])
    with pytest.raises(RuleViolation) as err:
        apply(s, HandsRevealed(claimed))
    assert err.value.rule == "trickster.bust"
    assert "Aki busted in round 1, trick 12 (pot YMAG YPED)" in err.value.reason
    assert f"({code(yellow)}) could have" in err.value.reason


games = st.builds(
    lambda n, deck: Header(("Aki", "Ben", "Chie", "Dan", "Emi", "Fumi", "Gen")[:n], Deck.preset(deck)),
    st.integers(2, 7),
    st.sampled_from(["introductory", "strategy"]),
)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games, st.integers(0, 2**32 - 1))
def test_a_reveal_that_hands_a_buster_a_card_that_could_have_followed_is_refused(game, seed):
    """Every simulated round ends in a reveal the tracker accepts. Swap a revealed card so that a
    player who busted, and got no card unseen since, holds one that could have followed: refused."""
    events, _ = play_game(game, seed)
    seen = [public(e) for e in events]
    history = states(apply, new_game(game), seen)
    for i, event in enumerate(seen):
        if not isinstance(event, HandsRevealed):
            continue
        before = history[i]
        for p, voids in enumerate(before.voids):
            for v in voids:
                if v.slack:
                    continue
                hidden = [c for c in event.hands[p] if c not in before.hands[p].known]
                for q, other in enumerate(event.hands):
                    swap = next((c for c in other if c in v.cards and c not in before.hands[q].known), None)
                    if q == p or swap is None or not hidden:
                        continue
                    hands = [list(h) for h in event.hands]
                    hands[p][hands[p].index(hidden[0])] = swap
                    hands[q][hands[q].index(swap)] = hidden[0]
                    with pytest.raises(RuleViolation) as err:
                        apply(before, HandsRevealed(tuple(map(tuple, hands))))
                    assert err.value.rule == "trickster.bust"
                    assert "could have" in err.value.reason  # the swapped card, in whichever hand it breaks


def test_busts_in_simulated_games_really_had_no_card_to_follow():
    """The simulator busts only when it must; the void it leaves agrees with every hand it knew."""
    events, _ = play_game(Header(("Aki", "Ben", "Chie", "Dan"), Deck.preset("introductory")), 7)
    history = states(apply, new_game(Header(("Aki", "Ben", "Chie", "Dan"), Deck.preset("introductory"))), events)
    busts = [(history[i], e) for i, e in enumerate(events) if isinstance(e, Bust)]
    assert busts
    for s, e in busts:
        assert not any(can_follow(s, c) for c in s.hands[e.player].known)
