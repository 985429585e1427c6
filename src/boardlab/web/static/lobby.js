// The lobby: pick a game, set options and seats, create, invite, start; list and watch tables.
import { h, t, getLang, langButton } from "./i18n.js";
import { api, toast } from "./store.js";
import { keep, held, joinSeat, myName, rememberName } from "./connection.js";
import * as words from "./words.js";

const app = document.getElementById("app");
let games = [], chosen = null, created = null;
let seatLevels = {};  // the difficulty chosen per seat (kept while the player count changes)

document.getElementById("langslot").append(langButton(draw));

/** A turn time in words: 30 秒 / 2 minutes / 1 day. */
export function timerWords(sec) {
  const zh = getLang() === "zh";
  if (sec >= 86400) return zh ? `${sec / 86400} 天` : `${sec / 86400} day${sec > 86400 ? "s" : ""}`;
  if (sec >= 60) return zh ? `${sec / 60} 分钟` : `${sec / 60} min`;
  return zh ? `${sec} 秒` : `${sec} s`;
}

/** One option with the game's own label and its default shown (empty number = the rulebook's). */
function optionInput(key, spec, values) {
  const name = words.label("options", key);
  const def = spec.default;
  const defText = def === null || def === undefined ? t("rulebookNumber") : words.figure(def);
  const hint = h("span", { class: "muted opt-default" }, getLang() === "zh" ? `（${t("defaultIs")}：${defText}）` : `(${t("defaultIs")}: ${defText})`);
  if (spec.type === "boolean")
    return h("label", { class: "opt", "data-opt-label": key },
      h("input", { type: "checkbox", "data-opt": key, checked: values[key] ? "" : null }), name, hint);
  const enumv = spec.enum || (spec.anyOf && spec.anyOf.find(x => x.enum)?.enum);
  if (enumv)
    return h("label", { class: "opt", "data-opt-label": key }, name, h("select", { "data-opt": key },
      enumv.map(v => h("option", { value: v, selected: v === values[key] ? "" : null }, words.figure(v)))), hint);
  const numeric = spec.type === "integer" || spec.type === "number" ||
    (spec.anyOf && spec.anyOf.some(x => x.type === "integer" || x.type === "number"));
  if (numeric)
    return h("label", { class: "opt", "data-opt-label": key }, name, h("input", { type: "number", "data-opt": key, "data-num": "1",
      value: values[key] ?? spec.default, placeholder: def === null || def === undefined ? "—" : null,
      min: spec.minimum, max: spec.maximum, style: "width:5em" }), hint);
  const bools = spec.anyOf && spec.anyOf.some(x => x.type === "boolean");
  if (bools)  // yes / no / the rulebook's choice
    return h("label", { class: "opt", "data-opt-label": key }, name, h("select", { "data-opt": key, "data-tri": "1" },
      h("option", { value: "" }, t("rulebookNumber")), h("option", { value: "true" }, words.figure(true)),
      h("option", { value: "false" }, words.figure(false))), hint);
  return null;
}

