// Casino Royal (rules/casinoroyal.md): the cards the dealer turned, every player's cartons
// (4 × 5 cards) with the covered cells and the units staked on them, balances and pot; game B's
// hidden cards; game C's figure. Table stakes (the default table of A and B): who is all-in,
// the cells covered without a unit (no token drawn), the pots and who may win each. Cartons are fixed data of the rule book (§9), copied below and
// checked against the engine's table by tests/web/test_assets.py.
import { add, h, s, svgRoot } from "../dom.js";
import { fill, has, num, t } from "../i18n.js";
import { word } from "../words.js";
import { INK, SUIT_SYMBOL, parse52, playingCard } from "./draw.js";
import { actionPanel, describeAction } from "./generic.js";
import { cardWords, names, ownLabel, statusLine } from "./layout.js";

// rules/casinoroyal.md §9, row by row (cell = 5 × row + column).
export const CARTON_TEXT = [
  "TH 3C 8D 9H 2C  QH 5S JC 9S 5D  6S 8S 7D JH 6C  8C 5H 5C KH 4C",
  "7C 9D QS JD AC  QD KD AH KC QC  4H 3H 6H 2S 8H  JS 4S TS TD 7H",
  "AD QD KS 3D 4S  AS TS AH 9C 3H  6D 7S 4D 6H JD  2D TC 2H 3S 3C",
  "8S 2H KC AD 7H  7S TH 5C 6S JC  6D KS 4H 8D 8H  9C TC QS 2S 5D",
  "QC 9H 6C 3D 2C  4D 8C 3S 2D KH  9D JH 7D QH 9S  4C JS 7C TD AS",
  "AC QS KD 7C AS  7S 9D KH 3S 3C  5S 9H 3H 9S 8D  TC JH TS 7D 5H",
  "2C 5C 2D 4D AC  6S TH JC 8H 5D  7H 4C JD 8C AH  KD AD 9C QH 2S",
  "8S 4H QC 6H 8C  3D TD 2H 6C 7H  5S 5C KC JS KS  4S KD 5H QD 6D",
];
export const CARTONS = CARTON_TEXT.map((text) => text.split(/\s+/).filter(Boolean));

// §7: the cells of each figure's first instance (the line figures: the first column/row).
const FIGURE_CELLS = {
  1: [0, 5, 10, 15],
  2: [0, 1, 2, 3, 4],
  3: [0, 5, 10, 15, 16, 17, 18, 19],
  4: [0, 1, 2, 3, 4, 7, 12, 17],
  5: [0, 4, 5, 6, 7, 8, 9, 10, 14, 15, 19],
  6: [0, 4, 5, 9, 10, 14, 15, 16, 17, 18, 19],
  7: [0, 4, 5, 6, 8, 9, 10, 12, 14, 15, 19],
  8: [0, 4, 5, 6, 9, 10, 12, 14, 15, 18, 19],
  9: [0, 1, 2, 3, 4, 5, 9, 10, 14, 15, 16, 17, 18, 19],
  10: [...Array(20).keys()],
};

/** Game C (§7): the figures the dealer may choose, each drawn on a small carton (its first
 * instance: a line figure may be any column or row), a click chooses it. */
function figurePicker(ctx, figures) {
  const cell = 9;
  return h("div", { class: "figure-picker", "data-testid": "figure-picker" },
    h("p", { class: "hint" }, t("cr.figure_pick")),
    h("div", { class: "figure-grid" }, figures.map((a) => {
      const on = new Set(FIGURE_CELLS[a.figure] || []);
      const drawing = svgRoot(5 * cell + 6, 4 * cell + 6, { "aria-hidden": "true" },
        [...Array(20).keys()].map((k) => s("rect", { x: 3 + (k % 5) * cell, y: 3 + Math.floor(k / 5) * cell,
          width: cell - 1, height: cell - 1, rx: 1, class: on.has(k) ? "on" : null,
          fill: on.has(k) ? "#b71c1c" : "#e9dfc4" })));
      return h("button", { type: "button", class: "btn figure-choice", "data-testid": `pick-figure-${a.figure}`,
        onclick: () => ctx.act(a) }, drawing, h("span", {}, describe(a, ctx)));
    })));
}

const SEAT_COLOURS = ["#d0312d", "#1f5fbf", "#1d7a3a", "#b35c00", "#7b3fa0", "#00838f", "#8d6e00", "#c2185b"];

function card52(card, x, y, w, hgt, opts = {}) {
  const c = parse52(card);
  return playingCard(c.rank, c.suit, x, y, w, hgt, { name: card, ...opts });
}

