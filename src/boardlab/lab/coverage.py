"""``boardlab check GAME --coverage``: every sentence of the rulebook that holds a number or a
comparative, with the claims registered against it or the reason it is not a claim.

The rulebooks are read at run time from the shared rulebooks folder (``../shared/rulebooks``
beside the repository, or ``BOARDLAB_RULEBOOKS``); which files belong to a game, and the
register's explicit pointers into them, are data in ``games/<id>/claims.py``
(:class:`boardlab.engine.rulebook.Rulebook`).

A sentence is covered when a claim's quote is found in it, or the register points a fragment
of it at claim ids; it is explained when a ``not_claims`` fragment is in it (with the reason)
or its only numbers are its own numbering (a heading "2. 游戏准备", a list item "①").
Everything else is listed as uncovered: that is the list a register's owner works down.
"""

from __future__ import annotations

import os
import re
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import boardlab
from boardlab.engine.claims import Claim
from boardlab.engine.rulebook import Rulebook

COVERED, EXPLAINED, NUMBERING, UNCOVERED = "covered", "not a claim", "numbering", "uncovered"

# Words that compare or quantify without a digit (the list and their kin).
COMPARATIVES = ("最", "更", "往往", "常常", "通常", "经常", "翻倍", "至少", "至多", "不超过",
                "不少于", "超过", "几乎", "多于", "少于", "高于", "低于", "大于", "小于", "倍",
                "一半", "总是", "从不", "永远", "必然", "大多", "很少", "唯一")
_NUMERALS = "零一二两三四五六七八九十百千万半"
# Compounds that are not numbers or comparisons ("together", "the same", "last", "change").
_NOT_NUMBERS = ("半合作", "最后", "最终", "最初", "最先", "最好", "更换", "变更", "更新", "更改", "更多细节",
                "一起", "一样", "一定", "一般", "一直", "统一", "一旦", "一切", "一些", "一下",
                "一致", "万一", "十分", "一边", "一同", "一口气", "一动不动", "一句话", "一款",
                "一眼", "一律", "一向", "一面", "专一", "一来", "万全", "一会", "不一")
_TRIGGER = re.compile(r"[0-9]|[①-⑳]|[" + _NUMERALS + "]+|"
                      + "|".join(map(re.escape, COMPARATIVES)))
# A lone 一 before a measure word is the indefinite article ("一只玩具", "a toy"), not a count;
# after 第/每/唯/只/仅/前/后/人/各 ("每人一张", one each) or in a longer numeral it counts.
_ARTICLE = re.compile(r"(?<![第每唯只仅前后再人各])一(?=[个只张名位件次种条块份点些把场局手段口步排枚颗套堆副道])")
_NUMBERING = re.compile(
    r"^\s*(?:#+\s*)?(?:[•*\-]\s*)?(?:§?\d+(?:\.\d+)*[.、)）:：]?\s+|§?\d+(?:\.\d+)+\s*|[①-⑳]\s*"
    r"|⌾?步骤\d+\s*|第[一二三四五六七八九十\d]+[章节步部分条]\s*|[（(][\d一二三四五六七八九十]+[)）]\s*"
    r"|[一二三四五六七八九十]+、\s*|[A-Za-z][.)]\s+)")
_SPLIT = re.compile(r"(?<=[。！？!?；])")


def rulebook_dir() -> Path:
    """``BOARDLAB_RULEBOOKS``, else ``../shared/rulebooks`` beside the repository."""
    env = os.environ.get("BOARDLAB_RULEBOOKS")
    if env:
        return Path(env)
    return Path(boardlab.__file__).resolve().parents[2].parent / "shared" / "rulebooks"


class RulebookMissing(Exception):
    """A rulebook file of the game is not where it should be (said with the path looked at)."""


def normalise(text: str) -> str:
    """The text as matched: full-width folded (NFKC), dashes made one, and every space,
    punctuation mark and table bar dropped, so a quote matches however the book spaced it."""
    text = unicodedata.normalize("NFKC", text)
    text = re.sub(r"[−–—~～]", "-", text).lower()
    return "".join(ch for ch in text if unicodedata.category(ch)[0] not in "PZC"
                   and ch not in "|-")


def triggers(text: str) -> list[str]:
    """The numbers and comparatives a sentence holds (numeral compounds that are not numbers
    left out)."""
    t = unicodedata.normalize("NFKC", text)
    for w in _NOT_NUMBERS:
        t = t.replace(w, " ")
    t = _ARTICLE.sub(" ", t)
    return _TRIGGER.findall(t)


@dataclass
class Sentence:
    file: str
    line: int
    text: str


