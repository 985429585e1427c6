// 神偷拍档 (burgle): three 4×4 floors side by side — walls, revealed tiles with their safe
// numbers, guards with destination and speed, alarms, safes (dice, cracked numbers), players,
// stealth, tools and loot. Every choice that has a place is made on its cell: moves, peeks,
// tools used on a tile (Blueprints, Crowbar, Virus, Dynamite, Thermal Bomb, Donuts on the
// guard), abilities aimed at a tile, a partner or the guard, safe dice, and pending choices of a
// tile; only choices without a place (EMP, Rollerskates, trades, ...) stay buttons.
import { h } from "../i18n.js";

const TILES = {
  safe: ["💰", "金库", "Safe"], stairs: ["🪜", "楼梯", "Stairs"], walkway: ["🕳️", "走道", "Walkway"],
  lab: ["🧪", "实验室", "Laboratory"], lavatory: ["🚻", "洗手间", "Lavatory"], duct: ["🌀", "通风管道", "Service Duct"],
  secret_door: ["🚪", "暗门", "Secret Door"], computer_fingerprint: ["💻", "指纹电脑室", "Computer (Fingerprint)"],
  computer_laser: ["💻", "激光电脑室", "Computer (Laser)"], computer_motion: ["💻", "动作电脑室", "Computer (Motion)"],
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
const EFFECTS = { emp: ["电磁脉冲", "EMP"], video_loop: ["录像循环", "Video Loop"], time_lock: ["定时锁", "Time Lock"],
  gymnastics: ["体操", "Gymnastics"], invisible: ["隐身", "Invisible"], shift_change: ["换班", "Shift Change"],
  heads_up: ["提个醒", "Heads Up!"], jump_the_gun: ["抢跑", "Jump the Gun"] };
const SEAT_ICON = ["🔵", "🟢", "🟣", "🟠"];
const COLS = "ABCD";

const css = `
.bg-board { background: #1b1f27; color: #e9e4d8; border-radius: 16px; padding: 12px; }
.bg-board .muted { color: #a9a396; }
.bg-head { display: flex; flex-wrap: wrap; gap: 6px 12px; align-items: center; margin-bottom: 8px; }
.bg-title { font-size: 1.2rem; font-weight: 800; color: #f0c75e; }
.bg-pill { background: rgba(255,255,255,.08); border: 1px solid rgba(240,199,94,.35); border-radius: 999px; padding: 2px 9px; font-size: .85rem; white-space: nowrap; }
.bg-floors { display: flex; flex-wrap: wrap; gap: 12px; }
.bg-floor { flex: 1 1 250px; min-width: 240px; background: #262b36; border-radius: 12px; padding: 8px; }
.bg-floor h4 { margin: 0 0 6px; color: #f0c75e; font-size: .95rem; display: flex; justify-content: space-between; gap: 6px; flex-wrap: wrap; }
.bg-grid { display: grid; grid-template-columns: repeat(4, 1fr); gap: 0; border: 3px solid #0d0f14; }
.bg-cell { position: relative; aspect-ratio: 1 / 1; border: 1px solid #3a4150; background: #3b4252; font-size: .72rem; padding: 2px; overflow: hidden; }
.bg-cell.rev { background: #e9e1cf; color: #222; }
.bg-cell.wr { border-right: 4px solid #0d0f14; } .bg-cell.wb { border-bottom: 4px solid #0d0f14; }
.bg-cell .ic { font-size: 1.15rem; line-height: 1.1; }
.bg-cell .num { position: absolute; right: 3px; bottom: 1px; font-weight: 800; font-size: .8rem; }
.bg-cell .num.cracked { color: #fff; background: #2f8f4e; border-radius: 4px; padding: 0 3px; }
.bg-cell .nm { display: block; font-size: .6rem; line-height: 1; max-height: 1.3em; overflow: hidden; }
.bg-cell .tok { position: absolute; left: 2px; bottom: 1px; font-size: .85rem; }
.bg-cell.alarm { box-shadow: inset 0 0 0 3px #e0413a; }
.bg-cell.dest { outline: 2px dashed #f0c75e; outline-offset: -4px; }
.bg-cell.can-move { cursor: pointer; box-shadow: inset 0 0 0 3px #4fb0ff; }
.bg-cell.can-act { cursor: pointer; box-shadow: inset 0 0 0 3px #f0c75e; }
.bg-cell .acts { position: absolute; top: 1px; right: 1px; left: 1px; display: flex; flex-wrap: wrap; justify-content: flex-end; gap: 2px; }
.bg-cell .acts button { padding: 0 4px; font-size: .75rem; min-width: 0; line-height: 1.3; }
.bg-safe { font-size: .8rem; margin-top: 4px; }
.bg-team { display: grid; grid-template-columns: repeat(auto-fill, minmax(190px, 1fr)); gap: 8px; margin-top: 10px; }
.bg-seat { background: #262b36; border-radius: 10px; padding: 6px 8px; }
.bg-seat.now { box-shadow: 0 0 0 2px #f0c75e; }
.bg-seat .items { font-size: .8rem; }
@media (max-width: 600px) { .bg-floor { min-width: 100%; } }
`;
function style() { if (!document.getElementById("bg-css")) document.head.append(h("style", { id: "bg-css" }, css)); }
const L = (pair, zh) => (pair ? pair[zh ? 0 : 1] : "");
const T = (kind, zh) => (TILES[kind] ? TILES[kind][zh ? 1 : 2] : kind);

function cellName(i) { return `${COLS[i % 4]}${Math.floor(i / 4) + 1}`; }

// the icon of a choice made on a cell
const TOOL_ICON = { blueprints: "📘", crowbar: "🔧", virus: "🦠", dynamite: "🧨", thermal_bomb: "💣", donuts: "🍩" };
const ABILITY_ICON = { peek: "🦅", alarm: "🚨", crow: "🐦", climb: "🧗", nudge: "🫸", swap: "🔄" };
function icon(a) {
  if (a.type === "peek") return "👁";
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
    case "move": return a.to !== "roof" ? a.to : null;
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

function floorView(v, f, legalAt, zh, ui) {
  const fl = v.floors[f];
  const walls = new Set(fl.walls.map(w => w.join("-")));
  const g = fl.guard;
  const comboCracked = new Set((fl.safe.combination || []).filter(c => c.cracked).map(c => c.at));
  const cells = fl.cells.map((c, i) => {
    const name = cellName(i);
    const cls = ["bg-cell"];
    if (c.revealed) cls.push("rev");
    if (i % 4 < 3 && walls.has(`${name}-${cellName(i + 1)}`)) cls.push("wr");
    if (i < 12 && walls.has(`${name}-${cellName(i + 4)}`)) cls.push("wb");
    if (c.alarm) cls.push("alarm");
    if (g && g.dest === c.at) cls.push("dest");
    const acts = legalAt.get(c.at) || [];
    const mv = acts.find(l => l.action.type === "move" || l.action.type === "entrance");
    // a click on the cell: its move, or the pending choice it is the answer to; tools and
    // abilities only by their own button (Blueprints would otherwise fire on any face-down tile)
    const main = mv || (acts.length === 1 && acts[0].action.type === "choose" ? acts[0] : null);
    if (mv) cls.push("can-move");
    else if (main) cls.push("can-act");
    const here = v.players.map((pl, s) => (pl.at === c.at ? SEAT_ICON[s] : "")).join("");
    const toks = [];
    if (g && g.at === c.at) toks.push("👮");
    if (c.alarm) toks.push("🚨");
    if (v.crow === c.at) toks.push("🐦");
    if (c.lavatory) toks.push(`🥷${c.lavatory}`);
    if (c.smoke) toks.push(`💨${c.smoke}`);
    if (c.items) toks.push("🎒");
    if (c.down) toks.push("⬇");
    if (c.open) toks.push("🔓");
    if (c.disabled) toks.push("✖");
    const title = c.revealed ? `${c.at} ${T(c.tile, zh)}${c.number ? " " + c.number : ""}` : `${c.at} ${zh ? "未翻开" : "face down"}`;
    return h("div", { class: cls.join(" "), "data-cell": c.at, title, onclick: main ? () => ui.act(main.action) : null },
      c.revealed ? h("span", { class: "ic" }, TILES[c.tile] ? TILES[c.tile][0] : "?") : h("span", { class: "ic" }, "▪"),
      c.revealed ? h("span", { class: "nm" }, T(c.tile, zh)) : null,
      c.revealed && c.number ? h("span", { class: "num" + (comboCracked.has(c.at) || c.cracked ? " cracked" : "") }, c.number) : null,
      h("span", { class: "tok" }, here + toks.join("")),
      acts.length ? h("span", { class: "acts" }, acts.map(l => h("button", { "data-act": JSON.stringify(l.action),
        "data-kind": l.action.type, title: ui.t(l.label), "aria-label": ui.t(l.label),
        onclick: e => { e.stopPropagation(); ui.act(l.action); } }, icon(l.action)))) : null);
  });
  const sf = fl.safe;
  const safeLine = sf.at
    ? h("div", { class: "bg-safe", "data-safe": f + 1 }, `💰 ${sf.at} · ` + (sf.open ? (zh ? "已打开" : "open")
      : `🎲×${sf.dice} · ` + (zh ? "密码 " : "combination ") + sf.combination.map(c => (c.number ?? "?") + (c.cracked ? "✔" : "")).join(" ")))
    : h("div", { class: "bg-safe muted" }, zh ? "金库未找到" : "safe not found yet");
  const guard = g ? `👮 ${g.at} → 🎯${g.dest || "-"} · ${zh ? "速度" : "speed"} ${g.speed} (🎲${g.die})` + (g.donut ? " 🍩" : "")
    : (zh ? "守卫未出现" : "no guard yet");
  return h("div", { class: "bg-floor", "data-floor": f + 1 },
    h("h4", {}, h("span", {}, (zh ? `${f + 1} 楼` : `Floor ${f + 1}`)), h("span", { class: "muted", "data-guard": f + 1 }, guard)),
    h("div", { class: "bg-grid" }, cells), safeLine,
    h("div", { class: "muted", style: "font-size:.75rem" }, (zh ? "巡逻弃牌：" : "patrol discards: ") + (fl.patrol.discard.join(" ") || "-")
      + ` · ${zh ? "剩" : "left"} ${fl.patrol.left}`
      + (fl.patrol.known_top.length ? ` · ${zh ? "已知顶牌" : "known top"} ${fl.patrol.known_top.join(" ")}` : "")));
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
  const effects = (v.effects || []).map(e => L(EFFECTS[e], zh) || e);
  const head = h("div", { class: "bg-head" },
    h("span", { class: "bg-title" }, zh ? `🕵️ 神偷拍档 · 第 ${v.turn + 1} 回合` : `🕵️ Burgle Bros · turn ${v.turn + 1}`),
    h("span", { class: "bg-pill", id: "burgle-turn" }, `${SEAT_ICON[v.current] || ""} ${ui.seatName(v.current)} · ${zh ? "行动" : "actions"} ${v.used}/${v.max_actions}`),
    h("span", { class: "bg-pill", id: "burgle-safes" }, `💰 ${opened}/3 ${zh ? "金库已开" : "safes open"}`),
    h("span", { class: "bg-pill" }, `💻 ${zh ? "指纹" : "FP"} ${v.hacks.fingerprint} · ${zh ? "激光" : "Laser"} ${v.hacks.laser} · ${zh ? "动作" : "Motion"} ${v.hacks.motion}`),
    h("span", { class: "bg-pill muted" }, `🃏 ${zh ? "事件" : "events"} ${v.events.left} · 🧰 ${v.tools_left} · 💎 ${v.loot_left}`),
    effects.length ? h("span", { class: "bg-pill" }, "✨ " + effects.join(", ")) : null,
    v.all_open ? h("span", { class: "bg-pill" }, zh ? "🚁 从顶层楼梯上楼顶！" : "🚁 to the roof from the top stairs!") : null);
  const floors = h("div", { class: "bg-floors", id: "burgle-floors" }, [2, 1, 0].map(f => floorView(v, f, legalAt, zh, ui)));
  const team = h("div", { class: "bg-team", id: "burgle-team" }, v.players.map((pl, s) => {
    const c = CHARS[pl.character];
    const side = pl.side ? (pl.side === "basic" ? (zh ? "基础面" : "basic") : (zh ? "进阶面" : "advanced")) : "";
    const items = [...pl.tools.map(t => "🧰" + L(ITEMS[t], zh)), ...pl.loot.map(t => "💎" + L(ITEMS[t], zh))];
    return h("div", { class: "bg-seat" + (s === v.current ? " now" : ""), "data-seat-box": s },
      h("div", {}, h("b", {}, `${SEAT_ICON[s]} ${ui.seatName(s)}`), c ? ` · ${L(c, zh)} (${side})` : ""),
      h("div", { "data-stealth": s }, (zh ? "躲藏 " : "stealth ") + ("🥷".repeat(pl.stealth) || "0"),
        pl.escaped ? (zh ? " · 🚁 已逃脱" : " · 🚁 escaped") : pl.at ? ` · 📍${pl.at}` : ""),
      h("div", { class: "items" }, items.length ? items.join(" · ") : h("span", { class: "muted" }, zh ? "无工具/战利品" : "no tools or loot")),
      pl.hack ? h("div", { class: "items" }, zh ? "💻 个人破解指示物" : "💻 own hack token") : null);
  }));
  const offers = v.phase === "character" ? h("div", { class: "muted", id: "burgle-offers" },
    v.offers.map((o, s) => `${ui.seatName(s)}: ${o.map(c => L(CHARS[c], zh)).join(" / ")}`).join(" · ")) : null;
  const known = v.events.known_top && v.events.known_top.length
    ? h("div", { class: "muted" }, (zh ? "已知事件顶牌：" : "known top events: ") + v.events.known_top.join(", ")) : null;
  return h("div", { class: "card bg-board", id: "board" }, head, offers, floors, known,
    h("div", { class: "muted legend", style: "font-size:.8rem;margin-top:6px" }, zh
      ? "👮 守卫 · 🎯 虚线框 = 守卫目的地 · 🚨 警报 · ✔ 已破解 · 👁 窥视 · 👣 移动（蓝框格可点）· 格上的小按钮 = 工具、能力、金库骰或选择（悬停看说明）· 粗线 = 墙"
      : "👮 guard · dashed = his destination · 🚨 alarm · ✔ cracked · 👁 peek · 👣 move (blue cells are clickable) · small buttons on a cell = tools, abilities, safe dice or a choice (hover for what) · thick line = wall"),
    team);
}
