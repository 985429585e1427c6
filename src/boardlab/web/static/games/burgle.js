// 神偷拍档 (burgle): the Bank job as players know it from the table. The team's floor is drawn
// large (tiles with their icon, full name, number, cracked mark and safe dice) with A–D / 1–4
// coordinates as the log names cells ("1D3"), the other two floors beside it (below on a phone),
// and tabs that put any floor first. The guard's walk to his destination is numbered on the
// tiles (the steps he takes at his speed stand out). Every choice with a place is made on its
// cell: moves, peeks, tools aimed at a tile (Blueprints, Crowbar, Virus, Dynamite, Thermal
// Bomb, Donuts on the guard), abilities aimed at a tile, a partner or the guard, safe dice,
// pending choices of a tile and the escape to the roof; the rest stay buttons. The characters
// are chosen from cards that spell out both sides, and the team panel says what each can do.
import { h } from "../i18n.js";
import { gameInfo, iconsFrom } from "../words.js";

// the words below are the fallbacks until the game's labels (texts.py) have come
const TILES = {
  safe: ["💰", "金库", "Safe"], stairs: ["🪜", "楼梯", "Stairs"], walkway: ["🕳️", "走道", "Walkway"],
  lab: ["🧪", "实验室", "Laboratory"], lavatory: ["🚻", "洗手间", "Lavatory"], duct: ["🌀", "通风管道", "Service Duct"],
  secret_door: ["🚪", "暗门", "Secret Door"], computer_fingerprint: ["💻", "指纹电脑室", "Computer Room (Fingerprint)"],
  computer_laser: ["💻", "激光电脑室", "Computer Room (Laser)"], computer_motion: ["💻", "动作电脑室", "Computer Room (Motion)"],
  camera: ["📷", "摄像头", "Camera"], laser: ["🔴", "激光", "Laser"], motion: ["〰️", "动作感应", "Motion"],
  detector: ["🛂", "探测门", "Detector"], fingerprint: ["🖐️", "指纹锁", "Fingerprint"], thermo: ["🌡️", "热感应", "Thermo"],
  keypad: ["🔢", "密码锁", "Keypad"], deadbolt: ["🔒", "门闩", "Deadbolt"], foyer: ["🛋️", "门厅", "Foyer"],
  atrium: ["🏛️", "中庭", "Atrium"],
};
const ITEMS = {
  blueprints: ["蓝图", "Blueprints"], crowbar: ["撬棍", "Crowbar"], crystal_ball: ["水晶球", "Crystal Ball"],
  donuts: ["甜甜圈", "Donuts"], dynamite: ["炸药", "Dynamite"], emp: ["电磁脉冲", "EMP"],
  invisible_suit: ["隐身衣", "Invisible Suit"], makeup_kit: ["化妆包", "Makeup Kit"], rollerskates: ["旱冰鞋", "Rollerskates"],
  smoke_bomb: ["烟雾弹", "Smoke Bomb"], stethoscope: ["听诊器", "Stethoscope"], thermal_bomb: ["热能炸弹", "Thermal Bomb"],
  virus: ["病毒", "Virus"], bust: ["半身像", "Bust"], chihuahua: ["吉娃娃", "Chihuahua"], cursed_goblet: ["诅咒圣杯", "Cursed Goblet"],
  gemstone: ["宝石", "Gemstone"], gold_bar: ["金条", "Gold Bar"], isotope: ["同位素", "Isotope"], keycard: ["门禁卡", "Keycard"],
  mirror: ["镜子", "Mirror"], painting: ["名画", "Painting"], persian_kitty: ["波斯猫", "Persian Kitty"], stamp: ["邮票", "Stamp"],
  tiara: ["王冠", "Tiara"],
};
const CHARS = {
  acrobat: ["杂技演员", "Acrobat"], hacker: ["黑客", "Hacker"], hawk: ["鹰眼", "Hawk"], juicer: ["电工", "Juicer"],
  peterman: ["开锁匠", "Peterman"], raven: ["渡鸦", "Raven"], rigger: ["爆破手", "Rigger"], rook: ["车", "Rook"],
  spotter: ["侦察员", "Spotter"],
};
// the effects in play are event cards, save three that tools and the Acrobat's escape make
const EFFECTS = { emp: ["电磁脉冲", "EMP"], invisible: ["隐身衣", "Invisible Suit"], video_loop: ["录像循环", "Video Loop"],
  time_lock: ["定时锁", "Time Lock"], gymnastics: ["体操", "Gymnastics"], shift_change: ["换班", "Shift Change"],
  heads_up: ["提个醒", "Heads Up!"], jump_the_gun: ["抢跑", "Jump the Gun"] };
const EFFECT_TOOL = { emp: "emp", invisible: "invisible_suit" };  // effects a tool makes
const SIDE = { basic: ["基础面", "basic side"], advanced: ["进阶面", "advanced side"] };
const PAWN = ["#3b82f6", "#22a06b", "#9b5de5", "#f08c2e"];
const COLS = "ABCD";

// the icon of a choice made on a cell
const TOOL_ICON = { blueprints: "📘", crowbar: "🔧", virus: "🦠", dynamite: "🧨", thermal_bomb: "💣", donuts: "🍩" };
const ABILITY_ICON = { peek: "🦅", alarm: "🚨", crow: "🐦", climb: "🧗", nudge: "🫸", swap: "🔄" };

