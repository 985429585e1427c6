// What this device holds per table (host token, seat tokens; localStorage) and the live
// connection to a table. Secrets never go in a URL, where logs and Referer headers would
// keep them: HTTP calls send them in headers, the WebSocket in its first message, and invite
// or device links carry a one-time code in the #fragment, which browsers never send.
import { api } from "./store.js";

const KEY = "boardlab:t:";

export function held(tableId) {
  try { return JSON.parse(localStorage.getItem(KEY + tableId)) || { seats: {} }; }
  catch { return { seats: {} }; }
}

export function keep(tableId, patch) {
  const cur = held(tableId);
  const next = { ...cur, ...patch, seats: { ...cur.seats, ...(patch.seats || {}) } };
  localStorage.setItem(KEY + tableId, JSON.stringify(next));
  return next;
}

export function forgetSeat(tableId, seat) {
  const cur = held(tableId);
  delete cur.seats[seat];
  localStorage.setItem(KEY + tableId, JSON.stringify(cur));
}

/** The name this device's player chose last (sent when they take a seat; "" if none). */
export function myName() { return localStorage.getItem("boardlab:name") || ""; }
export function rememberName(name) { localStorage.setItem("boardlab:name", name); }

/** Name this seat (its token): the name everyone sees for it. */
export async function nameSeat(tableId, seat, name) {
  rememberName(name);
  return api(`/api/tables/${tableId}/seats/${seat}/name`, { method: "POST", body: { name },
    headers: { "X-Seat-Token": held(tableId).seats[seat] } });
}

/** A full link for a path the server gave (an invite or a device link). */
export function absolute(path) { return location.origin + path; }

/** If the page was opened from an invite or device link (#claim=CODE), claim that seat once:
 *  the new seat token is stored here and the code is wiped from the address bar.
 *  Returns the claimed seat number, or null. Throws the server's refusal. */
export async function claimFromLink(tableId) {
  const code = new URLSearchParams(location.hash.slice(1)).get("claim");
  if (!code) return null;
  history.replaceState(null, "", location.pathname);  // never left behind in history
  const r = await api(`/api/tables/${tableId}/claim`, { method: "POST", body: { code, name: myName() } });
  keep(tableId, { seats: { [r.seat]: r.token } });
  return r.seat;
}

/** Take a free seat of a public table from the lobby; the token is kept on this device. */
export async function joinSeat(tableId, seat) {
  const r = await api(`/api/tables/${tableId}/join`, { method: "POST", body: { seat, name: myName() } });
  keep(tableId, { seats: { [r.seat]: r.token } });
  return r.seat;
}

/** A one-time link that moves this seat to another device (the other device's claim gives
 *  the seat a new token; this device's token then stops working). */
export async function deviceLink(tableId, seat) {
  const token = held(tableId).seats[seat];
  const r = await api(`/api/tables/${tableId}/seats/${seat}/link`, { method: "POST",
    headers: { "X-Seat-Token": token } });
  return absolute(r.link);
}

export function seatHeaders(tableId, seat) { return { "X-Seat-Token": held(tableId).seats[seat] }; }
export function hostHeaders(tableId) { return { "X-Host-Token": held(tableId).host }; }

/** The whole state from the one held (a state rebuilt before; null: none) and an incremental
 *  message, a push or an /act answer (boardlab/server/delta.py): the log's new entries go
 *  after the first "log_from" held ones; with "view_from" ("table_from") the view (the table's
 *  summary) holds only the top-level keys that changed since the held state of that tag; the
 *  view's copy of the log is put back
 *  under "view_log". Throws when the message continues a state that is not the one held. */
export function rebuild(held, msg) {
  const out = { ...msg };
  if (typeof msg.log_from === "number") {
    const have = held && held.log ? held.log : [];
    if (msg.log_from > have.length) throw new Error("the message continues a longer log");
    out.log = have.slice(0, msg.log_from).concat(msg.log || []);
  }
  if (msg.table_from !== undefined && msg.table_from !== null) {  // the summary's changes
    if (!held || held.view_tag !== msg.table_from || !held.table) throw new Error("the message continues another table");
    const table = {};
    for (const k of Object.keys(held.table)) table[k] = Object.hasOwn(msg.table, k) ? msg.table[k] : held.table[k];
    out.table = table;
    delete out.table_from;
  }
  if (msg.view_from !== undefined && msg.view_from !== null) {
    if (!held || held.view_tag !== msg.view_from || !held.view || typeof held.view !== "object")
      throw new Error("the message continues another view");
    const view = {}, changed = msg.view || {};
    for (const k of Object.keys(held.view))
      if (k !== held.view_log) view[k] = Object.hasOwn(changed, k) ? changed[k] : held.view[k];
    out.view = view;
    delete out.view_from;
  }
  // the view's own copy of the log is not sent twice: it is put back where the game keeps it
  if (msg.view_log && out.view && typeof out.view === "object") out.view = { ...out.view, [msg.view_log]: out.log };
  return out;
}

/** Open the table's WebSocket as `seat` (null: a spectator); the first message says who,
 *  and that this client takes only the changes of the view ("delta"). */
export function openSocket(tableId, seat, { onState, onClose }) {
  const ws = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws/tables/${tableId}`);
  ws.onopen = () => ws.send(JSON.stringify(seat === null ? { delta: true } : { seat, token: held(tableId).seats[seat], delta: true }));
  let state = null;  // the last state rebuilt: the next push is relative to it
  ws.onmessage = ev => {
    let msg;
    try { msg = JSON.parse(ev.data); } catch { return; }
    // who is online changed (a socket came or went): only that, for the state held
    if (msg.type === "seats") { if (state) { state = { ...state, online: msg.online }; onState(state); } return; }
    if (msg.type !== "state") return;
    try { state = rebuild(state, msg); }
    catch { state = null; ws.send("full"); return; }  // lost track: the next push comes whole
    onState(state);
  };
  ws.onclose = ev => onClose(ev);
  return ws;
}
