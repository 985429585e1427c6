// Seat tokens this device holds, per table (localStorage), and a small fetch helper.
export function held(tableId) {
  try { return JSON.parse(localStorage.getItem("boardlab:t:" + tableId)) || { seats: {} }; }
  catch { return { seats: {} }; }
}
export function keep(tableId, patch) {
  const cur = held(tableId);
  const next = { ...cur, ...patch, seats: { ...cur.seats, ...(patch.seats || {}) } };
  localStorage.setItem("boardlab:t:" + tableId, JSON.stringify(next));
  return next;
}
export async function api(path, { method = "GET", body, headers = {} } = {}) {
  const r = await fetch(path, {
    method, headers: { "Content-Type": "application/json", ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = await r.json().catch(() => ({}));
  if (!r.ok) throw new Error(data.detail ? (typeof data.detail === "string" ? data.detail : JSON.stringify(data.detail)) : r.statusText);
  return data;
}
export function toast(msg, err = false) {
  const el = document.createElement("div");
  el.className = "toast" + (err ? " err" : ""); el.textContent = msg; el.setAttribute("role", "status");
  document.body.append(el); setTimeout(() => el.remove(), err ? 5000 : 2500);
}
