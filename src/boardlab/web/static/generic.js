// The fallback renderer: any game's view as readable key/value blocks.
import { h, t } from "./i18n.js";

function show(v) {
  if (v === null || v === undefined) return "—";
  if (typeof v !== "object") return String(v);
  if (Array.isArray(v) && v.every(x => typeof x !== "object")) return v.join(", ");
  return h("pre", { class: "json" }, JSON.stringify(v, null, 1));
}

export function render(p) {
  const view = { ...p.view }; delete view.log;
  return h("div", { class: "card", id: "board" }, h("h2", {}, t(p.table.title)),
    h("div", { class: "kv" }, Object.entries(view).flatMap(([k, v]) => [h("b", {}, k), h("div", {}, show(v))])));
}
