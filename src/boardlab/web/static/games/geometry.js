// 几何密室 (geometry): five doors; behind each door every player hides one card — one shape,
// the others empty (✖). Open doors are lit; the leader holds the key 🔑 (the crown 👑 is the
// winner's, on the final table); score and penalty markers per seat. Once the game is over
// every seat's hidden cards are shown (the seats' final views, ui.finalViews).
import { h } from "../i18n.js";

const css = `
.geo-doors { display: grid; grid-template-columns: minmax(3.5em, 7em) repeat(5, minmax(0, 1fr)) max-content; gap: 6px; align-items: center; }
.geo-door { text-align: center; font-weight: 800; padding: 6px 0; border-radius: 10px; background: #efe6da; }
.geo-door.open { background: #ffd86b; box-shadow: 0 0 0 3px #f2a93b inset; }
.geo-card { height: 54px; border-radius: 10px; display: flex; align-items: center; justify-content: center;
  font-size: 1.6rem; background: linear-gradient(135deg, #5a6cc4, #3c4a9a); color: #fff; box-shadow: var(--shadow); }
.geo-card.face { background: #fffdf8; color: #333; border: 2px solid #d9cdbd; }
.geo-card.shape { background: #e3f1ff; border-color: #4f8fd6; }
.geo-card.opendoor { outline: 3px solid #f2a93b; }
.geo-card.shown { background: #f3e5e5; color: #8a3a3a; }
.geo-name { font-weight: 700; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.geo-name.out { text-decoration: line-through; opacity: .5; }
.geo-marks { font-size: .9rem; display: flex; flex-direction: column; white-space: nowrap; line-height: 1.3; }
.geo-door.can, .geo-card.can { cursor: pointer; box-shadow: 0 0 0 3px var(--accent); animation: pulse 1.2s infinite; }
@media (max-width: 600px) { .geo-doors { grid-template-columns: minmax(2.5em, 4em) repeat(5, minmax(0, 1fr)) max-content; gap: 4px; }
  .geo-card { height: 40px; font-size: 1.2rem; } .geo-marks { font-size: .7rem; } }
`;

function style() { if (!document.getElementById("geo-css")) document.head.append(h("style", { id: "geo-css" }, css)); }

// one symbol per card kind, the same as in the log: "x" my own empty card (only I see it),
// "X" an empty card turned up for everyone
/** What the board's icons mean beyond the rules glossary (tooltips). */
export const icons = { "✖": ["空门牌", "Empty card"], "☆": ["还差的得分标记", "Score marker still to win"],
  "▫": ["还没有的罚分标记", "Penalty marker not taken yet"], "🔑": ["领袖：本轮开门的人", "Leader: opens this round's door"] };
const FACE = { x: "✖", X: "✖", shape: "🔷" };

/** Choices with a place: a door to open (or add), the leader's card to accuse, my ✖ to turn up. */
export function placed(p) {
  return p.legal.filter(l => ["open", "add", "accuse", "reveal_x"].includes(l.action.type)).map(l => l.action);
}
function find(p, type, door) { return p.legal.find(l => l.action.type === type && l.action.door === door); }
function actAttrs(l, ui, extra = {}) {
  return l ? { "data-act": JSON.stringify(l.action), title: ui.t(l.label), onclick: () => ui.act(l.action), ...extra } : extra;
}

export function render(p, ui) {
  style();
  const v = p.view, zh = ui.lang === "zh";
  const open = new Set(v.open || []);
  const cfg = p.table.config || {}, win = cfg.win_points ?? 2, out = cfg.penalties_out ?? 3;
  const cells = [h("div", {}, "")];
  for (let d = 1; d <= v.doors; d++) {
    const l = find(p, "open", d) || find(p, "add", d);
    cells.push(h("div", actAttrs(l, ui, { class: "geo-door" + (open.has(d) ? " open" : "") + (l ? " can" : ""), "data-door": d }), `🚪${d}`));
  }
  cells.push(h("div", {}, ""));
  v.seats.forEach((s, i) => {
    const lead = i === v.leader && !p.result ? " 🔑" : "";
    // at the end: the seat's own cards, as its final view shows them (nothing is hidden any more)
    const own = p.result && ui.finalViews && ui.finalViews[i] ? ui.finalViews[i].seats[i].cards : null;
    const cards = own ? own.map((c, d) => s.cards[d] || c) : s.cards;
    cells.push(h("div", { class: "geo-name" + (s.out ? " out" : "") }, ui.seatName(i) + lead));
    cards.forEach((c, d) => {
      const l = (i === v.leader && find(p, "accuse", d + 1)) || (i === ui.seat && find(p, "reveal_x", d + 1)) || null;
      const cls = ["geo-card", c ? "face" : "", c === "shape" ? "shape" : "", c === "X" ? "shown" : "", open.has(d + 1) ? "opendoor" : "", l ? "can" : ""];
      cells.push(h("div", actAttrs(l, ui, { class: cls.join(" "), "data-seat-card": `${i}-${d + 1}`, "data-flip": `card-${i}-${d}` }), c ? FACE[c] || c : ""));
    });
    cells.push(h("div", { class: "geo-marks", "data-marks": i },
      h("span", { class: "geo-score", title: zh ? "得分标记" : "score markers" }, "⭐".repeat(s.score) + "☆".repeat(Math.max(0, win - s.score))),
      h("span", { class: "geo-pen", title: zh ? "罚分标记" : "penalty markers" }, "❌".repeat(s.penalty) + "▫".repeat(Math.max(0, out - s.penalty)))));
  });
  const phase = ui.label("phases", v.phase);
  const legend = zh ? `🔷 图形 · ✖ 空门牌（红底 = 已公开） · 蓝色背面 = 未翻开 · 🔑 领袖 · ⭐ 得分标记（${win} 个获胜） · ❌ 罚分（${out} 个出局）`
    : `🔷 shape · ✖ empty card (red = shown to all) · blue back = face down · 🔑 leader · ⭐ score marker (${win} win) · ❌ penalty (${out} and out)`;
  // v.round counts finished rounds: the one being played is the next, none once it is over
  const round = p.result || v.phase === "over" ? v.round : v.round + 1;
  return h("div", { class: "card", id: "board" },
    h("div", { style: "display:flex;gap:10px;align-items:center;flex-wrap:wrap;margin-bottom:10px" },
      h("b", { style: "font-size:1.2rem" }, zh ? `🔷 几何密室 · 第 ${round} 轮` : `🔷 Geometry rooms · round ${round}`),
      h("span", { class: "tag", id: "phase" }, phase),
      h("span", { class: "muted" }, (zh ? "已同意 " : "agreed ") + v.oks)),
    h("div", { class: "geo-doors", id: "geo-doors" }, cells),
    h("p", { class: "muted legend", id: "geo-legend" }, legend));
}
