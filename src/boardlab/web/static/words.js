// The game's own words on screen: labels from Game.labels() (games/<id>/texts.py), one way of
// naming players, end-of-game figures as labelled words, the rules panel and emoji tooltips.
import { h, t, getLang } from "./i18n.js";

let info = { labels: {} };
const GENERIC_BOTS = { random: ["随机", "Random"], montecarlo: ["蒙特卡洛搜索", "Monte Carlo search"],
  ismcts: ["信息集蒙特卡洛树搜索", "Information-set tree search"], strong: ["强手", "Strong"] };

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

/** The table's options with the game's defaults for those not set (what its rules texts'
 * {name} placeholders stand for). */
export function optionsOf(config) {
  const props = (info.config_schema || {}).properties || {};
  const out = Object.fromEntries(Object.entries(props).map(([k, v]) => [k, v.default]));
  return { ...out, ...(config || {}) };
}
/** A rules text with its {option} placeholders replaced by this table's figures (a text
 * written for the rulebook's numbers follows the options the table was opened with). */
export function filled(text, config) {
  const opts = optionsOf(config);
  return String(text).replace(/\{(\w+)\}/g, (m, k) => (opts[k] === undefined || opts[k] === null ? m : figure(opts[k])));
}

/** The rules panel: the turn in short, the current phase explained, every icon explained;
 * its figures are this table's (config: the table's options). */
export function rulesPanel(phase, config) {
  const r = info.labels.rules;
  if (!r) return null;
  const zh = getLang() === "zh";
  const tf = x => filled(t(x), config);
  const now = phase && r.phases && r.phases[phase] ? h("p", { class: "rules-now", id: "rules-phase" },
    h("b", {}, (zh ? "现在：" : "Now: ") + label("phases", phase) + " — "), tf(r.phases[phase])) : null;
  return h("details", { class: "card rules", id: "rules" },
    h("summary", {}, "📖 " + (zh ? "规则速览" : "Rules at a glance")),
    now, h("p", {}, tf(r.turn)),
    r.glossary ? h("ul", { class: "glossary" }, r.glossary.map(([icon, x]) => h("li", {}, h("span", { class: "gi" }, icon), " ", tf(x)))) : null);
}

// The page's own icons (the game's are in its rules glossary, its board's in its renderer).
const UI_ICONS = {
  "🎲": ["boardlab：桌游试验场", "boardlab: the board game lab"], "🙂": ["你在这个座位上", "You play this seat"],
  "👀": ["观战", "Spectating"], "⚠": ["注意", "Warning"], "⛔": ["被拒绝", "Refused"], "📱": ["在这台设备上 / 换设备", "On this device / move to another device"],
  "🤖": ["机器人", "Bot"], "⏳": ["等待中", "Waiting"], "✅": ["已完成", "Done"], "👉": ["轮到你", "Your turn"],
  "👆": ["点选", "Tap to choose"], "🏆": ["终局", "Final scores"], "👑": ["胜者", "Winner"], "💾": ["下载对局记录", "Download the record"],
  "📜": ["对局记录", "The game's log"], "⏩": ["节奏", "Pace"], "🔒": ["只有你看得到", "Only you see this"],
  "📖": ["规则", "Rules"], "▶": ["开始", "Start"], "👥": ["人数", "Players"], "⬜": ["空座位", "Free seat"],
  "📋": ["复制", "Copy"], "✕": ["关闭", "Close"], "✓": ["完成", "Done"],
  "🙋": ["你的座位", "Your seat"], "⏯": ["回放", "Replay"], "🏁": ["终局", "The end"], "⏮": ["第一步", "First step"],
  "⏭": ["最后一步", "Last step"], "◀": ["上一步", "Step back"], "🔔": ["轮到你时提醒", "Alert me on my turn"],
  "🔄": ["再来一局", "Rematch"], "✏": ["改名字", "Change your name"], "👍": ["赞", "Nice"], "😂": ["笑死", "Ha ha"],
  "😮": ["哇", "Wow"], "😅": ["尴尬", "Oops"], "🤔": ["想想", "Hmm"], "👏": ["鼓掌", "Well played"], "🎉": ["太好了", "Hooray"],
  "😢": ["难过", "Sad"], "⏱": ["回合计时", "Turn timer"], "💬": ["聊天", "Chat"],
};
let boardIcons = {};
/** {icon: [zh, en]} from a renderer's tables of [icon, zh, en] (an icon with several
 * meanings gets them all). */
export function iconsFrom(...tables) {
  const out = {};
  for (const table of tables) for (const x of Object.values(table)) {
    if (!Array.isArray(x) || x.length < 3) continue;
    const k = x[0].replace(/\uFE0F/g, "");
    out[k] = out[k] ? [out[k][0] + " / " + x[1], out[k][1] + " / " + x[2]] : [x[1], x[2]];
  }
  return out;
}
/** The icons a game's board draws beyond its rules glossary ({icon: {zh, en} or [zh, en]}). */
export function setBoardIcons(icons) { boardIcons = icons || {}; }

const EMOJI = /\p{Extended_Pictographic}(?:\uFE0F|\u200D\p{Extended_Pictographic}|\p{Emoji_Modifier})*/gu;
const HAS_EMOJI = /\p{Extended_Pictographic}/u;  // (not global: no lastIndex carried between uses)
const bare = s => s.replace(/\uFE0F/g, "");
const SKIP = "[title]:not([title='']), .legend, .glossary, script, style, textarea, select, option";

/** What an icon means, in the player's language, or null. */
export function iconTip(icon) {
  const key = bare(icon);
  const r = info.labels.rules;
  const hit = r && r.glossary ? r.glossary.find(([i]) => bare(i) === key) : null;
  if (hit) return t(hit[1]);
  const x = Object.entries(boardIcons).find(([i]) => bare(i) === key);
  if (x) return Array.isArray(x[1]) ? x[1][getLang() === "zh" ? 0 : 1] : t(x[1]);
  // a game word that starts with the icon (🐻 bear) says what the icon is
  for (const kind of Object.values(info.labels || {})) {
    if (!kind || typeof kind !== "object" || Array.isArray(kind)) continue;
    for (const w of Object.values(kind)) {
      const text = w && typeof w === "object" && typeof w.en === "string" ? bare(t(w)) : "";
      if (text.startsWith(key) && text.length > key.length + 1) return text.slice(key.length).trim();
    }
  }
  const u = UI_ICONS[key];
  return u ? u[getLang() === "zh" ? 0 : 1] : null;
}

/** Tooltips on every emoji on screen: each icon not already inside an element with a title
 * (or a legend that spells it out) is wrapped in a span whose title says what it means. */
export function addTooltips(root) {
  if (!root) return;
  // icons wrapped before keep their span: their tooltip follows the language now chosen
  for (const el of root.querySelectorAll("span.icon")) {
    const tip = iconTip(el.textContent);
    if (tip && el.title !== tip) el.title = tip;
  }
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const found = [];
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    if (HAS_EMOJI.test(n.data) && n.parentElement && !n.parentElement.closest(SKIP)) found.push(n);
  }
  for (const n of found) {
    const parts = [];
    let at = 0;
    for (const m of n.data.matchAll(EMOJI)) {
      const tip = iconTip(m[0]);
      if (!tip) continue;
      if (m.index > at) parts.push(document.createTextNode(n.data.slice(at, m.index)));
      parts.push(h("span", { class: "icon", title: tip }, m[0]));
      at = m.index + m[0].length;
    }
    if (!parts.length) continue;
    if (at < n.data.length) parts.push(document.createTextNode(n.data.slice(at)));
    n.replaceWith(...parts);
  }
}
