"""Seat fairness and the win regression against the libraries computed directly."""

from __future__ import annotations

import numpy as np
import pytest
import statsmodels.formula.api as smf
from scipy.stats import chisquare

from boardlab.lab.seats import seat_fairness, seat_table, win_regression
from boardlab.lab.spec import LabSpec


def rows(n=120, seed=3):
    rng = np.random.default_rng(seed)
    out = []
    for i in range(n):
        bots = ["a", "b", "c"] if i % 2 else ["b", "c", "a"]
        # bot "a" wins more often; seats matter only through who sits there
        p = np.array([3.0 if b == "a" else 1.0 for b in bots])
        w = int(rng.choice(3, p=p / p.sum()))
        winners = [w] if i % 10 else [w, (w + 1) % 3]  # some shared wins
        out.append({"variant": 0, "index": i, "players": 3, "bots": bots, "roles": None,
                    "scores": [1.0 if s in winners else 0.0 for s in range(3)],
                    "winners": winners, "summary": {}})
    return out


def test_seat_fairness_is_scipy_chisquare():
    rs = rows()
    (f,) = seat_fairness(rs)
    obs = [0.0, 0.0, 0.0]
    for r in rs:
        for s in r["winners"]:
            obs[s] += 1 / len(r["winners"])
    ref = chisquare(obs, [len(rs) / 3] * 3)
    assert f["chi2"] == pytest.approx(ref.statistic) and f["p_value"] == pytest.approx(ref.pvalue)
    assert f["df"] == 2 and sum(f["wins"]) == pytest.approx(len(rs))


def test_win_regression_is_statsmodels_logit_with_clustered_errors():
    rs = rows()
    got = win_regression(rs, LabSpec())
    df = seat_table(rs)
    groups = df["game"].astype("category").cat.codes
    ref = smf.logit("win ~ C(seat) + C(bot)", df).fit(
        disp=False, cov_type="cluster", cov_kwds={"groups": groups})
    assert got["formula"] == "win ~ C(seat) + C(bot)"
    coef = {c["term"]: c for c in got["coefficients"]}
    for term in ref.params.index:
        assert coef[term]["coef"] == pytest.approx(ref.params[term])
        assert coef[term]["se"] == pytest.approx(ref.bse[term])
    bot = next(t for t in got["terms"] if t["term"] == "C(bot)")
    assert bot["p_value"] < 0.01  # the planted bot effect is found
    assert got["games"] == len(rs)


def test_win_regression_says_why_it_cannot_fit():
    one = [{"variant": 0, "index": i, "players": 2, "bots": ["a", "a"], "roles": None,
            "scores": [1, 0], "winners": [0], "summary": {}} for i in range(5)]
    assert "error" in win_regression(one[:0])
    got = win_regression(one)
    assert "error" in got  # seat 0 always wins: perfect separation, said not raised
