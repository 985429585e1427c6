// One table: connects a seat (or a spectator) by WebSocket, draws the game, sends choices.
import { h, t, getLang, langButton } from "./i18n.js";
import { api, held, keep, toast } from "./store.js";
import * as generic from "./generic.js";

const app = document.getElementById("app");
const tableId = location.pathname.split("/").pop();
const params = new URLSearchParams(location.search);
if (params.get("seat") !== null && params.get("token"))
  keep(tableId, { seats: { [params.get("seat")]: params.get("token") } });
let mine = held(tableId);
let seat = params.get("seat") !== null ? +params.get("seat") : firstHeld();
let p = null, ws = null, renderer = null, cover = null, sending = false, retry = 0;

function firstHeld() { const k = Object.keys(mine.seats); return k.length ? +k[0] : null; }
function token(s = seat) { return mine.seats[s]; }

document.getElementById("langslot").append(langButton(draw));

async function loadRenderer(gameId) {
  try { renderer = await import(`/static/games/${gameId}.js`); } catch { renderer = generic; }
}

function connect() {
  if (ws) { ws.onclose = null; ws.close(); }
  const q = seat === null ? "" : `?seat=${seat}&token=${encodeURIComponent(token())}`;
  ws = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws/tables/${tableId}${q}`);
  ws.onmessage = async ev => {
    const msg = JSON.parse(ev.data);
    if (msg.type !== "state") return;
    retry = 0;
    if (!renderer) await loadRenderer(msg.table.game);
    p = msg; maybeHandOver(); draw();
  };
  ws.onclose = ev => {
    if (ev.code === 4403 || ev.code === 4404) { app.innerHTML = ""; app.append(h("div", { class: "card" }, "⛔ " + (ev.reason || ev.code))); return; }
    retry = Math.min(retry + 1, 6); setTimeout(connect, 300 * retry);
    document.getElementById("who").textContent = "⚠️ " + t("reconnecting");
  };
}

/** Hot-seat: when this seat has nothing to do but another seat held here must choose. */
function maybeHandOver() {
  const seats = Object.keys(mine.seats).map(Number);
  if (!mine.hotseat || seats.length < 2 || cover !== null || !p || p.table.status !== "running") return;
  if (p.legal.length) return;
  const next = seats.find(s => s !== seat && p.to_move.includes(s));
  if (next !== undefined) cover = next;
}

async function act(action) {
  if (sending || !p) return;
  sending = true;
  try {
    const res = await api(`/api/tables/${tableId}/act`, { method: "POST", body: { seat, action, step: p.step },
      headers: { "X-Seat-Token": token() } });
    p = { ...res, online: p.online }; maybeHandOver(); draw();
  } catch (e) { toast(e.message, true); }
  finally { sending = false; }
}

function seatName(s) { const x = p.table.seats[s]; return x ? x.name : `P${s}`; }

function seatsCard() {
  const submitted = p.view.submitted || [];
  return h("div", { class: "card" }, h("h3", {}, t("seats")), h("div", { class: "seats" }, p.table.seats.map(s => {
    const cls = ["seat-chip", s.seat === seat ? "me" : "", p.to_move.includes(s.seat) ? "moving" : "",
      submitted.includes(s.seat) ? "done" : ""].join(" ");
    const on = s.kind === "bot" || p.online.includes(s.seat);
    const chip = h("span", { class: cls, "data-seat": s.seat }, h("span", { class: "dot" + (on ? " on" : "") }),
      `${s.name}${s.seat === seat ? " (" + t("you") + ")" : ""}`);
    if (mine.host && s.kind === "human" && !on && p.table.status === "running")
      chip.append(" ", h("button", { class: "secondary", style: "padding:2px 8px", title: t("toBot"), onclick: async () => {
        try { await api(`/api/tables/${tableId}/seats/${s.seat}/bot`, { method: "POST", body: { bot: "random" },
          headers: { "X-Host-Token": mine.host } }); } catch (e) { toast(e.message, true); }
      } }, "🤖"));
    return chip;
  })));
}

function logCard() {
  const items = (p.log || []).slice(-80).map(e => h("li", { class: e.visible_to ? "private" : "" }, (e.visible_to ? "🔒 " : "") + t(e.text)));
  const ul = h("ul", { class: "log", id: "log" }, items);
  setTimeout(() => { ul.scrollTop = ul.scrollHeight; });
  return h("div", { class: "card" }, h("h3", {}, "📜 " + t("log")), ul);
}

/** Legal choices as buttons, grouped by type. */
export function genericControls(legal, ui) {
  const groups = {};
  for (const l of legal) (groups[l.action.type] ||= []).push(l);
  return h("div", { class: "controls", id: "controls" }, Object.entries(groups).flatMap(([type, ls], gi) => [
    h("div", { class: "group" }, type),
    ls.map(l => h("button", { class: gi % 2 ? "alt" : "", "data-action": JSON.stringify(l.action),
      onclick: () => ui.act(l.action) }, ui.t(l.label)))]));
}

function controlsCard(ui) {
  if (p.table.status === "open") return h("div", { class: "card" }, "⏳ " + t("notStarted"), " ",
    mine.host ? h("button", { class: "primary", id: "start", onclick: async () => {
      try { await api(`/api/tables/${tableId}/start`, { method: "POST", headers: { "X-Host-Token": mine.host } }); }
      catch (e) { toast(e.message, true); }
    } }, "▶ " + t("start")) : null);
  if (p.result || seat === null) return null;
  if (!p.legal.length) {
    const chose = (p.view.submitted || []).includes(seat);
    return h("div", { class: "card", id: "waiting" }, chose ? "✅ " + t("chosen") : "⏳ " + t("waitOthers"));
  }
  const custom = renderer.controls ? renderer.controls(p, ui) : null;
  return h("div", { class: "card" }, h("div", { class: "prompt" }, "👉 " + t("yourTurn")), custom || genericControls(p.legal, ui));
}

function finalCard() {
  const r = p.result;
  const order = r.scores.map((s, i) => [s, i]).sort((a, b) => b[0] - a[0]);
  return h("div", { class: "card final", id: "final" }, h("h1", {}, "🏆 " + t("final")), h("p", {}, t(r.reason)),
    h("table", {}, h("tr", {}, h("th", {}, t("seat")), h("th", {}, t("score"))),
      order.map(([s, i]) => h("tr", { class: r.winners.includes(i) ? "win" : "" },
        h("td", {}, (r.winners.includes(i) ? "👑 " : "") + seatName(i)), h("td", {}, String(s))))),
    renderer.final ? renderer.final(p, uiCtx()) : summaryList(r.summary),
    h("p", {}, h("a", { class: "btn", href: "/" }, t("back")), " ",
      h("a", { class: "btn", href: `/api/tables/${tableId}/record`, download: `${tableId}.json`, style: "background:#ece4f3;color:#2d2a32" },
        "💾 " + t("record"))));
}

/** The game's own end-of-game figures (the scalar ones), when the renderer has no final(). */
function summaryList(summary) {
  const rows = Object.entries(summary || {}).filter(([, v]) => v === null || typeof v !== "object");
  if (!rows.length) return null;
  return h("div", { class: "kv", style: "max-width:420px;margin:8px auto;text-align:left" },
    rows.flatMap(([k, v]) => [h("b", {}, k), h("span", {}, String(v))]));
}

function uiCtx() { return { lang: getLang(), t, h, act, seat, seatName, generic: genericControls }; }

function draw() {
  if (!p) return;
  document.documentElement.lang = getLang();
  document.getElementById("title").textContent = t(p.table.title) + " · " + p.table.id;
  document.getElementById("who").textContent = seat === null ? "👀 " + t("spectator") : "🙂 " + seatName(seat);
  app.innerHTML = "";
  if (cover !== null) {
    app.append(h("div", { class: "cover", id: "cover" }, h("div", {}, t("handOver")), h("div", { class: "who" }, seatName(cover)),
      h("button", { class: "primary", id: "ready", onclick: () => { seat = cover; cover = null; p = null; connect(); } }, t("ready"))));
    return;
  }
  const ui = uiCtx();
  let board;
  try { board = (renderer || generic).render(p, ui); } catch (e) { console.error(e); board = generic.render(p, ui); }
  app.append(h("div", { class: "layout" },
    h("div", { class: "board" }, p.result ? finalCard() : null, controlsCard(ui), board),
    h("div", { class: "side" }, seatsCard(), logCard())));
}

api(`/api/tables/${tableId}`).then(tb => loadRenderer(tb.game)).catch(() => {}).finally(connect);
