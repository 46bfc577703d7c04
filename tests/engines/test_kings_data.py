"""KINGs data: the deck per player count, kings, characters, and what is marked unverified."""

from scoring.kings.cards import (
    BERSERKER_NINE,
    bid_prefill,
    characters,
    code,
    deck,
    game_data,
    items,
    kings,
    parse,
)


def test_forty_cards_and_the_player_count_removals():
    assert len(deck(5)) == 40 and len(deck(4)) == 32 and len(deck(2)) == 28
    assert parse("r7") not in deck(4) and parse("r9") in deck(4)
    assert parse("g6") not in deck(2)
    assert BERSERKER_NINE not in deck(5)
    assert [code(parse(c)) for c in ("r1", "b9", "k5", "WF", "RA", "k9b")] == ["r1", "b9", "k5", "WF", "RA", "k9b"]


def test_five_kings_with_their_end_of_game_values():
    assert {c: k.unused for c, k in kings().items()} == {"white": 80, "red": 50, "blue": 40, "green": 30, "black": -30}
    assert {c: k.unused_2p for c, k in kings().items()} == {
        "white": 60,
        "red": 50,
        "blue": 40,
        "green": 30,
        "black": 20,
    }
    assert all(not k.numbers_verified for k in kings().values())
    assert all(k.number_used > k.number for k in kings().values())


def test_characters_with_both_names_fronts_and_backs():
    assert set(characters()) == {
        "Gambler",
        "Hermit",
        "Resistance",
        "Berserker",
        "Samurai",
        "Ninja",
        "Healer",
        "Collector",
        "Maru",
        "Neme",
        "Devil",
        "Cheerleader",
    }
    for c in characters().values():
        assert c.name_ja and c.front and c.front_ja and c.back in ("bid", "devil_miss", "bond")
    assert characters()["Maru"].item == "fairys_gift" and characters()["Neme"].item == "kings_sword"
    assert characters()["Cheerleader"].partner_card
    assert set(items()) == {"fairys_gift", "kings_sword"}


def test_unknown_printed_numbers_are_marked_unverified():
    data = game_data()
    assert data["bids"]["placeholder_verified"] is False
    assert data["king_back"]["white_verified"] is False
    assert bid_prefill(3) == (60, True)  # "3 wins, 60 points" is a printed back
    assert bid_prefill(1) == (40, False)
