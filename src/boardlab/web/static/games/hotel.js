// 大陆酒店 暗拍接单 (hotel): tonight's event, the contract wall (tag, D, reward, risk mark,
// owner), the vault, every seat's gold / reputation / wounds / stays / hospital / sealed bid,
// and the seat's own technique cards and intel. Only what p.view holds is drawn. Bids are made
// on the wall, execution on the contract being carried out (a card of the hand, then the gold),
// intel on the intel cards.
import { h } from "../i18n.js";
import { iconsFrom } from "../words.js";

const TAGS = { gun: ["🔫", "枪斗术", "Gun"], melee: ["🥊", "近身格斗", "Melee"], stealth: ["🥷", "潜行", "Stealth"] };
const RISK = { cleanup: ["善后费", "Cleanup fee"], tough: ["硬茬子", "Tough nut"], gutter: ["阴沟翻船", "Gutter"],
  legend: ["传奇难度", "Legendary"] };
const ROLES = { wick: ["约翰·威克", "John Wick"], winston: ["温斯顿", "Winston"], charon: ["查伦", "Charon"],
  beggar: ["丐帮王", "Beggar King"], sofia: ["索菲亚", "Sofia"], cassian: ["卡西安", "Cassian"] };
const INTEL = { foresight: ["🔮", "预知", "Foresight"], eavesdrop: ["👂", "窃听", "Eavesdrop"], medical: ["🩹", "医疗", "Medical"],
  key: ["🗝️", "门匙", "Key"] };
const EVENTS = {
  gunshots: ["💥", "外廊枪声：金币最多者失 4 入金库（平手各失 2）", "Gunshots: richest loses 4 to the vault (tied: 2 each)"],
  cleaner: ["🧹", "清道夫：有伤者各失 2 金币入金库", "Cleaner: every wounded pays 2 to the vault"],
  hospitality: ["🍸", "查伦的款待：入住者多抽 1 情报", "Charon's hospitality: check-ins draw 1 more intel"],
  high_table: ["🏛️", "高桌召见：声望最高者付 3 入金库，否则 −1 声望", "High Table: top reputation pays 3 to the vault, else -1 reputation"],
  doctor: ["🩺", "地下医生：受伤者治疗 1", "Doctor: every wounded heals 1"],
  prepay: ["💰", "客户预付：每人得 2 金币", "Prepay: everyone gains 2 gold"],
  bounty: ["🎯", "连锁悬赏：完成最高难度者 +1 声望", "Bounty: top difficulty completed +1 rep"],
  peace: ["🕊️", "大堂和平夜：入住者治疗 2", "Peace night: check-ins heal 2"],
  rush: ["⏱️", "限时加急：本夜报酬 +2", "Rush: rewards +2 tonight"],
  full_house: ["🈵", "酒店满房：本夜不可入住", "Full house: no check-in tonight"],
  old_marker: ["🪙", "旧标记：金库付 3 给入住最多者", "Old marker: vault pays 3 to most check-ins"],
  broker: ["🕵️", "情报贩子：可弃情报重抽", "Broker: swap any intel cards"],
};
/** What the board's icons mean (tooltips; the rules glossary explains the rest). */
export const icons = { ...iconsFrom(TAGS, INTEL, EVENTS), "🏨": ["夜（共 5 夜）", "Night (of 5)"], "🃏": ["事件", "Event"],
  "🎭": ["角色", "Role"], "🤝": ["接单者", "Taken by"], "✉": ["已暗拍", "Bid sealed"], "🏥": ["住院中：本夜不行动", "In hospital: sits out tonight"],
  "🚑": ["下夜住院", "Hospital next night"], "🗡": ["一击必杀（索菲亚）", "One-shot kill (Sofia)"], "🏳": ["放弃：委托失败", "Give up: the contract fails"],
  "🛎": ["入住酒店", "Check in"] };
const PHASE = { bid: ["暗拍", "Sealed bids"], execute: ["执行", "Execution"], salvage: ["丐帮捡漏", "Salvage"] };