/** What the board's icons mean beyond the rules glossary (tooltips). */
export const icons = {
  ...iconsFrom(TILES),
  "👮": ["守卫", "Guard"], "🎯": ["守卫的目的地", "The guard's destination"], "🚨": ["警报", "Alarm"],
  "🐦": ["乌鸦", "The crow"], "🥷": ["躲藏", "Stealth"], "💨": ["烟雾", "Smoke"], "🎒": ["放下的物品", "Items left here"],
  "⬇": ["向下的通道", "A way down"], "⬆": ["向上的通道", "A way up"], "🔓": ["已打开", "Open"], "✖": ["已失效", "Disabled"],
  "🎲": ["骰子", "Dice"], "✔": ["已破解", "Cracked"], "🧰": ["工具", "Tool"], "💎": ["战利品", "Loot"], "💻": ["破解指示物", "Hack tokens"],
  "🃏": ["事件牌", "Event cards"], "🚁": ["楼顶", "The roof"], "✨": ["正在生效", "In effect"], "👁": ["窥视", "Peek"],
  "👣": ["移动", "Move"], "📘": ["蓝图", "Blueprints"], "🔧": ["撬棍", "Crowbar"], "🦠": ["病毒", "Virus"], "🧨": ["炸药", "Dynamite"],
  "💣": ["热能炸弹", "Thermal Bomb"], "🍩": ["甜甜圈", "Donuts"], "🦅": ["鹰眼窥视", "The Hawk's peek"], "🧗": ["攀爬", "Climb"],
  "🫸": ["移动队友", "Move a partner"], "🔄": ["换位", "Swap places"], "✅": ["选这个", "Choose this"], "📍": ["所在格", "Standing on"],
  "🕵️": ["这次潜入行动", "This heist"], "🔮": ["已知的牌", "Cards known"], "🗂️": ["巡逻牌", "Patrol cards"],
};

