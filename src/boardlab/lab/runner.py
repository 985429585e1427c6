"""Running many games: seeds, seat assignment, batching over a process pool or Ray.

Game ``i`` of a run always has seed ``derive_seed(S, i)`` and its seats' bots depend only on
``i``; every variant of a sweep replays the same seeds (common random numbers). So the rows
are identical for any number of workers and for either backend.
"""

from __future__ import annotations

import gc
import itertools
import math
import os
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from boardlab.engine.rng import derive_seed
from boardlab.lab.spec import Row, resolve_game, resolve_lab


@dataclass
class RunSpec:
    game: str
    games: int
    seed: int
    bots: list[str] = field(default_factory=list)
    options: dict[str, Any] = field(default_factory=dict)
    sweep: dict[str, list[Any]] = field(default_factory=dict)
    roles: list[str] | None = None
    rotate: bool = True
    label: str = ""
    design: str = "latin"

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    def variants(self) -> list[dict[str, Any]]:
        """Every grid point of the sweep, each merged over the fixed options."""
        if not self.sweep:
            return [dict(self.options)]
        keys = list(self.sweep)
        return [{**self.options, **dict(zip(keys, combo, strict=True))}
                for combo in itertools.product(*(self.sweep[k] for k in keys))]


def seat_bots(bots: list[str], players: int, index: int, rotate: bool,
              design: str = "latin") -> list[str]:
    """Game ``index``'s bot per seat in a balanced design (:mod:`boardlab.lab.design`):
    every seat holds every bot equally often, so seat and bot effects separate; without
    rotation the bots keep fixed seats (confounded: the run warns)."""
    from boardlab.lab.design import seating

    return seating(bots, players, index, design if rotate else "fixed")