const css = `
.ht-board { background: linear-gradient(160deg, #1d1a24, #2c2333); color: #f3e9d2; border-radius: 16px; padding: 14px; }
.ht-board .muted { color: #b9ab93; }
.ht-head { display: flex; flex-wrap: wrap; gap: 8px 14px; align-items: center; margin-bottom: 10px; }
.ht-night { font-size: 1.25rem; font-weight: 800; color: #e8c872; letter-spacing: .03em; }
.ht-pill { background: rgba(255,255,255,.09); border: 1px solid rgba(232,200,114,.35); border-radius: 999px; padding: 3px 10px; font-size: .9rem; white-space: nowrap; }
.ht-event { display: flex; gap: 10px; align-items: center; background: rgba(232,200,114,.12); border: 1px solid rgba(232,200,114,.45);
  border-radius: 12px; padding: 8px 12px; margin-bottom: 12px; }
.ht-event .ic { font-size: 1.8rem; }
.ht-event b { color: #e8c872; }
.ht-h { margin: 12px 0 6px; font-size: .95rem; color: #e8c872; text-transform: uppercase; letter-spacing: .06em; }
.ht-wall { display: grid; grid-template-columns: repeat(auto-fill, minmax(132px, 1fr)); gap: 8px; }
.ht-com { position: relative; background: #f7efdc; color: #2a2230; border-radius: 12px; padding: 8px 10px; box-shadow: 0 2px 6px rgba(0,0,0,.35);
  border-top: 6px solid #888; }
.ht-com.gun { border-top-color: #c0504d; } .ht-com.melee { border-top-color: #d08a2c; } .ht-com.stealth { border-top-color: #4f6fb5; }
.ht-com .no { position: absolute; top: 4px; right: 8px; font-size: .75rem; color: #8a7c68; }
.ht-com .ht-tag { font-weight: 700; font-size: .9rem; }
.ht-com .nums { display: flex; gap: 10px; margin: 4px 0; font-size: 1.05rem; }
.ht-com .nums b { font-size: 1.3rem; }
.ht-risk { display: inline-block; background: #7a1f2b; color: #fff; border-radius: 6px; padding: 1px 6px; font-size: .75rem; font-weight: 700; }
.ht-safe { font-size: .75rem; color: #6e8a5c; }
.ht-owner { margin-top: 4px; font-size: .8rem; font-weight: 700; color: #2d5a8a; }
.ht-com.mine { outline: 3px solid #e8c872; }
.ht-com.now { box-shadow: 0 0 0 3px #ff7b7b, 0 2px 6px rgba(0,0,0,.35); }
.ht-ctl { display: flex; flex-direction: column; gap: 6px; }
.ht-row { display: flex; flex-wrap: wrap; align-items: center; gap: 6px; }
.ht-row .lbl { min-width: 9em; font-weight: 700; }
.ht-row button { min-width: 3.2em; padding: 6px 7px; font-size: .9rem; }
@media (min-width: 900px) { .ht-row { flex-wrap: nowrap; } .ht-row .lbl { flex: 0 1 auto; } }
.ht-bids { display: flex; flex-wrap: wrap; gap: 4px; align-items: center; margin-top: 6px; }
.ht-bids .muted { color: #8a7c68; font-size: .75rem; width: 100%; }
.ht-bid { padding: 4px 8px; font-size: .85rem; background: #7a1f2b; animation: pulse 1.2s infinite; }
.ht-row button.ok { background: #3f7a4f; color: #fff; }
@media (max-width: 640px) { .ht-row .lbl { min-width: 100%; } }
.ht-seats { display: grid; grid-template-columns: repeat(auto-fit, minmax(165px, 1fr)); gap: 8px; }
.ht-seat { background: rgba(255,255,255,.06); border: 1px solid rgba(255,255,255,.12); border-radius: 12px; padding: 8px 10px; }
.ht-seat.me { border-color: #e8c872; background: rgba(232,200,114,.10); }
.ht-seat.hosp { border-color: #c0504d; }
.ht-seat .top { display: flex; flex-direction: column; }
.ht-seat .nm { font-weight: 800; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.ht-seat .role { font-size: .8rem; color: #e8c872; white-space: nowrap; }
.ht-stats { display: flex; flex-wrap: wrap; gap: 4px 10px; margin-top: 4px; font-size: .92rem; }
.ht-flags { display: flex; flex-wrap: wrap; gap: 4px; margin-top: 5px; }
.ht-flag { font-size: .75rem; border-radius: 6px; padding: 1px 6px; background: rgba(255,255,255,.12); }
.ht-flag.sub { background: #3f7a4f; } .ht-flag.wait { background: #6b5a2a; } .ht-flag.hosp { background: #a33a3f; }
.ht-wounds.hot { color: #ff7b7b; font-weight: 800; }
.ht-mine { display: grid; grid-template-columns: 2fr 1fr; gap: 12px; }
.ht-hand { display: flex; flex-wrap: wrap; gap: 6px; }
.ht-card { width: 56px; height: 76px; border-radius: 9px; background: #f7efdc; color: #2a2230; display: flex; flex-direction: column;
  align-items: center; justify-content: center; box-shadow: 0 2px 5px rgba(0,0,0,.4); border-bottom: 5px solid #888; }
.ht-card.gun { border-bottom-color: #c0504d; } .ht-card.melee { border-bottom-color: #d08a2c; } .ht-card.stealth { border-bottom-color: #4f6fb5; }
.ht-card .v { font-size: 1.4rem; font-weight: 800; }
.ht-card small { font-size: .68rem; }
.ht-card.used { opacity: .35; transform: scale(.85); }
.ht-intel { background: #3b3350; color: #f3e9d2; border-bottom-color: #9b6bd6; }
.ht-choice { margin-top: 6px; font-size: .9rem; color: #e8c872; }
.ht-card.pick { cursor: pointer; animation: pulse 1.2s infinite; }
.ht-card.picked { outline: 3px solid #e8c872; transform: translateY(-6px); animation: none; }
.ht-card[data-act] { cursor: pointer; outline: 2px dashed #e8c872; }
.ht-exec { margin-top: 6px; border-top: 1px dashed #c9b995; padding-top: 6px; }
.ht-exec .muted { color: #8a7c68; font-size: .75rem; display: block; }
.ht-exec .chips { display: flex; flex-wrap: wrap; gap: 4px; margin-top: 4px; }
.ht-exec button { padding: 4px 7px; font-size: .82rem; background: #7a1f2b; white-space: nowrap; }
.ht-exec button.ok { background: #3f7a4f; }
.ht-peek { display: flex; flex-wrap: wrap; gap: 3px; margin-top: 3px; }
.ht-peek button { padding: 2px 6px; font-size: .75rem; }
@media (max-width: 640px) {
  .ht-board { padding: 10px; border-radius: 12px; }
  .ht-wall { grid-template-columns: repeat(2, 1fr); }
  .ht-seats { grid-template-columns: 1fr 1fr; }
  .ht-mine { grid-template-columns: 1fr; }
  .ht-card { width: 48px; height: 66px; }
}
`;

