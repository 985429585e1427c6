// One table: connects a seat (or a spectator) by WebSocket, draws the game, sends choices.
import { h, t, getLang, langButton } from "./i18n.js";
import { api, toast } from "./store.js";
import { held, keep, claimFromLink, openSocket, deviceLink, forgetSeat, seatHeaders, rebuild, nameSeat } from "./connection.js";
import * as generic from "./generic.js";
import * as words from "./words.js";
import { paced, plain, logTools, snapshot, animate, speed } from "./pace.js";

const app = document.getElementById("app");
const tableId = location.pathname.split("/").pop();
let mine = held(tableId);
let seat = firstHeld();
let p = null, ws = null, renderer = null, cover = null, sending = false, retry = 0;
let armedBot = null;  // the seat whose hand-to-bot button was tapped once (awaiting the confirming tap)
let awaited = -1;  // the table version our last choice led to: choices wait until it is shown
let onState = null;
// this turn's choices the server held for us (drawn from its answers): {version, from, step},
// the stored version they follow, our step before the first and after the last; once the
// turn is stored their steps are not animated again here (the ones after them are)
let ownHeld = null;

function firstHeld() { const k = Object.keys(mine.seats); return k.length ? +k[0] : null; }

// /t/ID?replay: the finished table's record stepped through (replay.js), no socket
const replaying = new URLSearchParams(location.search).has("replay");
let replayer = null;
document.getElementById("langslot").append(langButton(() => (replaying ? replayer && replayer.redraw() : draw())));

async function loadRenderer(gameId) {
  api(`/api/games/${gameId}`).then(g => { words.setGameInfo(g); if (p) draw(); }).catch(() => {});
  try { renderer = await import(`/static/games/${gameId}.js`); } catch { renderer = generic; }
  words.setBoardIcons(renderer.icons);
}

function connect() {
  if (ws) { ws.onclose = null; ws.close(); }
  onState = paced(async msg => {
      retry = 0;
      if (!renderer) await loadRenderer(msg.table.game);
      // a paced state older than one already shown (our own move's answer) is skipped
      if (p && p.table && msg.table && msg.table.version < p.table.version && msg.table.status === p.table.status) return;
      if (ownHeld && msg.table && msg.table.version > ownHeld.version) {
        // one of our own held choices, now stored and already on the board: skipped while
        // later steps are on their way (the newest state is always drawn)
        const last = ownHeld.version + (ownHeld.step - ownHeld.from);
        const q = onState.newest();
        if (msg.table.version >= last) ownHeld = null;
        if (msg.table.version <= last && q && q !== msg && q.table && q.table.version > msg.table.version) return;
      }
      p = msg; maybeHandOver(); draw();
    });
  ws = openSocket(tableId, seat, {
    onState,
    onClose: ev => {
      if (ev.code === 4403 && seat !== null) {  // this seat's key moved to another device (or a bot): watch instead
        forgetSeat(tableId, seat); mine = held(tableId);
        toast("⛔ " + (ev.reason || ev.code), true); seat = firstHeld(); p = null; connect(); return;
      }
      if (ev.code === 4404 || ev.code === 4400) { app.innerHTML = ""; app.append(h("div", { class: "card" }, "⛔ " + (ev.reason || ev.code))); return; }
      retry = Math.min(retry + 1, 6); setTimeout(connect, 300 * retry);
      document.getElementById("who").textContent = "⚠️ " + t("reconnecting");
      words.addTooltips(document.getElementById("who"));
    },
  });
}

