// 几何密室 (geometry): five doors; behind each door every player hides one card — one shape,
// four X. Open doors are lit; the leader wears the crown; score and penalty markers per seat.
import { h } from "../i18n.js";

const css = `
.geo-doors { display: grid; grid-template-columns: 7em repeat(5, 1fr) 6em; gap: 6px; align-items: center; }
.geo-door { text-align: center; font-weight: 800; padding: 6px 0; border-radius: 10px; background: #efe6da; }
.geo-door.open { background: #ffd86b; box-shadow: 0 0 0 3px #f2a93b inset; }
.geo-card { height: 54px; border-radius: 10px; display: flex; align-items: center; justify-content: center;
  font-size: 1.6rem; background: linear-gradient(135deg, #5a6cc4, #3c4a9a); color: #fff; box-shadow: var(--shadow); }
.geo-card.face { background: #fffdf8; color: #333; border: 2px solid #d9cdbd; }
.geo-card.shape { background: #e3f1ff; border-color: #4f8fd6; }
.geo-card.opendoor { outline: 3px solid #f2a93b; }
.geo-name { font-weight: 700; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.geo-name.out { text-decoration: line-through; opacity: .5; }
.geo-marks { font-size: .9rem; }
@media (max-width: 600px) { .geo-doors { grid-template-columns: 4.5em repeat(5, 1fr) 4.5em; } .geo-card { height: 40px; font-size: 1.2rem; } }
`;

function style() { if (!document.getElementById("geo-css")) document.head.append(h("style", { id: "geo-css" }, css)); }

const FACE = { x: "✖", shape: "🔷" };

export function render(p, ui) {
  style();
  const v = p.view, zh = ui.lang === "zh";
  const open = new Set(v.open || []);
  const cells = [h("div", {}, "")];
  for (let d = 1; d <= v.doors; d++) cells.push(h("div", { class: "geo-door" + (open.has(d) ? " open" : ""), "data-door": d }, `🚪${d}`));
  cells.push(h("div", {}, ""));
  v.seats.forEach((s, i) => {
    const lead = i === v.leader ? " 👑" : "";
    cells.push(h("div", { class: "geo-name" + (s.out ? " out" : "") }, ui.seatName(i) + lead));
    s.cards.forEach((c, d) => {
      const cls = ["geo-card", c ? "face" : "", c === "shape" ? "shape" : "", open.has(d + 1) ? "opendoor" : ""];
      cells.push(h("div", { class: cls.join(" ") }, c ? FACE[c] || c : ""));
    });
    cells.push(h("div", { class: "geo-marks" }, "⭐".repeat(s.score) + "☆".repeat(Math.max(0, 2 - s.score)),
      h("br"), "❌".repeat(s.penalty) + "·".repeat(Math.max(0, 3 - s.penalty))));
  });
  const phase = { lead: zh ? "领头人开门" : "the leader opens a door", respond: zh ? "依次回应" : "answering in turn",
    reveal_x: zh ? "指认成功：翻开一张 X" : "accusation hit: turn up an X" }[v.phase] || v.phase;
  return h("div", { class: "card", id: "board" },
    h("div", { style: "display:flex;gap:10px;align-items:center;flex-wrap:wrap;margin-bottom:10px" },
      h("b", { style: "font-size:1.2rem" }, zh ? `🔷 几何密室 · 第 ${v.round + 1} 轮` : `🔷 Geometry rooms · round ${v.round + 1}`),
      h("span", { class: "tag" }, phase),
      h("span", { class: "muted" }, (zh ? "已同意 " : "OKs ") + v.oks)),
    h("div", { class: "geo-doors", id: "geo-doors" }, cells),
    h("p", { class: "muted" }, zh ? "🔷 图形 · ✖ 空门 · 蓝色背面 = 未翻开 · ⭐ 得分标记（2 个获胜） · ❌ 罚分（3 个出局）"
      : "🔷 shape · ✖ empty · blue back = face down · ⭐ score marker (2 wins) · ❌ penalty (3 and out)"));
}