function style() { if (!document.getElementById("hotel-css")) document.head.append(h("style", { id: "hotel-css" }, css)); }
const L = (x, zh, i = 0) => (x ? x[zh ? i : i + 1] : "");

function tech(code, zh, extra = "", attrs = {}) {
  const tag = code.slice(0, -1), val = code.slice(-1), t = TAGS[tag];
  return h("div", { class: `ht-card ${tag} ${extra}`, "data-card": code, title: (t ? L(t, zh, 1) : tag) + " " + val, ...attrs },
    h("span", {}, t ? t[0] : "?"), h("span", { class: "v" }, val), h("small", {}, t ? L(t, zh, 1) : tag));
}

function choiceText(a, v, zh) {
  if (!a) return "";
  if (a.type === "checkin") return zh ? "🛎️ 入住" : "🛎️ check in";
  if (a.type === "bid") {
    const c = v.wall[a.commission];
    return (zh ? `出价 ${a.bid} → #${a.commission + 1}` : `bid ${a.bid} → #${a.commission + 1}`) + (c && TAGS[c.tag] ? " " + TAGS[c.tag][0] : "");
  }
  return zh ? "不行动" : "stands aside";
}

// Execution is chosen on the board: a technique card in the hand (picked, the best one at
// first), then the gold to add on the contract being carried out.
let picked = null;

/** Fire of a card on a contract: its value, +1 for a matching tag, plus the gold added. */
function fireOf(card, c, boost) { return Number(card.slice(-1)) + (c && c.tag === card.slice(0, -1) ? 1 : 0) + boost; }