function cartonSvg(ctx, k, seat) {
  const v = ctx.view;
  const cw = 40;
  const ch = 50;
  const gap = 4;
  // Read as a table of 4 rows of 5 cells, each cell its card in words and whether it is covered
  // (a blind player follows his carton row by row).
  const root = svgRoot(5 * (cw + gap) + gap, 4 * (ch + gap) + gap, { class: "carton",
    "data-testid": `carton-${k + 1}`, role: "table", "aria-label": t("cr.carton", { k: k + 1 }) });
  root.append(s("rect", { width: 5 * (cw + gap) + gap, height: 4 * (ch + gap) + gap, rx: 6,
    fill: "#efe6cf", "aria-hidden": "true" }));
  // Once the game is over the cartons stay as the last round left them (the engine clears
  // them for the next round).
  const marks = v.phase === "over" && v.last_round?.covered ? v.last_round : v;
  const covered = marks.covered[k] || 0;
  const free = (marks.free || [])[k] || 0;
  const figure = v.variant === "C" && v.figure ? new Set(FIGURE_CELLS[v.figure]) : null;
  const rows = [0, 1, 2, 3].map((r) => s("g", { role: "row", "aria-label": t("a11y.cell.row", { n: r + 1 }) }));
  root.append(...rows);
  CARTONS[k].forEach((card, cell) => {
    const x = gap + (cell % 5) * (cw + gap);
    const y = gap + Math.floor(cell / 5) * (ch + gap);
    const words = [cardWords(card)];
    if (covered & (1 << cell)) words.push(t(free & (1 << cell) ? "a11y.cell.covered_free" : "a11y.cell.covered"));
    if (figure && figure.has(cell)) words.push(t("a11y.cell.figure"));
    const g = s("g", { role: "cell", "aria-label": words.join(", ") });
    rows[Math.floor(cell / 5)].append(g);
    if (figure && figure.has(cell)) {
      g.append(s("rect", { x: x - 2, y: y - 2, width: cw + 4, height: ch + 4, rx: 5, fill: INK.gold }));
    }
    g.append(card52(card, x, y, cw, ch));
    if (covered & (1 << cell)) {
      // A covered cell: tinted in the holder's colour, a unit token in its corner (none when
      // an all-in player covered it without a unit: a ring instead).
      g.append(s("rect", { x, y, width: cw, height: ch, rx: 4, fill: SEAT_COLOURS[seat % 8],
        opacity: 0.26, class: "covered" }));
      g.append(free & (1 << cell)
        ? s("circle", { cx: x + cw - 7, cy: y + ch - 7, r: 6, fill: "none",
          stroke: SEAT_COLOURS[seat % 8], "stroke-width": 2, class: "token free" })
        : s("circle", { cx: x + cw - 7, cy: y + ch - 7, r: 7, fill: SEAT_COLOURS[seat % 8],
          stroke: "#fff", "stroke-width": 1.5, class: "token" }));
    }
  });
  return root;
}

function phaseText(ctx) {
  const v = ctx.view;
  const who = ctx.toMove.length ? names(ctx, ctx.toMove) : "";
  const key = `cr.phase.${v.phase}`;
  const game = t(`cr.game.${v.variant}`);
  if (v.phase === "over") return t("cr.status.over", { game });
  return t("cr.status", { game, round: v.round, rounds: v.rounds, phase: t(key), who });
}

function turnedRow(v) {
  const cards = v.turned || [];
  const w = 44;
  const hgt = 60;
  const root = svgRoot(Math.max(cards.length, 1) * (w + 6) + 6, hgt + 8, { "data-testid": "turned" });
  cards.forEach((c, i) => root.append(card52(c, 4 + i * (w + 6), 4, w, hgt)));
  return root;
}

// Poker hands are named by their key (cards/poker.py: category << 20, then five 4-bit ranks)
// with the game's terms (games/casinoroyal/labels.py, served by /api/games as `terms`).
const CATEGORY = [null, "carte_haute", "paire", "deux_paires", "brelan", "quinte", "floche", "full",
  "carre", "quinte_floche"];
const KICKERS = { carre: [1, 2], floche: [1, 5], brelan: [1, 3], deux_paires: [2, 3], paire: [1, 4],
  carte_haute: [1, 5] };

function term(ctx, key, params) {
  const words = ctx.info?.terms?.[key];
  return words ? fill(word(words), params) : null;
}