/** A one-time link that carries this seat to another device (copied and shown). */
export async function showDeviceLink() {
  try {
    const link = await deviceLink(tableId, seat);
    navigator.clipboard?.writeText(link).catch(() => {});
    toast("📱 " + t({ zh: "在另一台设备上打开此链接（仅限一次）：", en: "Open this link on your other device (once): " }) + link);
  } catch (e) { toast(e.message, true); }
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
  if (sending || !p || p.table.version < awaited) return;  // (a choice sent, its state not yet shown)
  sending = true;
  const before = awaited, base = p;
  awaited = p.table.version + 1; draw();  // on its way: the board offers no stale choices meanwhile
  try {
    // "have": the answer comes as the pushes do, only what changed since the state shown
    const answer = await api(`/api/tables/${tableId}/act`, { method: "POST",
      body: { seat, action, step: p.step, have: base.view_tag || undefined }, headers: seatHeaders(tableId, seat) });
    let mine = null;
    try { mine = rebuild(base, answer); } catch { /* (cannot happen) the pushes bring it */ }
    if (mine && mine.table.version === base.table.version && mine.step > base.step) {
      // held for an undo (it revealed nothing): only this seat (its devices) sees it
      const from = ownHeld && ownHeld.version === base.table.version ? ownHeld.from : base.step;
      ownHeld = { version: base.table.version, from, step: mine.step };
      p = { ...mine, online: p.online }; awaited = mine.table.version; draw(); return;
    }
    // the board follows the server's pushes, one per choice (ours, then the bots' answers),
    // at the chosen pace; the reply is drawn itself only if its state has not come that way
    awaited = answer.table.version;
    draw();
    if (mine) setTimeout(() => {
      const q = onState && onState.newest();
      const coming = (q && q.table.version >= mine.table.version) || (p && p.table.version >= mine.table.version);
      if (!coming) onState({ ...mine, online: p ? p.online : [] });
    }, ws && ws.readyState === WebSocket.OPEN ? 2500 : 0);
  } catch (e) { awaited = before; draw(); toast(e.message, true); }
  finally { sending = false; }
}

function seatName(s) { return words.seatName(p.table, s); }

// A guest names their own seat (✏️): the name everyone sees, kept for the next table too.
let naming = null, draft = "";
function nameForm(s) {
  const input = h("input", { id: "name-input", maxlength: 40, placeholder: t("name"), value: draft || (p.table.seats[s].name && !/^P\d+( 🤖 .*)?$/.test(p.table.seats[s].name) ? p.table.seats[s].name : ""),
    style: "width:8em;padding:2px 6px", oninput: e => { draft = e.target.value; },
    onkeydown: e => { if (e.key === "Enter") save(); if (e.key === "Escape") { naming = null; draft = ""; draw(); } } });
  const save = async () => {
    const name = input.value.trim();
    if (!name) return;
    try { const summary = await nameSeat(tableId, s, name); p = { ...p, table: { ...p.table, seats: summary.seats } }; }
    catch (e) { toast(e.message, true); return; }
    naming = null; draft = ""; draw();
  };
  setTimeout(() => input.focus());
  return h("span", { class: "name-form" }, input, " ", h("button", { class: "primary", id: "name-save", style: "padding:2px 8px", onclick: save }, t("save")));
}

function seatsCard() {
  const submitted = (p.view && p.view.submitted) || [];
  return h("div", { class: "card" }, h("h3", {}, t("seats")), h("div", { class: "seats" }, p.table.seats.map(s => {
    const cls = ["seat-chip", s.seat === seat ? "me" : "", p.to_move.includes(s.seat) ? "moving" : "",
      submitted.includes(s.seat) ? "done" : ""].join(" ");
    const here = mine.seats && mine.seats[s.seat] !== undefined;  // hot-seat: on this device
    const on = s.kind === "bot" || p.online.includes(s.seat) || here;
    const chip = h("span", { class: cls, "data-seat": s.seat, title: here && s.seat !== seat ? t("thisDevice") : null },
      h("span", { class: "dot" + (on ? " on" : "") }),
      `${seatName(s.seat)}${s.seat === seat ? " (" + t("you") + ")" : here ? " 📱" : ""}`);
    if (mine.host && s.kind === "human" && !on && p.table.status === "running")
      chip.append(" ", h("button", { class: "secondary tobot", style: "padding:2px 8px", title: t("toBot"), onclick: async () => {
        // two taps: the first asks, the second hands the seat over; the question is kept
        // outside the button, so a redraw between the taps (a push, the paced log) keeps it
        if (armedBot !== s.seat) { armedBot = s.seat; draw(); return; }
        armedBot = null;
        const bot = ((words.gameInfo().default_bots || {})[String(p.table.players)] || [])[s.seat] || "random";
        try { await api(`/api/tables/${tableId}/seats/${s.seat}/bot`, { method: "POST", body: { bot },
          headers: { "X-Host-Token": mine.host } }); } catch (e) { toast(e.message, true); }
      } }, armedBot === s.seat ? "🤖 " + t("toBotAsk") : "🤖"));
    if (s.seat === seat && s.kind === "human" && !["over", "closed", "failed"].includes(p.table.status))
      chip.append(" ", naming === s.seat ? nameForm(s.seat) : h("button", { class: "secondary", id: "rename", style: "padding:2px 8px",
        title: t("rename"), onclick: () => { naming = s.seat; draw(); } }, "✏️"));
    if (s.seat === seat && s.kind === "human" && !["over", "closed", "failed"].includes(p.table.status))
      chip.append(" ", h("button", { class: "secondary", id: "device-link", style: "padding:2px 8px",
        title: t({ zh: "换一台设备继续（一次性链接）", en: "Continue on another device (one-time link)" }), onclick: showDeviceLink }, "📱"));
    if (s.seat === seat && s.away && !["over", "closed", "failed"].includes(p.table.status))  // a bot played it while we were away
      chip.append(" ", h("button", { class: "secondary", id: "take-back", style: "padding:2px 8px", onclick: async () => {
        try { await api(`/api/tables/${tableId}/seats/${s.seat}/back`, { method: "POST", headers: seatHeaders(tableId, s.seat) }); }
        catch (e) { toast(e.message, true); }
      } }, t({ zh: "收回座位", en: "Take my seat back" })));
    if (s.moves) chip.title = t({ zh: `换过 ${s.moves} 次设备`, en: `moved to a new device ${s.moves}×` });
    return chip;
  })),
  // every claim, device move and hand-over is public; the deal's commitment from the start
  (p.table.seat_log || []).length ? h("ul", { class: "log seat-log" }, p.table.seat_log.slice(-8).map(e => h("li", {}, words.withNames(t(e.text), p.table)))) : null,
  p.table.commitment ? h("p", { class: "muted", id: "commitment", title: t({ zh: "开局时公布的发牌承诺（SHA-256）", en: "The deal's commitment published at the start (SHA-256)" }) },
    "🔏 " + p.table.commitment.slice(0, 16) + "…") : null);
}

