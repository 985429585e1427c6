"""From rows to the figures of a run: win rates and scores per seat, bot, role and player
count; every declared metric; and, for sweeps, paired differences against the first variant.

Shared wins: a k-way shared win counts 1/k of a win (``win``), so win rates over all seats of
a game sum to 1; ``any_win`` counts any share of the win as a win.
"""

from __future__ import annotations

import math
from array import array
from collections.abc import Iterable, Iterator
from typing import Any

import numpy as np

from boardlab.lab.spec import LabSpec, Row
from boardlab.lab.stats import Estimate, holm, mean_t, paired_difference, wilson

GROUP_KEYS = ("seat", "bot", "role", "players")


def _column(a: array) -> np.ndarray:
    """An ``array.array`` seen as a NumPy array without a copy. While a view lives the array
    cannot grow, so views are made only to read a finished run (:meth:`Accumulator.analyse`,
    :meth:`Accumulator.seatings`) and none is kept in what they return."""
    return np.frombuffer(a, dtype=a.typecode)


def _estimate(values: np.ndarray, proportion: bool) -> Estimate:
    # Python's ``sum`` adds left to right as the row-by-row analysis did (NumPy's sum is
    # pairwise and can differ in the last bit).
    return wilson(float(sum(values)), int(values.size)) if proportion else mean_t(values)


