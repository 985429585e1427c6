// 玩具不许动 (toys): Andy's 3x3 room as the rulebook pictures it, tokens, sight, companions,
// the exposure track up to its cap, night/moment, each seat's status and the seat's own item.
import { h, t } from "../i18n.js";
import { iconsFrom } from "../words.js";

const CELLS = {
  window: ["🪟", "窗台", "window sill"], bed: ["🛏️", "安迪的床", "Andy's bed"], shelf: ["📚", "书架", "bookshelf"],
  blocks: ["🧱", "积木角", "block corner"], rug: ["🟥", "地毯", "rug"], toybox: ["🧸", "玩具箱", "toy box"],
  door: ["🚪", "门口", "doorway"], lane: ["🚗", "赛车车道", "race lane"], kennel: ["🐶", "狗窝", "dog bed"],
};
const ROLES = { cowboy: ["🤠", "牛仔队长", "Cowboy captain"], ranger: ["🚀", "太空骑警", "Space ranger"],
  dino: ["🦖", "塑料恐龙", "Plastic dino"], potato: ["🥔", "土豆先生", "Mr Potato"],
  springdog: ["🐩", "弹簧狗", "Spring dog"], dragon: ["🐉", "抱抱龙", "Hug dragon"] };
const COMPANIONS = { bear: "🐻", pig: "🐷", brachio: "🦕", frog: "🐸", robot: "🤖", bunny: "🐰", octopus: "🐙",
  chick: "🐤", doll: "🪆", turtle: "🐢", koala: "🐨", fox: "🦊" };
const ITEMS = { socks: ["🧦", "绒拖鞋", "fluffy slippers"], flashlight: ["🔦", "手电筒", "flashlight"],
  oil: ["🧴", "润滑油", "oil can"], earmuffs: ["🎧", "隔音耳罩", "earmuffs"], magnet: ["🧲", "小磁铁", "magnet"],
  box: ["📦", "纸箱盾", "cardboard shield"], clock: ["⏰", "小闹钟", "alarm clock"], mirror: ["🪞", "小镜子", "hand mirror"] };
const TASKS = { tidy_blocks: ["🧹", "收拾积木", "Tidy the blocks"], park_cars: ["🚗", "赛车归位", "Park the cars"],
  shelve_books: ["📚", "书本上架", "Shelve the books"], water_dog: ["🐶", "给小狗添水", "Water for the dog"],
  close_window: ["🪟", "关上窗户", "Close the window"], find_friends: ["🧹", "找回失踪伙伴", "Find the lost friends"],
  crayon: ["🎨", "擦掉蜡笔印", "Wipe the crayon"], door_gap: ["🚪", "堵住门缝", "Block the door gap"],
  make_bed: ["🛏️", "铺好被子", "Make the bed"], big_clean: ["🧽", "深夜大扫除", "Midnight clean-up"] };
const ROLLS = { roll_over: ["😴", "翻了个身", "Rolls over"], drink: ["🥛", "起来喝水", "Gets up for water"],
  moonlight: ["🌙", "月光洒进来", "Moonlight"], sleepwalk: ["😶‍🌫️", "安迪梦游", "Sleepwalks"], mom: ["👩", "妈妈推门看一眼", "Mum peeks in"],
  kick: ["🦵", "踢开了被子", "Kicks off the quilt"], nightlight: ["💡", "小夜灯亮了", "Night light on"],
  sleeptalk: ["🗣️", "说了句梦话", "Talks in his sleep"], bark: ["🐕", "狗叫了两声", "The dog barks"], sit_up: ["🛌", "安迪坐了起来", "Sits up"] };
/** What the board's icons mean (tooltips; the rules glossary explains the others). */
export const icons = { ...iconsFrom(CELLS, ROLES, ITEMS, TASKS, ROLLS), "🎁": ["伙伴", "a companion"] };
const NOISE = { 0: "🤫", 1: "🚶", 2: "💥", 3: "🔊" };
const COLORS = ["#e8676b", "#4f8fd6", "#3fae7a", "#f2a93b", "#9b6bd6", "#2bb3b1"];

