"""What if: ``boardlab check GAME --set key=value`` and ``--sweep key=a,b,c`` (or ``a..b``).

``--set`` re-judges the whole register under changed rules. The book's figures stay the
book's; ours is recomputed: simulated, searched and paired claims are re-run with the change
merged into their options (a claim that fixes that option itself - "with 4 players", "in
variant 9.2" - keeps its own setting and says so), formulas are evaluated with the change
applied to the configs they build (:func:`boardlab.engine.whatif.config`), worked examples
replay as written (a scenario fixes its own config). Both audits use the same seeds, so a claim
the change does not touch comes out the same; every claim says whether the change moved ours
(it *depends* on the option), left it alone, or could not reach it.

``--sweep`` judges the register at every value and shows, per claim, the value at which its
verdict flips - a table and a plot ("threshold cliffs") with the book's value of the option
marked and the book's figure drawn across.
"""

from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass, field
from typing import Any

from boardlab.engine.claims import (
    Claim,
    Counterexample,
    Enumerate,
    Formula,
    NotCheckable,
    Paired,
    Replay,
    Search,
    Simulate,
)
from boardlab.engine.whatif import rules_changed

DEPENDS, FIXES, UNAFFECTED, AS_WRITTEN = ("depends", "fixes it itself", "unaffected",
                                          "replayed as written")


class WhatIfError(ValueError):
    """An option the game does not have, or a value its config refuses."""


def validate(game, changes: dict[str, Any]) -> dict[str, Any]:
    """The changes as the game's config reads them (``"3"`` for an int option is 3); an
    unknown option or a refused value is a :class:`WhatIfError` that names it."""
    from pydantic import ValidationError

    fields = game.Config.model_fields
    for k in changes:
        if k not in fields:
            raise WhatIfError(f"{game.id} has no option {k!r}; it has: "
                              f"{', '.join(fields)} (boardlab options {game.id})")
    try:
        cfg = game.Config(**changes)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(map(str, first.get("loc", ()))) or "options"
        raise WhatIfError(f"{where}: {first.get('msg', 'refused')}") from None
    return {k: getattr(cfg, k) for k in changes}


def book_value(game, key: str) -> Any:
    """The option's value under the book's rules (the config's default)."""
    return game.Config.model_fields[key].default


def _fixed(chk, changes: dict[str, Any]) -> list[str]:
    own: set[str] = set()
    for attr in ("options", "options_a", "options_b"):
        own |= set(getattr(chk, attr, None) or {})
    return sorted(k for k in changes if k in own)


def change_claim(c: Claim, changes: dict[str, Any]) -> tuple[Claim, str]:
    """The claim as judged under ``changes``, and how the change reaches it."""
    chk = c.check
    if isinstance(chk, Simulate | Search):
        fixed = _fixed(chk, changes)
        opts = {**{k: v for k, v in changes.items() if k not in fixed}, **dict(chk.options)}
        return dataclasses.replace(c, check=dataclasses.replace(chk, options=opts)), \
            (FIXES if fixed and len(fixed) == len(changes) else "")
    if isinstance(chk, Paired):
        fixed = _fixed(chk, changes)
        free = {k: v for k, v in changes.items() if k not in fixed}
        new = dataclasses.replace(chk, options_a={**free, **dict(chk.options_a)},
                                  options_b={**free, **dict(chk.options_b)})
        return dataclasses.replace(c, check=new), \
            (FIXES if fixed and len(fixed) == len(changes) else "")
    if isinstance(chk, Formula):
        fn = chk.fn

        def changed_fn(fn=fn):
            with rules_changed(changes):
                return fn()

        return dataclasses.replace(c, check=dataclasses.replace(chk, fn=changed_fn)), ""
    if isinstance(chk, Enumerate):  # chance outcomes read from the (changed) rules' data
        outcomes = chk.outcomes

        def changed_outcomes(outcomes=outcomes):
            with rules_changed(changes):
                return outcomes()

        return dataclasses.replace(c, check=dataclasses.replace(
            chk, outcomes=changed_outcomes)), ""
    if isinstance(chk, Replay | Counterexample):
        return c, AS_WRITTEN
    assert isinstance(chk, NotCheckable)
    return c, UNAFFECTED


