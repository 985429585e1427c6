"""Where a claim register meets its rulebook's sentences, as plain data.

``boardlab check GAME --coverage`` lists every sentence of the rulebook that holds a number or
a comparative, each with the claims registered against it or the reason it is not a claim. A
claim covers a sentence when its ``quote`` is found in it (after normalising spaces, width and
punctuation). Where the quote cannot be found literally (a claim made from one cell of a table,
a claim in the book's words but paraphrased), the register points at the sentence explicitly;
sentences that hold a number but state nothing to check say why, as data here too.

A game's ``claims.py`` sets ``RULEBOOK = Rulebook(...)``; like the rest of a register it is data
only (``games/`` does not import the lab). Fragments are matched the same way quotes are, and
a fragment that matches no sentence of the book is reported as a stale pointer, so the data
cannot silently drift from the text.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Rulebook:
    """The rulebook files of a game (names in the shared rulebooks folder, original first,
    supplement after) and the register's pointers into them.

    ``points`` maps a fragment of a sentence to the claim ids registered against it (for
    claims whose quote is not literally in the sentence). ``not_claims`` maps a fragment to
    the reason the sentences holding it are not claims ("a heading", "flavour text", "a
    playing time: not a property of the rules"). ``lines`` does the same for whole stretches
    of a file, keyed ``"file:first-last"`` (1-based, inclusive) or ``"file:line"``: the story
    of the game, a list of rules that define play rather than state a figure about it. Claims
    and fragments come first: a sentence a claim covers is covered whatever range it is in.
    """

    files: tuple[str, ...]
    points: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    not_claims: Mapping[str, str] = field(default_factory=dict)
    lines: Mapping[str, str] = field(default_factory=dict)
    covers: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    """Stretches (keyed like ``lines``) whose every number one claim checks as a whole: a
    worked example replayed number by number by its scenario, a table a formula reads."""

    def line_reason(self, file: str, line: int) -> str:
        """The reason ``lines`` gives for ``line`` of ``file`` ("" when none does)."""
        return next((why for key, why in self.lines.items() if in_span(key, file, line)), "")

    def line_claims(self, file: str, line: int) -> list[str]:
        """The claim ids ``covers`` gives for ``line`` of ``file``."""
        return [i for key, ids in self.covers.items() if in_span(key, file, line) for i in ids]


def in_span(key: str, file: str, line: int) -> bool:
    """Whether ``"file:first-last"`` (or ``"file:line"``) holds ``line`` of ``file``."""
    name, _, span = key.rpartition(":")
    first, _, last = span.partition("-")
    return name == file and first.isdigit() and int(first) <= line <= int(last or first)
