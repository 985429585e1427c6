"""Claims about chance alone are proved by enumerating every chance outcome
(engine/chance.py, Enumerate): a planted right figure holds (proved), a planted wrong one is
contradicted (proved) with the exact figure, "every outcome" claims give the failing outcome
and its probability, and the constructors' probabilities are the textbook ones."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest

from boardlab.engine.chance import Dist, deal, die, draws, exact_text
from boardlab.engine.claims import Claim, Enumerate
from boardlab.lab.audit import CONTRADICTED, HOLDS, NOT_CHECKABLE, audit, check_enumerate


def _claim(published, check, kind="arithmetic") -> Claim:
    return Claim("t", "§test", "测试", "a planted claim", kind, published, check)


def two_dice() -> Dist:
    return (die(6) & die(6)).map(sum)


def test_constructors_give_exact_probabilities() -> None:
    assert two_dice().prob(lambda s: s == 7) == Fraction(1, 6)
    assert two_dice().enumerated == 36 and len(two_dice()) == 11
    aces = draws({"A": 4, "x": 48}, 2)
    assert aces.p[("A", "A")] == Fraction(math.comb(4, 2), math.comb(52, 2))
    assert aces.enumerated == math.comb(52, 2)
    assert sum(aces.p.values()) == 1
    roles = deal("abcde", 3)
    assert roles.enumerated == 60 and roles.prob(lambda r: "a" in r) == Fraction(3, 5)
    # a draw that depends on the first: the second card from what the first left
    two = draws({"r": 2, "b": 1}, 1).then(
        lambda first: draws({"r": 2 - first.count("r"), "b": 1 - first.count("b")}, 1))
    assert two.prob(lambda o: o[0] == o[1] == ("r",)) == Fraction(1, 3)
    with pytest.raises(ValueError):
        Dist({"a": Fraction(1, 2)})
    assert exact_text(Fraction(57, 20)) == "57/20 = 2.85"
    assert exact_text(Fraction(1, 3)).startswith("1/3 ≈ 0.3333")


def test_a_planted_right_mean_holds_and_a_wrong_one_is_contradicted() -> None:
    right = check_enumerate(_claim(3.5, Enumerate(lambda: die(6))))
    assert right.verdict == HOLDS and right.proved and right.label == "holds (proved)"
    assert right.ours == "7/2 = 3.5"
    # 3.6 is printed to 0.1: the book's rounding allows 3.55-3.65, and 3.5 is outside
    wrong = check_enumerate(_claim(3.6, Enumerate(lambda: die(6))))
    assert wrong.verdict == CONTRADICTED and wrong.proved and "7/2" in wrong.detail
    assert wrong.to_json()["proved"] is True


def test_a_probability_is_judged_within_the_books_rounding_only() -> None:
    seven = Enumerate(lambda: two_dice().map(lambda s: s == 7), "prob")
    # 1/6 = 16.667%: "16.7%" rounds it (half a unit 0.05 points), "17%" does not round it
    assert check_enumerate(_claim(0.167, seven)).verdict == HOLDS
    assert check_enumerate(_claim(0.17, seven)).verdict == HOLDS  # 17% is 1/6 rounded
    assert check_enumerate(_claim(0.18, seven)).verdict == CONTRADICTED
    assert check_enumerate(_claim(0.168, seven)).verdict == CONTRADICTED
    exact = Enumerate(lambda: two_dice().map(lambda s: s == 7), "prob", tolerance=0)
    assert check_enumerate(_claim(0.167, exact)).verdict == CONTRADICTED


def test_every_outcome_claims_give_the_failing_outcome() -> None:
    at_least_2 = check_enumerate(_claim(2, Enumerate(two_dice, "every", compare="ge"),
                                        kind="bound"))
    assert at_least_2.verdict == HOLDS and at_least_2.proved
    at_least_3 = check_enumerate(_claim(3, Enumerate(two_dice, "every", compare="ge"),
                                        kind="bound"))
    assert at_least_3.verdict == CONTRADICTED
    assert at_least_3.counterexample == {"outcome": 2, "probability": "1/36"}
    always_7 = check_enumerate(_claim(7, Enumerate(two_dice, "every"), kind="bound"))
    assert always_7.verdict == CONTRADICTED and "10 of the 11 figures" in always_7.detail
    assert "probability 5/6" in always_7.detail
    assert always_7.counterexample == {"outcome": 2, "probability": "1/36"}


def test_a_broken_enumeration_is_not_checkable() -> None:
    v = check_enumerate(_claim(1, Enumerate(lambda: [1, 2])))
    assert v.verdict == NOT_CHECKABLE and "chance.Dist" in v.detail


def test_cats_chance_claims_are_proved() -> None:
    au = audit("cat", only=["cards.mean", "B.role.3p.dealt", "B.role.4p.dealt"])
    got = {v.claim.id: v for v in au.verdicts}
    assert set(got) == {"cards.mean", "B.role.3p.dealt", "B.role.4p.dealt"}
    assert all(v.verdict == HOLDS and v.proved and v.games == 0 for v in got.values())
    assert got["cards.mean"].ours == "57/20 = 2.85"
    assert got["B.role.3p.dealt"].ours == "3/5 = 0.6"


def test_every_outcome_within_a_tolerance_and_at_least_is_said_so() -> None:
    """"every" honours a claim's tolerance (a figure printed rounded: 2/3 as 0.6667), and a
    "ge" probability reads "at least", not "equal to"."""
    thirds = Enumerate(lambda: Dist.uniform([Fraction(2, 3)] * 3), "every")
    assert check_enumerate(_claim(0.6667, thirds)).verdict == CONTRADICTED  # exactly as stated
    rounded = Enumerate(lambda: Dist.uniform([Fraction(2, 3)] * 3), "every", tolerance=5e-5)
    assert check_enumerate(_claim(0.6667, rounded)).verdict == HOLDS
    assert check_enumerate(_claim(0.6668, rounded)).verdict == CONTRADICTED
    seven = Enumerate(lambda: two_dice().map(lambda s: s == 7), "prob", "ge", tolerance=0)
    v = check_enumerate(_claim(0.1, seven))
    assert v.verdict == HOLDS and "at least the book's" in v.detail
    assert check_enumerate(_claim(0.17, seven)).verdict == CONTRADICTED


def test_derived_distributions_stay_exact() -> None:
    """map and then skip the sum check (their probabilities add up to 1 by construction):
    they still do, and a then that does not return a Dist is refused."""
    chained = draws({"a": 1, "b": 1, "c": 1}, 1).then(
        lambda first: draws({k: 1 for k in "abc" if (k,) != first}, 1))
    assert sum(chained.p.values()) == 1 and len(chained) == 6
    assert all(v == Fraction(1, 6) for v in chained.p.values())
    with pytest.raises(TypeError):
        die(2).then(lambda _: [1])


def _register_claim(game: str, cid: str) -> Claim:
    import importlib

    register = importlib.import_module(f"boardlab.games.{game}.claims").REGISTER
    return next(c for c in register.claims if c.id == cid)


def _planted(c: Claim, published, **check) -> Claim:
    """The register's claim with another published figure (and check fields); its
    outcomes computed once, so right and wrong figures judge the same enumeration."""
    from dataclasses import replace

    dist = c.check.outcomes()
    return replace(c, published=published,
                   check=replace(c.check, outcomes=lambda: dist, **check))


@pytest.mark.parametrize(("game", "cid", "ours", "right", "wrong"), [
    ("hotel", "setup.6p.roles", "6", 6, 5),
    ("hotel", "setup.3p.roles", "1/2", 0.5, 0.6),
    ("hotel", "setup.4p.roles", "2/3", 0.6667, 0.65),
    ("hotel", "setup.5p.roles", "5/6", 0.8333, 0.8),
    ("toys", "map.rug_share", "2/5 = 0.4", 0.4, 0.45),
    ("toys", "cards.sight_task_overlap", "21/50 = 0.42", 0.25, 0.5),
    ("burgle", "characters.dealt", "2", 2, 3),
])
def test_the_registers_chance_claims_are_proved(game, cid, ours, right, wrong) -> None:
    """hotel's role deal, toys' rug and overlap shares and burgle's character offers are
    proved over every chance outcome; the same enumeration contradicts a wrong figure."""
    c = _register_claim(game, cid)
    assert isinstance(c.check, Enumerate) and c.published == right
    planted_right = _planted(c, right)
    v = check_enumerate(planted_right)
    assert v.verdict == HOLDS and v.proved and v.ours == ours, v.detail
    w = check_enumerate(_planted(c, wrong))
    assert w.verdict == CONTRADICTED and w.proved, w.detail


def test_a_deal_the_rules_do_not_make_is_not_proved(monkeypatch) -> None:
    """The enumeration is of the rules' own deal: if the rules dealt a role twice, the
    claim is not checkable rather than proved over a deal the game does not make."""
    from boardlab.games.hotel import GAME

    real = GAME.new_game

    def twice(config, seed, overrides=None):
        state = real(config, seed, overrides)
        state.roles = [state.roles[0]] * len(state.roles)
        return state

    monkeypatch.setattr(GAME, "new_game", twice)
    v = check_enumerate(_register_claim("hotel", "setup.6p.roles"))
    assert v.verdict == NOT_CHECKABLE and "not a deal" in v.detail
