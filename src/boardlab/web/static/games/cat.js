// 戴帽子的猫 (cat): three rooms with one mess lane per player and a fish pile, mom's car
// on the station track, the fun track, and the seat's hand (click a card, then where).
import { h, t } from "../i18n.js";
import { iconsFrom } from "../words.js";

const ROOMS = { living: ["🛋️", "客厅", "Living room", "#ffe3d3"], kitchen: ["🍳", "厨房", "Kitchen", "#e0f1dc"],
  bath: ["🛁", "浴室", "Bathroom", "#dcebfb"] };
const SPECIAL = { clean: ["🧽", "收拾", "Clean"], shift: ["🔀", "甩锅", "Shift"], cat: ["🎩", "猫牌", "Cat"], fish: ["🐟", "鱼牌", "Fish"] };
const LETTER = { L: "living", K: "kitchen", B: "bath" };
const ROLES = { cat: ["🎩", "戴帽子的猫", "The Cat in the Hat"], fish: ["🐟", "鱼", "Fish"], konrad: ["🧒", "康拉德", "Conrad"],
  sally: ["👧", "莎莉", "Sally"], things: ["👯", "东西一号二号", "Thing 1 & 2"] };
/** What the board's and the log's icons mean (tooltips; the rules glossary explains the rest). */
export const icons = { ...iconsFrom(ROOMS, SPECIAL, ROLES), "✨": ["特殊牌堆", "Special cards pile"],
  "💥": ["曝光：房间乱到顶，清零", "Exposed: the room's mess reached the top and is cleared"] };
const COLORS = ["#e8676b", "#4f8fd6", "#3fae7a", "#f2a93b", "#9b6bd6"];
let picked = null;
let redraw = null;  // re-renders the table after a card is picked

/** Plays that need only a room are made by tapping the room; draws by tapping the pile. */
function simplePlay(a) { return a.type === "play" && Object.keys(a).every(k => ["type", "card", "room"].includes(k)); }
export function placed(p) {
  return p.legal.filter(l => simplePlay(l.action) || l.action.type === "draw").map(l => l.action);
}
function pickable(p) {
  const cards = [...new Set(p.legal.filter(l => l.action.type === "play").map(l => l.action.card))];
  if (cards.length && !cards.includes(picked)) picked = cards[0];
  return cards;
}

const css = `
.cat-rooms { display: grid; grid-template-columns: repeat(3, 1fr); gap: 10px; }
.cat-room { border-radius: 14px; padding: 10px; box-shadow: var(--shadow); }
.cat-room h3 { margin: 0 0 6px; display: flex; justify-content: space-between; }
.cat-lane { display: flex; align-items: center; gap: 6px; margin: 4px 0; font-size: .85rem; }
.cat-lane .bar { height: 14px; border-radius: 7px; min-width: 2px; }
.cat-lane .nm { width: 4.5em; overflow: hidden; white-space: nowrap; text-overflow: ellipsis; }
.cat-fish { margin-top: 6px; font-size: .9rem; }
.cat-total { font-weight: 800; }
.cat-total.hot { color: #b23a3f; }
.cat-car { display: flex; gap: 6px; align-items: center; margin: 12px 0; flex-wrap: wrap; }
.cat-station { width: 44px; height: 44px; border-radius: 50%; background: #efe6da; display: flex; align-items: center; justify-content: center;
  font-weight: 700; position: relative; }
.cat-station.sealed { background: #d9d0e6; }
.cat-station.here { background: var(--accent); color: #fff; }
.cat-station .car { position: absolute; top: -18px; font-size: 1.2rem; }
.cat-station.home { background: #fff0b3; }
.pcard.sel { outline: 3px solid var(--accent); transform: translateY(-6px); }
.pcard.L { background: #ffe3d3; } .pcard.K { background: #e0f1dc; } .pcard.B { background: #dcebfb; }
.pcard.click { cursor: pointer; }
.cat-faced { display: flex; align-items: center; gap: 8px; margin-top: 8px; }
.cat-faced .pcard { opacity: .75; border-style: dashed; }
.cat-room.can { cursor: pointer; outline: 3px solid var(--accent); animation: pulse 1.2s infinite; }
.cat-piles { display: flex; gap: 8px; flex-wrap: wrap; margin: 8px 0; }
.cat-pile { background: #f4eee6; border-radius: 10px; padding: 6px 12px; font-weight: 700; }
.cat-pile.can { cursor: pointer; background: var(--accent2); color: #fff; animation: pulse 1.2s infinite; }
@media (max-width: 700px) { .cat-rooms { grid-template-columns: 1fr; } }
`;

function style() { if (!document.getElementById("cat-css")) document.head.append(h("style", { id: "cat-css" }, css)); }
const L = (x, lang) => (lang === "zh" ? x[1] : x[2]);

function cardFace(code, lang, extra = {}) {
  if (SPECIAL[code]) return h("div", { class: "pcard", ...extra }, SPECIAL[code][0], h("small", {}, L(SPECIAL[code], lang)));
  const room = ROOMS[LETTER[code[0]]];
  return h("div", { class: "pcard " + code[0], ...extra }, h("span", { style: "font-size:1.6rem" }, code.slice(1)),
    h("small", {}, room ? room[0] + " " + L(room, lang) : code));
}