def changed_lab(lab, changes: dict[str, Any]):
    """A copy of the register with every claim changed, and how the change reaches each."""
    claims, how = [], {}
    for c in lab.claims:
        new, h = change_claim(c, changes)
        claims.append(new)
        how[c.id] = h
    return dataclasses.replace(lab, claims=claims), how


@dataclass
class ClaimChange:
    id: str
    before: Any  # the Verdict under the book's rules
    after: Any  # the Verdict under the changed rules
    effect: str  # DEPENDS, FIXES, UNAFFECTED, AS_WRITTEN

    @property
    def flipped(self) -> bool:
        return self.before.verdict != self.after.verdict

    def why(self, changes: dict[str, Any]) -> str:
        said = ", ".join(f"{k}={v}" for k, v in changes.items())
        if self.effect == DEPENDS:
            return (f"depends on {said}: ours {self.before.ours_text()} → "
                    f"{self.after.ours_text()}; the book's figure was stated for its own rules")
        if self.effect == FIXES:
            return "the claim fixes this option itself: judged at its own setting"
        if self.effect == AS_WRITTEN:
            return "a worked example: its scenario fixes its own config and replays as written"
        return f"{said} does not change ours"

    def to_json(self, changes: dict[str, Any]) -> dict[str, Any]:
        return {"id": self.id, "effect": self.effect, "before": self.before.verdict,
                "after": self.after.verdict, "flipped": self.flipped,
                "ours_before": self.before.ours_text(), "ours_after": self.after.ours_text(),
                "why": self.why(changes), "claim": self.after.to_json()}


@dataclass
class WhatIf:
    game: str
    changes: dict[str, Any]
    book: dict[str, Any]  # the book's value of each changed option
    base: Any  # Audit under the book's rules
    changed: Any  # Audit under the changes
    claims: list[ClaimChange] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game, "changes": self.changes, "book": self.book,
                "counts_before": self.base.counts(), "counts_after": self.changed.counts(),
                "claims": [c.to_json(self.changes) for c in self.claims]}


def _effect(how: str, before, after) -> str:
    if how:
        return how
    same = before.ours_text() == after.ours_text() and before.verdict == after.verdict
    return UNAFFECTED if same else DEPENDS


def what_if(game_ref: str, changes: dict[str, Any], budget=None,
            only: list[str] | None = None) -> WhatIf:
    """The register judged under the book's rules and under ``changes`` (same seeds)."""
    from boardlab.lab.audit import Budget, audit
    from boardlab.lab.spec import resolve_game, resolve_lab

    budget = budget or Budget()
    game = resolve_game(game_ref)
    changes = validate(game, changes)
    lab = resolve_lab(game_ref)
    base = audit(game_ref, budget, only, lab=lab)
    new_lab, how = changed_lab(lab, changes)
    changed = audit(game_ref, budget, only, lab=new_lab)
    rows = [ClaimChange(b.claim.id, b, a, _effect(how[b.claim.id], b, a))
            for b, a in zip(base.verdicts, changed.verdicts, strict=True)]
    return WhatIf(game.id, changes, {k: book_value(game, k) for k in changes}, base, changed,
                  rows)


# ---- sweeps ------------------------------------------------------------------------------