class Accumulator:
    """The figures of a run as its rows stream in (any batch order), kept as flat numeric
    columns - per game: variant, index, players, number of winners, mean score and every
    declared metric; per seat: score, bot, role and whether it shares the win - 24 bytes
    per game, 9 per metric and 17 per seat - so a run's rows can go to the store batch by
    batch and still be analysed at the end, to the last bit the figures the list of rows
    gives (``tests/lab/reference_analysis.py`` is that row-by-row analysis).

    Bots and roles are stored as codes into one table of names. Each (variant, index)
    is expected once, as the runner and the store give them."""

    __slots__ = ("lab", "_code", "_names", "_variant", "_index", "_players", "_nwin",
                 "_mean_score", "_metric", "_has", "_score", "_bot", "_role", "_won")

    def __init__(self, lab: LabSpec) -> None:
        self.lab = lab
        self._code: dict[Any, int] = {None: 0}
        self._names: list[Any] = [None]
        self._variant = array("i")
        self._index = array("q")
        self._players = array("H")
        self._nwin = array("H")
        self._mean_score = array("d")
        self._metric = [array("d") for _ in lab.metrics]
        self._has = [array("B") for _ in lab.metrics]  # 0: the metric was None (no value)
        self._score = array("d")
        self._bot = array("I")
        self._role = array("I")
        self._won = array("B")

    def _of(self, name: Any) -> int:
        code = self._code.get(name)
        if code is None:
            code = self._code[name] = len(self._names)
            self._names.append(name)
        return code

    def add(self, rows: Iterable[Row]) -> None:
        role_of = self.lab.role_of
        for r in rows:
            players, winners, scores = r["players"], r["winners"], r["scores"]
            self._variant.append(r["variant"])
            self._index.append(r["index"])
            self._players.append(players)
            self._nwin.append(len(winners))
            # the sum in seat order over the seats, as np.mean adds fewer than 8 values
            # (its pairwise blocks start at 8; no game seats more than 6): the same float,
            # without a NumPy call per game
            self._mean_score.append(sum(map(float, scores)) / len(scores))
            got = r["metrics"]
            for m, values, has in zip(self.lab.metrics, self._metric, self._has, strict=True):
                v = got.get(m.name)
                values.append(math.nan if v is None else float(v))
                has.append(v is not None)
            for s in range(players):
                self._score.append(scores[s])
                self._bot.append(self._of(r["bots"][s]))
                self._role.append(self._of(role_of(r, s)))
                self._won.append(s in winners)

    def __len__(self) -> int:
        return len(self._variant)

    def _order(self) -> tuple[np.ndarray, np.ndarray]:
        """Games in (variant, index) order (the order ``runner.run`` returns) and where
        each game's seats start in the seat columns."""
        players = _column(self._players).astype(np.int64)
        starts = np.cumsum(players) - players
        order = np.lexsort((_column(self._index), _column(self._variant)))
        return order, starts

    def _seats(self, games: np.ndarray, starts: np.ndarray) -> np.ndarray:
        """Positions in the seat columns of every seat of ``games``, game by game."""
        players = _column(self._players)[games].astype(np.int64)
        first = np.cumsum(players) - players
        return (np.repeat(starts[games] - first, players)
                + np.arange(int(players.sum()), dtype=np.int64))

    def seatings(self, variant: int) -> Iterator[list[str]]:
        """Each game's bots seat by seat, games in index order (for the seating check)."""
        order, starts = self._order()
        games = order[_column(self._variant)[order] == variant]
        players, bots, names = _column(self._players), _column(self._bot), self._names
        for g in games.tolist():
            s = int(starts[g])
            yield [names[c] for c in bots[s:s + int(players[g])].tolist()]

    def bots(self, variant: int) -> list[list[str]]:
        return list(self.seatings(variant))

    def figures(self) -> list[tuple[str, bool, np.ndarray, np.ndarray | None]]:
        """Per-game figures compared across variants: (name, is a rate, values per game
        in arrival order, which games have a value or None for all): the mean score and
        every metric."""
        out: list[tuple[str, bool, np.ndarray, np.ndarray | None]] = [
            ("mean_score", any(m.proportion for m in self.lab.metrics
                               if m.name == "mean_score"),
             _column(self._mean_score), None)]
        for m, values, has in zip(self.lab.metrics, self._metric, self._has, strict=True):
            out.append((m.name, m.proportion, _column(values), _column(has).astype(bool)))
        return out

    def analyse(self, variants: list[dict[str, Any]]) -> dict[str, Any]:
        """Everything the terminal, the store and the report show about a run."""
        order, starts = self._order()
        variant_of = _column(self._variant)[order]
        per_variant, by_variant = [], []
        figures = self.figures()
        for v, opts in enumerate(variants):
            games = order[variant_of == v]
            by_variant.append(games)
            per_variant.append({"variant": v, "options": opts, "games": int(games.size),
                                **self._groups(games, starts),
                                "metrics": self._metric_stats(games, figures)})
        return {"variants": per_variant,
                "comparisons": self._paired(by_variant, figures, variants),
                "curves": self._curves(by_variant, figures) if len(variants) > 1 else {}}

    def _groups(self, games: np.ndarray, starts: np.ndarray) -> dict[str, list[dict]]:
        """Win rate and mean score per seat, bot, role and player count.

        Counted in games: a bot that holds several seats of one game gives one cluster, so
        its interval uses game-clustered errors (or a bootstrap over games), never seats as
        independent draws. ``n`` is the number of seats, ``games`` the number of games.

        One key's codes at a time, the smallest types that hold them: the clustered fit of
        the largest group (every seat) is this step's peak, and nothing else per seat
        should sit beside it."""
        players = _column(self._players)[games].astype(np.int64)
        seats = self._seats(games, starts)
        game_of = np.repeat(np.arange(games.size, dtype=np.int32), players)
        won = _column(self._won)[seats].astype(bool)
        nwin = np.repeat(_column(self._nwin)[games].astype(float), players)
        fields = {
            # a k-way shared win counts 1/k (the same division as 1.0 / k per seat)
            "win": np.divide(1.0, nwin, out=np.zeros(seats.size), where=won),
            "any_win": won.astype(float),
            "score": _column(self._score)[seats]}
        del won, nwin
        out = {}
        for key in GROUP_KEYS:
            names = None
            if key == "seat":
                codes = (np.arange(seats.size, dtype=np.int64) - np.repeat(
                    np.cumsum(players) - players, players)).astype(np.uint16)
            elif key == "players":
                del seats  # the last key: only the fields and the game numbers are left
                codes = np.repeat(players.astype(np.uint16), players)
            else:
                codes = _column(self._bot if key == "bot" else self._role)[seats]
                names = self._names
            out[key] = _group_stats(key, codes, names, game_of, fields)
            del codes
        return out

    def _metric_stats(self, games: np.ndarray, figures) -> list[dict[str, Any]]:
        out = []
        for m, (_name, _rate, values, has) in zip(self.lab.metrics, figures[1:], strict=True):
            vals = values[games][has[games]]
            out.append({"metric": m.name, "label": m.label or m.name,
                        "estimate": _estimate(vals, m.proportion), "values": vals})
        return out

    def _paired(self, by_variant: list[np.ndarray], figures, variants: list[dict[str, Any]],
                alpha: float = 0.05) -> list[dict[str, Any]]:
        """Each variant against variant 0 on the same seeds, for every per-game figure,
        with Holm–Bonferroni over the whole family before anything is called significant."""
        index = _column(self._index)
        out = []
        for v in range(1, len(variants)):
            # games of both variants with the same index, in index order (games are sorted)
            _, i0, iv = np.intersect1d(index[by_variant[0]], index[by_variant[v]],
                                       assume_unique=True, return_indices=True)
            g0, gv = by_variant[0][i0], by_variant[v][iv]
            for name, _rate, values, has in figures:
                a, b = values[g0], values[gv]
                if has is not None:
                    both = has[g0] & has[gv]
                    a, b = a[both], b[both]
                if a.size < 2:
                    continue
                out.append({"variant": v, "figure": name, "paired": paired_difference(a, b),
                            "changes": {k: variants[v][k] for k in variants[v]
                                        if variants[0].get(k) != variants[v][k]}})
        flags = holm([c["paired"].p_value for c in out], alpha)
        for c, f in zip(out, flags, strict=True):
            c["significant"] = f
        return out

    def _curves(self, by_variant: list[np.ndarray], figures) -> dict[str, list[Estimate]]:
        """Each per-game figure's estimate at every variant, for tables and plots."""
        curves: dict[str, list[Estimate]] = {}
        for name, rate, values, has in figures:
            curves[name] = [_estimate(values[g] if has is None else values[g][has[g]], rate)
                            for g in by_variant]
        return curves


