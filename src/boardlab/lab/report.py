"""HTML (self-contained, figures as base64 PNG) and Markdown reports of a stored run."""

from __future__ import annotations

import base64
import html
import math
from pathlib import Path
from typing import Any

from boardlab.lab.analysis import analyse
from boardlab.lab.plots import plt, use_cjk
from boardlab.lab.plots import png as _png
from boardlab.lab.spec import LabSpec, Row
from boardlab.lab.stats import Estimate

MAX_OVERLAY = 6  # more histograms on one axis stop being legible


def _err(ests: list[Estimate]) -> list[list[float]]:
    """Error bar lengths; an undefined or infinite bound (n = 1) draws no bar."""
    def ok(x: float) -> float:
        return x if math.isfinite(x) and x > 0 else 0.0

    return [[ok(e.value - e.lo) for e in ests], [ok(e.hi - e.value) for e in ests]]


def _bars(title: str, labels: list[str], ests: list[Estimate], ideal: float | None = None,
          published: list[float | None] | None = None):
    fig, ax = plt.subplots(figsize=(max(4, 0.9 * len(labels) + 2), 3))
    x = range(len(labels))
    vals = [e.value for e in ests]
    ax.bar(x, vals, yerr=_err(ests), capsize=4, color="#4c72b0", label="ours (95% CI)")
    if published:
        ax.scatter([i for i, p in zip(x, published, strict=True) if p is not None],
                   [p for p in published if p is not None], color="#dd8452", zorder=3,
                   marker="D", label="published")
    if ideal is not None:
        ax.axhline(ideal, color="grey", ls="--", lw=1, label="even share")
    ax.set_xticks(list(x), labels, rotation=30, ha="right")
    ax.set_title(title)
    ax.legend(fontsize=7)
    return _png(fig)


def _hist(title: str, series: dict[str, Any]):
    fig, ax = plt.subplots(figsize=(5, 3))
    for name, vals in series.items():
        if len(vals):
            ax.hist(vals, bins=min(30, max(5, len(set(vals)))), alpha=0.5, label=name)
    ax.set_title(title)
    if len(series) > 1:
        ax.legend(fontsize=7)
    return _png(fig)


def _game_title(ref: str) -> str:
    """The game's name in words for titles (``猫 / Cat``), not its id."""
    try:
        from boardlab.lab.spec import resolve_game

        t = resolve_game(ref).title
        return f"{t['zh']} / {t['en']}"
    except Exception:  # a plugin game without a title: its id is all we have
        return ref


def _variant_label(opts: dict[str, Any], sweep: dict[str, Any]) -> str:
    return ", ".join(f"{k}={opts.get(k)}" for k in sweep) or "base"


