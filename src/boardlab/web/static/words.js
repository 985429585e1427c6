// The game's own words on screen: labels from Game.labels() (games/<id>/texts.py), one way of
// naming players, end-of-game figures as labelled words, the rules panel and emoji tooltips.
import { h, t, getLang } from "./i18n.js";

let info = { labels: {} };
const GENERIC_BOTS = { random: ["随机", "Random"], montecarlo: ["蒙特卡洛搜索", "Monte Carlo search"],
  ismcts: ["信息集蒙特卡洛树搜索", "Information-set tree search"] };

export function setGameInfo(x) { info = x || { labels: {} }; if (!info.labels) info.labels = {}; }
export function gameInfo() { return info; }

/** A game word of a kind (actions, phases, summary, values, options, bots), or a readable key. */
export function label(kind, key, fallback) {
  const x = ((info.labels || {})[kind] || {})[key];
  if (x) return t(x);
  if (fallback !== undefined) return fallback;
  return String(key).replace(/_/g, " ");
}
export function hasLabel(kind, key) { return Boolean(((info.labels || {})[kind] || {})[key]); }

export function botLabel(name) {
  if (hasLabel("bots", name)) return label("bots", name);
  const g = GENERIC_BOTS[name];
  return g ? g[getLang() === "zh" ? 0 : 1] : name;
}

/** The name a seat is shown by: the player's own, or P1…Pn counted from 1 (bots marked 🤖). */
export function seatName(table, s) {
  const x = table && table.seats ? table.seats[s] : null;
  const auto = !x || !x.name || new RegExp(`^P${s}( 🤖 .*)?$`).test(x.name);
  if (!auto) return x.name;
  return `P${s + 1}` + (x && x.kind === "bot" ? ` 🤖 ${botLabel(x.bot)}` : "");
}
/** Short form for logs: the player's own name, or P1…Pn. */
export function shortName(table, s) {
  const x = table && table.seats ? table.seats[s] : null;
  const auto = !x || !x.name || new RegExp(`^P${s}( 🤖 .*)?$`).test(x.name);
  return auto ? `P${s + 1}` : x.name;
}
/** Event texts name seats P1…Pn; show a player's own name instead where they gave one. */
export function withNames(str, table) {
  return String(str).replace(/\bP(\d+)\b/g, (m, n) => (table && table.seats[+n - 1] ? shortName(table, +n - 1) : m));
}

function yesNo(v) { return getLang() === "zh" ? (v ? "是" : "否") : (v ? "yes" : "no"); }
const SEP = () => (getLang() === "zh" ? "、" : ", ");

/** One figure in words: numbers as they are, words from the game's values, no JSON. */
export function figure(v) {
  if (v === null || v === undefined) return "—";
  if (typeof v === "boolean") return yesNo(v);
  if (typeof v === "number") return String(Math.round(v * 100) / 100);
  if (typeof v === "string") return label("values", v, v);
  if (Array.isArray(v)) return v.length ? v.map(figure).join(Array.isArray(v[0]) ? " | " : SEP()) : "—";
  if (typeof v === "object") {
    if (v.name !== undefined) return label("values", v.name, String(v.name));
    return Object.entries(v).map(([k, x]) => `${label("values", k)} ${figure(x)}`).join(" · ");
  }
  return String(v);
}

/** End-of-game figures: per-seat ones as columns of the score table, the rest as a list. */
export function summaryParts(summary, players) {
  const perSeat = [], rest = [];
  for (const [k, v] of Object.entries(summary || {})) {
    if (k === "players") continue;
    const seatList = Array.isArray(v) && v.length === players && (info.labels.per_seat || []).includes(k);
    (seatList ? perSeat : rest).push([k, v]);
  }
  return { perSeat, rest };
}

export function summaryList(rest) {
  if (!rest.length) return null;
  return h("div", { class: "kv final-figures", id: "final-figures" },
    rest.flatMap(([k, v]) => [h("b", {}, label("summary", k)), h("span", {}, figure(v))]));
}

/** The rules panel: the turn in short, the current phase explained, every icon explained. */
export function rulesPanel(phase) {
  const r = info.labels.rules;
  if (!r) return null;
  const zh = getLang() === "zh";
  const now = phase && r.phases && r.phases[phase] ? h("p", { class: "rules-now", id: "rules-phase" },
    h("b", {}, (zh ? "现在：" : "Now: ") + label("phases", phase) + " — "), t(r.phases[phase])) : null;
  return h("details", { class: "card rules", id: "rules" },
    h("summary", {}, "📖 " + (zh ? "规则速览" : "Rules at a glance")),
    now, h("p", {}, t(r.turn)),
    r.glossary ? h("ul", { class: "glossary" }, r.glossary.map(([icon, x]) => h("li", {}, h("span", { class: "gi" }, icon), " ", t(x)))) : null);
}

/** Tooltips on every emoji the rules panel explains: leaf elements without a title get one. */
export function addTooltips(root) {
  const r = info.labels.rules;
  if (!r || !r.glossary || !root) return;
  const gl = r.glossary.map(([icon, x]) => [icon.replace(/\uFE0F/g, ""), t(x)]);
  for (const el of root.querySelectorAll("*")) {
    if (el.title || el.children.length > 2) continue;
    const txt = (el.textContent || "").replace(/\uFE0F/g, "");
    if (!txt || txt.length > 60) continue;
    const hits = gl.filter(([icon]) => txt.includes(icon)).map(([, d]) => d);
    if (hits.length) el.title = [...new Set(hits)].join("\n");
  }
}
