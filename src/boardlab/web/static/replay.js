// A finished table's replay (/t/ID?replay): its record stepped through with the game's own
// board - what spectators saw after each choice; at the end every seat's own view can be
// opened (the server refuses a seat's view before the last choice: /api/tables/ID/replay).
import { h, t, getLang } from "./i18n.js";
import { api, toast } from "./store.js";
import * as generic from "./generic.js";
import * as words from "./words.js";

let renderer = generic, table = null, shown = null, step = 0, steps = 0, seat = null;
let app = null, tableId = null;

async function load(n, who) {
  const q = new URLSearchParams();
  if (n !== null) q.set("step", n);
  if (who !== null) q.set("seat", who);
  try {
    shown = await api(`/api/tables/${tableId}/replay?${q}`);
    step = shown.step; steps = shown.steps; seat = shown.seat;
  } catch (e) { toast(e.message, true); }
  draw();
}

function go(n) { load(Math.max(0, Math.min(steps, n)), null); }

function bar() {
  const zh = getLang() === "zh";
  const who = shown && shown.moved !== null && shown.moved !== undefined ? words.seatName(table, shown.moved) : null;
  const at = h("span", { class: "pill-step", id: "replay-step" }, zh ? `第 ${step}/${steps} 步` : `step ${step}/${steps}`);
  const seats = step === steps ? h("label", {}, t("replaySeat"), h("select", { id: "replay-seat", onchange: e => {
    load(null, e.target.value === "" ? null : +e.target.value); } },
    h("option", { value: "" }, "👀 " + t("spectator")),
    table.seats.map(s => h("option", { value: s.seat, selected: s.seat === seat ? "" : null }, words.seatName(table, s.seat))))) : null;
  return h("div", { class: "card replay-bar", id: "replay-bar" },
    h("b", {}, "⏯ " + t("replay")), " ",
    h("button", { class: "secondary", id: "replay-first", title: t("replayFirst"), onclick: () => go(0) }, "⏮"),
    h("button", { class: "secondary", id: "replay-back", title: t("replayBack"), onclick: () => go(step - 1) }, "◀"),
    at,
    h("button", { class: "secondary", id: "replay-next", title: t("replayNext"), onclick: () => go(step + 1) }, "▶"),
    h("button", { class: "secondary", id: "replay-last", title: t("replayLast"), onclick: () => go(steps) }, "⏭"),
    who ? h("span", { class: "muted", id: "replay-moved" }, t("replayMoved") + " " + who) : null,
    seats, " ", h("a", { class: "btn secondary-btn", href: `/t/${tableId}` }, "🏁 " + t("seeEnd")));
}

function draw() {
  if (!table || !shown) return;
  document.documentElement.lang = getLang();
  document.getElementById("title").replaceChildren(t(table.title), h("span", { class: "tid" }, " · " + table.id));
  document.getElementById("who").textContent = seat === null ? "👀 " + t("spectator") : "🙂 " + words.seatName(table, seat);
  const p = { table, seat, view: shown.view, log: shown.log, to_move: [], legal: [], result: shown.result, step: null, online: [] };
  const ui = { lang: getLang(), t, h, act: () => {}, seat, seatName: s => words.seatName(table, s), generic: () => null,
    label: words.label, figure: words.figure, redraw: draw };
  let board;
  try { board = renderer.render(p, ui); } catch (e) { console.error(e); board = generic.render(p, ui); }
  const log = h("ul", { class: "log", id: "log" }, (shown.log || []).slice(-80).map(e => h("li", {}, words.withNames(t(e.text), table))));
  app.replaceChildren(bar(), h("div", { class: "layout replay" }, h("div", { class: "board" }, board),
    h("div", { class: "side" }, h("div", { class: "card" }, h("h3", {}, "📜 " + t("log")), log))));
  setTimeout(() => { log.scrollTop = log.scrollHeight; });
  words.addTooltips(document.body);
}

/** Open the replay of table ``id`` in ``root``; ``redraw`` is kept for the language switch. */
export async function start(root, id) {
  app = root; tableId = id;
  try {
    table = await api(`/api/tables/${id}`);
    const info = await api(`/api/games/${table.game}`);
    words.setGameInfo(info);
    try { renderer = await import(`/static/games/${table.game}.js`); } catch { renderer = generic; }
    words.setBoardIcons(renderer.icons);
  } catch (e) { toast(e.message, true); return; }
  await load(0, null);
}

export function redraw() { draw(); }
