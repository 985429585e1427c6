"""Which bots share a table, and seat fairness in every report.

Mixes: a run of ``k`` bots over ``n`` seats seats every *combination* of them, not only the
cyclic windows ``b_i, b_{i+1}, ...`` (at 3 seats with 5 styles the windows are 5 of the
10 triples - the five-style battle of a rulebook needs all of them). Each mix holds every bot
``n // k`` times plus one more copy of each bot of an ``n % k``-subset, and every such
subset is used once (C(k, n % k) mixes). They are ordered by cyclic orbits: the subsets
``{e + s mod k}`` for ``s = 0, 1, ...`` follow each other, so the first orbit is exactly the
old cyclic windows and every orbit on its own holds each bot equally often. The designs of
:mod:`boardlab.lab.design` rotate each mix over the seats, so after every completed orbit
(at most ``n x k`` games) each seat has held each bot equally often, and every combination
appears within ``n x C(k, n % k)`` games.

Fairness: a chi-square over who won, and a logistic regression of winning on seat, role
and bot together, with errors clustered by game (statsmodels)."""

from __future__ import annotations

import itertools
import math
from functools import lru_cache
from typing import Any

from boardlab.lab.spec import LabSpec, Row


@lru_cache(maxsize=256)
def _mixes(bots: tuple[str, ...], players: int) -> tuple[tuple[str, ...], ...]:
    k = len(bots)
    copies, extra = divmod(players, k)
    seen: set[tuple[int, ...]] = set()
    out: list[tuple[str, ...]] = []
    for rep in itertools.combinations(range(k), extra):
        if rep in seen:
            continue
        for shift in range(k):
            subset = tuple(sorted((e + shift) % k for e in rep))
            if subset in seen:  # the orbit closed (a rotation-symmetric subset)
                break
            seen.add(subset)
            base = [bots[(shift + j) % k] for j in range(k)] * copies
            out.append(tuple(base + [bots[(shift + e) % k] for e in rep]))
    return tuple(out)


def style_mixes(bots: list[str], players: int) -> list[tuple[str, ...]]:
    """Every mix of ``bots`` for ``players`` seats, in orbit order (module text): one per
    ``players % len(bots)``-subset of the bots that get an extra copy."""
    if not bots:
        raise ValueError("no bots to seat")
    if players < 1:
        raise ValueError(f"a table needs at least one seat, not {players}")
    return list(_mixes(tuple(bots), players))


def mix_count(bots: list[str], players: int) -> int:
    return len(style_mixes(bots, players))


def mix_at(bots: list[str], players: int, j: int) -> list[str]:
    """The ``j``-th mix (cyclically), in the order its seats are rotated from."""
    mixes = style_mixes(bots, players)
    return list(mixes[j % len(mixes)])


def seat_table(rows: list[Row], lab: LabSpec | None = None):
    """One row per seat (pandas): game, players, seat, bot, role, win (any share), share."""
    import pandas as pd

    lab = lab or LabSpec()
    recs = []
    for r in rows:
        k = len(r["winners"]) or 1
        for s in range(r["players"]):
            won = s in r["winners"]
            recs.append({"game": f"{r.get('variant', 0)}:{r['index']}", "players": r["players"],
                         "seat": s, "bot": r["bots"][s], "role": lab.role_of(r, s),
                         "win": float(won), "share": (1.0 / k) if won else 0.0,
                         "score": float(r["scores"][s])})
    return pd.DataFrame(recs)


def seat_fairness(rows: list[Row]) -> list[dict[str, Any]]:
    """Per player count: wins per seat (k-way shares 1/k) against an even split, by
    Pearson's chi-square (SciPy). Each game gives one win to share, so the winning seat is
    one multinomial draw per game: the test's independence assumption holds across games."""
    from scipy.stats import chisquare

    out = []
    for p in sorted({r["players"] for r in rows}):
        prow = [r for r in rows if r["players"] == p and r["winners"]]
        if len(prow) < 2 or p < 2:
            continue
        obs = [0.0] * p
        for r in prow:
            for s in r["winners"]:
                obs[s] += 1.0 / len(r["winners"])
        exp = [len(prow) / p] * p
        res = chisquare(obs, exp)
        out.append({"players": p, "games": len(prow), "wins": obs,
                    "chi2": float(res.statistic), "df": p - 1, "p_value": float(res.pvalue)})
    return out


def win_regression(rows: list[Row], lab: LabSpec | None = None) -> dict[str, Any]:
    """Logit of winning (any share) on seat, role and bot, game-clustered errors. Terms
    with one level are left out; a model that cannot be fitted says why."""
    import numpy as np
    import statsmodels.formula.api as smf

    df = seat_table(rows, lab)
    if df.empty:
        return {"error": "no games"}
    terms = []
    for col in ("seat", "role", "bot"):
        if df[col].nunique(dropna=True) > 1 and df[col].notna().all():
            terms.append(f"C({col})")
    if len(df["players"].unique()) > 1:
        terms.append("C(players)")
    if not terms:
        return {"error": "seat, role and bot never vary: nothing to regress on"}
    if df["win"].nunique() < 2:
        return {"error": "every seat won, or none did"}
    formula = "win ~ " + " + ".join(terms)
    groups = df["game"].astype("category").cat.codes
    try:
        import warnings

        from statsmodels.tools import sm_exceptions as sme

        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            # Perfect separation (one seat or bot always wins) has no finite estimate.
            for name in ("PerfectSeparationWarning", "PerfectSeparationError"):
                if isinstance(getattr(sme, name, None), type) and \
                        issubclass(getattr(sme, name), Warning):
                    warnings.simplefilter("error", getattr(sme, name))
            res = smf.logit(formula, df).fit(disp=False, cov_type="cluster",
                                             cov_kwds={"groups": groups}, maxiter=200)
            wald = res.wald_test_terms(skip_single=False, scalar=True)
    except Exception as exc:  # perfect separation, a singular design: say so, do not crash
        return {"error": f"could not fit {formula}: {exc}", "formula": formula}
    if not res.mle_retvals.get("converged", True) or not np.all(np.isfinite(res.bse)):
        return {"error": f"could not fit {formula}: the fit did not converge (a seat, role "
                         "or bot that always or never wins)", "formula": formula}
    coefs = []
    for name in res.params.index:
        b, se, p = float(res.params[name]), float(res.bse[name]), float(res.pvalues[name])
        coefs.append({"term": name, "odds_ratio": math.exp(b) if abs(b) < 700 else float("inf"),
                      "coef": b, "se": se, "p_value": p})
    table = wald.table
    tests = [{"term": str(t), "chi2": float(table.loc[t, "statistic"]),
              "df": int(table.loc[t, "df_constraint"]), "p_value": float(table.loc[t, "pvalue"])}
             for t in table.index if t != "Intercept"]
    return {"formula": formula, "n_seats": int(len(df)), "games": int(groups.nunique()),
            "coefficients": coefs, "terms": tests,
            "converged": bool(res.mle_retvals.get("converged", True)),
            "clusters": int(np.unique(groups).size)}