def _group_stats(key: str, codes: np.ndarray, names: list[Any] | None,
                 game_of: np.ndarray, fields: dict[str, np.ndarray]) -> list[dict[str, Any]]:
    """Per value of ``key`` (``codes`` per seat, decoded by ``names`` or the value itself;
    None is no group), in the order the row-by-row analysis gave: first appearance, then
    stably sorted by the value's words."""
    from boardlab.lab.inference import interval_test_flat

    uniq, first = np.unique(codes, return_index=True)
    values = []
    for code in uniq[np.argsort(first, kind="stable")].tolist():
        value = names[code] if names is not None else code
        if value is not None:
            values.append((value, code))
    out = []
    for value, code in sorted(values, key=lambda vc: str(vc[0])):
        # every seat in the group (one player count, say): the columns themselves, no copy
        sel = slice(None) if len(values) == 1 and uniq.size == 1 else \
            np.flatnonzero(codes == code)
        games = game_of[sel]
        cuts = np.flatnonzero(games[1:] != games[:-1]) + 1
        counts = np.diff(np.concatenate(([0], cuts, [games.size])))
        n = int(games.size)
        del games, cuts

        def est(field: str, bounds=None, sel=sel, counts=counts, n=n) -> Estimate:
            e = interval_test_flat(fields[field][sel], counts, -math.inf, math.inf,
                                   bounds).estimate
            return Estimate(e.value, e.lo, e.hi, n, e.se)

        out.append({key: value, "n": n, "games": int(counts.size),
                    "win": est("win", (0.0, 1.0)), "any_win": est("any_win", (0.0, 1.0)),
                    "score": est("score")})
    return out


def analyse(rows: Iterable[Row], lab: LabSpec, variants: list[dict[str, Any]]
            ) -> dict[str, Any]:
    """Everything the terminal, the store and the report show about a run.

    ``rows`` may be any iterable (e.g. ``store.iter_rows``, read in batches): each row is
    reduced to a few numbers (:class:`Accumulator`) as it is read, so rows are never all
    held."""
    acc = Accumulator(lab)
    acc.add(rows)
    return acc.analyse(variants)


def to_json(value: Any) -> Any:
    """Analysis as JSON (estimates become dicts; raw metric values are dropped)."""
    if isinstance(value, Estimate):
        return value.to_json()
    if hasattr(value, "to_json"):
        return value.to_json()
    if isinstance(value, dict):
        return {str(k): to_json(v) for k, v in value.items() if k != "values"}
    if isinstance(value, list | tuple):
        return [to_json(v) for v in value]
    return value
