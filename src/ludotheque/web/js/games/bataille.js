// La Bataille AlphaPoker (rules/alphapoker.md R55–R68): the cards laid on the table, each
// player's play pile and won cards; lay a card, « poser la main » with a word, let the last word
// pass (R66).
import { add, h, s, svgRoot } from "../dom.js";
import { t } from "../i18n.js";
import { INK, letterCard } from "./draw.js";
import { actionPanel, cardLetter } from "./generic.js";
import { names, statusLine, wonCards } from "./layout.js";

/** A row of letter cards on the felt (the table), wrapping after `perRow`. */
export function cardsOnFelt(cards, { perRow = 10, w = 50, hgt = 70, testid = "table-cards", empty = "" } = {}) {
  const rows = Math.max(1, Math.ceil(cards.length / perRow));
  // Room for at least 6 cards, so that a short table keeps its cards a readable size.
  const width = Math.max(6, Math.min(cards.length, perRow)) * (w + 8) + 16;
  const root = svgRoot(width, rows * (hgt + 10) + 16, { class: "felt-strip", "data-testid": testid });
  root.append(s("rect", { width, height: rows * (hgt + 10) + 16, rx: 12, fill: INK.felt }));
  cards.forEach((c, i) => {
    const r = Math.floor(i / perRow);
    const k = i % perRow;
    root.append(letterCard(c, 12 + k * (w + 8), 10 + r * (hgt + 10), w, hgt));
  });
  if (!cards.length && empty) {
    root.append(s("text", { x: width / 2, y: (hgt + 26) / 2 + 5, "text-anchor": "middle",
      "font-size": 15, fill: "#d6eadf" }, empty));
  }
  return root;
}

/** A word-claim form: a text box and a button; `extra` buttons beside it. */
export function claimForm(ctx, { label, placeholder, testid = "claim" }) {
  // A word the server refused comes back in the box, to be corrected rather than retyped.
  if (ctx.local.claimSent && ctx.local.answer) {
    if (!ctx.local.answer.ok) ctx.local.claimText = ctx.local.claimSent;
    ctx.local.claimSent = null;
  }
  // What is typed survives the re-renders that the other players' moves cause.
  const input = h("input", { type: "text", autocomplete: "off", autocapitalize: "characters",
    spellcheck: "false", placeholder, "data-testid": `${testid}-word`, maxlength: 40,
    value: ctx.local.claimText || "" });
  input.addEventListener("input", () => {
    ctx.local.claimText = input.value;
  });
  const send = () => {
    const word = input.value.trim().toUpperCase();
    if (word) {
      ctx.local.claimText = "";
      ctx.local.claimSent = input.value;
      ctx.local.answer = null;
      ctx.act({ type: "claim", word });
    }
  };
  input.addEventListener("keydown", (e) => {
    if (e.key === "Enter") send();
  });
  return h("div", { class: "claim-row" }, input,
    h("button", { type: "button", class: "btn primary", "data-testid": `${testid}-send`, onclick: send }, label));
}

function colourName(c) {
  return c === "r" ? t("ba.red") : c === "b" ? t("ba.black") : "—";
}

/** The person may claim while the other player is to turn a card: nothing waits for him (the
 *  other's card comes by itself — a bot's after « Réaction des bots »), R57, R58. */
function claimsMeanwhile(ctx) {
  const v = ctx.view;
  return v.phase === "play" && ctx.controls && ctx.seat !== null && v.turn !== ctx.seat
    && (v.claimers || []).includes(ctx.seat) && !v.passed?.[ctx.seat];
}

/** Whether the table waits for ``seat`` — the « À vous » a screen reader hears: his colour,
 *  his card, his last word; not the claims anyone may make at any moment (R58), which made it
 *  say « À vous de jouer » at every card the other turned. */
export function waitsFor(view, seat) {
  switch (view.phase) {
    case "colour": return view.chooser === seat;
    case "play": return view.turn === seat;
    case "final": return view.final_queue?.[0] === seat;
    default: return false;
  }
}

function phaseText(ctx) {
  const v = ctx.view;
  const me = ctx.controls ? ctx.seat : null;
  switch (v.phase) {
    case "colour": return t("ba.status.colour", { who: ctx.name(v.chooser) });
    case "play":
      if (claimsMeanwhile(ctx)) return t("ba.status.wait_lay", { who: ctx.name(v.turn) });
      if (v.claimers?.length && v.table.length >= 5) {
        if (me !== null && v.turn === me) return t("ba.status.lay_or_claim", { n: v.table.length });
        return t("ba.status.claims", { who: ctx.name(v.turn), n: v.table.length });
      }
      return t("ba.status.lay", { who: ctx.name(v.turn) });
    case "final":
      // R66: the one moment the table waits for a click, a last word or none.
      if (me !== null && v.final_queue?.[0] === me) return t("ba.status.last_word");
      return t("ba.status.final", { who: names(ctx, v.final_queue?.slice(0, 1)) });
    case "over": return t("ba.status.over");
    default: return v.phase;
  }
}

/** The person's last claim, refused (R59, R60): said by the word box, where it was typed. */
function refusalNote(ctx) {
  const c = ctx.view.last_claim;
  if (!c || !ctx.controls || ctx.seat === null || c.seat !== ctx.seat || c.outcome === "valid") return null;
  const other = ctx.name(1 - ctx.seat);
  const why = { impossible: "ba.refused.impossible", not_admitted: "ba.refused.not_admitted" }[c.outcome]
    || "ba.refused.no_word";
  const cost = c.penalty ? t("ba.refused.penalty", { who: other }) : t("ba.refused.no_penalty");
  return h("p", { class: "error-inline", "data-testid": "claim-refused" },
    `${t(why, { word: c.word, who: other })} ${cost}`);
}