def build(run: Any, rows: list[Row], lab: LabSpec) -> tuple[list[tuple[str, str]], list[tuple[str, bytes]]]:
    """Sections (title, markdown-ish body) and figures (caption, png) for one run."""
    use_cjk()
    cfg = run.config
    variants = cfg["variants"]
    sweep = cfg["spec"].get("sweep", {})
    an = analyse(rows, lab, variants)
    figs: list[tuple[str, bytes]] = []
    sections: list[tuple[str, str]] = []
    head = (f"game `{run.game}`, {run.games} games per variant, seed {cfg['seed']}, "
            f"code {run.code_version}, bots {cfg['spec']['bots']}, created {run.created}.\n"
            "A k-way shared win counts 1/k of a win; 'any share' counts it as a win.")
    sections.append(("Run " + run.id, head))
    for pv in an["variants"]:
        name = _variant_label(pv["options"], sweep)
        lines = ["| group | n | win (1/k) | any share | mean score |", "|---|---|---|---|---|"]
        for key in ("bot", "role", "seat", "players"):
            for g in pv[key]:
                lines.append(f"| {key} {g[key]} | {g['n']} | {g['win'].fmt(True)} | "
                             f"{g['any_win'].fmt(True)} | {g['score'].fmt()} |")
        lines += ["", "| metric | n | estimate (95% CI) |", "|---|---|---|"]
        for m in pv["metrics"]:
            lines.append(f"| {m['label']} | {m['estimate'].n} | "
                         f"{m['estimate'].fmt(any(x.proportion and x.name == m['metric'] for x in lab.metrics))} |")
        sections.append((f"Variant {pv['variant']}: {name}", "\n".join(lines)))
        players = pv["players"][0]["players"] if len(pv["players"]) == 1 else None
        ideal = 1 / players if players else None
        if pv["bot"]:
            figs.append((f"Win rate per bot ({name})", _bars(
                f"win rate per bot — {name}", [str(g["bot"]) for g in pv["bot"]],
                [g["win"] for g in pv["bot"]], ideal)))
        if pv["role"]:
            figs.append((f"Win rate per role ({name})", _bars(
                f"win rate per role — {name}", [str(g["role"]) for g in pv["role"]],
                [g["win"] for g in pv["role"]], ideal)))
        vrows = [r for r in rows if r["variant"] == pv["variant"]]
        nseat = max((r["players"] for r in vrows), default=0)
        figs.append((f"Scores per seat ({name})", _hist(
            f"scores per seat — {name}",
            {f"seat {s}": [r["scores"][s] for r in vrows if s < r["players"]]
             for s in range(nseat)})))
    # One figure per metric with every variant overlaid, so a sweep stays readable.
    for i, m in enumerate(lab.metrics):
        series = {_variant_label(pv["options"], sweep): pv["metrics"][i]["values"]
                  for pv in an["variants"][:MAX_OVERLAY]}
        if any(len(v) for v in series.values()):
            figs.append((f"Distribution: {m.label or m.name}",
                         _hist(f"{m.label or m.name}", series)))
    sections += seat_sections(rows, lab, variants, sweep)
    if an["comparisons"]:
        lines = ["Paired on the same seeds against variant 0; significance after "
                 "Holm–Bonferroni over all comparisons (5% family-wise).", "",
                 "| variant | change | figure | difference (95% CI) | p | significant |",
                 "|---|---|---|---|---|---|"]
        for c in an["comparisons"]:
            p = c["paired"].p_value
            lines.append(f"| {c['variant']} | {c['changes']} | {c['figure']} | "
                         f"{c['paired'].diff.fmt()} | {'—' if math.isnan(p) else f'{p:.3g}'} | "
                         f"{'yes' if c['significant'] else 'no'} |")
        sections.append(("Comparisons", "\n".join(lines)))
    if sweep:
        from boardlab.lab import sweeps

        keys = list(sweep)
        title = _game_title(run.game)
        sections.append(("Sweep: value x outcome", sweeps.table(rows, lab, variants, keys)))
        if len(keys) == 1:
            figs += sweeps.one_key(rows, lab, variants, keys[0], title)
        else:
            figs += sweeps.heatmaps(rows, lab, variants, keys, title)
    checks = run.summary.get("checks")
    if checks:
        lines = [f"Stand-in for the rulebook's bots: {lab.stand_in or 'not stated'}.", "",
                 "| figure | published | ours (95% CI) | verdict | note |", "|---|---|---|---|---|"]
        for c in checks:
            est = Estimate(**{k: (float("nan") if v is None else v) for k, v in c["ours"].items()})
            pub = c["published"]
            pubs = "—" if pub is None else (f"{100 * pub:.1f}%" if c["proportion"] else f"{pub:.3g}")
            lines.append(f"| {c['label']} | {pubs} | {est.fmt(c['proportion'])} | "
                         f"{c['verdict']} | {c.get('note', '')} |")
        sections.append(("Balance: published vs ours", "\n".join(lines)))
        # Published figures on our interval bars: one chart per kind (rates, other means).
        for prop, title in ((True, "rates: published vs ours"), (False, "means: published vs ours")):
            sel = [c for c in checks if c["proportion"] == prop and c["ours"]["n"]
                   and c["ours"]["lo"] is not None and c["published"] is not None]
            if sel:
                ests = [Estimate(c["ours"]["value"], c["ours"]["lo"], c["ours"]["hi"],
                                 c["ours"]["n"]) for c in sel]
                figs.append((f"Balance {title}", _bars(
                    title, [c["label"] for c in sel], ests,
                    published=[c["published"] for c in sel])))
    return sections, figs