const css = `
.bg-board { background: #1b1f27; color: #e9e4d8; border-radius: 16px; padding: 12px; }
.bg-board .muted { color: #a9a396; }
.bg-head { display: flex; flex-wrap: wrap; gap: 6px 8px; align-items: center; margin-bottom: 8px; }
.bg-title { font-size: 1.15rem; font-weight: 800; color: #f0c75e; margin-right: 4px; }
.bg-pill { background: rgba(255,255,255,.08); border: 1px solid rgba(240,199,94,.35); border-radius: 999px; padding: 2px 9px; font-size: .85rem; white-space: nowrap; }
.bg-pill.hot { background: #f0c75e; color: #1b1f27; font-weight: 700; }
.bg-ask { background: #f0c75e; color: #1b1f27; border-radius: 10px; padding: 6px 10px; margin: 0 0 8px; font-weight: 700; }
.bg-tabs { display: flex; gap: 6px; margin: 0 0 8px; flex-wrap: wrap; }
.bg-tabs button { background: #262b36; color: #e9e4d8; border: 1px solid #3a4150; border-radius: 999px; padding: 4px 12px; font-size: .9rem; box-shadow: none; min-height: 0; }
.bg-tabs button.on { background: #f0c75e; color: #1b1f27; border-color: #f0c75e; font-weight: 700; }
.bg-floors { display: grid; grid-template-columns: minmax(0, 3fr) minmax(0, 2fr); gap: 12px; align-items: start; }
.bg-first { grid-column: 1; min-width: 0; }
.bg-floors > .bg-team { grid-column: 2; }
.bg-others { grid-column: 1 / -1; min-width: 0; display: grid; grid-template-columns: repeat(2, minmax(0, 1fr)); gap: 12px; align-items: start; }
.bg-floor { background: #262b36; border-radius: 12px; padding: 8px; min-width: 0; }
.bg-floor.team { box-shadow: 0 0 0 2px rgba(240,199,94,.55); }
.bg-floor h4 { margin: 0 0 4px; color: #f0c75e; font-size: 1rem; display: flex; justify-content: space-between; align-items: baseline; gap: 6px; flex-wrap: wrap; }
.bg-floor .bg-gline { font-size: .8rem; color: #e9e4d8; margin: 0 0 6px; }
.bg-map { display: grid; grid-template-columns: 16px minmax(0, 1fr); grid-template-rows: 16px auto; }
.bg-colax { grid-column: 2; display: grid; grid-template-columns: repeat(4, 1fr); text-align: center; font-size: .72rem; color: #a9a396; font-weight: 700; }
.bg-rowax { grid-row: 2; display: grid; grid-template-rows: repeat(4, 1fr); align-items: center; font-size: .72rem; color: #a9a396; font-weight: 700; }
.bg-grid { grid-column: 2; grid-row: 2; display: grid; grid-template-columns: repeat(4, minmax(0, 1fr)); border: 3px solid #0d0f14; }
.bg-cell { position: relative; aspect-ratio: 1 / 1; min-width: 0; min-height: 0; border: 1px solid #3a4150; background: #343a48; padding: 5px;
  overflow: hidden; display: flex; flex-direction: column; container-type: inline-size; }
.bg-cell.rev { background: #ece4d2; color: #22201c; }
.bg-cell.wr { border-right: 5px solid #0d0f14; } .bg-cell.wb { border-bottom: 5px solid #0d0f14; }
.bg-cell .top { display: flex; justify-content: space-between; align-items: flex-start; gap: 2px; line-height: 1; }
.bg-cell .ic { font-size: clamp(.8rem, 22cqi, 1.7rem); line-height: 1.15; }
.bg-cell .down { color: #687084; font-size: clamp(.55rem, 12cqi, .85rem); }
.bg-cell .num { font-weight: 800; font-size: clamp(.7rem, 15cqi, 1.05rem); padding: 0 3px; border-radius: 5px; background: rgba(0,0,0,.08); }
.bg-cell .num.cracked { color: #fff; background: #2f8f4e; }
.bg-cell .nm { font-size: clamp(.55rem, 12cqi, .9rem); line-height: 1.12; font-weight: 600; margin-top: 2px; overflow-wrap: anywhere; }
.bg-cell .dice { font-size: clamp(.55rem, 10cqi, .8rem); font-weight: 700; }
.bg-cell .tok { display: flex; flex-wrap: wrap; gap: 1px 3px; align-items: center; margin-top: auto; font-size: clamp(.6rem, 13cqi, 1rem); line-height: 1.1; }
.bg-cell .pawn { display: inline-block; color: #fff; border-radius: 999px; font-size: clamp(.5rem, 10cqi, .75rem); font-weight: 800; padding: 0 4px; line-height: 1.35; border: 1px solid rgba(0,0,0,.35); }
.bg-cell .step { position: absolute; right: 2px; top: 50%; transform: translateY(-50%); background: #c2352e; color: #fff; border-radius: 999px; min-width: 1.3em;
  text-align: center; font-size: clamp(.5rem, 10cqi, .75rem); font-weight: 800; line-height: 1.35; padding: 0 3px; }
.bg-cell .step.later { background: #7a6f6a; }
.bg-cell.route { box-shadow: inset 0 0 0 2px rgba(194,53,46,.55); }
.bg-cell.alarm { box-shadow: inset 0 0 0 4px #e0413a; }
.bg-cell.dest { outline: 2px dashed #c2352e; outline-offset: -4px; }
.bg-cell.can-move { cursor: pointer; box-shadow: inset 0 0 0 3px #4fb0ff; }
.bg-cell.can-act { cursor: pointer; box-shadow: inset 0 0 0 3px #f0c75e; }
.bg-cell.alarm.can-move { box-shadow: inset 0 0 0 3px #4fb0ff, inset 0 0 0 7px #e0413a; }
.bg-cell.alarm.can-act { box-shadow: inset 0 0 0 3px #f0c75e, inset 0 0 0 7px #e0413a; }
.bg-cell .acts { display: flex; flex-wrap: wrap; gap: 2px; margin-top: 2px; }
.bg-cell .acts button { padding: 0 3px; font-size: clamp(.6rem, 12cqi, .95rem); min-width: 0; min-height: 0; line-height: 1.25; box-shadow: none; border-radius: 6px; }
@container (max-width: 52px) { .bg-cell .nm, .bg-cell .dice { display: none; } }
.bg-safe, .bg-patrol { font-size: .8rem; margin-top: 6px; }
.bg-team { display: grid; grid-template-columns: repeat(auto-fill, minmax(190px, 1fr)); gap: 8px; }
.bg-seat { background: #262b36; border-radius: 10px; padding: 6px 8px; font-size: .9rem; }
.bg-seat.now { box-shadow: 0 0 0 2px #f0c75e; }
.bg-seat .items, .bg-seat .ability { font-size: .8rem; }
.bg-seat .ability { color: #cfc8b8; margin-top: 2px; }
.bg-seat .dot { display: inline-block; width: .8em; height: .8em; border-radius: 999px; vertical-align: -1px; margin-right: 3px; }
.bg-chars { display: grid; grid-template-columns: repeat(auto-fill, minmax(230px, 1fr)); gap: 8px; }
.bg-char { border: 1px solid #d9cbb8; border-radius: 10px; padding: 8px; }
.bg-char h5 { margin: 0 0 6px; font-size: 1rem; }
.bg-char button { display: block; width: 100%; text-align: left; margin: 4px 0 0; white-space: normal; line-height: 1.3; }
.bg-char button small { display: block; font-weight: 400; opacity: .9; }
.bg-final { margin: 8px 0; line-height: 1.5; }
.bg-final ul { display: inline-block; text-align: left; margin: 4px 0; padding-left: 1.2em; }
@media (max-width: 860px) {
  .bg-floors, .bg-others { grid-template-columns: minmax(0, 1fr); }
  .bg-first, .bg-floors > .bg-team, .bg-others { grid-column: 1; }
  .bg-board { padding: 8px; }
  .bg-head { gap: 4px 6px; }
  .bg-pill { font-size: .78rem; padding: 1px 7px; }
  .bg-floor.main h4 { display: none; }  /* the tabs above name it */
}
`;
function style() { if (!document.getElementById("bg-css")) document.head.append(h("style", { id: "bg-css" }, css)); }