function createForm() {
  const g = games.find(x => x.id === chosen);
  if (!g) return h("p", { class: "muted" }, t("noGames"));
  words.setGameInfo(g);
  const props = g.config_schema.properties || {};
  const defaults = Object.fromEntries(Object.entries(props).map(([k, v]) => [k, v.default]));
  const nInput = h("input", { type: "number", id: "players", min: g.min_players, max: g.max_players,
    value: Math.min(g.max_players, Math.max(g.min_players, defaults.players || g.min_players)), style: "width:5em" });
  const seatsBox = h("div", { id: "seatspecs" });
  // difficulty per bot seat: easy / normal / hard -> the bot the server names for that seat
  // and player count (GET /api/games: boardlab/bots/difficulty.py, as `boardlab play --level`)
  const diff = g.difficulty || { levels: [], words: {}, bots: {} };
  const levelBot = (lv, n, i) => (((diff.bots || {})[lv] || {})[String(n)] || [])[i];
  const levelOf = (bot, n, i, prefer) =>
    (levelBot(prefer, n, i) === bot ? prefer : diff.levels.find(lv => levelBot(lv, n, i) === bot)) || "";
  const drawSeats = () => {
    const n = +nInput.value; seatsBox.innerHTML = "";
    for (let i = 0; i < n; i++) {
      const style = ((g.default_bots || {})[String(n)] || [])[i];  // the rulebook's style for this seat
      const wanted = seatLevels[i] || "normal";
      const first = levelBot(wanted, n, i) || style;
      const sel = h("select", { "data-seat": i }, h("option", { value: "human" }, "🙂 " + t("human")),
        g.bots.map(b => h("option", { value: "bot:" + b, selected: i > 0 && b === first ? "" : null }, "🤖 " + words.botLabel(b))));
      if (i > 0 && !g.bots.includes(first) && g.bots.length) sel.value = "bot:" + g.bots[0];
      const custom = h("option", { value: "", "data-custom": "1" }, t("levelCustom"));
      const lvl = h("select", { "data-level": i },
        diff.levels.map(lv => h("option", { value: lv }, t((diff.words || {})[lv] || lv))), custom);
      const lvlBox = h("label", { class: "level", "data-level-box": i }, t("level"), lvl);
      const sync = () => {
        const bot = sel.value.startsWith("bot:");
        lvlBox.style.display = bot && diff.levels.length ? "" : "none";
        if (!bot) return;
        lvl.value = levelOf(sel.value.slice(4), n, i, seatLevels[i] || "normal");
        custom.hidden = lvl.value !== "";
        if (lvl.value) seatLevels[i] = lvl.value;
      };
      lvl.onchange = () => {
        const b = levelBot(lvl.value, n, i);
        if (lvl.value) seatLevels[i] = lvl.value;
        if (b && g.bots.includes(b)) sel.value = "bot:" + b;
        sync();
      };
      sel.onchange = () => {  // a seat turned into a bot plays at the level it had (or normal)
        if (sel.value.startsWith("bot:") && lvlBox.style.display === "none") {
          const b = levelBot(seatLevels[i] || "normal", n, i);
          if (b && g.bots.includes(b)) sel.value = "bot:" + b;
        }
        sync();
      };
      sync();
      seatsBox.append(h("div", { class: "seatrow" }, h("b", {}, `P${i + 1}`), sel, lvlBox,
        h("input", { placeholder: t("name"), "data-name": i, style: "width:9em", value: i === 0 ? myName() || null : null })));
    }
  };
  nInput.oninput = drawSeats; drawSeats();
  // the options most tables change first; the rest folded under "more options" (a game
  // names its common ones in its texts; without a list, a long one shows its first six)
  const all = Object.entries(props).filter(([k]) => k !== "players");
  const named = (g.labels || {}).common_options;
  const common = new Set(named || (all.length > 8 ? all.slice(0, 6) : all).map(([k]) => k));
  const opts = all.filter(([k]) => common.has(k)).map(([k, v]) => optionInput(k, v, defaults));
  const more = all.filter(([k]) => !common.has(k)).map(([k, v]) => optionInput(k, v, defaults));
  const moreBox = more.length ? h("details", { class: "more-options", id: "more-options" },
    h("summary", {}, `${t("moreOptions")} (${more.length})`), h("div", {}, more)) : null;
  // a turn timer: a human who does not choose in time has that move played by the rulebook's
  // style bot for the seat (the server's turn_seconds); none by default
  const timer = h("select", { id: "turn-seconds" }, h("option", { value: "" }, t("noTimer")),
    [30, 60, 120, 300, 86400].map(sec => h("option", { value: sec }, timerWords(sec))));
  const hot = h("input", { type: "checkbox", id: "hotseat" });
  const priv = h("input", { type: "checkbox", id: "private" });
  const go = h("button", { class: "primary", id: "create", onclick: async () => {
    const options = {};
    for (const el of app.querySelectorAll("[data-opt]")) {
      const k = el.dataset.opt;
      if ((el.dataset.num || el.dataset.tri) && el.value === "") continue;  // left empty: the rulebook's number
      options[k] = el.type === "checkbox" ? el.checked : el.dataset.num ? Number(el.value)
        : el.dataset.tri ? el.value === "true" : el.value;
    }
    const own = app.querySelector('[data-name="0"]').value.trim();
    if (own) rememberName(own);
    const seats = [...app.querySelectorAll("[data-seat]")].map(el => {
      const name = app.querySelector(`[data-name="${el.dataset.seat}"]`).value || null;
      const style = ((g.default_bots || {})[String(+nInput.value)] || [])[+el.dataset.seat];
      return el.value === "human" ? { kind: "human", name, ...(style && g.bots.includes(style) ? { timeout_bot: style } : {}) }
        : { kind: "bot", bot: el.value.slice(4), name };
    });
    const turnSeconds = timer.value ? +timer.value : null;
    try {
      // the creator takes the first human seat (hot-seat: every human seat, all on this device);
      // each other human seat gets a one-time invite, so its secret is only its player's
      const humans = seats.map((s, i) => s.kind === "human" ? i : -1).filter(i => i >= 0);
      const claim = hot.checked ? humans : humans.slice(0, 1);
      const res = await api("/api/tables", { method: "POST", body: { game: g.id, players: +nInput.value, options, seats, claim, public: !priv.checked,
        ...(turnSeconds ? { turn_seconds: turnSeconds } : {}) } });
      const tokens = Object.fromEntries(res.claimed.map(s => [s.seat, s.token]));
      keep(res.table.id, { host: res.host_token, hotseat: hot.checked, seats: tokens });
      created = res; draw();
    } catch (e) { toast(e.message, true); }
  } }, t("create"));
  return h("div", {},
    h("div", { class: "seatrow" }, h("label", {}, t("players"), nInput), h("span", { class: "muted" }, `${g.min_players}–${g.max_players}`)),
    h("h3", {}, t("options")), h("div", { id: "common-options" }, opts), moreBox,
    h("h3", {}, t("seats")), seatsBox,
    h("p", {}, h("label", {}, "⏱ " + t("turnTimer"), timer)),
    h("p", {}, h("label", {}, hot, t("hotseat")), h("label", {}, priv, "🔒 " + t("private"))), go);
}