export function render(p, ui) {
  style();
  const v = p.view, lang = ui.lang, n = v.players;
  const cards = pickable(p);
  const roomPlay = room => p.legal.find(l => simplePlay(l.action) && l.action.card === picked && l.action.room === room);
  redraw = ui.redraw;
  const maxLane = Math.max(6, ...Object.values(v.rooms).flatMap(r => r.lanes));
  const rooms = h("div", { class: "cat-rooms", id: "cat-rooms" }, Object.entries(ROOMS).map(([id, r]) => {
    const room = v.rooms[id];
    const l = roomPlay(id);
    return h("div", { class: "cat-room" + (l ? " can" : ""), style: `background:${r[3]}`, "data-room": id,
      "data-act": l ? JSON.stringify(l.action) : null, title: l ? ui.t(l.label) : null, onclick: l ? () => ui.act(l.action) : null },
      h("h3", {}, h("span", {}, `${r[0]} ${L(r, lang)}`),
        h("span", { class: "cat-total" + (room.total >= v.exposure_line - 2 ? " hot" : ""), "data-flip": `total-${id}` }, `${room.total}/${v.exposure_line}`)),
      room.lanes.map((m, s) => h("div", { class: "cat-lane" }, h("span", { class: "nm" }, ui.seatName(s)),
        h("span", { class: "bar", style: `width:${(m / maxLane) * 60 + 2}%;background:${COLORS[s % 5]}` }), h("b", { "data-flip": `lane-${id}-${s}` }, m))),
      h("div", { class: "cat-fish", "data-flip": `fish-${id}` }, `🐟 × ${room.fish}`));
  }));
  const stations = [];
  for (let i = 1; i <= v.stations; i++)
    stations.push(h("div", { class: "cat-station" + (i === v.station ? " here" : "") + (i >= v.seal_station ? " sealed" : ""),
      title: i >= v.seal_station ? (lang === "zh" ? "已封存：不再曝光" : "sealed: no exposures") : null }, i,
      i === v.station ? h("span", { class: "car", "data-move": "car" }, "🚗") : null));
  stations.push(h("div", { class: "cat-station home" }, "🏠"));
  const fun = h("div", { class: "kv" }, Array.from({ length: n }, (_, s) => [
    h("b", { style: `color:${COLORS[s % 5]}` }, ui.seatName(s) + (v.roles[s] && ROLES[v.roles[s]] ? " " + ROLES[v.roles[s]][0] : "")),
    h("span", {}, `🎉 ${v.fun[s]} · ✋ ${v.hand_sizes[s]}${(v.submitted || []).includes(s) ? " · ✅" : ""}`)]).flat());
  // the card played face down has left the hand (the rules keep it there until the reveal):
  // it is shown apart, by its face, never by its code
  const inHand = [...(v.hand || [])];
  if (v.my_play && inHand.includes(v.my_play.card)) inHand.splice(inHand.indexOf(v.my_play.card), 1);
  const hand = v.hand ? h("div", { id: "my-hand" }, h("h3", {}, t("hand")),
    h("div", { class: "hand" }, inHand.map(c => cardFace(c, lang, cards.includes(c) ? {
      class: "pcard click " + (c.length === 2 ? c[0] : "") + (c === picked ? " sel" : ""), "data-card": c,
      onclick: () => { picked = c; if (redraw) redraw(); } } : {}))),
    v.my_play ? h("div", { class: "cat-faced", id: "my-play" }, h("span", { class: "muted" }, lang === "zh" ? "已暗出，等待揭示：" : "Played face down, until the reveal:"),
      cardFace(v.my_play.card, lang, { "data-played": "1" })) : null) : null;
  const piles = h("div", { class: "cat-piles", id: "cat-piles" }, Object.entries(v.piles).map(([k, c]) => {
    const l = p.legal.find(x => x.action.type === "draw" && x.action.pile === k);
    return h("span", { class: "cat-pile" + (l ? " can" : ""), "data-pile": k, "data-act": l ? JSON.stringify(l.action) : null,
      title: l ? ui.t(l.label) : null, onclick: l ? () => ui.act(l.action) : null }, `${ROOMS[k] ? ROOMS[k][0] : "✨"} ${c}`);
  }));
  return h("div", { class: "card", id: "board" },
    h("div", { class: "toys-head", style: "display:flex;gap:10px;align-items:center;flex-wrap:wrap" },
      h("b", { style: "font-size:1.2rem" }, lang === "zh" ? `🚗 妈妈在第 ${Math.min(v.station, v.stations)}/${v.stations} 站` : `🚗 Mom at station ${Math.min(v.station, v.stations)}/${v.stations}`),
      h("span", { class: "tag " + (v.exposures_open ? "open" : "over"), id: "phase" }, v.exposures_open ? (lang === "zh" ? "会曝光" : "exposures on") : (lang === "zh" ? "已封存" : "sealed"))),
    h("div", { class: "cat-car" }, stations), rooms, h("div", { style: "margin-top:12px" }, fun), piles, hand);
}

/** Play phase: the picked card's plays that need more than a room (shift: from, to, how
 * much), and what is not a play at all; simple plays are made by tapping a room. */
export function controls(p, ui) {
  const plays = p.legal.filter(l => l.action.type === "play");
  if (!plays.length) { picked = null; return null; }
  pickable(p);
  const zh = ui.lang === "zh";
  const box = h("div", { id: "cat-controls" }, h("div", { class: "muted" }, zh
    ? "① 在手牌里点一张牌 ② 点它要去的房间" : "① Tap a card in your hand ② tap the room it goes to"));
  const more = plays.filter(l => l.action.card === picked && !simplePlay(l.action));
  if (more.length) box.append(ui.generic(more, ui));
  const rest = p.legal.filter(l => l.action.type !== "play" && l.action.type !== "draw");
  if (rest.length) box.append(ui.generic(rest, ui));
  return box;
}