def seat_roles(roles: list[str] | None, players: int, index: int, n_bots: int,
               rotate: bool) -> list[str] | None:
    """Roles rotate on a slower clock than bots (every ``n_bots`` games), so each style
    meets each role instead of always the same one."""
    if not roles:
        return None
    shift = (index // max(1, n_bots)) if rotate else 0
    return [roles[(s + shift) % len(roles)] for s in range(players)]


def with_default_players(game, options: dict[str, Any]) -> dict[str, Any]:
    """The config's own default player count when none is given (``make_config`` would use
    the minimum, but the rulebook's recommended count is what designers mean by default)."""
    if "players" in options:
        return options
    field_info = game.Config.model_fields.get("players")
    default = getattr(field_info, "default", None)
    return {**options, "players": default} if isinstance(default, int) else options


def play_one(game, lab, spec: RunSpec, variant: int, options: dict[str, Any],
             index: int, factories=None, cfg=None) -> Row:
    """Game ``index`` of ``variant``; ``cfg`` (the variant's config, made once per batch by
    :func:`play_batch`) saves validating the same options again for every game."""
    from boardlab.engine.match import play_match

    if factories is None:
        from boardlab.bots.registry import bot_factories

        factories = bot_factories(game)
    if cfg is None:
        cfg = game.make_config(with_default_players(game, options))
    mix = spec.bots or game.style_mix(cfg.players)
    bots = seat_bots(mix, cfg.players, index, spec.rotate, spec.design)
    roles = seat_roles(spec.roles, cfg.players, index, len(mix), spec.rotate)
    for b in bots:
        if b not in factories:
            raise ValueError(f"{game.id} has no bot {b!r}; choose from "
                             f"{', '.join(sorted(factories))}")
    seed = derive_seed(spec.seed, index)
    out = play_match(game, cfg, seed, [factories[b]() for b in bots],
                     {"roles": roles} if roles else None, check=False)
    result = out.result
    row: Row = {
        "index": index, "variant": variant, "seed": seed, "players": cfg.players,
        "options": dict(options),
        "bots": bots, "roles": roles, "scores": list(result.scores),
        "winners": list(result.winners), "summary": result.summary,
        "steps": len(out.record.actions),
    }
    row["metrics"] = {m.name: m.fn(row) for m in lab.metrics}
    return row


def play_batch(spec_json: dict[str, Any], variant: int, indices: list[int]) -> list[Row]:
    """One task: a batch of games, so a worker sends back many rows per message."""
    spec = RunSpec(**spec_json)
    game = resolve_game(spec.game)
    lab = resolve_lab(spec.game)
    from boardlab.bots.registry import bot_factories

    factories = bot_factories(game)
    options = spec.variants()[variant]
    cfg = game.make_config(with_default_players(game, options))
    return [play_one(game, lab, spec, variant, options, i, factories, cfg) for i in indices]


def tasks(spec: RunSpec, workers: int) -> list[tuple[int, list[int]]]:
    # About 8 tasks per worker keeps both cores busy to the end while each message stays
    # small; never more than 200 games in one task so the progress bar still moves.
    per = max(1, min(200, math.ceil(spec.games / (max(1, workers) * 8))))
    out = []
    for v in range(len(spec.variants())):
        for start in range(0, spec.games, per):
            out.append((v, list(range(start, min(spec.games, start + per)))))
    return out


def _sorted(rows: list[Row]) -> list[Row]:
    return sorted(rows, key=lambda r: (r["variant"], r["index"]))


def run(spec: RunSpec, workers: int = 1, backend: str = "process", address: str | None = None,
        progress: Callable[[int], None] | None = None) -> list[Row]:
    """Play every game of ``spec`` and return the rows in (variant, index) order."""
    rows = [row for batch in batches(spec, workers, backend, address, progress)
            for row in batch]
    return _sorted(rows)


def stream(spec: RunSpec, sink: Callable[[list[Row]], None], workers: int = 1,
           backend: str = "process", address: str | None = None,
           progress: Callable[[int], None] | None = None) -> int:
    """Play every game of ``spec`` and hand each finished batch of rows to ``sink`` (e.g.
    :meth:`boardlab.lab.store.RunWriter.add`) instead of keeping them: the parent's memory
    stays flat in the number of games. Batches arrive in completion order; each row
    carries its (variant, index). Returns the number of rows."""
    count = 0
    for batch in batches(spec, workers, backend, address, progress):
        sink(batch)
        count += len(batch)
    return count


_frozen = [0]  # how many runs are playing in this process (frozen_heap)
_frozen_lock = threading.Lock()


@contextmanager
def frozen_heap() -> Iterator[None]:
    """While a run plays: the objects alive at its start (the imports: the engine, the
    games, SQLAlchemy, NumPy, SciPy, statsmodels - ~190k objects in a ``simulate``
    process) moved out of the cyclic garbage collector's reach (``gc.freeze``), and back
    at its end (``gc.unfreeze``). A run keeps each batch's rows until its sink has them,
    so young objects survive into the oldest generation and every so often trigger a
    full collection, which walked those imports each time (~50-140 ms, every ~1,000 toys
    games: up to a tenth of the lab's time per game). Nothing is freed later than it
    would be: reference counting frees as before, and a cycle that dies meanwhile is
    collected after the run. Nested runs (and threads) share one freeze; a pool's
    workers forked inside it start frozen too."""
    with _frozen_lock:
        _frozen[0] += 1
        if _frozen[0] == 1:
            gc.freeze()
    try:
        yield
    finally:
        with _frozen_lock:
            _frozen[0] -= 1
            if _frozen[0] == 0:
                gc.unfreeze()


def batches(spec: RunSpec, workers: int = 1, backend: str = "process",
            address: str | None = None,
            progress: Callable[[int], None] | None = None) -> Iterator[list[Row]]:
    """Each task's rows as soon as it finishes (nothing is kept here)."""
    with frozen_heap():
        yield from _batches(spec, workers, backend, address, progress)


def _batches(spec: RunSpec, workers: int, backend: str, address: str | None,
             progress: Callable[[int], None] | None) -> Iterator[list[Row]]:
    spec_json = spec.to_json()
    if backend == "ray":
        yield from _run_ray(spec_json, tasks(spec, workers), workers, address, progress)
        return
    if address:
        raise ValueError("a cluster address is for the ray backend (--backend ray)")
    if backend != "process":
        raise ValueError(f"unknown backend {backend!r}; use process or ray")
    resolve_game(spec.game)  # fail early, in the parent, with a clear message
    if workers <= 1:
        for v, idx in tasks(spec, 1):
            batch = play_batch(spec_json, v, idx)
            if progress:
                progress(len(batch))
            yield batch
        return
    with ProcessPoolExecutor(max_workers=workers) as pool:
        pending = {pool.submit(play_batch, spec_json, v, idx) for v, idx in tasks(spec, workers)}
        while pending:
            done, pending = wait(pending, return_when=FIRST_COMPLETED)
            for fut in done:
                batch = fut.result()
                if progress:
                    progress(len(batch))
                yield batch


def _run_ray(spec_json, task_list, workers, address, progress) -> Iterator[list[Row]]:
    try:
        import ray
    except ImportError:
        raise RuntimeError(
            "the ray backend needs Ray: pip install 'boardlab[ray]' (or use --backend process)"
        ) from None
    started = False
    if not ray.is_initialized():
        # Workers must import the same code as we do (a test game, an editable install).
        env = {"env_vars": {"PYTHONPATH": os.pathsep.join(p for p in sys.path if p)}}
        if address:
            ray.init(address=address, runtime_env=env, log_to_driver=False)
        else:
            ray.init(num_cpus=max(1, workers), runtime_env=env, log_to_driver=False,
                     include_dashboard=False)
        started = True
    try:
        remote = ray.remote(play_batch)
        refs = [remote.remote(spec_json, v, idx) for v, idx in task_list]
        while refs:
            done, refs = ray.wait(refs, num_returns=1)
            for batch in ray.get(done):
                if progress:
                    progress(len(batch))
                yield batch
    finally:
        if started:
            ray.shutdown()


def code_version() -> str:
    """``git describe`` of the checkout we run from, else the installed package version."""
    here = Path(__file__).resolve().parent
    try:
        out = subprocess.run(["git", "describe", "--always", "--dirty", "--tags"], cwd=here,
                             capture_output=True, text=True, timeout=5)
        if out.returncode == 0 and out.stdout.strip():
            return "git:" + out.stdout.strip()
    except (OSError, subprocess.SubprocessError):
        pass
    from importlib.metadata import PackageNotFoundError, version

    try:
        return "boardlab " + version("boardlab")
    except PackageNotFoundError:
        return "unknown"
