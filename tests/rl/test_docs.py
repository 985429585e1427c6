"""docs/rl.md is what ``python -m boardlab.rl`` generates now (it cannot go stale)."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("numpy", reason="the rl extra: pip install 'boardlab[rl]'")

from boardlab.rl.__main__ import document  # noqa: E402

DOC = Path(__file__).resolve().parents[2] / "docs" / "rl.md"


def test_docs_rl_md_is_current():
    assert DOC.read_text(encoding="utf-8") == document(), (
        "docs/rl.md is stale: run python -m boardlab.rl > docs/rl.md")