def parse_sweep(text: str) -> tuple[str, list[Any]]:
    """``key=a,b,c`` or ``key=a..b`` (whole numbers, both ends included)."""
    from boardlab.lab.cli import parse_value

    if "=" not in text:
        raise WhatIfError(f"--sweep needs option=a,b,c or option=a..b, not {text!r}")
    key, _, raw = text.partition("=")
    key, raw = key.strip(), raw.strip()
    if ".." in raw:
        lo_t, _, hi_t = raw.partition("..")
        lo, hi = parse_value(lo_t), parse_value(hi_t)
        if not all(isinstance(x, int) and not isinstance(x, bool) for x in (lo, hi)) \
                or hi < lo:
            raise WhatIfError(f"--sweep {key}=a..b needs whole numbers a <= b, not {raw!r}")
        values = list(range(lo, hi + 1))
    else:
        values = [parse_value(v) for v in raw.split(",") if v.strip()]
    if len(values) < 2:
        raise WhatIfError(f"--sweep {key} needs at least two values")
    return key, values


@dataclass
class SweptClaim:
    id: str
    published: Any
    verdicts: list[str]
    ours: list[Any]  # Estimate, number or None per value
    texts: list[str]

    def flips(self, values: list[Any]) -> list[Any]:
        """The values at which the verdict differs from the one before."""
        return [values[i] for i in range(1, len(values))
                if self.verdicts[i] != self.verdicts[i - 1]]


@dataclass
class Sweep:
    game: str
    key: str
    values: list[Any]
    book: Any
    claims: list[SweptClaim]

    def moving(self) -> list[SweptClaim]:
        """Claims whose verdict or ours changes across the sweep."""
        return [c for c in self.claims if len(set(c.verdicts)) > 1 or len(set(c.texts)) > 1]

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game, "option": self.key, "values": self.values,
                "book_value": self.book,
                "claims": [{"id": c.id, "verdicts": c.verdicts, "ours": c.texts,
                            "flips_at": c.flips(self.values)} for c in self.claims]}


def _number(v) -> float | None:
    from boardlab.lab.stats import Estimate

    if isinstance(v.ours, Estimate):
        return v.ours.value if v.ours.n else None
    if isinstance(v.ours, int | float) and not isinstance(v.ours, bool):
        return float(v.ours)
    value = getattr(v.ours, "value", None)
    return float(value) if isinstance(value, int | float) else None


def sweep(game_ref: str, key: str, values: list[Any], budget=None,
          only: list[str] | None = None) -> Sweep:
    """The register judged at every value of ``key`` (same seeds at each)."""
    from boardlab.lab.audit import Budget, audit
    from boardlab.lab.spec import resolve_game, resolve_lab

    budget = budget or Budget()
    game = resolve_game(game_ref)
    values = [validate(game, {key: v})[key] for v in values]
    lab = resolve_lab(game_ref)
    audits = []
    for v in values:
        if budget.progress:
            budget.progress(f"judging the register at {key}={v}", 0)
        audits.append(audit(game_ref, budget, only, lab=changed_lab(lab, {key: v})[0]))
    claims = []
    for i, c in enumerate(audits[0].verdicts):
        per = [a.verdicts[i] for a in audits]
        claims.append(SweptClaim(c.claim.id, c.claim.published, [v.verdict for v in per],
                                 [v for v in per], [v.ours_text() for v in per]))
    return Sweep(game.id, key, values, book_value(game, key), claims)


def _published_span(c: Claim) -> tuple[float, float] | None:
    p = c.published
    if isinstance(p, bool):
        return None
    if isinstance(p, int | float):
        return float(p), float(p)
    if isinstance(p, tuple) and len(p) == 2 and all(isinstance(x, int | float) for x in p):
        return float(p[0]), float(p[1])
    return None


VERDICT_COLOUR = {"holds": "tab:green", "contradicted": "tab:red",
                  "inconclusive": "tab:orange", "not checkable": "tab:gray"}


def plot(sw: Sweep, claims_by_id: dict[str, Claim], limit: int = 16) -> bytes | None:
    """The threshold cliffs as a PNG (:func:`cliffs_figure`), ``None`` when nothing moves."""
    from boardlab.lab.plots import png

    fig = cliffs_figure(sw, claims_by_id, limit)
    return None if fig is None else png(fig)


