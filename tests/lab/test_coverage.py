"""``check --coverage``: every sentence of a rulebook with a number or a comparative, with the
claims registered against it or the reason it is none; a planted sentence no claim covers is
found."""

from __future__ import annotations

import json

import pytest
from tests.lab.dicegame import GAME  # noqa: F401 - the game of this module's register
from typer.testing import CliRunner

from boardlab.cli import app
from boardlab.engine.claims import Claim, Formula, NotCheckable, Register
from boardlab.engine.rulebook import Rulebook
from boardlab.lab import coverage as cov

REF = "tests.lab.test_coverage:GAME"

BOOK = """# 骰子 规则
1. 概述
上限 12。掷到超过上限就爆掉。大家一起掷骰子。
## 2. 设计
设计者测试了 1000 局，最常见的是先停的人获胜。
| 项目 | 数量 |
|---|---|
| 骰子 | 3 颗 |
每局平均掷 7 次。
"""

REGISTER = Register(
    game="dice", source="test rulebook",
    claims=[
        Claim("limit", "§1", "上限 12", "The default limit is 12.", "arithmetic", 12,
              Formula(lambda: 12)),
        Claim("designer", "§2", "设计者测试了 1000 局", "The designer tested 1000 games.",
              "strategy", 1000, NotCheckable("the designer's games are not published")),
        Claim("dice", "§2", "3 颗骰子", "Three dice.", "arithmetic", 3, Formula(lambda: 3)),
    ])

RULEBOOK = Rulebook(
    files=("dice.zh.txt",),
    points={"| 骰子 | 3 颗 |": ("dice",)},
    not_claims={"掷到超过上限就爆掉": "a rule of play: what a bust is, no figure"},
)


@pytest.fixture
def books(tmp_path, monkeypatch):
    (tmp_path / "dice.zh.txt").write_text(BOOK, encoding="utf-8")
    monkeypatch.setenv("BOARDLAB_RULEBOOKS", str(tmp_path))
    return tmp_path


def _by_text(cv: cov.Coverage) -> dict[str, cov.Entry]:
    return {e.sentence.text: e for e in cv.entries}


def test_the_planted_uncovered_sentence_is_listed(books) -> None:
    cv = cov.coverage(REF)
    got = _by_text(cv)
    assert got["每局平均掷 7 次。"].status == cov.UNCOVERED
    assert [e.sentence.text for e in cv.entries if e.status == cov.UNCOVERED] == \
        ["每局平均掷 7 次。"]
    assert got["上限 12。"].claims == ["limit"]
    assert got["设计者测试了 1000 局，最常见的是先停的人获胜。"].claims == ["designer"]
    assert got["| 骰子 | 3 颗 |"].claims == ["dice"]  # pointed at, not quoted
    assert got["掷到超过上限就爆掉。"].status == cov.EXPLAINED
    assert got["## 2. 设计"].status == cov.NUMBERING
    assert "大家一起掷骰子。" not in got  # 一起 is "together", not a number
    assert got["每局平均掷 7 次。"].sentence.line == 9
    assert cv.counts() == {cov.COVERED: 3, cov.EXPLAINED: 1, cov.NUMBERING: 2,
                           cov.UNCOVERED: 1}
    assert cv.stale == [] and cv.unplaced == []


def test_cli_lists_it_and_strict_fails(books) -> None:
    r = CliRunner().invoke(app, ["check", REF, "--coverage", "--json"])
    assert r.exit_code == 0, r.output
    data = json.loads(r.output)
    assert [s["text"] for s in data["sentences"] if s["status"] == "uncovered"] == \
        ["每局平均掷 7 次。"]
    r = CliRunner().invoke(app, ["check", REF, "--coverage", "--strict"])
    assert r.exit_code == 1
    assert "no claim covers it" in r.output and "每局平均掷 7 次" in r.output


def test_missing_rulebook_is_a_clear_error(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("BOARDLAB_RULEBOOKS", str(tmp_path / "nowhere"))
    r = CliRunner().invoke(app, ["check", REF, "--coverage"])
    assert r.exit_code == 2
    assert "dice.zh.txt not found" in r.output and "Traceback" not in r.output


def test_stale_pointers_are_reported(books) -> None:
    book = Rulebook(files=("dice.zh.txt",), points={"不存在的句子": ("limit",),
                                                    "上限 12": ("nosuch",)},
                    not_claims={"也不存在": "x"}, lines={"dice.zh.txt:40-50": "x"})
    cv = cov.match(book, REGISTER.claims, cov.read_rulebook(book), "dice")
    assert any("不存在的句子" in s for s in cv.stale)
    assert any("'nosuch'" in s for s in cv.stale)
    assert any("也不存在" in s for s in cv.stale)
    assert any("40-50" in s for s in cv.stale)


def test_line_ranges_explain_and_claims_come_first(books) -> None:
    book = Rulebook(files=("dice.zh.txt",), lines={"dice.zh.txt:3-9": "a test stretch"})
    cv = cov.match(book, REGISTER.claims, cov.read_rulebook(book), "dice")
    got = _by_text(cv)
    assert got["每局平均掷 7 次。"].why == "a test stretch"
    assert got["上限 12。"].status == cov.COVERED


def test_a_stretch_covered_by_one_claim(books) -> None:
    book = Rulebook(files=("dice.zh.txt",), covers={"dice.zh.txt:9": ("limit",),
                                                   "dice.zh.txt:1-2": ("nosuch",)})
    cv = cov.match(book, REGISTER.claims, cov.read_rulebook(book), "dice")
    assert _by_text(cv)["每局平均掷 7 次。"].claims == ["limit"]
    assert "covers: 'nosuch' is no claim of the register" in cv.stale


def test_quote_matching() -> None:
    norm = cov.normalise("只要本时刻声响 S < T，哪怕所有人都站在视线格上，曝光也是 +0。")
    assert cov.quote_in("只要本时刻声响 S < T … 曝光也是 +0", norm)
    assert not cov.quote_in("曝光也是 +0 … 只要本时刻声响 S < T", norm)  # order counts
    assert cov.quote_in("３–６ 人", cov.normalise("3-6人的游戏"))  # width and dashes fold
    assert cov.triggers("一只玩具") == []  # the indefinite article
    assert cov.triggers("每人一张") == ["一"]
    assert cov.triggers("声响越大，安迪醒得越快") == []
    assert "往往" in cov.triggers("往往先停的人赢")


@pytest.mark.skipif(not cov.rulebook_dir().is_dir(), reason="no shared rulebooks folder")
@pytest.mark.parametrize("game", ["toys", "cat", "geometry", "hotel", "burgle"])
def test_every_game_covers_or_explains_every_numeric_sentence(game: str) -> None:
    cv = cov.coverage(game)
    assert cv.entries and cv.stale == []
    assert [f"{e.sentence.file}:{e.sentence.line} {e.sentence.text}" for e in cv.entries
            if e.status == cov.UNCOVERED] == []
    assert cv.unplaced == []  # every claim is found in the book or pointed at
