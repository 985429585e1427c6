"""The audit for people: on the terminal (:func:`print_terminal`) and as a self-contained HTML
page (:func:`build_html`). Both lead with the book's errors, give the stand-in bots' gaps a
section of their own, and show for every claim the one-line reason, the register's note, a
counterexample as a short story (the HTML keeps the full replayable record a click away),
the tested interval with its level and the plan (power calculation) of a simulated claim."""

from __future__ import annotations

import base64
import html
import json
import math
from pathlib import Path

from boardlab.lab.plots import plt, png, use_cjk, wrap
from boardlab.lab.stats import Estimate

STYLE = ("body{font-family:sans-serif;max-width:1200px;margin:auto;padding:0 8px}"
         "table{border-collapse:collapse;margin:8px 0;width:100%}td,th{border:1px solid #ccc;"
         "padding:3px 6px;font-size:13px;vertical-align:top;overflow-wrap:anywhere}"
         "th{background:#f3f3f3}table.claims{table-layout:fixed}"
         ".holds{color:#1a7f37}.contradicted{color:#c62828;font-weight:bold}"
         ".inconclusive{color:#9a6700}.not{color:#777}img{max-width:100%}"
         ".note{color:#555;font-style:italic}pre{white-space:pre-wrap;font-size:11px}")


def _e(x) -> str:
    return html.escape(str(x))


def summary_line(au) -> str:
    """Counts by basis and how many simulated claims stayed open, in words."""
    from boardlab.lab.audit_cli import COLOUR

    by = {b: [v for v in au.verdicts if v.basis == b] for b in ("book", "stand_in")}
    parts = []
    for b, name in (("book", "resting on the book"), ("stand_in", "on our stand-in bots")):
        vs = by[b]
        if vs:
            got = {k: sum(v.verdict == k for v in vs) for k in COLOUR}
            parts.append(f"{len(vs)} {name}: " + ", ".join(f"{n} {k}" for k, n in got.items()
                                                          if n))
    open_, sims = au.inconclusive_simulated()
    if sims:
        parts.append(f"{open_} of {sims} simulated claims inconclusive "
                     f"({100 * open_ / sims:.0f}%)")
    return "; ".join(parts)


def print_terminal(console, au) -> None:
    from rich.markup import escape

    from boardlab.lab.audit import published_text
    from boardlab.lab.audit_cli import COLOUR, _p, print_seating

    console.print(f"[bold]{au.game}[/]: {len(au.verdicts)} claims from "
                  f"{escape(au.source or 'the book')}")
    for key, title, vs in au.sections():
        colour = {"book_errors": "red", "stand_in_gaps": "magenta"}.get(key, "bold")
        console.print(f"\n[{colour}]{escape(title)}[/] ({len(vs)})")
        for v in vs:
            c = v.claim
            console.print(f"[{COLOUR[v.verdict]}]{escape(f'[{v.label}]')}[/] "
                          f"[bold]{escape(c.id)}[/]  {escape(c.section)} · {c.kind} · "
                          f"{v.basis}")
            console.print(f"    「{escape(c.quote)}」 {escape(c.english)}")
            console.print(f"    published {escape(published_text(c))} · ours "
                          f"{escape(v.ours_text())} · {escape(v.method)}"
                          + (f" · {v.games} games" if v.games else "")
                          + (f" · adjusted p {_p(v.p_adjusted)}"
                             if not math.isnan(v.p_adjusted) else ""))
            if v.margin:
                console.print(f"    [dim]band: {escape(v.margin)}[/]")
            if v.detail:
                console.print(f"    [dim]why: {escape(v.detail)}[/]")
            if v.story:
                console.print(f"    story: {escape(v.story)}")
            if c.note:
                console.print(f"    [dim]note: {escape(c.note)}[/]")
    counts = au.counts()
    console.print("\n" + ", ".join(f"[{COLOUR[k]}]{n} {k}[/]" for k, n in counts.items()))
    console.print(escape(summary_line(au)))
    if au.family:
        console.print(f"[dim]family: the {au.family} simulated claims of the register, "
                      f"α = 0.05 shared out in equal parts (Bonferroni) and over each "
                      f"claim's looks; {escape(au.budget)}; {au.seconds:.0f} s[/]")
    print_seating(console, au.seating)
    for w in au.warnings:
        console.print(f"[yellow]warning:[/] {escape(w)}")
    console.print(f"[dim]stand-in bots: {escape(au.stand_in or 'not stated')}[/]")