def cliffs_figure(sw: Sweep, claims_by_id: dict[str, Claim], limit: int = 16):
    """Threshold cliffs: per moving claim, ours against the swept value (coloured by
    verdict, with its interval), the book's figure across, the book's value of the option
    down; whole-number options get whole-number ticks. ``None`` when nothing moves."""
    from matplotlib.ticker import MaxNLocator

    from boardlab.lab.plots import plt, use_cjk, wrap

    moving = [c for c in sw.moving() if any(_number(v) is not None for v in c.ours)]
    moving.sort(key=lambda c: (not c.flips(sw.values), c.id))
    moving = moving[:limit]
    if not moving:
        return None
    use_cjk()
    numeric = all(isinstance(v, int | float) and not isinstance(v, bool) for v in sw.values)
    xs = [float(v) for v in sw.values] if numeric else list(range(len(sw.values)))
    cols = min(4, len(moving))
    rows = math.ceil(len(moving) / cols)
    fig, axes = plt.subplots(rows, cols, figsize=(3.4 * cols, 2.6 * rows), squeeze=False)
    for ax in axes.flat[len(moving):]:
        ax.set_visible(False)
    for ax, c in zip(axes.flat, moving, strict=False):
        for x, v, verdict in zip(xs, c.ours, c.verdicts, strict=True):
            y = _number(v)
            if y is None:
                continue
            lo, hi = getattr(v.ours, "lo", y), getattr(v.ours, "hi", y)
            err = [[max(0.0, y - lo)] if math.isfinite(lo) else [0.0],
                   [max(0.0, hi - y)] if math.isfinite(hi) else [0.0]]
            ax.errorbar([x], [y], yerr=err, fmt="o", color=VERDICT_COLOUR[verdict], capsize=2)
        span = _published_span(claims_by_id[c.id])
        if span and span[0] == span[1]:
            ax.axhline(span[0], color="black", lw=0.8, ls="--", label="book's figure")
        elif span:
            ax.axhspan(span[0], span[1], color="black", alpha=0.08, label="book's range")
        if sw.book in sw.values or (numeric and isinstance(sw.book, int | float)):
            bx = float(sw.book) if numeric else sw.values.index(sw.book)
            ax.axvline(bx, color="tab:blue", lw=0.8, ls=":", label="book's rules")
        flips = c.flips(sw.values)
        ax.set_title(wrap(c.id + (f" (flips at {', '.join(map(str, flips))})" if flips
                                  else ""), 40), fontsize=8)
        ax.set_xlabel(sw.key, fontsize=7)
        ax.tick_params(labelsize=7)
        if numeric and all(float(v).is_integer() for v in sw.values):
            ax.xaxis.set_major_locator(MaxNLocator(integer=True))
        elif not numeric:
            ax.set_xticks(xs, [str(v) for v in sw.values], rotation=30, fontsize=7)
    axes.flat[0].legend(fontsize=6, loc="best")
    fig.suptitle(wrap(f"{sw.game}: where each claim's verdict flips as {sw.key} changes "
                      "(green holds, red contradicted, orange inconclusive)", 90), fontsize=9)
    fig.tight_layout()
    return fig


# ---- terminal ----------------------------------------------------------------------------