const labels = () => gameInfo().labels || {};
const say = (x, zh) => (x ? x[zh ? "zh" : "en"] ?? x.en : "");
const pick2 = (pair, zh) => (pair ? pair[zh ? 0 : 1] : "");
function tileName(kind, zh) { const x = (labels().tiles || {})[kind]; return x ? say(x.name, zh) : (TILES[kind] ? TILES[kind][zh ? 1 : 2] : kind); }
function tileRule(kind, zh) { const x = (labels().tiles || {})[kind]; return x ? say(x.rule, zh) : ""; }
function itemName(item, zh) { const x = (labels().items || {})[item]; return x ? say(x.name, zh) : pick2(ITEMS[item], zh); }
function itemRule(item, zh) { const x = (labels().items || {})[item]; return x ? say(x.rule, zh) : ""; }
function charName(c, zh) { const x = (labels().characters || {})[c]; return x ? say(x.name, zh) : pick2(CHARS[c], zh); }
function ability(c, side, zh) { const x = (labels().characters || {})[c]; return x ? say(x[side], zh) : ""; }
function eventName(e, zh) {
  const x = (labels().events || {})[e];
  if (x) return say(x.name, zh);
  return EFFECT_TOOL[e] ? itemName(EFFECT_TOOL[e], zh) : pick2(EFFECTS[e], zh) || (zh ? "事件" : "an event");
}
function eventRule(e, zh) { const x = (labels().events || {})[e]; return x ? say(x.rule, zh) : EFFECT_TOOL[e] ? itemRule(EFFECT_TOOL[e], zh) : ""; }
const sideName = (side, zh) => pick2(SIDE[side], zh);

function cellName(i) { return `${COLS[i % 4]}${Math.floor(i / 4) + 1}`; }
/** A seat as the board names it: always its number P1..Pn, then the player's own name if any. */
function seatLabel(ui, s) { const n = ui.seatName(s), tag = `P${s + 1}`; return n === tag || n.startsWith(tag + " ") ? n : `${tag} ${n}`; }
const floorOf = at => (at && at !== "roof" ? +at[0] - 1 : null);
const floorWord = (f, zh) => (zh ? `${f + 1} 楼` : `Floor ${f + 1}`);

function icon(a) {
  if (a.type === "peek") return "👁";
  if (a.type === "move" && a.to === "roof") return "🚁";
  if (a.type === "move" || a.type === "entrance") return "👣";
  if (a.type === "tool") return TOOL_ICON[a.tool] || "🧰";
  if (a.type === "ability") return ABILITY_ICON[a.name] || "✨";
  if (a.type === "add_die") return "🎲+";
  if (a.type === "roll") return "🎲";
  return "✅";
}

/** The cell (e.g. "2B3") where a choice is made, or null when it has no place on the board. */
function placeOf(a, v) {
  const me = v.players[v.current] ? v.players[v.current].at : null;
  const seatAt = s => (v.players[s] && v.players[s].at && v.players[s].at !== "roof" ? v.players[s].at : null);
  switch (a.type) {
    case "move": return a.to !== "roof" ? a.to : (me && me !== "roof" ? me : null);  // the roof: from the stairs
    case "peek": case "entrance": case "add_die": case "roll": return a.at;
    case "tool":
      if (a.at) return a.at;
      if (a.wall) return a.wall[1];  // the tile behind the wall that goes
      if (a.dir && me) return `${+me[0] + (a.dir === "up" ? 1 : -1)}${me.slice(1)}`;
      if (a.tool === "donuts" && me) { const g = v.floors[+me[0] - 1].guard; return g ? g.at : null; }
      return null;
    case "ability":
      if (a.to || a.at) return a.to || a.at;
      return a.name === "swap" ? seatAt(a.seat) : null;
    case "choose":
      if (a.at) return a.at;
      return a.seat !== undefined ? seatAt(a.seat) : null;
    default: return null;
  }
}

export function placed(p) {
  return p.legal.map(l => l.action).filter(a => placeOf(a, p.view));
}

// The floor shown first: the one the player to act stands on, unless a tab put another first
// (kept until the team's floor changes).
let chosen = null;
function teamFloor(v) {
  const pl = v.players[v.current];
  if (!pl || !pl.at) return 0;
  return pl.at === "roof" ? v.floors.length - 1 : floorOf(pl.at);
}
function mainFloor(v) {
  const auto = teamFloor(v);
  if (chosen && chosen.auto === auto && chosen.floor < v.floors.length) return chosen.floor;
  chosen = null;
  return auto;
}

/** The turn the header names: the one being played; at the end, the last one played (out of
 * time, the count has already moved past the last turn). */
export function turnNumber(v, result) {
  const loss = result && result.summary ? result.summary.loss : null;
  return loss && loss.by === "time" ? v.turn : v.turn + 1;
}

function guardLine(g, f, zh, v) {
  if (!g) return zh ? "守卫还没出现" : "no guard yet";
  const alarms = v.floors[f].cells.filter(c => c.alarm).length;
  // this turn's Espresso (+1) or Daydreaming (-1): what the speed holds beyond die + alarms
  const mod = g.speed - g.die - alarms;
  const parts = [`🎲${g.die}`];
  if (alarms) parts.push(zh ? `${alarms} 个警报` : `${alarms} alarm${alarms > 1 ? "s" : ""}`);
  if (mod > 0) parts.push(zh ? `${mod} 浓缩咖啡` : `${mod} Espresso`);
  const sum = (zh ? "（" : " (") + parts.join(" + ") + (mod < 0 ? (zh ? ` − ${-mod} 走神` : ` − ${-mod} Daydreaming`) : "") + (zh ? "）" : ")");
  const moves = guardMoves(g);
  const walk = moves !== g.speed ? (zh ? ` · 这次走 ${moves} 步` : ` · ${moves} step${moves === 1 ? "" : "s"} this move`) : "";
  const route = g.route && g.route.length ? g.route.join(" → ") : (zh ? "已在目的地" : "at his destination");
  return (zh ? `👮 ${g.at} → 🎯 ${g.dest || "—"} · 速度 ${g.speed}${sum}${walk} · 路线 ${route}`
    : `👮 ${g.at} → 🎯 ${g.dest || "—"} · speed ${g.speed}${sum}${walk} · route ${route}`) + (g.donut ? " 🍩" : "");
}

