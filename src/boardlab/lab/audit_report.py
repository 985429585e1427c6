"""The audit as a self-contained HTML page: every claim, the seat tests, and a chart of the
simulated figures (ours with interval, the book's value, the band that counts as holding)."""

from __future__ import annotations

import base64
import html
import math
from pathlib import Path

from boardlab.lab.plots import plt, png, use_cjk, wrap
from boardlab.lab.stats import Estimate

STYLE = ("body{font-family:sans-serif;max-width:1200px;margin:auto;padding:0 8px}"
         "table{border-collapse:collapse;margin:8px 0;width:100%}td,th{border:1px solid #ccc;"
         "padding:3px 6px;font-size:13px;vertical-align:top;overflow-wrap:anywhere}"
         "th{background:#f3f3f3}table.claims{table-layout:fixed}"
         ".holds{color:#1a7f37}.contradicted{color:#c62828;font-weight:bold}"
         ".inconclusive{color:#9a6700}.not{color:#777}img{max-width:100%}")


def _e(x) -> str:
    return html.escape(str(x))


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


def build_html(au) -> str:
    from boardlab.lab.audit import published_text

    counts = au.counts()
    out = [f"<h1>Rulebook audit — {_e(au.game)}</h1>",
           f"<p>{len(au.verdicts)} claims from {_e(au.source or 'the rulebook')}: "
           + ", ".join(f"{n} {k}" for k, n in counts.items()) + ".</p>",
           f"<p>Stand-in bots: {_e(au.stand_in or 'not stated')}. Equivalence within each "
           "claim's margin, Holm-adjusted over the family (α = 0.05); see docs/audit.md.</p>"]
    for w in au.warnings:
        out.append(f"<p><b>Warning:</b> {_e(w)}</p>")
    bad = [v for v in au.verdicts if v.verdict == "contradicted"]
    if bad:
        out.append("<h2>Contradicted</h2><ul>" + "".join(
            f"<li><b>{_e(v.claim.id)}</b> ({_e(v.claim.section)}): {_e(v.claim.english)} "
            f"— {_e(v.detail)}</li>" for v in bad) + "</ul>")
    out.append("<h2>Every claim</h2>")
    out.append("<table class=\"claims\"><colgroup>" + "".join(
        f"<col style=\"width:{w}%\">" for w in (10, 7, 13, 17, 6, 6, 8, 6, 5, 22))
        + "</colgroup><tr><th>id</th><th>section</th><th>the book says</th><th>in plain "
               "English</th><th>kind</th><th>published</th><th>ours</th><th>verdict</th>"
               "<th>adjusted p</th><th>why</th></tr>")
    for v in au.verdicts:
        c = v.claim
        p = "" if math.isnan(v.p_adjusted) else f"{v.p_adjusted:.3g}"
        cls = v.verdict.split()[0]
        out.append(f"<tr><td>{_e(c.id)}</td><td>{_e(c.section)}</td><td>{_e(c.quote)}</td>"
                   f"<td>{_e(c.english)}</td><td>{_e(c.kind)}</td>"
                   f"<td>{_e(published_text(c))}</td><td>{_e(v.ours_text())}<br><small>"
                   f"{_e(v.method)}{f', {v.games} games' if v.games else ''}</small></td>"
                   f"<td class=\"{cls}\">{_e(v.verdict)}</td><td>{p}</td>"
                   f"<td>{_e(v.detail)}</td></tr>")
    out.append("</table>")
    fig = _figure(au)
    if fig:
        out.append(f"<figure><img alt=\"simulated figures against the book's\" "
                   f"src=\"data:image/png;base64,{base64.b64encode(fig).decode()}\"></figure>")
    s = au.seating
    if s:
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