/** A poker hand by its key, in the interface's language (`fallback`: the engine's French). */
export function handName(ctx, hand) {
  if (!hand) return "";
  if (typeof hand.key !== "number") return hand.name || "";
  const cat = CATEGORY[hand.key >> 20];
  const r = [16, 12, 8, 4, 0].map((shift) => (hand.key >> shift) & 0xf);
  if (!r[0]) return term(ctx, "no_card") ?? hand.name;
  if (cat === "quinte_floche" && r[0] === 14) return term(ctx, "royal_flush") ?? hand.name;
  const [from, to] = KICKERS[cat] || [5, 5];
  const kickers = r.slice(from, to).filter(Boolean).map((x) => term(ctx, `rank.${x}`) ?? String(x));
  return term(ctx, `hand.${cat}`, {
    a: term(ctx, `ranks.${r[0]}`), b: term(ctx, `ranks.${r[1]}`), a1: term(ctx, `rank.${r[0]}`),
    de_a: term(ctx, `de.${r[0]}`), au_a: term(ctx, `au.${r[0]}`), aux_a: term(ctx, `aux.${r[0]}`),
    kickers: kickers.length ? ` (${kickers.join(", ")})` : "",
  }) ?? hand.name;
}

/** Why the round's winners won it, in words: the hands compared, the figure covered first, and
 * what they collected (the view's last_round). */
export function whyWon(ctx, last) {
  const winners = last.winners || [];
  const lines = [];
  const hands = Object.entries(last.hands || {}).map(([seat, hd]) => ({ seat: Number(seat), hd }));
  if (last.reason === "folds" && winners.length) {
    lines.push(term(ctx, "why_folds", { who: names(ctx, winners) }));
  } else if (last.reason === "bingo" && winners.length) {
    lines.push(term(ctx, "why_bingo", { who: names(ctx, winners), figure: t(`cr.figure.${last.figure}`) }));
  } else if (winners.length && hands.length > 1) {
    const best = hands.find((x) => x.seat === winners[0]);
    const others = hands.filter((x) => !winners.includes(x.seat)).sort((a, b) => b.hd.key - a.hd.key);
    if (winners.length > 1 && best) lines.push(term(ctx, "tie", { hand: handName(ctx, best.hd) }));
    else if (best && others.length) {
      lines.push(term(ctx, "beats", { winner: handName(ctx, best.hd),
        other: `${handName(ctx, others[0].hd)} (${ctx.name(others[0].seat)})` }));
    }
  }
  if (winners.length && last.collected) {
    const what = last.game === "B" ? "collects_pot" : "collects"; // B's pot holds his own units
    lines.push(term(ctx, what, { who: names(ctx, winners), n: last.collected }));
  }
  return lines.filter(Boolean).join(" · ") || null;
}

function seatPanel(ctx, seat) {
  const v = ctx.view;
  // Once the game is over the cartons show the last round (cartonSvg): so do their hands, for
  // the players who showed them (the engine's own cartons are cleared).
  const hand = v.phase === "over" ? v.last_round?.hands?.[seat] ?? null : v.hands?.[seat];
  const status = v.out[seat] ? t("cr.out") : v.folded[seat] ? t("cr.folded")
    : !v.in_round[seat] ? t("cr.not_in") : "";
  return h("div", { class: ["carton-box", seat === ctx.seat && "mine"], "data-seat": seat },
    h("h4", {},
      h("span", {}, h("span", { class: "seat-dot", style: { background: SEAT_COLOURS[seat % 8] } }),
        ctx.name(seat), seat === v.dealer ? h("span", { class: "pill" }, t("cr.dealer")) : null,
        ctx.toMove.includes(seat) ? h("span", { class: "pill playing" }, t("cr.to_act")) : null,
        v.all_in?.[seat] ? h("span", { class: "pill all-in", "data-testid": `all-in-${seat}` },
          t("cr.all_in")) : null),
      h("span", {}, t("cr.units", { n: num(v.balances[seat]) }))),
    (v.cartons[seat] || []).map((k1) => h("div", {},
      h("div", { class: "small muted" }, t("cr.carton", { k: k1 }),
        v.on_cartons[k1 - 1] ? ` · ${t("cr.on_carton", { n: v.on_cartons[k1 - 1] })}` : "",
        v.stakes[k1 - 1] ? ` · ${t("cr.stake", { n: v.stakes[k1 - 1] })}` : ""),
      cartonSvg(ctx, k1 - 1, seat))),
    h("div", { class: "small" }, hand ? h("b", {}, handName(ctx, hand)) : null, status ? ` ${status}` : ""));
}

