"""The balance lab: simulate any boardlab game many times, store the runs, and audit a
rulebook's claims with statistics a statistician would sign.

Modules: :mod:`spec` (reads a game's claim register), :mod:`design` (balanced seating),
:mod:`runner` (process pool / Ray), :mod:`stats` and :mod:`inference` (SciPy/statsmodels),
:mod:`search` (counterexamples to bounds), :mod:`audit` (``boardlab check``), :mod:`seats`
(seat fairness, win regression), :mod:`tidy` (one row per seat), :mod:`store`,
:mod:`analysis`, :mod:`report`, :mod:`plots`, :mod:`cli`.

``boardlab.lab.load(RUN)`` gives a stored run as a pandas DataFrame, one row per seat.
"""

from typing import Any


def load(run: str) -> Any:
    """A stored run (id, unique prefix or ``last``) as a one-row-per-seat DataFrame."""
    from boardlab.lab.tidy import load as _load

    return _load(run)
