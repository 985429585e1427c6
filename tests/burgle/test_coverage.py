"""The coverage list of docs/rulings/burgle.md: every tile, tool, loot, event, character
side and ruling has a row, and every scenario or test a row names exists."""

from __future__ import annotations

import re
from pathlib import Path

from boardlab.games.burgle import data

ROOT = Path(__file__).resolve().parents[2]
RULINGS = ROOT / "docs" / "rulings" / "burgle.md"


def _coverage() -> dict[str, list[str]]:
    text = RULINGS.read_text(encoding="utf-8")
    section = text.split("## Coverage", 1)[1].split("\n## ", 1)[0]
    rows: dict[str, list[str]] = {}
    for line in section.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 2 and cells[0] not in ("card or clause", "---"):
            assert cells[0] not in rows, f"{cells[0]} listed twice"
            rows[cells[0]] = [x.strip() for x in cells[1].split(",") if x.strip()]
    return rows


def test_every_card_side_and_ruling_has_a_row():
    rows = _coverage()
    wanted = [f"tile {k}" for k in data.TILES] + [f"tool {k}" for k in data.TOOLS]
    wanted += [f"loot {k}" for k in data.LOOT] + [f"event {k}" for k in data.EVENTS]
    wanted += [f"character {c} {side}" for c in data.CHARACTERS
               for side in ("basic", "advanced")]
    rulings = re.findall(r"^\| (R\d+[a-z]?) \|", RULINGS.read_text(encoding="utf-8"), re.M)
    assert len(rulings) == len(set(rulings)), "a ruling number is used twice"
    wanted += [f"ruling {r}" for r in rulings]
    missing = [k for k in wanted if not rows.get(k)]
    assert not missing, f"no scenario or test named for {missing}"


def test_every_named_scenario_and_test_exists():
    absent = [name for names in _coverage().values() for name in names
              if not ((ROOT / name).is_file() if "/" in name
                      else (ROOT / "scenarios" / "burgle" / f"{name}.yaml").is_file())]
    assert not absent, f"named but missing: {absent}"