def _figure(au) -> bytes | None:
    """Simulated claims, each on its own row: ours (dot, interval), published (diamond),
    the band within which it holds (grey)."""
    sims = [v for v in au.verdicts if isinstance(v.ours, Estimate) and v.interval is not None
            and v.ours.n and math.isfinite(v.ours.value)]
    if not sims:
        return None
    use_cjk()
    sims = sims[:60]  # beyond this a chart stops being legible; the table has all
    fig, ax = plt.subplots(figsize=(8, 0.32 * len(sims) + 1.4))
    for i, v in enumerate(sims):
        lo, hi = v.interval
        e = v.ours
        lo_b = lo if math.isfinite(lo) else min(e.value, e.lo if math.isfinite(e.lo) else e.value)
        hi_b = hi if math.isfinite(hi) else max(e.value, e.hi if math.isfinite(e.hi) else e.value)
        ax.plot([lo_b, hi_b], [i, i], color="#ccc", lw=6, solid_capstyle="butt")
        if math.isfinite(e.lo) and math.isfinite(e.hi):
            ax.plot([e.lo, e.hi], [i, i], color="#4c72b0", lw=1.5)
        colour = {"holds": "#1a7f37", "contradicted": "#c62828"}.get(v.verdict, "#9a6700")
        ax.plot([e.value], [i], "o", color=colour)
        pub = v.claim.published
        for p in (pub if isinstance(pub, tuple) else (pub,)):
            ax.plot([p], [i], "D", color="#dd8452", ms=5)
    ax.set_yticks(range(len(sims)), [v.claim.id for v in sims], fontsize=7)
    ax.invert_yaxis()
    ax.set_xlabel("value (rates as fractions)")
    ax.set_title(wrap(f"{au.game}: our simulated figures (dot, 95% interval) against the "
                      "book's (diamond); grey: the band within which a claim holds"), fontsize=9)
    return png(fig)


def _claim_cells(v) -> str:
    from boardlab.lab.audit import published_text

    c = v.claim
    p = "" if math.isnan(v.p_adjusted) else f"{v.p_adjusted:.3g}"
    cls = v.verdict.split()[0]
    why = [f"<div>{_e(v.detail)}</div>"]
    if v.margin:
        why.append(f"<div><small>band: {_e(v.margin)}</small></div>")
    if v.story:
        why.append(f"<div><b>story:</b> {_e(v.story)}</div>")
    if v.counterexample:
        record = json.dumps(v.counterexample, ensure_ascii=False, default=str)
        why.append("<details><summary>the replayable record (seed and every action)"
                   f"</summary><pre>{_e(record)}</pre></details>")
    if c.note:
        why.append(f"<div class=\"note\">note: {_e(c.note)}</div>")
    return (f"<tr><td>{_e(c.id)}</td><td>{_e(c.section)}</td><td>{_e(c.quote)}</td>"
            f"<td>{_e(c.english)}</td><td>{_e(c.kind)}<br><small>{_e(v.basis)}</small></td>"
            f"<td>{_e(published_text(c))}</td><td>{_e(v.ours_text())}<br><small>"
            f"{_e(v.method)}{f', {v.games} games' if v.games else ''}</small></td>"
            f"<td class=\"{cls}\">{_e(v.label)}</td><td>{p}</td>"
            f"<td>{''.join(why)}</td></tr>")


