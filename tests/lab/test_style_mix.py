"""``simulate`` with no bots named plays the rulebook's whole style list (issue 11): the lab
takes ``Game.style_mix``, which may name more styles than seats, and its balanced design
meets every combination of them."""

from boardlab.engine.registry import get_game
from boardlab.lab.runner import RunSpec, run


def _mixes(game: str, players: int, games: int) -> tuple[set[frozenset[str]], set[str]]:
    rows = run(RunSpec(game=game, games=games, seed=3, options={"players": players}))
    return {frozenset(r["bots"]) for r in rows}, {b for r in rows for b in r["bots"]}


def test_cat_three_players_meets_all_ten_style_triples():
    styles = get_game("cat").style_mix(3)
    assert len(styles) == 5 and len(get_game("cat").default_bots(3)) == 3
    triples, seen = _mixes("cat", 3, 30)
    assert seen == set(styles)
    assert len(triples) == 10


def test_hotel_four_players_seats_every_style():
    styles = get_game("hotel").style_mix(4)
    foursomes, seen = _mixes("hotel", 4, 20)
    assert seen == set(styles)
    assert len(foursomes) == 5


def test_games_without_a_style_list_fall_back_to_their_default_bots():
    toys = get_game("toys")
    assert toys.style_mix(4) == toys.default_bots(4)
