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

/** A full link for a path the server gave (an invite or a device link). */
export function absolute(path) { return location.origin + path; }

/** If the page was opened from an invite or device link (#claim=CODE), claim that seat once:
 *  the new seat token is stored here and the code is wiped from the address bar.
 *  Returns the claimed seat number, or null. Throws the server's refusal. */
export async function claimFromLink(tableId) {
  const code = new URLSearchParams(location.hash.slice(1)).get("claim");
  if (!code) return null;
  history.replaceState(null, "", location.pathname);  // never left behind in history
  const r = await api(`/api/tables/${tableId}/claim`, { method: "POST", body: { code } });
  keep(tableId, { seats: { [r.seat]: r.token } });
  return r.seat;
}

/** Take a free seat of a public table from the lobby; the token is kept on this device. */
export async function joinSeat(tableId, seat) {
  const r = await api(`/api/tables/${tableId}/join`, { method: "POST", body: { seat } });
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

/** Open the table's WebSocket as `seat` (null: a spectator); the first message says who. */
export function openSocket(tableId, seat, { onState, onClose }) {
  const ws = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws/tables/${tableId}`);
  ws.onopen = () => ws.send(JSON.stringify(seat === null ? {} : { seat, token: held(tableId).seats[seat] }));
  let log = [];  // the server sends only new log entries ("log_from": where they go)
  ws.onmessage = ev => {
    let msg;
    try { msg = JSON.parse(ev.data); } catch { return; }
    if (msg.type !== "state") return;
    if (typeof msg.log_from === "number") { log = log.slice(0, msg.log_from).concat(msg.log || []); msg.log = log; }
    // the view's own copy of the log is not sent twice: it is put back where the game keeps it
    if (msg.view_log && msg.view && typeof msg.view === "object") msg.view = { ...msg.view, [msg.view_log]: msg.log };
    onState(msg);
  };
  ws.onclose = ev => onClose(ev);
  return ws;
}