def seat_sections(rows: list[Row], lab: LabSpec, variants: list[dict[str, Any]],
                  sweep: dict[str, Any]) -> list[tuple[str, str]]:
    """Seat fairness (chi-square) and the win regression (seat, role, bot; clustered by
    game) for every variant, in every report."""
    from boardlab.lab.design import confounding_warning
    from boardlab.lab.seats import seat_fairness, win_regression

    out = []
    for v in range(min(len(variants), MAX_OVERLAY)):
        vrows = [r for r in rows if r["variant"] == v]
        if not vrows:
            continue
        lines = ["| players | games | wins per seat | chi-square | df | p |", "|---|---|---|---|---|---|"]
        for f in seat_fairness(vrows):
            lines.append(f"| {f['players']} | {f['games']} | "
                         f"{', '.join(f'{w:.1f}' for w in f['wins'])} | {f['chi2']:.2f} | "
                         f"{f['df']} | {f['p_value']:.3g} |")
        reg = win_regression(vrows, lab)
        lines.append("")
        if "error" in reg:
            lines.append(f"Win regression: {reg['error']}.")
        else:
            lines += [f"Logistic regression {reg['formula']} on {reg['n_seats']} seats of "
                      f"{reg['games']} games, errors clustered by game (joint Wald test per "
                      "term):", "", "| term | chi-square | df | p |", "|---|---|---|---|"]
            lines += [f"| {t['term']} | {t['chi2']:.3g} | {t['df']} | {t['p_value']:.3g} |"
                      for t in reg["terms"]]
        warn = confounding_warning([r["bots"] for r in vrows])
        if warn:
            lines += ["", f"Warning: {warn}."]
        out.append((f"Seats: {_variant_label(variants[v], sweep)}", "\n".join(lines)))
    return out


def _md_table_to_html(body: str) -> str:
    out, table = [], []
    for line in body.splitlines() + [""]:
        if line.startswith("|"):
            table.append(line)
            continue
        if table:
            cells = [[c.strip() for c in r.strip("|").split("|")] for r in table]
            rows = [cells[0]] + cells[2:]
            out.append("<table>" + "".join(
                "<tr>" + "".join(f"<{'th' if i == 0 else 'td'}>{html.escape(c)}</"
                                 f"{'th' if i == 0 else 'td'}>" for c in r) + "</tr>"
                for i, r in enumerate(rows)) + "</table>")
            table = []
        if line:
            out.append(f"<p>{html.escape(line)}</p>")
    return "\n".join(out)


def write(run: Any, rows: list[Row], lab: LabSpec, out: Path) -> tuple[Path, Path]:
    """Write ``report.html`` (self-contained) and ``report.md`` (+ PNG files) into ``out``."""
    out.mkdir(parents=True, exist_ok=True)
    sections, figs = build(run, rows, lab)
    md = [f"# boardlab lab report — {run.game} — {run.id}", ""]
    body = [f"<h1>boardlab lab report — {html.escape(run.game)} — {run.id}</h1>"]
    for title, text in sections:
        md += [f"## {title}", "", text, ""]
        body += [f"<h2>{html.escape(title)}</h2>", _md_table_to_html(text)]
    md.append("## Figures")
    body.append("<h2>Figures</h2>")
    for i, (caption, png) in enumerate(figs):
        name = f"fig{i:02d}.png"
        (out / name).write_bytes(png)
        md += ["", f"![{caption}]({name})"]
        b64 = base64.b64encode(png).decode()
        body.append(f"<figure><img src=\"data:image/png;base64,{b64}\" alt=\"{html.escape(caption)}\">"
                    f"<figcaption>{html.escape(caption)}</figcaption></figure>")
    style = ("body{font-family:sans-serif;max-width:1000px;margin:auto}table{border-collapse:"
             "collapse;margin:8px 0}td,th{border:1px solid #ccc;padding:2px 6px;font-size:13px}")
    html_path, md_path = out / "report.html", out / "report.md"
    html_path.write_text("<!doctype html><html><head><meta charset=\"utf-8\"><title>"
                         f"boardlab {html.escape(run.id)}</title><style>{style}</style></head>"
                         "<body>" + "\n".join(body) + "</body></html>", encoding="utf-8")
    md_path.write_text("\n".join(md) + "\n", encoding="utf-8")
    return html_path, md_path
