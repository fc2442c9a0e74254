// The generic screen: any registered game is playable with no specific code. The view is shown
// as a readable panel, the legal actions as buttons (or one list when there are many). Game
// screens reuse actionPanel() for their plain choices and describeAction() for labels.
import { h } from "../dom.js";
import { has, t } from "../i18n.js";
import { eventSentence } from "../words.js";
import { statusLine } from "./layout.js";

// A letter card of AlphaPoker's games (« Vr », a joker laid as a letter « Xb(=E) »): people
// read its letter, never its code.
const LETTER_CARD = /^([A-Z*?])[rb](?:\(=([A-Z])\))?$/;

/** The letter a card code stands for (the joker's chosen one), or null for another value. */
export function cardLetter(value) {
  const m = typeof value === "string" ? value.match(LETTER_CARD) : null;
  return m ? m[2] || m[1] : null;
}

function fieldText(value) {
  if (value === null || value === undefined) return "—";
  if (typeof value === "boolean") return value ? t("common.yes") : t("common.no");
  if (cardLetter(value)) return cardLetter(value);
  // A word's cards read as the word: « montre VENT », not « montre Vr Eb Nb Tr ».
  if (Array.isArray(value) && value.length && value.every((x) => cardLetter(x))) {
    return value.map(cardLetter).join("");
  }
  if (Array.isArray(value)) return value.map(fieldText).join(" ");
  if (typeof value === "object") {
    return Object.entries(value).map(([k, v]) => `${k}=${fieldText(v)}`).join(", ");
  }
  return String(value);
}

/** Words for an action: "act.<game>.<type>" or "act.<type>" from the table, then its fields. */
export function describeAction(action, game) {
  const key = has(`act.${game}.${action.type}`) ? `act.${game}.${action.type}` : `act.${action.type}`;
  const name = has(key) ? t(key) : action.type;
  const rest = Object.entries(action)
    .filter(([k]) => k !== "type")
    .map(([k, v]) => (has(`field.${k}`) ? `${t(`field.${k}`)} ${fieldText(v)}` : fieldText(v)))
    .filter((x) => x !== "");
  return rest.length ? `${name} ${rest.join(" · ")}` : name;
}

/**
 * Buttons for the legal actions of `types` (all when omitted). Groups of more than `many`
 * actions of one type become a list and a button. opts.describe(a) labels an action.
 */
export function actionPanel(ctx, legal, opts = {}) {
  const describe = opts.describe || ((a) => describeAction(a, ctx.game));
  const many = opts.many ?? 12;
  const groups = new Map();
  for (const a of legal) {
    if (opts.types && !opts.types.includes(a.type)) continue;
    if (!groups.has(a.type)) groups.set(a.type, []);
    groups.get(a.type).push(a);
  }
  const box = h("div", { class: "actions", "data-testid": "actions" });
  for (const [type, list] of groups) {
    if (list.length <= many) {
      for (const a of list) {
        box.append(
          h("button", {
            type: "button",
            class: ["btn", opts.primary && opts.primary(a) && "primary"],
            "data-testid": `action-${type}`,
            "data-action": JSON.stringify(a),
            onclick: () => ctx.act(a),
          }, describe(a)),
        );
      }
    } else {
      const select = h("select", { "data-testid": `action-select-${type}`,
        "aria-label": describeAction({ type }, ctx.game) },
        list.map((a, i) => h("option", { value: i }, describe(a))));
      box.append(
        h("span", { class: "action-group" }, select,
          h("button", {
            type: "button", class: "btn", "data-testid": `action-${type}`,
            onclick: () => ctx.act(list[Number(select.value)]),
          }, (opts.verb && opts.verb(type)) || t("common.play"))),
      );
    }
  }
  return box;
}

/** A readable panel of any view: keys as words, per-seat lists as lines per player. */
export function viewPanel(ctx, view) {
  const players = ctx.table.players;
  const rows = [];
  for (const [key, value] of Object.entries(view || {})) {
    if (key === "game" || key === "options") continue;
    const label = has(`view.${key}`) ? t(`view.${key}`) : key.replaceAll("_", " ");
    let shown;
    if (Array.isArray(value) && value.length === players && players > 1 &&
        value.every((v) => v === null || typeof v !== "object" || Array.isArray(v))) {
      shown = h("ul", { class: "per-seat" },
        value.map((v, i) => h("li", {}, h("b", {}, ctx.name(i)), " : ", fieldText(v))));
    } else if (value && typeof value === "object" && !Array.isArray(value)) {
      shown = h("code", { class: "json" }, JSON.stringify(value));
    } else {
      shown = fieldText(value);
    }
    rows.push(h("dt", {}, label), h("dd", {}, shown));
  }
  return h("dl", { class: "view-panel", "data-testid": "view-panel" }, rows);
}

export function render(ctx) {
  const waiting = ctx.toMove.map((seat) => ctx.name(seat)).join(", ");
  return h("div", { class: "screen generic" },
    statusLine(ctx, ctx.view?.phase === "over" || !ctx.toMove.length ? t("generic.no_turn")
      : t("generic.turn", { who: waiting })),
    h("p", { class: "hint" }, t("generic.hint")),
    viewPanel(ctx, ctx.view),
    ctx.controls ? actionPanel(ctx, ctx.legal) : null);
}

/** Words for an engine event, for the table's log. */
export function describeEvent(event, ctx) {
  const who = event.seat !== undefined && event.seat !== null ? ctx.name(event.seat) : null;
  const key = has(`ev.${ctx.game}.${event.type}`) ? `ev.${ctx.game}.${event.type}` : `ev.${event.type}`;
  const params = { ...event, who };
  if (has(key)) return t(key, params);
  // The sentence the game declares for this event (served by /api/games).
  const declared = eventSentence(ctx.info, event, (seat) => ctx.name(seat));
  if (declared) return declared;
  const rest = Object.entries(event)
    .filter(([k]) => k !== "type" && k !== "seat")
    .map(([k, v]) => `${k}: ${fieldText(v)}`)
    .join(", ");
  return `${who ? `${who} — ` : ""}${event.type}${rest ? ` (${rest})` : ""}`;
}