function createdBox() {
  const res = created, id = res.table.id;
  const start = h("button", { class: "primary", id: "start", onclick: async () => {
    try { await api(`/api/tables/${id}/start`, { method: "POST", headers: { "X-Host-Token": res.host_token } }); }
    catch (e) { toast(e.message, true); return; }
    location.href = `/t/${id}`;  // this device holds the creator's seat(s), if any
  } }, "▶ " + t("start"));
  return h("div", { class: "card", id: "created" }, h("h2", {}, "✅ " + id),
    h("p", {}, t("invite")),
    res.seats.map(s => h("div", { class: "seatrow" }, h("b", {}, `P${s.seat + 1}`),
      h("a", { class: "invite", href: s.invite, "data-invite": s.seat }, location.origin + s.invite),
      h("button", { class: "secondary", title: t({ zh: "复制链接", en: "Copy the link" }), onclick: () => navigator.clipboard?.writeText(location.origin + s.invite)
        .then(() => toast("📋 ✓")).catch(() => {}) }, "📋"))),
    h("p", {}, start, " ", h("button", { class: "secondary", title: t({ zh: "关闭", en: "Close" }), onclick: () => { created = null; draw(); } }, "✕")));
}

const box = h("div", { class: "tables-list", id: "tables" }, h("p", { class: "muted" }, "…"));
setInterval(() => { if (document.visibilityState === "visible") refreshTables(); }, 4000);

// a redraw (the language switched, a game chosen) empties the list until its new rows come:
// the old rows are in the words of the last draw
function tablesBox() { box.innerHTML = ""; refreshTables(); return box; }

/** What this device holds at a table: its seats and whether it opened it. */
function mineAt(id) { const x = held(id); return { seats: Object.keys(x.seats || {}).map(Number), host: Boolean(x.host) }; }

