// Pacing: states that arrive in a burst (bots answering one after another, a reveal and its
// settlement) are shown one by one, at the speed the player chose; the log reads like a
// game's log, its sums behind a "show the sums" switch.
import { h, t } from "./i18n.js";

const SPEEDS = { 0: ["即时", "instant"], 1: ["正常", "normal"], 2: ["慢", "slow"] };
const DELAY = { 0: 0, 1: 450, 2: 1100 };
export const BEHIND = 8;  // states (and log lines, at most 12) the display may lag behind play

export function speed() { const v = localStorage.getItem("boardlab:pace"); return v === null ? 1 : +v; }
export function showSums() { return localStorage.getItem("boardlab:sums") === "1"; }

/** Wraps a state handler so that consecutive states are applied one step apart. The server
 * sends one state per choice (bots answering one after another arrive as a burst); each is
 * shown for as long as its new log lines take to appear (one line per step), so the board
 * and the log advance together. At the instant pace the newest state wins at once. */
export function paced(apply) {
  const queue = [];
  let busy = false, last = 0, hold = 0, lines = -1;
  const pump = async () => {
    if (busy) return;
    busy = true;
    while (queue.length) {
      const wait = DELAY[speed()] * hold - (Date.now() - last);
      if (wait > 0 && speed() > 0) await new Promise(r => setTimeout(r, wait));
      // bots among themselves can play faster than anyone reads: keep up by skipping the oldest
      if (queue.length > BEHIND) queue.splice(0, queue.length - BEHIND);
      const msg = speed() === 0 ? queue.splice(0).pop() : queue.shift();
      const n = (msg.log || []).length;
      hold = lines < 0 ? 1 : Math.max(1, n - lines);
      lines = n; last = Date.now();
      await apply(msg);
    }
    busy = false;
  };
  const push = msg => { queue.push(msg); pump(); };
  /** The newest version waiting or shown (a reply to our own move need not be drawn when
   * the same state is on its way through the queue). */
  push.newest = () => (queue.length ? queue[queue.length - 1] : null);
  return push;
}

/** A log line without its sums: parenthesised figures (fire 7, 5/16, S−T+1) and the
 * before→after traces of a score; the switch shows them again. */
export function plain(text) {
  if (showSums()) return text;
  return text
    .replace(/\s*[（(][^（）()]*\d[^（）()]*[）)]/g, "")
    .replace(/[，,]\s*(乐趣|fun) -?\d+\s*(→|->)\s*-?\d+/g, "")
    .trim();
}

/** The log's own controls: the pace of play and the sums switch. */
export function logTools(redraw) {
  const zh = document.documentElement.lang === "zh";
  const sel = h("select", { id: "pace", title: t("speed"), onchange: e => { localStorage.setItem("boardlab:pace", e.target.value); } },
    Object.entries(SPEEDS).map(([k, w]) => h("option", { value: k, selected: +k === speed() ? "" : null }, "⏩ " + (zh ? w[0] : w[1]))));
  const box = h("input", { type: "checkbox", id: "sums", checked: showSums() ? "" : null,
    onchange: e => { localStorage.setItem("boardlab:sums", e.target.checked ? "1" : "0"); redraw(); } });
  return h("div", { class: "log-tools" }, h("label", {}, t("speed"), sel), h("label", {}, box, t("details")));
}

/** Where the moving pieces ([data-move] keys) and the faces of the cards ([data-flip] keys)
 * were before a redraw. */
export function snapshot(root) {
  const moves = {}, faces = {};
  for (const el of root.querySelectorAll("[data-move]")) moves[el.dataset.move] = el.getBoundingClientRect();
  for (const el of root.querySelectorAll("[data-flip]")) faces[el.dataset.flip] = el.textContent;
  return { moves, faces };
}

/** After a redraw: pieces glide from where they were, cards whose face changed turn over. */
export function animate(root, before) {
  if (!before || speed() === 0) return;
  const ms = speed() === 2 ? 900 : 450;
  for (const el of root.querySelectorAll("[data-move]")) {
    const was = before.moves[el.dataset.move];
    if (!was) continue;
    const now = el.getBoundingClientRect(), dx = was.left - now.left, dy = was.top - now.top;
    if (Math.abs(dx) < 2 && Math.abs(dy) < 2) continue;
    el.animate([{ transform: `translate(${dx}px, ${dy}px)` }, { transform: "none" }], { duration: ms, easing: "ease-in-out" });
  }
  for (const el of root.querySelectorAll("[data-flip]")) {
    const was = before.faces[el.dataset.flip];
    if (was === el.textContent || (was === undefined && !Object.keys(before.faces).length)) continue;
    el.animate([{ transform: "rotateY(90deg)" }, { transform: "none" }], { duration: ms, easing: "ease-out" });
  }
}