/** The steps the guard's next move takes (the view's `moves`: his speed, or what is left of a
 * walk a choice interrupted, none under Donuts): the route steps beyond it are drawn grey. */
export function guardMoves(g) {
  return g.moves === undefined ? g.speed : g.moves;
}

function cellTitle(c, zh, extra) {
  const bits = [c.at];
  if (c.revealed) {
    bits.push(tileName(c.tile, zh) + (c.number ? ` ${c.number}` : ""));
    const rule = tileRule(c.tile, zh);
    if (rule) bits.push(rule);
  } else bits.push(zh ? "未翻开" : "face down");
  return bits.concat(extra).join(" · ");
}

function floorView(v, f, legalAt, zh, ui, main) {
  const fl = v.floors[f];
  const walls = new Set(fl.walls.map(w => w.join("-")));
  const g = fl.guard;
  const route = new Map((g && g.route ? g.route : []).map((at, i) => [at, i + 1]));
  const comboCracked = new Set((fl.safe.combination || []).filter(c => c.cracked).map(c => c.at));
  const cells = fl.cells.map((c, i) => {
    const name = cellName(i);
    const cls = ["bg-cell"];
    if (c.revealed) cls.push("rev");
    if (i % 4 < 3 && walls.has(`${name}-${cellName(i + 1)}`)) cls.push("wr");
    if (i < 12 && walls.has(`${name}-${cellName(i + 4)}`)) cls.push("wb");
    if (c.alarm) cls.push("alarm");
    if (g && g.dest === c.at && g.at !== c.at) cls.push("dest");
    if (route.has(c.at)) cls.push("route");
    const acts = legalAt.get(c.at) || [];
    const mv = acts.find(l => l.action.type === "move" || l.action.type === "entrance");
    // a click on the cell: its move, or the pending choice it is the answer to; tools and
    // abilities only by their own button (Blueprints would otherwise fire on any face-down tile)
    const mainAct = mv || (acts.length === 1 && acts[0].action.type === "choose" ? acts[0] : null);
    if (mv) cls.push("can-move");
    else if (mainAct) cls.push("can-act");
    const extra = [];
    const toks = [];
    if (g && g.at === c.at) { toks.push("👮"); extra.push(zh ? "守卫在这里" : "the guard is here"); }
    if (g && g.dest === c.at) { toks.push("🎯"); extra.push(zh ? "守卫的目的地" : "the guard's destination"); }
    const step = route.get(c.at);
    if (step) extra.push(zh ? `守卫的第 ${step} 步` : `the guard's step ${step}`);
    if (c.alarm) { toks.push("🚨"); extra.push(zh ? "警报" : "alarm"); }
    if (v.crow === c.at) { toks.push("🐦"); extra.push(zh ? "乌鸦" : "the crow"); }
    if (c.lavatory) { toks.push(`🥷${c.lavatory}`); extra.push(zh ? `${c.lavatory} 个躲藏指示物` : `${c.lavatory} stealth tokens`); }
    if (c.smoke) { toks.push(`💨${c.smoke}`); extra.push(zh ? `烟雾里 ${c.smoke} 个躲藏指示物` : `${c.smoke} smoke tokens`); }
    if (c.items) { toks.push("🎒"); extra.push((zh ? "放着：" : "left here: ") + c.items.map(x => itemName(x, zh)).join(zh ? "、" : ", ")); }
    if (c.down) { toks.push("⬇"); extra.push(zh ? `可下到 ${f} 楼` : `a way down to floor ${f}`); }
    if (c.up) { toks.push("⬆"); extra.push(zh ? `可上到 ${f + 2} 楼` : `a way up to floor ${f + 2}`); }
    if (c.open) { toks.push("🔓"); extra.push(zh ? "已打开" : "open"); }
    if (c.disabled) { toks.push("✖"); extra.push(zh ? "被撬棍关掉" : "disabled by the Crowbar"); }
    if (c.cracked || comboCracked.has(c.at)) extra.push(zh ? "这个数字已破解" : "this number is cracked");
    const pawns = v.players.map((pl, s) => (pl.at === c.at
      ? h("span", { class: "pawn", style: `background:${PAWN[s]}` }, `P${s + 1}`) : null));
    v.players.forEach((pl, s) => { if (pl.at === c.at) extra.push(seatLabel(ui, s)); });
    const isSafe = c.revealed && c.tile === "safe";
    const dice = isSafe && (fl.safe.open || fl.safe.dice) ? h("span", { class: "dice" },
      fl.safe.open ? (zh ? "✅ 已打开" : "✅ open") : `🎲×${fl.safe.dice}`) : null;
    if (isSafe) extra.push(fl.safe.open ? (zh ? "金库已打开" : "safe open") : (zh ? `金库骰 ${fl.safe.dice} 个` : `${fl.safe.dice} safe dice`));
    const cracked = c.cracked || comboCracked.has(c.at);
    return h("div", { class: cls.join(" "), "data-cell": c.at, title: cellTitle(c, zh, extra),
      onclick: mainAct ? () => ui.act(mainAct.action) : null },
      h("div", { class: "top" },
        c.revealed ? h("span", { class: "ic" }, TILES[c.tile] ? TILES[c.tile][0] : "?") : h("span", { class: "down" }, name),
        c.revealed && c.number ? h("span", { class: "num" + (cracked ? " cracked" : "") }, (cracked ? "✔" : "") + c.number) : dice),
      c.revealed ? h("span", { class: "nm" }, tileName(c.tile, zh)) : null,
      c.revealed && c.number && dice ? dice : null,
      step ? h("span", { class: "step" + (g && step > guardMoves(g) ? " later" : "") }, step) : null,
      h("div", { class: "tok" }, pawns, toks.join(" ")),
      acts.length ? h("div", { class: "acts" }, acts.map(l => h("button", { "data-act": JSON.stringify(l.action),
        "data-kind": l.action.type, title: ui.t(l.label), "aria-label": ui.t(l.label),
        onclick: e => { e.stopPropagation(); ui.act(l.action); } }, icon(l.action)))) : null);
  });
  const sf = fl.safe;
  const code = sf.at ? sf.combination.map(c => (c.number ?? "?") + (c.cracked ? "✔" : "")).join(" ") : "";
  const safeLine = sf.at
    ? h("div", { class: "bg-safe", "data-safe": f + 1, title: zh ? "金库所在的行和列上的数字就是密码" : "the code is the numbers on the safe's row and column" },
      `💰 ${sf.at} · ` + (sf.open ? (zh ? "已打开" : "open")
        : (zh ? `🎲 ${sf.dice} 个骰 · 密码 ${code}` : `🎲 ${sf.dice} dice · code ${code}`)))
    : h("div", { class: "bg-safe muted", title: zh ? "金库还没翻开" : "the safe is still face down" }, zh ? "💰 金库还没找到" : "💰 safe not found yet");
  const pt = fl.patrol;
  const patrol = h("div", { class: "bg-patrol muted", title: zh ? "巡逻牌" : "patrol cards" },
    (zh ? `🗂️ 巡逻牌剩 ${pt.left} 张 · 弃牌 ` : `🗂️ patrol: ${pt.left} left · discards `) + (pt.discard.join(" ") || "—")
    + (pt.known_top.length ? (zh ? ` · 已知顶牌 ${pt.known_top.join(" ")}` : ` · known top ${pt.known_top.join(" ")}`) : ""));
  const here = v.players.map((pl, s) => (floorOf(pl.at) === f ? `P${s + 1}` : null)).filter(Boolean);
  const cls = "bg-floor" + (main ? " main" : "") + (f === teamFloor(v) && v.phase !== "character" ? " team" : "");
  return h("div", { class: cls, "data-floor": f + 1 },
    h("h4", {}, h("span", {}, floorWord(f, zh)), here.length ? h("span", { class: "muted" }, (zh ? "在这层：" : "here: ") + here.join(" ")) : null),
    h("div", { class: "bg-gline", "data-guard": f + 1, title: zh ? "守卫：位置 → 目的地，每回合走的步数，接下来的路线" : "the guard: where he is → where he heads, steps a turn, his next steps" },
      guardLine(g, f, zh, v)),
    h("div", { class: "bg-map" },
      h("div", { class: "bg-colax" }, [...COLS].map(x => h("span", {}, x))),
      h("div", { class: "bg-rowax" }, [1, 2, 3, 4].map(x => h("span", {}, x))),
      h("div", { class: "bg-grid" }, cells)),
    safeLine, patrol);
}