/** "TH" → « 10♥ » (V D R in French). */
export function cardText(card) {
  const c = parse52(card);
  return `${c.rank}${SUIT_SYMBOL[c.suit] || ""}`;
}

/** The pots as they stand, each with the players who may win it (shown when someone is all-in). */
function potsList(ctx, pots) {
  return h("ul", { class: "plain cr-pots", "data-testid": "pots" },
    pots.map((pot, i) => h("li", {}, t(i === 0 ? "cr.main_pot" : "cr.side_pot",
      { n: num(pot.amount), who: names(ctx, pot.eligible) || "—" }))));
}

/** An action's button, with what it costs the person (B's answers as A's « Je suis (19) »). */
export function describe(a, ctx) {
  const me = ctx.view.balances?.[ctx.seat] ?? 0;
  switch (a.type) {
    case "follow": {
      const n = ctx.view.relance?.amount;
      if (n && me < n) return t("cr.do.follow_all_in", { n: me });
      return n ? t("cr.do.follow_n", { n }) : t("cr.do.follow");
    }
    case "match": {
      const cost = (ctx.view.highest ?? 0) - (ctx.view.contrib?.[ctx.seat] ?? 0);
      if (cost > me) return t("cr.do.follow_all_in", { n: me });
      return cost > 0 ? t("cr.do.match_n", { n: cost }) : t("cr.do.match_free");
    }
    case "continue": {
      const cost = (ctx.view.level ?? 0) - (ctx.view.paid?.[ctx.seat] ?? 0);
      return cost > me ? t("cr.do.follow_all_in", { n: me }) : t("cr.do.continue_n", { n: cost });
    }
    case "double": {
      // R26: the level doubles and the answer pays up to it.
      const level = 2 * (ctx.view.level ?? 0);
      const cost = level - (ctx.view.paid?.[ctx.seat] ?? 0);
      return t("cr.do.double_n", { level, n: Math.min(cost, me) });
    }
    case "raise": return t("cr.do.raise", { n: a.amount });
    case "bid": return t("cr.do.bid", { n: a.amount });
    case "ante": return t("cr.do.ante", { n: a.amount });
    case "stake": return t("cr.do.stake", { n: a.amount });
    case "outbid": return t("cr.do.outbid", { n: a.to });
    case "figure": return t("cr.do.figure", { n: a.figure, name: t(`cr.figure.${a.figure}`) });
    default: {
      const key = `cr.do.${a.type}`;
      const text = t(key);
      return text === key ? describeAction(a, ctx.game) : text;
    }
  }
}

function lastRound(ctx) {
  const last = ctx.view.last_round;
  if (!last) return null;
  const winners = names(ctx, last.winners || []);
  const why = whyWon(ctx, last);
  return h("details", { class: "last-hand result-panel" },
    h("summary", {}, t("cr.last", { n: last.number, who: winners || "—",
      reason: t(`cr.reason.${last.reason}`) })),
    why ? h("p", { class: "why-won", "data-testid": "why-won" }, why) : null,
    h("ul", { class: "plain" },
      Object.entries(last.hands || {}).map(([seat, hd]) => {
        const cards = String(hd.cards || "").split(/\s+/).filter(Boolean).map(cardText).join(" ");
        return h("li", {}, h("b", {}, ctx.name(Number(seat))), ` : ${handName(ctx, hd)}`, cards ? ` (${cards})` : "");
      }),
      (last.pots || []).length > 1 ? last.pots.map((pot, i) => h("li", {},
        t(i === 0 ? "cr.main_pot_won" : "cr.side_pot_won", { n: num(pot.amount),
          who: names(ctx, pot.winners || []) || t("cr.returned") }))) : null,
      (last.payout || []).map((p, seat) => (p ? h("li", {}, t("cr.payout", { who: ctx.name(seat), n: p })) : null))));
}

/** The last round's result, shown by the table before the next round until « Continuer ». */
export function lastResult(ctx) {
  const last = ctx.view.last_round;
  if (!last) return null;
  const panel = lastRound(ctx);
  panel.open = true;
  return { key: String(last.number), node: panel };
}