function playersPanel(ctx) {
  const v = ctx.view;
  return h("div", { class: "scroll-x" }, h("table", { class: "grid" },
    h("thead", {}, h("tr", {}, h("th", {}, t("common.player")), h("th", {}, t("ba.colour")),
      h("th", { class: "num" }, t("ba.pile")), h("th", { class: "num" }, t("ba.won")),
      h("th", { class: "num" }, t("ba.points")), h("th", { class: "num" }, t("ba.faults")))),
    h("tbody", {}, [0, 1].map((seat) => h("tr", { class: ctx.toMove.includes(seat) ? "to-move" : null },
      h("td", {}, h("b", {}, ctx.name(seat))),
      h("td", {}, colourName(v.colours[seat])),
      h("td", { class: "num" }, v.play_piles[seat]),
      h("td", { class: "num" }, v.won[seat].length),
      h("td", { class: "num" }, v.scores[seat]),
      h("td", { class: "num" }, v.errors[seat]))))));
}

export function render(ctx) {
  const v = ctx.view;
  const mine = ctx.controls && ctx.toMove.includes(ctx.seat);
  // « À vous » says the table waits for this person: not while the other turns his card.
  const waits = claimsMeanwhile(ctx) ? { ...ctx, toMove: ctx.toMove.filter((s) => s !== ctx.seat) } : ctx;
  const root = h("div", { class: "screen bataille" }, statusLine(waits, phaseText(ctx)));
  root.append(cardsOnFelt(v.table, { empty: t("ba.empty") }), playersPanel(ctx));
  add(root, wonCards(ctx, [0, 1].map((seat) => ({ who: ctx.name(seat), cards: v.won[seat] || [] })), "won-cards"));
  if (mine) {
    const types = new Set(ctx.legal.map((a) => a.type));
    if (types.has("colour")) {
      root.append(actionPanel(ctx, ctx.legal, { types: ["colour"],
        describe: (a) => t("ba.choose", { colour: colourName(a.colour) }) }));
    }
    if (types.has("lay")) {
      root.append(actionPanel(ctx, ctx.legal, { types: ["lay"], describe: () => t("ba.lay"),
        primary: () => true }));
    }
    if (types.has("claim")) {
      root.append(h("p", { class: "hint" }, t("ba.claim_hint")),
        claimForm(ctx, { label: t("ba.claim"), placeholder: t("ba.claim_placeholder") }));
    }
    // « Laisser passer »: the engine offers it for the last word only (R66; rules.py).
    if (types.has("pass")) {
      root.append(actionPanel(ctx, ctx.legal, { types: ["pass"], describe: () => t("ba.pass") }));
    }
  }
  const refused = refusalNote(ctx);
  if (refused) {
    const row = root.querySelector(".claim-row");
    if (row) row.after(refused);
    else root.append(refused);
  }
  add(root, h("p", { class: "muted small" }, t("ba.footer", { claims: v.claims,
    mode: v.options.bataille_mode === "timed" ? t("ba.timed") : t("ba.deck") })));
  return root;
}

export function describeEvent(ev, ctx) {
  const who = ev.seat !== undefined && ev.seat !== null ? ctx.name(ev.seat) : "";
  switch (ev.type) {
    case "lot": return t("ba.ev.lot", { who: ctx.name(ev.chooser) });
    case "colour":
    case "colours": return t("ba.ev.colours", { a: ctx.name(0), ca: colourName(ev.colours?.[0]),
      b: ctx.name(1), cb: colourName(ev.colours?.[1]) });
    case "lay": {
      const colour = t(String(ev.card).endsWith("r") ? "ba.red" : "ba.black");
      const letter = cardLetter(ev.card) || "?";
      return letter === "*" ? t("ba.ev.lay_joker", { who, colour }) : t("ba.ev.lay", { who, card: letter, colour });
    }
    case "pass": return t("ba.ev.pass", { who });
    case "claim": {
      const key = { valid: "ba.ev.claim_valid", not_admitted: "ba.ev.claim_refused",
        impossible: "ba.ev.claim_impossible", no_word: "ba.ev.claim_none" }[ev.outcome] || "ba.ev.claim";
      return t(key, { who, word: ev.word, n: ev.value ?? "" });
    }
    case "penalty": return t("ba.ev.penalty", { who });
    case "refill": return t("ba.ev.refill", { who, n: ev.cards });
    case "final_claims": return t("ba.ev.final", { who: names(ctx, ev.order) });
    case "time_up": return t("ba.ev.time_up");
    case "game_over": return t("ba.ev.game_over", { who: names(ctx, ev.winners) });
    default: return null;
  }
}

/** Why the game was won, shown with its result: what each player owns and his faults. */
export function whyResult(ctx, res) {
  const v = ctx.view;
  if (!v?.scores) return null;
  return [0, 1].map((seat) => t("ba.why", { who: ctx.name(seat),
    n: (v.won?.[seat]?.length || 0) + (v.play_piles?.[seat] || 0),
    points: v.scores[seat], errors: v.errors?.[seat] || 0 })).join(" · ");
}