def sentences(name: str, text: str) -> list[Sentence]:
    """The sentences of a rulebook file: each table row is one, other lines are split after
    。！？；; table rules (``|---|``) and blank lines are dropped."""
    out = []
    for n, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or re.fullmatch(r"\|?[\s:|\-]+\|?", line):
            continue
        parts = [line] if line.startswith("|") else _SPLIT.split(line)
        out += [Sentence(name, n, p.strip()) for p in parts if p.strip()]
    return out


def read_rulebook(book: Rulebook, folder: Path | None = None) -> list[Sentence]:
    folder = folder or rulebook_dir()
    out = []
    for name in book.files:
        path = folder / name
        if not path.is_file():
            raise RulebookMissing(
                f"rulebook {name} not found at {path} (the rulebooks live in ../shared/"
                "rulebooks beside the repository; set BOARDLAB_RULEBOOKS to another folder)")
        out += sentences(name, path.read_text(encoding="utf-8"))
    return out


def _pieces(quote: str) -> list[str]:
    """A quote's parts between ellipses, normalised (each must appear, in order)."""
    parts = re.split(r"…+|\.{3,}", quote)
    return [p for p in (normalise(x) for x in parts) if len(p) >= 2]


def quote_in(quote: str, sentence_norm: str) -> bool:
    """The quote is in the sentence (its ellipsis-separated parts, in order), or the sentence
    is a whole part of a quote that spans several sentences."""
    pieces = _pieces(quote)
    if not pieces:
        return False
    at = 0
    for p in pieces:
        i = sentence_norm.find(p, at)
        if i < 0:
            break
        at = i + len(p)
    else:
        return True
    return len(sentence_norm) >= 8 and any(sentence_norm in p for p in pieces)


@dataclass
class Entry:
    sentence: Sentence
    triggers: list[str]
    status: str
    claims: list[str] = field(default_factory=list)
    why: str = ""

    def to_json(self) -> dict[str, Any]:
        return {"file": self.sentence.file, "line": self.sentence.line,
                "text": self.sentence.text, "triggers": self.triggers, "status": self.status,
                "claims": self.claims, "why": self.why}


@dataclass
class Coverage:
    game: str
    files: tuple[str, ...]
    entries: list[Entry]
    stale: list[str]  # register pointers that match nothing or name unknown claims
    unplaced: list[str]  # claim ids whose quote is in no sentence and that nothing points at

    def counts(self) -> dict[str, int]:
        return {k: sum(e.status == k for e in self.entries)
                for k in (COVERED, EXPLAINED, NUMBERING, UNCOVERED)}

    def per_file(self) -> dict[str, dict[str, int]]:
        out: dict[str, dict[str, int]] = {}
        for e in self.entries:
            row = out.setdefault(e.sentence.file, {COVERED: 0, EXPLAINED: 0, NUMBERING: 0,
                                                   UNCOVERED: 0})
            row[e.status] += 1
        return out

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game, "files": list(self.files), "counts": self.counts(),
                "per_file": self.per_file(), "stale": self.stale, "unplaced": self.unplaced,
                "sentences": [e.to_json() for e in self.entries]}


def match(book: Rulebook, claims: list[Claim], found: list[Sentence], game: str) -> Coverage:
    """Every numeric sentence of ``found`` with its claims, its reason, or nothing."""
    ids = {c.id for c in claims}
    norms = [normalise(s.text) for s in found]
    used_points: set[str] = set()
    used_not: set[str] = set()
    placed: set[str] = set()
    entries = []
    point_norm = {f: normalise(f) for f in book.points}
    not_norm = {f: normalise(f) for f in book.not_claims}
    for s, norm in zip(found, norms, strict=True):
        hits = triggers(s.text)
        if not hits:
            continue
        cids = [c.id for c in claims if quote_in(c.quote, norm)]
        for frag, fn in point_norm.items():
            if fn and fn in norm:
                used_points.add(frag)
                cids += [i for i in book.points[frag] if i in ids and i not in cids]
        cids += [i for i in book.line_claims(s.file, s.line) if i in ids and i not in cids]
        placed.update(cids)
        why = next((book.not_claims[f] for f, fn in not_norm.items() if fn and fn in norm), "")
        for f, fn in not_norm.items():
            if fn and fn in norm:
                used_not.add(f)
        if not why and not cids:
            why = book.line_reason(s.file, s.line)
        if cids:
            entries.append(Entry(s, hits, COVERED, cids))
        elif why:
            entries.append(Entry(s, hits, EXPLAINED, why=why))
        elif not triggers(_NUMBERING.sub("", s.text, count=1)):
            entries.append(Entry(s, hits, NUMBERING, why="its only number is its own "
                                 "numbering (a heading or list item)"))
        else:
            entries.append(Entry(s, hits, UNCOVERED))
    stale = [f"points: {f!r} matches no sentence" for f in book.points if f not in used_points]
    stale += [f"points: {f!r} names unknown claim {i!r}" for f, cs in book.points.items()
              for i in cs if i not in ids]
    stale += [f"not_claims: {f!r} matches no sentence" for f in book.not_claims
              if f not in used_not]
    stale += _stale_lines(book, found, ids)
    # A claim is placed when it covers any sentence at all (numeric or not).
    for c in claims:
        if c.id not in placed and any(quote_in(c.quote, n) for n in norms):
            placed.add(c.id)
    unplaced = [c.id for c in claims if c.id not in placed]
    return Coverage(game, book.files, entries, stale, unplaced)