function teamBox(v, pl, s, zh, ui) {
  const c = pl.character;
  const items = [...pl.tools.map(t => ["🧰", t]), ...pl.loot.map(t => ["💎", t])];
  const both = c ? [["basic", ability(c, "basic", zh)], ["advanced", ability(c, "advanced", zh)]]
    .map(([side, x]) => `${sideName(side, zh)}${side === pl.side ? (zh ? "（在用）" : " (in play)") : ""}: ${x}`).join("\n") : "";
  return h("div", { class: "bg-seat" + (s === v.current ? " now" : ""), "data-seat-box": s,
    title: c ? `${charName(c, zh)}\n${both}` : (zh ? "还没选角色" : "no character yet") },
    h("div", {}, h("span", { class: "dot", style: `background:${PAWN[s]}` }), h("b", {}, seatLabel(ui, s)),
      c ? (zh ? ` · ${charName(c, zh)}（${sideName(pl.side, zh)}）` : ` · ${charName(c, zh)} (${sideName(pl.side, zh)})`) : ""),
    c ? h("div", { class: "ability", "data-ability": s }, ability(c, pl.side, zh)) : null,
    h("div", { "data-stealth": s }, (zh ? "躲藏 " : "stealth ") + ("🥷".repeat(pl.stealth) || "0"),
      pl.escaped ? (zh ? " · 🚁 已逃上楼顶" : " · 🚁 escaped to the roof") : pl.at ? ` · 📍${pl.at}` : ""),
    h("div", { class: "items" }, items.length
      ? items.map(([ic, x]) => h("span", { title: itemRule(x, zh) || null }, `${ic}${itemName(x, zh)} `))
      : h("span", { class: "muted" }, zh ? "没有工具和战利品" : "no tools or loot")),
    pl.hack ? h("div", { class: "items" }, zh ? "💻 个人破解指示物" : "💻 own hack token") : null,
    pl.held_alarm ? h("div", { class: "items" }, zh ? "🚨 手里拿着一个警报" : "🚨 holding an alarm") : null);
}