/** The card to show first: the cheapest success, else the strongest card. */
function bestCard(cards, c, top) {
  let best = null, key = null;
  for (const card of cards) {
    const need = Math.max(0, c.d - fireOf(card, c, 0));
    const k = need <= top ? [0, need, fireOf(card, c, 0)] : [1, -fireOf(card, c, 0), 0];
    if (!key || k[0] < key[0] || (k[0] === key[0] && (k[1] < key[1] || (k[1] === key[1] && k[2] < key[2])))) { best = card; key = k; }
  }
  return best;
}

/** The execution choices on the contract being carried out: the picked card with each
 * amount of gold (its fire shown), the one-shot kill and giving up. */
function execChoices(p, ui, c, zh) {
  const execs = p.legal.filter(l => l.action.type === "execute");
  const other = p.legal.filter(l => l.action.type === "kill" || l.action.type === "forfeit");
  if (!execs.length && !other.length) return null;
  const chip = (l, text, cls = "") => h("button", { class: cls, "data-act": JSON.stringify(l.action), "data-exec": l.action.type,
    title: ui.t(l.label), onclick: () => ui.act(l.action) }, text);
  const cards = [...new Set(execs.map(l => l.action.card))];
  if (!cards.includes(picked)) picked = cards.length ? bestCard(cards, c, Math.max(...execs.map(l => l.action.boost))) : null;
  const mine = execs.filter(l => l.action.card === picked);
  const tg = picked ? TAGS[picked.slice(0, -1)] : null;
  return h("div", { class: "ht-exec", id: "hotel-exec" },
    picked ? h("span", { class: "muted" }, (zh ? "👆 点手牌换牌 · 补金币：" : "👆 tap a card in your hand to change it · gold to add:")) : null,
    picked ? h("div", { class: "ht-tag", "data-picked": picked }, `${tg ? tg[0] : ""} ${picked.slice(-1)}`
      + (c && c.tag === picked.slice(0, -1) ? (zh ? "（对口 +1）" : " (match +1)") : "")) : null,
    h("div", { class: "chips" }, mine.map(l => { const fire = fireOf(picked, c, l.action.boost);
      return chip(l, `+${l.action.boost}🪙 🔥${fire}`, fire >= c.d ? "ok" : ""); }),
    other.map(l => chip(l, l.action.type === "kill" ? (zh ? "🗡️ 一击必杀" : "🗡️ one-shot kill") : (zh ? "🏳️ 放弃" : "🏳️ give up"),
      l.action.type === "kill" ? "ok" : ""))));
}