def _stale_lines(book: Rulebook, found: list[Sentence], ids: set[str]) -> list[str]:
    named = {i for cs in book.covers.values() for i in cs}
    out = [f"covers: {i!r} is no claim of the register" for i in sorted(named - ids)]
    for key in [*book.lines, *book.covers]:
        name, _, span = key.rpartition(":")
        first, _, last = span.partition("-")
        if name not in book.files or not span.replace("-", "").isdigit():
            out.append(f"{key!r} is not 'file:first-last' of one of {book.files}")
        elif not any(s.file == name and int(first) <= s.line <= int(last or first)
                     for s in found):
            out.append(f"{key!r} holds no sentence")
    return out


def rulebook_of(game_ref: str) -> Rulebook | None:
    """``RULEBOOK`` beside the game's ``REGISTER`` (None when the register has none)."""
    import importlib

    if ":" in game_ref:
        module = importlib.import_module(game_ref.partition(":")[0])
    else:
        try:
            module = importlib.import_module(f"boardlab.games.{game_ref}.claims")
        except ModuleNotFoundError:
            return None
    return getattr(module, "RULEBOOK", None)


def coverage(game_ref: str, folder: Path | None = None) -> Coverage:
    """The coverage listing of a game's rulebook against its register."""
    from boardlab.lab.spec import resolve_game, resolve_lab

    game = resolve_game(game_ref)
    book = rulebook_of(game_ref)
    if book is None:
        raise RulebookMissing(f"{game.id} names no rulebook files (RULEBOOK in its claims.py, "
                              "docs/claims.md)")
    return match(book, resolve_lab(game_ref).claims, read_rulebook(book, folder), game.id)


def print_coverage(console, cv: Coverage, uncovered_only: bool = False) -> None:
    """The listing in the book's order, then the counts per file."""
    from rich.markup import escape

    colour = {COVERED: "green", EXPLAINED: "dim", NUMBERING: "dim", UNCOVERED: "red"}
    console.print(f"[bold]{cv.game}[/]: numeric and comparative sentences of "
                  f"{', '.join(cv.files)}")
    for e in cv.entries:
        if uncovered_only and e.status != UNCOVERED:
            continue
        where = f"{e.sentence.file}:{e.sentence.line}"
        if e.status == COVERED:
            what = ", ".join(e.claims)
        elif e.status == UNCOVERED:
            what = "no claim covers it"
        else:
            what = f"not a claim: {e.why}"
        console.print(f"[{colour[e.status]}]{escape(f'[{e.status}]')}[/] {escape(where)}  "
                      f"「{escape(e.sentence.text)}」\n    {escape(what)}")
    for name, row in cv.per_file().items():
        total = sum(row.values())
        console.print(f"[bold]{escape(name)}[/]: {total} sentences with a number or a "
                      f"comparative; {row[COVERED]} covered by claims, {row[EXPLAINED]} not "
                      f"claims (with reasons), {row[NUMBERING]} numbering only, "
                      f"[{'red' if row[UNCOVERED] else 'green'}]{row[UNCOVERED]} uncovered[/]")
    for s in cv.stale:
        console.print(f"[yellow]stale pointer:[/] {escape(s)}")
    if cv.unplaced:
        console.print(f"[dim]{len(cv.unplaced)} claim(s) quote words found in no sentence and "
                      f"nothing points at them: {escape(', '.join(cv.unplaced))}[/]")


def run_coverage(console, game_ref: str, as_json: bool, strict: bool) -> None:
    """``check GAME --coverage``: the listing (or its JSON); exit 2 with a clear message when a
    rulebook is missing, exit 1 under ``--strict`` when a sentence is uncovered."""
    import json

    import typer
    from rich.markup import escape

    try:
        cv = coverage(game_ref)
    except Exception as exc:  # an unknown game, a missing rulebook: say so, no traceback
        console.print(f"[red]error:[/] {escape(str(exc))}")
        raise typer.Exit(2) from None
    if as_json:
        print(json.dumps(cv.to_json(), ensure_ascii=False))
    else:
        print_coverage(console, cv)
    if strict and cv.counts()[UNCOVERED]:
        raise typer.Exit(1)