function pendingLine(v, zh) {
  const pd = v.pending;
  if (!pd) return null;
  let words = say((labels().pending || {})[pd.kind], zh);
  if (!words) return null;
  if (pd.kind === "spot") {
    const card = pd.deck === "event" ? (v.events.known_top[0] ? eventName(v.events.known_top[0], zh) : "")
      : (v.floors[pd.floor] && v.floors[pd.floor].patrol.known_top[0]) || "";
    if (card) words += zh ? `（看到的：${card}）` : ` (the card: ${card})`;
  }
  return h("div", { class: "bg-ask", id: "burgle-ask" }, words);
}

export function render(p, ui) {
  style();
  const v = p.view, zh = ui.lang === "zh";
  const legalAt = new Map();
  for (const l of p.legal) {
    const at = placeOf(l.action, v);
    if (!at) continue;
    if (!legalAt.has(at)) legalAt.set(at, []);
    legalAt.get(at).push(l);
  }
  const opened = v.floors.filter(f => f.safe.open).length;
  const effects = (v.effects || []).map(e => h("span", { class: "bg-pill", title: eventRule(e, zh) || eventName(e, zh) },
    "✨ " + eventName(e, zh)));
  const turn = turnNumber(v, p.result);
  const head = h("div", { class: "bg-head" },
    h("span", { class: "bg-title", id: "burgle-title", title: zh ? "神偷拍档：银行" : "Burgle Bros: the Bank job" },
      zh ? `🕵️ 神偷拍档 · 第 ${turn} 回合` : `🕵️ Burgle Bros · turn ${turn}`),
    h("span", { class: "bg-pill hot", id: "burgle-turn", title: zh ? "轮到谁，用了几个行动" : "whose turn, actions used" },
      `P${v.current + 1} · ${zh ? "行动" : "actions"} ${v.used}/${v.max_actions}`),
    h("span", { class: "bg-pill", id: "burgle-safes", title: zh ? "打开的金库" : "safes open" }, `💰 ${opened}/3 ${zh ? "金库已开" : "safes open"}`),
    h("span", { class: "bg-pill", title: zh ? "各电脑室的破解指示物" : "hack tokens of each computer room" },
      `💻 ${zh ? "指纹" : "Fingerprint"} ${v.hacks.fingerprint} · ${zh ? "激光" : "Laser"} ${v.hacks.laser} · ${zh ? "动作" : "Motion"} ${v.hacks.motion}`),
    h("span", { class: "bg-pill muted", title: zh ? "剩下的事件牌、工具、战利品" : "event cards, tools and loot left" },
      `🃏 ${v.events.left} · 🧰 ${v.tools_left} · 💎 ${v.loot_left}`),
    effects,
    v.all_open ? h("span", { class: "bg-pill hot", title: zh ? "三个金库都开了" : "all three safes are open" },
      zh ? "🚁 从 3 楼楼梯逃上楼顶！" : "🚁 escape by the floor 3 stairs!") : null);
  const known = v.events.known_top && v.events.known_top.length
    ? h("div", { class: "muted", id: "burgle-known", title: v.events.known_top.map(e => `${eventName(e, zh)}: ${eventRule(e, zh)}`).join("\n") },
      (zh ? "🔮 已知的事件牌堆顶：" : "🔮 known top events: ") + v.events.known_top.map(e => eventName(e, zh)).join(zh ? "、" : ", ")) : null;
  const first = mainFloor(v);
  const order = [first, ...v.floors.map((_, f) => f).filter(f => f !== first)];
  const tabs = h("div", { class: "bg-tabs", id: "burgle-tabs" }, v.floors.map((fl, f) => {
    const marks = (fl.guard ? "👮" : "") + v.players.map((pl, s) => (floorOf(pl.at) === f ? ` P${s + 1}` : "")).join("");
    return h("button", { class: f === first ? "on" : "", "data-tab": f + 1, title: zh ? `先看 ${f + 1} 楼` : `show floor ${f + 1} first`,
      onclick: () => { chosen = { floor: f, auto: teamFloor(v) }; ui.redraw(); } }, floorWord(f, zh) + (marks ? " " + marks : ""));
  }));
  const team = h("div", { class: "bg-team", id: "burgle-team" }, v.players.map((pl, s) => teamBox(v, pl, s, zh, ui)));
  // the floor shown first with the team under it; the other two beside (below on a phone)
  const floors = h("div", { class: "bg-floors", id: "burgle-floors" },
    h("div", { class: "bg-first" }, floorView(v, first, legalAt, zh, ui, true)), team,
    h("div", { class: "bg-others" }, order.slice(1).map(f => floorView(v, f, legalAt, zh, ui, false))));
  const offers = v.phase === "character" ? h("div", { class: "muted", id: "burgle-offers" },
    v.offers.map((o, s) => h("div", { title: o.map(c => `${charName(c, zh)} — ${sideName("basic", zh)}: ${ability(c, "basic", zh)}; ${sideName("advanced", zh)}: ${ability(c, "advanced", zh)}`).join("\n") },
      `P${s + 1}: ${o.map(c => charName(c, zh)).join(" / ")}`))) : null;
  return h("div", { class: "card bg-board", id: "board" }, head, pendingLine(v, zh), offers, tabs, floors, known,
    h("div", { class: "muted legend", style: "font-size:.8rem;margin-top:6px" }, zh
      ? "👮 守卫 · 🎯 红虚线框 = 守卫目的地 · 红色数字 = 守卫接下来的步（灰色：这回合走不到）· 🚨 警报 · ✔ 已破解 · 👁 窥视 · 👣 移动（蓝框格可点）· 格底的小按钮 = 工具、能力、金库骰或选择（悬停看说明）· 粗黑线 = 墙 · 左上 A–D、1–4 是坐标，如 1D3 = 1 楼 D 列第 3 行"
      : "👮 guard · 🎯 red dashed = his destination · red numbers = his next steps (grey: beyond this turn's speed) · 🚨 alarm · ✔ cracked · 👁 peek · 👣 move (blue cells are clickable) · small buttons at a tile's foot = tools, abilities, safe dice or a choice (hover for what) · thick black line = wall · A–D and 1–4 are the coordinates: 1D3 = floor 1, column D, row 3"));
}