const L = (pair, lang) => (lang === "zh" ? pair[1] : pair[2]);
const css = `
.toys-room { display: grid; grid-template-columns: repeat(3, 1fr); gap: 8px; background: #8b5e3c; padding: 10px; border-radius: 16px;
  box-shadow: inset 0 0 0 4px #6b4529, var(--shadow); }
.toys-cell { background: linear-gradient(160deg, #fff8ea, #f4e4c8); border-radius: 12px; min-height: 112px; padding: 6px; position: relative;
  display: flex; flex-direction: column; align-items: center; gap: 4px; border: 3px solid transparent; }
.toys-cell .ico { font-size: 1.9rem; line-height: 1; }
.toys-cell .nm { font-weight: 700; font-size: .85rem; }
.toys-cell.sight { background: linear-gradient(160deg, #fff3a8, #ffd86b); border-color: #f2a93b; }
.toys-cell.sight::before { content: "👀"; position: absolute; top: 4px; right: 6px; font-size: 1.2rem; }
.toys-cell.task { box-shadow: inset 0 0 0 3px #3fae7a55; }
.toys-cell.can { border-color: var(--accent); cursor: pointer; animation: pulse 1.2s infinite; }
@keyframes pulse { 50% { box-shadow: 0 0 0 4px #e8676b55; } }
.toys-cell .marker { position: absolute; top: 4px; left: 6px; font-size: 1.3rem; }
.toys-tokens { display: flex; flex-wrap: wrap; gap: 3px; justify-content: center; }
.toys-token { width: 30px; height: 30px; border-radius: 50%; display: flex; align-items: center; justify-content: center; color: #fff;
  font-size: .95rem; box-shadow: 0 2px 4px rgba(0,0,0,.3); border: 2px solid #fff; }
.toys-token.frozen { filter: grayscale(.6); opacity: .7; }
.toys-head { display: flex; flex-wrap: wrap; gap: 10px; align-items: center; margin-bottom: 10px; }
.toys-head .big { font-size: 1.2rem; font-weight: 800; }
.toys-players { display: grid; grid-template-columns: repeat(auto-fill, minmax(180px, 1fr)); gap: 8px; margin-top: 12px; }
.toys-player { background: #fffaf3; border-radius: 12px; padding: 8px; border-left: 6px solid #ccc; font-size: .9rem; }
.toys-mine { display: flex; gap: 12px; flex-wrap: wrap; align-items: center; margin-top: 10px; }
`;

function style() {
  if (!document.getElementById("toys-css")) document.head.append(h("style", { id: "toys-css" }, css));
}

function track(value, cap, threshold, label) {
  const steps = [];
  for (let i = 1; i <= cap; i++)
    steps.push(h("span", { class: "step" + (i <= value ? " fill" : "") + (i === cap ? " cap" : "") + (i === threshold ? " mark" : "") }, i));
  return h("div", {}, h("b", {}, label, ` ${value}/${cap}`), h("div", { class: "track" }, steps));
}

/** Choices made on the board: moves without a boost (a cell; staying = my own cell) and
 * noise cards played without an item or ability (a card in the hand). */
function onBoard(p) {
  return p.legal.filter(l => (l.action.type === "move" && !(l.action.boosts && l.action.boosts.length))
    || (l.action.type === "noise" && !l.action.item && !l.action.rocket));
}
export function placed(p) {
  const ends = new Set();
  return onBoard(p).filter(l => {  // one choice per cell: the shortest path to it
    if (l.action.type !== "move") return true;
    const end = l.action.path.length ? l.action.path[l.action.path.length - 1] : "";
    if (ends.has(end)) return false;
    ends.add(end); return true;
  }).map(l => l.action);
}