function tableRow(tb) {
  const free = tb.seats.filter(s => s.kind === "human" && !s.claimed);
  const mine = mineAt(tb.id);
  const finished = ["over", "closed", "failed"].includes(tb.status);
  const status = tb.abandoned ? "abandoned" : tb.status === "failed" ? "closed" : tb.status;
  const seatsText = tb.seats.map(s => (mine.seats.includes(s.seat) ? "🙋" : s.kind === "bot" ? "🤖" : s.claimed ? "🙂" : "⬜")).join("");
  const when = tb.updated_at ? new Date(tb.updated_at * 1000).toLocaleString(getLang() === "zh" ? "zh-CN" : "en-GB",
    { month: "numeric", day: "numeric", hour: "2-digit", minute: "2-digit" }) : "";
  const yours = mine.seats.length ? h("span", { class: "tag mine", "data-mine": tb.id },
    t("yourSeat") + " " + mine.seats.map(s => `P${s + 1}`).join(" ")) : mine.host ? h("span", { class: "tag mine", "data-mine": tb.id }, t("yourTable")) : null;
  return h("div", { class: "row" + (mine.seats.length || mine.host ? " own" : ""), "data-table": tb.id, "data-status": status },
    h("b", {}, t(tb.title)), h("span", { class: "tag " + status }, t(status)), yours,
    h("span", { class: "muted", title: t("seats") }, seatsText),
    when ? h("span", { class: "muted" }, (finished ? t("endedAt") : t("lastMove")) + " " + when) : null,
    h("span", { class: "spacer", style: "flex:1" }),
    !tb.public ? h("span", { title: t("private") }, "🔒") : null,
    free.length && tb.public && !finished && !mine.seats.length ? h("button", { class: "secondary", onclick: async () => {
      try {
        await joinSeat(tb.id, free[0].seat);
        location.href = `/t/${tb.id}`;
      } catch (e) { toast(e.message, true); }
    } }, t("join")) : null,
    finished && tb.status === "over" ? h("a", { class: "btn", href: `/t/${tb.id}?replay`, "data-replay": tb.id }, "⏯ " + t("replay")) : null,
    mine.seats.length && !finished ? h("a", { class: "btn", href: `/t/${tb.id}`, "data-resume": tb.id }, "▶ " + t("resume"))
      : h("a", { class: "btn secondary-btn", href: `/t/${tb.id}` }, (finished ? "🏁 " : "👀 ") + t(finished ? "seeEnd" : "watch")));
}

function refreshTables() {
  api("/api/lobby").then(list => {
    box.innerHTML = "";
    const live = list.filter(tb => !["over", "closed", "failed"].includes(tb.status));
    const done = list.filter(tb => ["over", "closed", "failed"].includes(tb.status));
    if (!live.length) box.append(h("p", { class: "muted" }, t("lobbyEmpty")));
    for (const tb of live) box.append(tableRow(tb));
    if (done.length) box.append(h("h3", { id: "finished-tables" }, t("finishedTables")), ...done.map(tableRow));
    words.addTooltips(box);
  }).catch(() => {});
}

function draw() {
  document.documentElement.lang = getLang();
  app.innerHTML = "";
  const tiles = h("div", { class: "games" }, games.map(g => h("div", {
    class: "game-tile" + (g.id === chosen ? " sel" : ""), "data-game": g.id,
    onclick: () => { chosen = g.id; created = null; seatLevels = {}; draw(); } },
    h("div", { class: "big" }, t(g.title)), h("div", { class: "muted" }, `${g.min_players}–${g.max_players} 👥`))));
  app.append(
    h("div", { class: "card" }, h("h1", {}, "🎲 " + t("newTable")), tiles),
    created ? createdBox() : h("div", { class: "card" }, createForm()),
    h("div", { class: "card" }, h("h2", {}, t("openTables")), tablesBox()));
  words.addTooltips(document.body);
}

api("/api/games").then(list => { games = list; chosen = (list.find(g => g.id === "toys") || list[0] || {}).id; draw(); })
  .catch(e => toast(e.message, true));