/** The character choice: a card per character offered, both sides spelt out, a button each. */
export function controls(p, ui) {
  const picks = p.legal.filter(l => l.action.type === "character");
  if (!picks.length || picks.length !== p.legal.length) return null;
  const zh = ui.lang === "zh";
  const byChar = new Map();
  for (const l of picks) {
    if (!byChar.has(l.action.name)) byChar.set(l.action.name, []);
    byChar.get(l.action.name).push(l);
  }
  return h("div", { class: "controls bg-chars", id: "controls" }, [...byChar].map(([c, ls]) => h("div", { class: "bg-char", "data-char": c },
    h("h5", {}, charName(c, zh)),
    ls.map(l => h("button", { "data-action": JSON.stringify(l.action), onclick: () => ui.act(l.action) },
      (x => x.charAt(0).toUpperCase() + x.slice(1))(sideName(l.action.side, zh)), h("small", {}, ability(c, l.action.side, zh)))))));
}

/** The end in words: how it ended, then the night's figures (seats counted from P1). */
export function final(p, ui) {
  const r = p.result, sm = r.summary || {}, v = p.view, zh = ui.lang === "zh";
  const n = v.players.length, turns = turnNumber(v, r);
  const who = s => {
    const pl = v.players[s];
    return `${seatLabel(ui, s)}${pl && pl.character ? (zh ? `（${charName(pl.character, zh)}）` : ` (${charName(pl.character, zh)})`) : ""}`;
  };
  let story;
  const loss = sm.loss;
  if (sm.won) story = zh ? `🚁 全队 ${n} 人都从楼顶逃走了，用了 ${turns} 个回合。`
    : `🚁 All ${n} of the team escaped from the roof, in ${turns} turns.`;
  else if (loss && loss.by === "time") story = zh ? `天亮了：${turns} 个回合用完，团队没能逃走。`
    : `Dawn broke: the ${turns} turns ran out before the team got away.`;
  else if (loss) {
    // who saw: the guard of a floor, or a guard through the Foyer, the Atrium or the Tiara
    const how = loss.by !== "guard" ? ui.label("values", loss.by) : "";
    const guard = loss.guard_floor ? (zh ? ` ${loss.guard_floor} 楼的守卫` : `the floor ${loss.guard_floor} guard`) : ui.label("values", "guard");
    story = zh ? `第 ${loss.turn + 1} 回合，${who(loss.seat)}在 ${loss.at} 被${guard}发现${how ? `（${how}）` : ""}，已没有躲藏：团队失败。`
      : `In turn ${loss.turn + 1}, ${who(loss.seat)} was seen on ${loss.at} by ${guard}${how ? ` (${how})` : ""} with no stealth left: the team loses.`;
  } else story = "";
  const lines = zh ? [
    `回合数：${turns}`, `打开的金库：${sm.safes_opened ?? 0} / 3`, `触发的警报：${sm.alarms ?? 0} 次`,
    `抽到的事件牌：${sm.events ?? 0} 张`, `失去的躲藏：${sm.stealth_lost ?? 0} 点`, `逃上楼顶：${sm.escaped ?? 0} / ${n} 人`,
  ] : [
    `Turns played: ${turns}`, `Safes opened: ${sm.safes_opened ?? 0} of 3`, `Alarms triggered: ${sm.alarms ?? 0}`,
    `Event cards drawn: ${sm.events ?? 0}`, `Stealth lost: ${sm.stealth_lost ?? 0}`, `Escaped to the roof: ${sm.escaped ?? 0} of ${n}`,
  ];
  const team = v.players.map((pl, s) => (!pl.character ? null : zh ? `${seatLabel(ui, s)}：${charName(pl.character, zh)}（${sideName(pl.side, zh)}）`
    : `${seatLabel(ui, s)}: ${charName(pl.character, zh)} (${sideName(pl.side, zh)})`)).filter(Boolean);
  return h("div", { class: "bg-final", id: "burgle-summary" },
    story ? h("p", { id: "burgle-story" }, story) : null,
    h("ul", {}, lines.map(x => h("li", {}, x))),
    team.length ? h("p", { id: "burgle-crew" }, (zh ? "队伍：" : "The team: ") + team.join(zh ? "；" : "; ")) : null);
}