// ---- the table's chat and quick reactions (a card kept across redraws: what is being typed
// stays; new lines are fetched every few seconds) ------------------------------------------
const REACTION_WORDS = { "👍": ["赞", "Nice"], "😂": ["笑死", "Ha ha"], "😮": ["哇", "Wow"], "😅": ["尴尬", "Oops"],
  "🤔": ["想想", "Hmm"], "👏": ["鼓掌", "Well played"], "🎉": ["太好了", "Hooray"], "😢": ["难过", "Sad"] };
let chatEl = null, chatNext = 0, chatTimer = null, chatOff = false, chatSeen = new Set();
function chatLine(x) {
  return h("li", { class: x.reaction ? "reaction" : "", "data-chat": x.n }, h("b", {}, seatName(x.seat) + (getLang() === "zh" ? "：" : ": ")), x.text);
}
function pollChat() {
  api(`/api/tables/${tableId}/chat?since=${chatNext}`).then(r => {
    chatOff = false;
    const ul = chatEl && chatEl.querySelector("#chat-lines");
    if (!ul) return;
    for (const x of r.lines) if (!chatSeen.has(x.n)) { chatSeen.add(x.n); ul.append(chatLine(x)); }
    chatNext = r.next; ul.scrollTop = ul.scrollHeight;
    words.addTooltips(ul);
  }).catch(() => { chatOff = true; });
}
function chatCard() {
  if (!p || (p.view && p.view.chat === false) || chatOff) return null;
  if (!chatEl) {
    const input = h("input", { id: "chat-input", maxlength: 200, placeholder: t("chatSay"), style: "flex:1;min-width:0" });
    const send = async text => {
      if (!text.trim() || seat === null) return;
      try { await api(`/api/tables/${tableId}/chat`, { method: "POST", body: { seat, text }, headers: seatHeaders(tableId, seat) }); }
      catch (e) { toast(e.message, true); return; }
      pollChat();
    };
    input.onkeydown = e => { if (e.key === "Enter") { send(input.value); input.value = ""; } };
    chatEl = h("div", { class: "card chat", id: "chat" }, h("h3", {}, "💬 " + t("chat")), h("ul", { class: "log", id: "chat-lines" }),
      h("div", { class: "reactions", id: "reactions" }, Object.keys(REACTION_WORDS).map(r =>
        h("button", { class: "secondary", "data-reaction": r, onclick: () => send(r) }, r))),
      h("div", { class: "chat-say" }, input, h("button", { class: "primary", id: "chat-send", onclick: () => { send(input.value); input.value = ""; } }, t("chatSend"))));
    pollChat();
    chatTimer = setInterval(() => { if (document.visibilityState === "visible") pollChat(); }, 3000);
  }
  for (const b of chatEl.querySelectorAll("[data-reaction]")) b.title = REACTION_WORDS[b.dataset.reaction][getLang() === "zh" ? 0 : 1];
  // (a spectator reads only)
  for (const el of chatEl.querySelectorAll(".reactions, .chat-say")) el.style.display = seat === null ? "none" : "";
  chatEl.querySelector("h3").textContent = "💬 " + t("chat");
  chatEl.querySelector("#chat-input").placeholder = t("chatSay");
  chatEl.querySelector("#chat-send").textContent = t("chatSend");
  return chatEl;
}