export function render(p, ui) {
  style();
  const v = p.view, lang = ui.lang, n = p.table.players;
  const moves = {}, mySeat = ui.seat;
  for (const l of onBoard(p)) if (l.action.type === "move") {
    const end = l.action.path.length ? l.action.path[l.action.path.length - 1] : (v.positions || [])[mySeat];
    if (!moves[end]) moves[end] = l;
  }
  const plays = {};
  for (const l of onBoard(p)) if (l.action.type === "noise") plays[l.action.card] = l;
  const room = h("div", { class: "toys-room", id: "toys-room" }, Object.entries(CELLS).map(([id, c]) => {
    const here = [];
    (v.positions || []).forEach((pos, s) => { if (pos === id) here.push(s); });
    const marker = v.markers && v.markers[id];
    const cls = ["toys-cell", (v.sight || []).includes(id) ? "sight" : "", (v.task_cells || []).includes(id) ? "task" : "", moves[id] ? "can" : ""].join(" ");
    return h("div", { class: cls, "data-cell": id, title: moves[id] ? ui.t(moves[id].label) : "",
      "data-act": moves[id] ? JSON.stringify(moves[id].action) : null,
      onclick: moves[id] ? () => ui.act(moves[id].action) : null },
      marker ? h("span", { class: "marker", title: ui.label("values", marker) }, COMPANIONS[marker] || "🎁") : null,
      h("span", { class: "ico" }, c[0]), h("span", { class: "nm" }, lang === "zh" ? c[1] : c[2]),
      h("div", { class: "toys-tokens" }, here.map(s => h("span", {
        class: "toys-token" + (v.frozen[s] ? " frozen" : ""), style: `background:${COLORS[s % 6]}`, "data-move": `token-${s}`,
        title: ui.seatName(s) }, v.roles && v.roles[s] && ROLES[v.roles[s]] ? ROLES[v.roles[s]][0] : s))));
  }));
  const phase = ui.label("phases", v.phase);
  // when the game is over the counters stay on the last night and moment played
  const night = Math.min(v.night, v.nights), moment = Math.min(v.moment, 3);
  const head = h("div", { class: "toys-head" },
    h("span", { class: "big", title: lang === "zh" ? "夜与时刻" : "night and moment" }, lang === "zh" ? `🌙 第 ${night}/${v.nights} 夜 · 时刻 ${moment}/3` : `🌙 Night ${night}/${v.nights} · moment ${moment}/3`),
    h("span", { class: "tag running", id: "phase" }, phase),
    h("span", { class: "muted" }, (lang === "zh" ? "任务进度 " : "task progress ") + `${v.progress}/${v.need}`),
    TASKS[v.task_card] ? h("span", { class: "tag open", title: lang === "zh" ? "今夜任务（绿框）" : "tonight's task (green cells)" },
      `${TASKS[v.task_card][0]} ${L(TASKS[v.task_card], lang)}`) : null,
    ROLLS[v.roll_card] ? h("span", { class: "tag", title: lang === "zh" ? "安迪视线（👀）" : "Andy's sight (👀)" },
      `${ROLLS[v.roll_card][0]} ${L(ROLLS[v.roll_card], lang)} 👀`) : null);
  const players = h("div", { class: "toys-players" }, Array.from({ length: n }, (_, s) => {
    const role = v.roles && v.roles[s] && ROLES[v.roles[s]];
    const decl = v.items_declared && v.items_declared[s] && ITEMS[v.items_declared[s]];
    const card = v.cards && v.cards[String(s)];
    return h("div", { class: "toys-player", style: `border-left-color:${COLORS[s % 6]}`, "data-player": s },
      h("b", {}, `${v.frozen[s] ? "🧊" : "🧸"} ${ui.seatName(s)}`), role ? h("div", {}, `${role[0]} ${L(role, lang)}`) : null,
      h("div", {}, `🔩 ${v.screws[s]}  ·  ${(v.companions[s] || []).map(c => COMPANIONS[c.id || c.name] || "🎁").join("") || "—"}`),
      decl ? h("div", { class: "muted" }, `${decl[0]} ${L(decl, lang)}`) : null,
      card ? h("div", { "data-flip": `shown-${s}` }, (lang === "zh" ? "亮出 " : "shows ") + (NOISE[card.card] ?? card.card)) : null,
      (v.submitted || []).includes(s) ? h("div", { class: "muted" }, "✅") : null);
  }));
  const myItem = v.my_item && ITEMS[v.my_item];
  const mine = ui.seat === null || ui.seat === undefined ? null : h("div", { class: "toys-mine", id: "my-hand" },
    h("b", {}, t("hand") + ":"), (v.noise_cards || []).map(c => h("div", { class: "pcard" + (plays[c] ? " can" : ""), "data-card": c,
      "data-act": plays[c] ? JSON.stringify(plays[c].action) : null, title: plays[c] ? ui.t(plays[c].label) : null,
      onclick: plays[c] ? () => ui.act(plays[c].action) : null }, NOISE[c] ?? c, h("small", {}, String(c)))),
    myItem ? h("div", { class: "pcard", title: L(myItem, lang) }, myItem[0], h("small", {}, L(myItem, lang))) : null,
    v.my_card ? h("span", { class: "muted" }, (lang === "zh" ? "已暗出 " : "placed ") + (NOISE[v.my_card.card] ?? "")) : null,
    v.peeked ? h("span", {}, `🪞 ${ui.seatName(v.peeked.seat)}: ${NOISE[v.peeked.card] ?? "?"}`) : null);
  return h("div", { class: "card", id: "board" }, head, room,
    h("div", { style: "margin-top:12px" }, track(v.exposure, v.cap, v.threshold, lang === "zh" ? "😱 暴露" : "😱 Exposure")),
    mine, players);
}
