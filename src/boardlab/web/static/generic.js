// The fallback renderer for a game without a board of its own: its view as labelled figures
// in words (the game's texts where it has them; never JSON).
import { h, t } from "./i18n.js";
import * as words from "./words.js";

function show(v) {
  if (v === null || v === undefined) return "—";
  if (typeof v !== "object" || Array.isArray(v) && v.every(x => x === null || typeof x !== "object")) return words.figure(v);
  if (Array.isArray(v)) return h("ol", { class: "generic-list" }, v.map(x => h("li", {}, show(x))));
  return h("div", { class: "kv" }, Object.entries(v).flatMap(([k, x]) => [h("b", {}, words.label("summary", k)), h("div", {}, show(x))]));
}

export function render(p) {
  const view = { ...p.view }; delete view.log; delete view.visible_log;
  return h("div", { class: "card", id: "board" }, h("h2", {}, t(p.table.title)),
    h("div", { class: "kv" }, Object.entries(view).flatMap(([k, v]) => [h("b", {}, words.label("summary", k)), h("div", {}, show(v))])));
}