export function render(p, ui) {
  style();
  const v = p.view, zh = ui.lang === "zh", n = v.gold.length;
  const ev = EVENTS[v.event];
  const submitted = new Set(v.submitted || []), resting = new Set(v.resting || []), hospNext = new Set(v.hospital_next || []);
  const toMove = new Set(v.to_move || []);
  const head = h("div", { class: "ht-head" },
    h("span", { class: "ht-night" }, zh ? `🏨 第 ${Math.min(v.night, v.nights)}/${v.nights} 夜` : `🏨 Night ${Math.min(v.night, v.nights)}/${v.nights}`),
    h("span", { class: "ht-pill", id: "hotel-phase" }, PHASE[v.phase] ? L(PHASE[v.phase], zh) : ui.label("phases", v.phase)),
    h("span", { class: "ht-pill", id: "hotel-vault" }, (zh ? "🏦 金库 " : "🏦 Vault ") + v.vault),
    v.decks ? h("span", { class: "ht-pill muted" }, (zh ? "委托牌堆 " : "Contract deck ") + v.decks.commissions) : null);
  const event = v.event ? h("div", { class: "ht-event", id: "hotel-event", "data-event": v.event },
    h("span", { class: "ic" }, ev ? ev[0] : "🃏"),
    h("div", {}, h("b", {}, zh ? "今夜事件" : "Tonight"), h("div", {}, ev ? L(ev, zh, 1) : v.event))) : null;

  const owners = v.owners || {};
  const current = v.phase === "execute" && v.queue && v.queue.length ? v.queue[0] : null;
  const wall = h("div", { class: "ht-wall", id: "hotel-wall" }, v.wall.map((c, i) => {
    const t = TAGS[c.tag], own = owners[String(i)];
    const bonus = c.reward !== c.r;
    const bids = p.legal.filter(l => l.action.type === "bid" && l.action.commission === i);
    return h("div", { class: `ht-com ${c.tag}` + (own === v.seat && own !== undefined ? " mine" : "") + (i === current ? " now" : ""), "data-com": i },
      h("span", { class: "no" }, `#${i + 1}`),
      h("div", { class: "ht-tag" }, `${t ? t[0] : ""} ${t ? L(t, zh, 1) : c.tag}`),
      h("div", { class: "nums" },
        h("span", { title: zh ? "难度" : "difficulty" }, "D", h("b", {}, c.d)),
        h("span", { title: zh ? "报酬" : "reward" }, "💰", h("b", {}, c.reward), bonus ? h("small", {}, ` (+${c.reward - c.r})`) : null)),
      c.risk ? h("span", { class: "ht-risk", "data-risk": c.risk }, "⚠ " + L(RISK[c.risk], zh)) : h("span", { class: "ht-safe" }, zh ? "无风险标记" : "no risk mark"),
      own !== undefined ? h("div", { class: "ht-owner", "data-flip": `owner-${i}` }, (zh ? "🤝 接单：" : "🤝 taken by ") + ui.seatName(own)) : null,
      i === current ? execChoices(p, ui, c, zh) : null,
      bids.length ? h("div", { class: "ht-bids", "data-bid-row": i }, h("span", { class: "muted" }, zh ? "暗拍出价" : "bid"),
        bids.map(l => h("button", { class: "ht-bid", "data-act": JSON.stringify(l.action), title: ui.t(l.label),
          onclick: () => ui.act(l.action) }, `🪙${l.action.bid}`))) : null);
  }));

  const seats = h("div", { class: "ht-seats", id: "hotel-seats" }, Array.from({ length: n }, (_, s) => {
    const role = v.roles && v.roles[s];
    const flags = [];
    if (resting.has(s)) flags.push(h("span", { class: "ht-flag hosp" }, zh ? "🏥 住院中" : "🏥 in hospital"));
    if (hospNext.has(s)) flags.push(h("span", { class: "ht-flag hosp" }, zh ? "🚑 下夜住院" : "🚑 hospital next night"));
    if (v.phase === "bid" && !resting.has(s)) flags.push(submitted.has(s)
      ? h("span", { class: "ht-flag sub", "data-submitted": s }, zh ? "✉️ 已暗拍" : "✉️ bid sealed")
      : h("span", { class: "ht-flag wait" }, zh ? "⏳ 考虑中" : "⏳ deciding"));
    else if (toMove.has(s)) flags.push(h("span", { class: "ht-flag wait" }, zh ? "⏳ 行动中" : "⏳ to act"));
    const rev = v.revealed && v.revealed[String(s)];
    if (rev) flags.push(h("span", { class: "ht-flag", "data-flip": `rev-${s}` }, choiceText(rev, v, zh)));
    const wounds = v.wounds[s];
    return h("div", { class: "ht-seat" + (s === v.seat ? " me" : "") + (resting.has(s) ? " hosp" : ""), "data-seat-box": s },
      h("div", { class: "top" }, h("span", { class: "nm" }, ui.seatName(s)),
        role ? h("span", { class: "role" }, "🎭 " + (L(ROLES[role], zh) || role)) : null),
      h("div", { class: "ht-stats" },
        h("span", { title: zh ? "金币" : "gold", "data-flip": `gold-${s}` }, `🪙 ${v.gold[s]}`),
        h("span", { title: zh ? "声望" : "reputation", "data-flip": `rep-${s}` }, `⭐ ${v.rep[s]}`),
        h("span", { title: zh ? "伤（4 伤住院）" : "wounds (4 = hospital)", class: "ht-wounds" + (wounds >= 3 ? " hot" : ""), "data-flip": `wounds-${s}` }, `🩸 ${wounds}/4`),
        h("span", { title: zh ? "入住次数" : "check-ins" }, `🛏️ ${v.checkins[s]}`),
        h("span", { title: zh ? "手牌" : "technique cards" }, `✋ ${v.hand_sizes[s]}`),
        h("span", { title: zh ? "情报" : "intel" }, `📁 ${v.intel_sizes[s]}`)),
      h("div", { class: "ht-flags" }, flags));
  }));

  let mine = null;
  if (v.seat !== null && v.seat !== undefined) {
    const hand = (v.hands && v.hands[v.seat]) || [];
    const played = (v.played && v.played[v.seat]) || [];
    const intel = (v.intel && v.intel[v.seat]) || [];
    mine = h("div", { class: "ht-mine", id: "my-hand" },
      h("div", {}, h("div", { class: "ht-h" }, zh ? "我的技巧牌" : "My technique cards"),
        h("div", { class: "ht-hand", id: "hotel-hand" }, hand.map(c => (executing(p)
          ? tech(c, zh, c === picked ? "picked" : "pick", { "data-pick": c, onclick: () => { picked = c; ui.redraw(); } })
          : tech(c, zh))), played.map(c => tech(c, zh, "used"))),
        v.my_choice ? h("div", { class: "ht-choice", id: "hotel-my-choice" }, (zh ? "我的暗拍：" : "My sealed choice: ") + choiceText(v.my_choice, v, zh)) : null),
      h("div", {}, h("div", { class: "ht-h" }, zh ? "我的情报" : "My intel"),
        h("div", { class: "ht-hand", id: "hotel-intel" }, intel.length ? [...new Set(intel)].map(c => intelCard(p, ui, c, zh, intel))
          : h("span", { class: "muted" }, zh ? "暂无情报" : "no intel yet")),
        v.known_top && v.known_top.length ? h("div", { class: "muted", style: "margin-top:6px;font-size:.85rem" },
          (zh ? "🔮 预知牌堆顶：" : "🔮 deck top: ") + v.known_top.map(c => `${TAGS[c.tag] ? TAGS[c.tag][0] : c.tag}D${c.d}`).join(" · ")) : null));
  }
  // others' hands peeked by eavesdrop
  const peeked = (v.hands || []).map((hd, s) => (hd && s !== v.seat ? h("div", { class: "muted", style: "font-size:.85rem" },
    `👂 ${ui.seatName(s)}: ${hd.map(c => (TAGS[c.slice(0, -1)] || ["?"])[0] + c.slice(-1)).join(" ")}`) : null)).filter(Boolean);

  return h("div", { class: "card ht-board", id: "board" }, head, event,
    h("div", { class: "ht-h" }, zh ? "委托墙" : "Contracts on offer"), wall,
    h("div", { class: "ht-h" }, zh ? "杀手们" : "Assassins"), seats, peeked, mine);
}

