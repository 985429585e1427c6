"""Tidy data: one row per seat of every game of a run, as a pandas DataFrame.

Columns: ``run, variant, game, seed, players, seat, bot, role``, every option of the run
(``opt.<name>``), ``score``, ``win`` (a k-way shared win counts 1/k), ``any_win``, the run's
per-game metrics (``m.<name>``) and the game's summary figures (``s.<key>``: numbers, words
and yes/no; a list with one entry per seat gives that seat's entry).
"""

from __future__ import annotations

from typing import Any

from boardlab.lab.spec import LabSpec, Row, resolve_lab


def _scalar(v: Any) -> bool:
    return v is None or isinstance(v, bool | int | float | str)


def seat_rows(rows: list[Row], lab: LabSpec | None = None, run_id: str = "",
              variants: list[dict[str, Any]] | None = None) -> list[dict[str, Any]]:
    lab = lab or LabSpec()
    out = []
    option_keys = sorted({k for r in rows for k in (r.get("options") or {})}
                         | {k for v in variants or [] for k in v})
    for r in rows:
        base = variants[r["variant"]] if variants and r["variant"] < len(variants) else {}
        opts = {**base, **(r.get("options") or {})}
        k = len(r["winners"]) or 1
        for s in range(r["players"]):
            won = s in r["winners"]
            rec: dict[str, Any] = {
                "run": run_id, "variant": r["variant"], "game": r["index"],
                "seed": str(r["seed"]), "players": r["players"], "seat": s,
                "bot": r["bots"][s], "role": lab.role_of(r, s)}
            for key in option_keys:
                v = opts.get(key)
                rec[f"opt.{key}"] = v if _scalar(v) else str(v)
            rec.update({"score": float(r["scores"][s]), "win": (1.0 / k) if won else 0.0,
                        "any_win": float(won), "steps": r.get("steps")})
            for name, v in (r.get("metrics") or {}).items():
                rec[f"m.{name}"] = None if v is None else float(v)
            for key, v in sorted((r.get("summary") or {}).items()):
                if _scalar(v):
                    rec[f"s.{key}"] = v
                elif isinstance(v, list) and len(v) == r["players"] and _scalar(v[s]):
                    rec[f"s.{key}"] = v[s]
            out.append(rec)
    return out


def frame(rows: list[Row], lab: LabSpec | None = None, run_id: str = "",
          variants: list[dict[str, Any]] | None = None):
    import pandas as pd

    return pd.DataFrame(seat_rows(rows, lab, run_id, variants))


def load(run: str):
    """The stored run ``run`` (id, unique prefix or ``last``) as a one-row-per-seat
    DataFrame."""
    from boardlab.lab import store

    got = store.find_run(run)
    rows = store.load_rows(got.id)
    return frame(rows, resolve_lab(got.game), got.id, got.config.get("variants"))


def export(df, path, fmt: str | None = None) -> None:
    """CSV or Parquet (by ``fmt`` or the file's suffix)."""
    from pathlib import Path

    path = Path(path)
    fmt = fmt or path.suffix.lstrip(".") or "csv"
    path.parent.mkdir(parents=True, exist_ok=True)
    if fmt == "csv":
        df.to_csv(path, index=False)
    elif fmt == "parquet":
        df.to_parquet(path, index=False)
    else:
        raise ValueError(f"unknown format {fmt!r}; use csv or parquet")