def build_html(au) -> str:
    counts = au.counts()
    out = [f"<h1>Rulebook audit — {_e(au.game)}</h1>",
           f"<p>{len(au.verdicts)} claims from {_e(au.source or 'the rulebook')}: "
           + ", ".join(f"{n} {k}" for k, n in counts.items()) + f". {_e(summary_line(au))}."
           "</p>",
           f"<p>Stand-in bots: {_e(au.stand_in or 'not stated')}. A simulated claim holds "
           "when its interval (at the level shown: its share of α = 0.05 over the "
           f"register's {au.family} simulated claims, spent over its looks) lies inside "
           "the band and is contradicted when it lies outside; see docs/audit.md. "
           f"{_e(au.budget)}.</p>"]
    for w in au.warnings:
        out.append(f"<p><b>Warning:</b> {_e(w)}</p>")
    head = ("<table class=\"claims\"><colgroup>" + "".join(
        f"<col style=\"width:{w}%\">" for w in (10, 7, 12, 15, 6, 6, 10, 6, 5, 23))
        + "</colgroup><tr><th>id</th><th>section</th><th>the book says</th><th>in plain "
          "English</th><th>kind, basis</th><th>published</th><th>ours</th><th>verdict</th>"
          "<th>adjusted p</th><th>why</th></tr>")
    for key, title, vs in au.sections():
        out.append(f"<h2 id=\"{key}\">{_e(title)} ({len(vs)})</h2>")
        out.append(head + "".join(_claim_cells(v) for v in vs) + "</table>")
    fig = _figure(au)
    if fig:
        out.append(f"<figure><img alt=\"simulated figures against the book's\" "
                   f"src=\"data:image/png;base64,{base64.b64encode(fig).decode()}\"></figure>")
    s = au.seating
    if s and s.get("coop"):
        t = s["team"]
        out.append(f"<h2>Team outcome</h2><p>A co-op game: every seat wins or loses together, "
                   f"so seats are not compared. The team won {t['wins']} of {t['games']} "
                   f"games ({100 * t['rate']:.1f}% [{100 * t['lo']:.1f}, {100 * t['hi']:.1f}],"
                   f" Clopper–Pearson) with bots {_e(', '.join(s['bots']))}.</p>")
    elif s:
        out.append(f"<h2>Seats</h2><p>{s['games']} games, bots {_e(', '.join(s['bots']))}, "
                   f"options {_e(s['options'])}.</p><table><tr><th>players</th><th>wins per "
                   "seat</th><th>chi-square</th><th>df</th><th>p</th></tr>")
        for f in s["fairness"]:
            out.append(f"<tr><td>{f['players']}</td><td>{_e(', '.join(f'{w:.1f}' for w in f['wins']))}"
                       f"</td><td>{f['chi2']:.2f}</td><td>{f['df']}</td><td>{f['p_value']:.3g}"
                       "</td></tr>")
        out.append("</table>")
        reg = s["regression"]
        if "error" in reg:
            out.append(f"<p>Win regression: {_e(reg['error'])}</p>")
        else:
            out.append(f"<p>Logistic regression <code>{_e(reg['formula'])}</code> on "
                       f"{reg['n_seats']} seats of {reg['games']} games, errors clustered by "
                       "game.</p><table><tr><th>term</th><th>odds ratio</th><th>coef</th>"
                       "<th>clustered se</th><th>p</th></tr>")
            for co in reg["coefficients"]:
                out.append(f"<tr><td>{_e(co['term'])}</td><td>{co['odds_ratio']:.3g}</td>"
                           f"<td>{co['coef']:.3g}</td><td>{co['se']:.3g}</td>"
                           f"<td>{co['p_value']:.3g}</td></tr>")
            out.append("</table><table><tr><th>term (joint Wald test)</th><th>chi-square</th>"
                       "<th>df</th><th>p</th></tr>")
            for t in reg["terms"]:
                out.append(f"<tr><td>{_e(t['term'])}</td><td>{t['chi2']:.3g}</td>"
                           f"<td>{t['df']}</td><td>{t['p_value']:.3g}</td></tr>")
            out.append("</table>")
    return (f"<!doctype html><html><head><meta charset=\"utf-8\"><title>boardlab audit "
            f"{_e(au.game)}</title><style>{STYLE}</style></head><body>"
            + "\n".join(out) + "</body></html>")


def write_html(au, path: Path) -> Path:
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(build_html(au), encoding="utf-8")
    return path