def print_what_if(console, w: WhatIf) -> None:
    from rich.markup import escape

    from boardlab.lab.audit_cli import COLOUR

    said = ", ".join(f"{k}={v} (the book's: {w.book[k]})" for k, v in w.changes.items())
    console.print(f"[bold]{w.game}[/]: the register under {escape(said)}")
    order = sorted(w.claims, key=lambda c: (not c.flipped, c.effect != DEPENDS))
    for c in order:
        b, a = c.before.verdict, c.after.verdict
        arrow = (f"[{COLOUR[b]}]{b}[/] → [{COLOUR[a]}]{a}[/]" if c.flipped
                 else f"[{COLOUR[a]}]{a}[/]")
        console.print(f"{arrow}  [bold]{escape(c.id)}[/]  {escape(c.after.claim.english)}")
        console.print(f"    [dim]{escape(c.why(w.changes))}[/]")
    flipped = sum(c.flipped for c in w.claims)
    dep = sum(c.effect == DEPENDS for c in w.claims)
    def tally(counts: dict[str, int]) -> str:  # "1 holds, 2 contradicted", never a dict repr
        return ", ".join(f"{n} {verdict}" for verdict, n in counts.items()) or "no claims"

    console.print(f"{flipped} verdict(s) changed; {dep} claim(s) depend on the change; "
                  f"before: {tally(w.base.counts())}; after: {tally(w.changed.counts())}")


def sweep_table(sw: Sweep) -> list[list[str]]:
    head = ["claim", *[f"{sw.key}={v}" + (" (book)" if v == sw.book else "")
                       for v in sw.values], "flips at"]
    out = [head]
    short = {"holds": "holds", "contradicted": "contra", "inconclusive": "incon",
             "not checkable": "n/c"}
    for c in sw.moving():
        cells = [f"{short[v]} {t}" for v, t in zip(c.verdicts, c.texts, strict=True)]
        out.append([c.id, *cells, ", ".join(map(str, c.flips(sw.values))) or "—"])
    return out


def print_sweep(console, sw: Sweep) -> None:
    from rich.markup import escape
    from rich.table import Table

    rows = sweep_table(sw)
    t = Table(*rows[0], title=f"{sw.game}: verdicts as {sw.key} changes (book: {sw.book})")
    for r in rows[1:]:
        t.add_row(*map(escape, r))
    console.print(t)
    still = len(sw.claims) - len(rows) + 1
    console.print(f"{len(rows) - 1} claim(s) move with {sw.key}; {still} do not")


def run_what_if(console, game_ref: str, sets: list[str], sweep_text: str | None,
                plot_path, as_json: bool, budget, only: list[str] | None) -> None:
    """``check --set`` / ``--sweep`` from the command line: a clear error (exit 2) for a bad
    option or value, never a traceback."""
    import json
    from pathlib import Path

    import typer
    from rich.markup import escape

    from boardlab.lab.cli import parse_value

    try:
        changes: dict[str, Any] = {}
        for item in sets:
            if "=" not in item:
                raise WhatIfError(f"--set needs option=value, not {item!r}")
            k, _, raw = item.partition("=")
            if "," in raw:
                raise WhatIfError(f"--set {k.strip()} takes one value; sweep with "
                                  f"--sweep {k.strip()}={raw}")
            changes[k.strip()] = parse_value(raw)
        if sweep_text:
            key, values = parse_sweep(sweep_text)
            if changes:
                raise WhatIfError("give --set or --sweep, not both")
            sw = sweep(game_ref, key, values, budget, only)
        else:
            w = what_if(game_ref, changes, budget, only)
    except Exception as exc:  # an unknown option, a refused value: say so, no traceback
        console.print(f"[red]error:[/] {escape(str(exc))}")
        raise typer.Exit(2) from None
    if not sweep_text:
        if as_json:
            print(json.dumps(w.to_json(), ensure_ascii=False, default=str))
        else:
            print_what_if(console, w)
        return
    if as_json:
        print(json.dumps(sw.to_json(), ensure_ascii=False, default=str))
    else:
        print_sweep(console, sw)
    if plot_path:
        from boardlab.lab.spec import resolve_lab

        image = plot(sw, {c.id: c for c in resolve_lab(game_ref).claims})
        if image is None:
            console.print("[dim]no claim moves with the sweep: nothing to plot[/]")
        else:
            Path(plot_path).parent.mkdir(parents=True, exist_ok=True)
            Path(plot_path).write_bytes(image)
            if not as_json:
                console.print(f"wrote {plot_path}")