let logSeen = -1, logTimer = null;  // lines already shown; new ones come one at a time, at the pace chosen
function logCard() {
  const full = p.log || [];
  if (logSeen < 0 || logSeen > full.length || speed() === 0) logSeen = full.length;  // first sight, or instant
  logSeen = Math.max(logSeen, full.length - 12);  // far behind (bots among themselves): catch up
  const upto = Math.min(full.length, logSeen + 1);
  if (upto < full.length && !logTimer)
    logTimer = setTimeout(() => { logTimer = null; draw(); }, speed() === 2 ? 1100 : 450);
  const all = full.slice(0, upto), from = Math.max(0, all.length - 80);
  const items = all.slice(from).map((e, i) => h("li", { class: (e.visible_to ? "private" : "") + (from + i >= logSeen ? " new" : "") },
    (e.visible_to ? "🔒 " : "") + plain(words.withNames(t(e.text), p.table))));
  logSeen = upto;
  const ul = h("ul", { class: "log", id: "log" }, items);
  setTimeout(() => { ul.scrollTop = ul.scrollHeight; });
  return h("div", { class: "card" }, h("h3", {}, "📜 " + t("log")), logTools(draw), seat !== null ? ringBox() : null, ul);
}

/** Legal choices as buttons, grouped by type. */
export function genericControls(legal, ui) {
  const groups = {};
  for (const l of legal) (groups[l.action.type] ||= []).push(l);
  return h("div", { class: "controls", id: "controls" }, Object.entries(groups).flatMap(([type, ls], gi) => [
    h("div", { class: "group", "data-group": type }, words.label("actions", type)),
    ls.map(l => h("button", { class: gi % 2 ? "alt" : "", "data-action": JSON.stringify(l.action),
      onclick: () => ui.act(l.action) }, ui.t(l.label)))]));
}

