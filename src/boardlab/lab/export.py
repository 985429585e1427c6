"""Flattening stored rows for CSV / Parquet: one line per game."""

from __future__ import annotations

import json
from typing import Any


def flat_rows(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    out = []
    width = max((r["players"] for r in rows), default=0)
    for r in rows:
        flat: dict[str, Any] = {"variant": r["variant"], "index": r["index"],
                                "seed": str(r["seed"]), "players": r["players"],
                                "steps": r.get("steps"),
                                "winners": ",".join(map(str, r["winners"]))}
        for s in range(width):
            inside = s < r["players"]
            flat[f"seat{s}_bot"] = r["bots"][s] if inside else None
            flat[f"seat{s}_role"] = (r["roles"][s] if r.get("roles") else None) if inside else None
            flat[f"seat{s}_score"] = float(r["scores"][s]) if inside else None
        for k, v in (r.get("metrics") or {}).items():
            flat[f"m_{k}"] = None if v is None else float(v)
        flat["summary"] = json.dumps(r["summary"], ensure_ascii=False, sort_keys=True)
        out.append(flat)
    return out