function executing(p) { return p.legal.some(l => l.action.type === "execute"); }

/** An intel card of the hand; played by tapping it (eavesdrop: on whom, under it). */
function intelCard(p, ui, c, zh, intel) {
  const uses = p.legal.filter(l => l.action.type === "intel" && l.action.card === c);
  const count = intel.filter(x => x === c).length;
  const face = [h("span", { class: "v" }, INTEL[c] ? INTEL[c][0] : "?"), h("small", {}, (INTEL[c] ? L(INTEL[c], zh, 1) : c) + (count > 1 ? ` ×${count}` : ""))];
  const one = uses.length === 1 && uses[0].action.target === undefined ? uses[0] : null;
  const card = h("div", { class: "ht-card ht-intel", "data-intel": c, title: INTEL[c] ? L(INTEL[c], zh, 1) : c,
    ...(one ? { "data-act": JSON.stringify(one.action), onclick: () => ui.act(one.action) } : {}) }, face);
  const targets = uses.filter(l => l.action.target !== undefined);
  if (!targets.length) return card;
  return h("div", {}, card, h("div", { class: "ht-peek" }, targets.map(l => h("button", { "data-act": JSON.stringify(l.action),
    title: ui.t(l.label), onclick: () => ui.act(l.action) }, "👂 " + ui.seatName(l.action.target)))));
}

/** Choices made on the board: bids on the wall, execution on the contract being carried
 * out (with the hand's cards), intel on the intel cards. */
export function placed(p) {
  return p.legal.filter(l => ["bid", "execute", "kill", "forfeit"].includes(l.action.type)
    || (l.action.type === "intel" && (l.action.target !== undefined
      || p.legal.filter(m => m.action.type === "intel" && m.action.card === l.action.card).length === 1))).map(l => l.action);
}