export function render(ctx) {
  const v = ctx.view;
  const mine = ctx.controls && ctx.toMove.includes(ctx.seat);
  const root = h("div", { class: "screen casinoroyal" }, statusLine(ctx, phaseText(ctx)));
  // Game C has no pot (the units lie on the cartons, R35); before the deal the deck says nothing.
  const info = [v.variant !== "C" ? t("cr.pot", { n: num(v.pot) }) : null,
    v.deck_left || v.turned?.length ? t("cr.deck", { n: v.deck_left }) : null].filter(Boolean);
  if (v.variant === "C" && v.figure) info.push(t("cr.figure_now", { name: t(`cr.figure.${v.figure}`) }));
  if (v.variant === "B" && v.level) info.push(t("cr.level", { n: v.level }));
  if (v.relance && v.relance.raiser !== null) {
    info.push(t("cr.relance_now", { who: ctx.name(v.relance.raiser), n: v.relance.amount }));
  }
  root.append(h("div", { class: "cr-top" },
    v.turned?.length ? h("div", { class: "turned" }, h("div", { class: "small muted" }, t("cr.turned")),
      turnedRow(v)) : null,
    h("div", { class: "cr-info" }, info.map((x) => h("div", {}, x)),
      (v.all_in || []).some(Boolean) && v.pots?.length ? potsList(ctx, v.pots) : null)));
  if (v.hidden) {
    root.append(h("div", { class: "cr-hidden" }, h("span", {}, ownLabel(ctx, "cr.hidden", "replay.hidden_of")), " ",
      svgRoot(3 * 50, 66, {}, v.hidden.split(/\s+/).map((c, i) => card52(c, 2 + i * 50, 2, 46, 62))),
      v.my_hand ? h("b", {}, ` ${handName(ctx, v.my_hand)}`) : null));
  }
  if (mine) {
    const figures = ctx.legal.filter((a) => a.type === "figure");
    if (figures.length) root.append(figurePicker(ctx, figures));
    root.append(actionPanel(ctx, ctx.legal.filter((a) => a.type !== "figure"), {
      describe: (a) => describe(a, ctx), many: 8,
      // A long list's button says what it does: « Relancer », not « Jouer ».
      verb: (type) => (has(`cr.verb.${type}`) ? t(`cr.verb.${type}`) : null),
      primary: (a) => a.type === "stop" || a.type === "follow" || a.type === "match" }));
  }
  const order = [...Array(v.players).keys()];
  if (ctx.seat !== null && ctx.seat !== undefined) order.sort((a, b) => (a === ctx.seat ? -1 : b === ctx.seat ? 1 : a - b));
  root.append(h("div", { class: "cartons" }, order.map((seat) => seatPanel(ctx, seat))));
  add(root, lastRound(ctx));
  return root;
}

export function describeEvent(ev, ctx) {
  const who = ev.seat !== undefined && ev.seat !== null ? ctx.name(ev.seat) : "";
  switch (ev.type) {
    case "draw_dealer": return t("cr.ev.draw_dealer", { who });
    case "round_start": return t("cr.ev.round_start", { n: ev.number, who: ctx.name(ev.dealer) });
    case "card": return t("cr.ev.card", { card: cardText(ev.card), n: (ev.marks || []).length });
    case "relance": return t("cr.ev.relance");
    case "raise": return t("cr.ev.raise", { who, n: ev.amount });
    case "decline": return t("cr.ev.decline", { who });
    case "follow": return t(ev.all_in ? "cr.ev.follow_all_in" : "cr.ev.follow", { who, n: ev.amount });
    case "betting_over": return t("cr.ev.betting_over");
    case "fold": return t("cr.ev.fold", { who });
    case "wait": return null;
    case "rien_ne_va_plus": return t("cr.ev.rnvp", { who });
    case "round_end": return t("cr.ev.round_end", { n: ev.number, who: names(ctx, ev.winners || []) });
    case "out": return t("cr.ev.out", { who: names(ctx, ev.seats) });
    case "bingo": return t("cr.ev.bingo", { who: names(ctx, ev.seats) });
    case "figure": return t("cr.ev.figure", { who, name: t(`cr.figure.${ev.figure}`) });
    case "ante": return t("cr.ev.ante", { who, n: ev.amount });
    case "stake": return t("cr.ev.stake", { who, n: ev.amount });
    case "match": return t(ev.all_in ? "cr.ev.match_all_in" : "cr.ev.match", { who, n: ev.amount });
    case "outbid": return t("cr.ev.outbid", { who, n: ev.to });
    case "continue": return t(ev.all_in ? "cr.ev.match_all_in" : "cr.ev.continue", { who, n: ev.amount });
    case "double": return t("cr.ev.double", { who, n: ev.level });
    case "game_over": return t("cr.ev.game_over");
    case "pass_cartons": return t("cr.ev.pass_cartons");
    case "deal_hidden": return t("cr.ev.deal_hidden", { n: ev.cards });
    default: return null;
  }
}