// ---- turn alerts and the turn timer ---------------------------------------------------------
// When a choice becomes mine: the tab's title says so (until it is made), the phone vibrates
// and, if the player asked for it (🔔 in the log's tools), a short tone sounds.
const baseTitle = document.title;
let wasMine = false;
export function alertSound() { return localStorage.getItem("boardlab:ring") === "1"; }
function ring() {
  try {
    const ctx = new AudioContext(), osc = ctx.createOscillator(), gain = ctx.createGain();
    osc.frequency.value = 880; gain.gain.value = 0.08;
    osc.connect(gain).connect(ctx.destination); osc.start(); osc.stop(ctx.currentTime + 0.18);
    osc.onended = () => ctx.close();
  } catch { /* no audio here */ }
}
function turnAlert() {
  const mineNow = Boolean(p && seat !== null && !p.result && p.legal.length && p.table.status === "running");
  document.title = mineNow ? "🔔 " + t("yourTurnTitle") + " · " + t(p.table.title) : baseTitle;
  if (mineNow && !wasMine) {
    if (navigator.vibrate) navigator.vibrate(180);
    if (alertSound()) ring();
  }
  wasMine = mineNow;
}
/** The time left on the turn timer (the table's deadline), ticking each second. */
function timeLeft(el) {
  const left = Math.max(0, Math.round(p.table.deadline - Date.now() / 1000));
  el.textContent = `⏱ ${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
  el.classList.toggle("low", left <= 10);
}
function countdown() {
  if (!p || !p.table.deadline || p.table.status !== "running" || p.result) return null;
  const el = h("span", { class: "countdown", id: "countdown", title: t("timeLeft") }, "");
  timeLeft(el);
  return el;
}
setInterval(() => {
  const el = document.getElementById("countdown");
  if (el && p && p.table.deadline) timeLeft(el);
}, 1000);
function ringBox() {
  return h("label", { class: "ring" }, h("input", { type: "checkbox", id: "ring", checked: alertSound() ? "" : null,
    onchange: e => { localStorage.setItem("boardlab:ring", e.target.checked ? "1" : "0"); if (e.target.checked) ring(); } }),
  "🔔 " + t("alertSound"));
}

// ---- a sealed choice changed before the reveal (the server says whether, and to what) -------
let changing = null;  // {version, options, open}: the options the server gave at this version
function changeBox() {
  const v = p.table.version;
  if (!changing || changing.version !== v || changing.seat !== seat) {
    changing = { version: v, seat, options: null, open: false };
    api(`/api/tables/${tableId}/change?seat=${seat}`, { headers: seatHeaders(tableId, seat) })
      .then(r => { if (changing && changing.version === v) { changing.options = r; draw(); } }).catch(() => {});
    return null;
  }
  const o = changing.options;
  if (!o || !o.changeable) return null;
  if (!changing.open) return h("p", {}, h("button", { class: "secondary", id: "change-choice", onclick: () => { changing.open = true; draw(); } },
    "✏️ " + t("changeChoice")));
  return h("div", { class: "controls", id: "change-options" }, h("div", { class: "group" }, t("changeTo")),
    o.choices.map(c => h("button", { class: c.current ? "alt" : "", "data-change": JSON.stringify(c.action), disabled: c.current ? "" : null,
      onclick: async () => {
        try {
          const r = await api(`/api/tables/${tableId}/change`, { method: "POST", body: { seat, action: c.action },
            headers: seatHeaders(tableId, seat) });
          changing = null; p = { ...rebuild(null, r), online: p.online }; draw(); toast("✏️ ✓");
        } catch (e) { toast(e.message, true); }
      } }, (c.current ? "✓ " : "") + t(c.label))),
    h("button", { class: "secondary", onclick: () => { changing.open = false; draw(); } }, t("keepChoice")));
}

// ---- this turn's choices taken back (the server holds those that reveal nothing) ----------
let undoing = null;  // {key, count}: how many choices an undo takes back, asked at this state
function undoBox() {
  const key = `${seat}.${p.table.version}.${p.step}`;
  if (!undoing || undoing.key !== key) {
    undoing = { key, count: 0 };
    api(`/api/tables/${tableId}/undo?seat=${seat}`, { headers: seatHeaders(tableId, seat) })
      .then(r => { if (undoing && undoing.key === key) { undoing.count = r.undo; if (r.undo) draw(); } }).catch(() => {});
    return null;
  }
  if (!undoing.count) return null;
  return h("button", { class: "secondary", id: "undo", title: t("undoHint"), onclick: async () => {
    try {
      const r = await api(`/api/tables/${tableId}/undo`, { method: "POST", body: { seat }, headers: seatHeaders(tableId, seat) });
      undoing = null; ownHeld = null; p = { ...rebuild(null, r), online: p.online }; draw();
    } catch (e) { toast(e.message, true); }
  } }, "↶ " + t("undo") + (undoing.count > 1 ? ` (${undoing.count})` : ""));
}

function controlsCard(ui) {
  if (p.table.status === "open") return h("div", { class: "card", id: "not-started" }, "⏳ " + t(mine.rematch ? "waitingSeats" : "notStarted"), " ",
    mine.host ? h("button", { class: "primary", id: "start", onclick: async () => {
      try { await api(`/api/tables/${tableId}/start`, { method: "POST", headers: { "X-Host-Token": mine.host } }); }
      catch (e) { toast(e.message, true); }
    } }, "▶ " + t("start")) : null);
  if (p.result || seat === null) return null;
  if (!p.legal.length || p.table.version < awaited) {
    const chose = ((p.view && p.view.submitted) || []).includes(seat);
    return h("div", { class: "card", id: "waiting" }, chose ? "✅ " + t("chosen") : "⏳ " + t("waitOthers"), " ", countdown(),
      chose ? changeBox() : null);
  }
  const custom = renderer.controls ? renderer.controls(p, ui) : null;
  // choices with a place on the board are made there (data-act); buttons only for the rest
  const onBoard = new Set((renderer.placed ? renderer.placed(p) : []).map(a => JSON.stringify(a)));
  const rest = p.legal.filter(l => !onBoard.has(JSON.stringify(l.action)));
  const hint = onBoard.size ? h("div", { class: "muted board-hint", id: "board-hint" }, "👆 " + t("onBoard")) : null;
  const toggle = h("button", { class: "secondary", id: "sheet-toggle", "aria-expanded": sheetMin ? "false" : "true",
    title: t(sheetMin ? "sheetOpen" : "sheetClose"), onclick: () => {
      sheetMin = !sheetMin; localStorage.setItem("boardlab:sheet", sheetMin ? "min" : ""); draw();
    } }, sheetMin ? "︿" : "﹀");
  return h("div", { class: "card choices" + (sheetMin ? " collapsed" : ""), id: "choices" }, toggle,
    h("div", { class: "prompt" }, "👉 " + t("yourTurn"), " ", countdown(), " ", undoBox()), hint,
    custom || (rest.length ? genericControls(rest, ui) : null));
}

// On a phone the choices are a sheet at the foot of the screen; it can be folded down to its
// prompt (kept on the device), and the page scrolls only in the space above it.
let sheetMin = localStorage.getItem("boardlab:sheet") === "min";
let sheetWatch = null;
function fitSheet() {
  const sheet = app.querySelector("#choices");
  document.body.classList.toggle("has-sheet", Boolean(sheet));
  if (sheetWatch) { sheetWatch.disconnect(); sheetWatch = null; }
  if (!sheet) return;
  const measure = () => {
    const fixed = getComputedStyle(sheet).position === "fixed";
    document.body.style.setProperty("--sheet-h", fixed ? Math.ceil(sheet.getBoundingClientRect().height) + "px" : "0px");
  };
  measure();
  sheetWatch = new ResizeObserver(measure); sheetWatch.observe(sheet);
}

function finalCard() {
  const r = p.result;
  const order = r.scores.map((s, i) => [s, i]).sort((a, b) => b[0] - a[0]);
  const { perSeat, rest } = words.summaryParts(r.summary, r.scores.length);
  return h("div", { class: "card final", id: "final" }, h("h1", {}, "🏆 " + t("final")), h("p", {}, t(r.reason)),
    h("div", { class: "final-scroll" }, h("table", {}, h("tr", {}, h("th", {}, t("seat")), h("th", {}, t("score")),
      perSeat.map(([k]) => h("th", {}, words.label("summary", k)))),
      order.map(([s, i]) => h("tr", { class: r.winners.includes(i) ? "win" : "" },
        h("td", {}, (r.winners.includes(i) ? "👑 " : "") + seatName(i)), h("td", {}, words.figure(s)),
        perSeat.map(([, v]) => h("td", {}, words.figure(v[i]))))))),
    renderer.final ? renderer.final(p, uiCtx()) : words.summaryList(rest),
    h("p", {}, h("a", { class: "btn", href: "/" }, t("back")), " ",
      h("a", { class: "btn", href: `/api/tables/${tableId}/record`, download: `${tableId}.json`, style: "background:#ece4f3;color:#2d2a32" },
        "💾 " + t("record")), " ",
      h("a", { class: "btn", id: "replay-link", href: `/t/${tableId}?replay`, style: "background:#ece4f3;color:#2d2a32" }, "⏯ " + t("replay"))),
    rematchBox());
}

// ---- rematch: the same seats at a new table, a new deal; one click each --------------------
let rematch = null, rematchTimer = null;  // the rematch as the server last told it
function watchRematch() {
  if (rematchTimer || !p || !p.result) return;
  const look = () => api(`/api/tables/${tableId}/rematch`).then(r => {
    const changed = JSON.stringify(r) !== JSON.stringify(rematch);
    rematch = r; if (changed) draw();
  }).catch(() => {});
  look(); rematchTimer = setInterval(() => { if (document.visibilityState === "visible") look(); }, 3000);
}
async function askRematch() {
  const seats = Object.fromEntries(Object.entries(mine.seats));
  try {
    const r = await api(`/api/tables/${tableId}/rematch`, { method: "POST", body: { seats } });
    const tokens = Object.fromEntries(r.claimed.map(c => [c.seat, c.token]));
    keep(r.table, { seats: tokens, hotseat: mine.hotseat, rematch: true });  // (it starts itself)
    location.href = `/t/${r.table}`;
  } catch (e) { toast(e.message, true); }
}
function rematchBox() {
  watchRematch();
  const mySeats = Object.keys(mine.seats || {}).map(Number);
  const names = r => r.joined.map(s => seatName(s)).join(getLang() === "zh" ? "、" : ", ");
  if (mySeats.length) {
    const joined = rematch && mySeats.every(s => rematch.joined.includes(s));
    if (joined) return h("p", {}, h("a", { class: "btn", id: "rematch-go", href: `/t/${rematch.table}` }, "🔄 " + t("rematchGo")));
    return h("p", {}, h("button", { class: "primary", id: "rematch", onclick: askRematch },
      "🔄 " + (rematch ? t("rematchJoin") : t("rematch"))),
    rematch && rematch.joined.length ? h("span", { class: "muted", id: "rematch-who" }, " " + t("rematchIn") + " " + names(rematch)) : null);
  }
  return rematch ? h("p", {}, h("a", { class: "btn", id: "rematch-watch", href: `/t/${rematch.table}` }, "👀 " + t("rematchWatch"))) : null;
}

function uiCtx() {
  return { lang: getLang(), t, h, act, seat, seatName, generic: genericControls, label: words.label, figure: words.figure,
    redraw: () => draw(), finalViews };
}

function draw() {
  if (!p) return;
  document.documentElement.lang = getLang();
  const title = document.getElementById("title");
  title.replaceChildren(t(p.table.title), h("span", { class: "tid" }, " · " + p.table.id));
  document.getElementById("who").textContent = seat === null ? "👀 " + t("spectator") : "🙂 " + seatName(seat);
  const before = snapshot(app);
  const typing = document.activeElement && document.activeElement.id === "chat-input";
  app.innerHTML = "";
  if (cover !== null) {
    app.append(h("div", { class: "cover", id: "cover" }, h("div", {}, t("handOver")), h("div", { class: "who" }, seatName(cover)),
      h("button", { class: "primary", id: "ready", onclick: () => { seat = cover; cover = null; p = null; connect(); } }, t("ready"))));
    words.addTooltips(document.body);
    return;
  }
  const ui = uiCtx();
  let board;
  // while our choice's state is on its way, the board offers no choices (they are stale)
  const shown = p.table.version < awaited ? { ...p, legal: [] } : p;
  // (no deal before the start: a table waiting for its players has no board yet)
  if (!p.view) board = h("div", { class: "card", id: "board" }, h("h2", {}, t(p.table.title)));
  else try { board = (renderer || generic).render(shown, ui); } catch (e) { console.error(e); board = generic.render(shown, ui); }
  const phase = p.result || !p.view ? null : p.view.phase;
  // the final table spans the page (its columns are every seat's figures: they need the room)
  if (p.result) { app.append(finalCard()); fetchFinalViews(); }
  app.append(h("div", { class: "layout", "data-version": p.table.version },
    h("div", { class: "board" }, controlsCard(ui), board),
    h("div", { class: "side" }, seatsCard(), chatCard(), words.rulesPanel(phase, p.table.config), logCard())));
  words.addTooltips(document.body);  // every emoji on screen: header, board, hand, controls, log
  animate(app, before);
  fitSheet();
  turnAlert();
  if (typing) document.getElementById("chat-input")?.focus();
}

/** Once the game is over every seat's own final view is public (the record is): fetched
 * once, so that a board can show what was hidden (geometry's shapes). */
let finalViews = null, finalAsked = false;
function fetchFinalViews() {
  if (finalAsked || !p || !p.result || !["over", "closed", "failed"].includes(p.table.status)) return;
  finalAsked = true;
  Promise.all(p.table.seats.map(s => api(`/api/tables/${tableId}/replay?seat=${s.seat}`).then(r => r.view)))
    .then(views => { finalViews = views; draw(); }).catch(() => { finalAsked = false; });
}

if (replaying) import("./replay.js").then(m => { replayer = m; m.start(app, tableId); });
else claimFromLink(tableId).then(claimed => { mine = held(tableId); if (claimed !== null) seat = claimed; })
  .catch(e => toast(e.message, true))
  .then(() => api(`/api/tables/${tableId}`)).then(tb => loadRenderer(tb.game)).catch(() => {}).finally(connect);
