// Alice (rules/alice.md): the 8×8 board with its cards in suit colours, the locked cards, the
// threats as arrows; moves by clicking squares (a card, then where it goes), the draw, the pile
// and each player's captures.
import { add, h, s, svgRoot } from "../dom.js";
import { t } from "../i18n.js";
import { INK, SUIT_COLOUR, SUIT_SYMBOL, parseAlice, playingCard } from "./draw.js";
import { actionPanel, describeAction } from "./generic.js";
import { cardWords, statusLine } from "./layout.js";

const FILES = "abcdefgh";
const SQ = 62; // square size
const MARGIN = 22; // room for the coordinates

// §1.1 values, rank order A 2 3 4 5 6 7 V D R (the As de pique is an option, D15).
const VALUES = {
  TR: [28, 24, 20, 16, 12, 8, 4, 25, 45, 50],
  PI: [21, 18, 15, 12, 9, 6, 3, 20, 35, 40],
  CO: [14, 12, 10, 8, 6, 4, 2, 15, 25, 30],
  CA: [7, 6, 5, 4, 3, 2, 1, 10, 15, 20],
};
const RANKS = ["A", "2", "3", "4", "5", "6", "7", "V", "D", "R"];

export function cardValue(card, options) {
  const m = /^([A2-7VDR])(TR|PI|CO|CA)$/i.exec(card || "");
  if (!m) return null;
  const rank = m[1].toUpperCase();
  const suit = m[2].toUpperCase();
  if (rank === "A" && suit === "PI" && options && options.ace_of_spades_value != null) {
    return options.ace_of_spades_value;
  }
  return VALUES[suit][RANKS.indexOf(rank)];
}

/** The squares an action is made of, in clicking order. */
function squaresOf(a) {
  switch (a.type) {
    case "place": return [a.to];
    case "draw_exchange": return [a.on, a.to];
    case "move":
    case "capture": return [a.from, a.to];
    case "exchange": return [a.a, a.b];
    default: return null;
  }
}

function matches(a, sel) {
  const sq = squaresOf(a);
  if (!sq || sel.length > sq.length) return false;
  const fits = (order) => sel.every((x, i) => order[i] === x);
  return fits(sq) || (a.type === "exchange" && fits([...sq].reverse()));
}

function flipped(ctx) {
  const v = ctx.view;
  return v.you !== null && v.you !== undefined && v.you !== v.white;
}

function xy(square, flip) {
  const f = FILES.indexOf(square[0]);
  const r = Number(square.slice(1)) - 1;
  const col = flip ? 7 - f : f;
  const row = flip ? r : 7 - r;
  return { x: MARGIN + col * SQ, y: row * SQ };
}

function centre(square, flip) {
  const p = xy(square, flip);
  return { x: p.x + SQ / 2, y: p.y + SQ / 2 };
}

function arrow(from, to, colour, flip, id) {
  const a = centre(from, flip);
  const b = centre(to, flip);
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const len = Math.hypot(dx, dy) || 1;
  const shorten = 25; // from the edge of one card to the edge of the other
  const start = 22;
  const ex = b.x - (dx / len) * shorten;
  const ey = b.y - (dy / len) * shorten;
  return s("line", { x1: a.x + (dx / len) * start, y1: a.y + (dy / len) * start, x2: ex, y2: ey,
    stroke: colour, "stroke-width": 4, "stroke-linecap": "round", opacity: 0.78,
    "marker-end": `url(#${id})`, class: "threat", "pointer-events": "none" });
}

function padlock(x, y) {
  return s("g", { transform: `translate(${x},${y})`, class: "lock", "pointer-events": "none" },
    s("path", { d: "M3 7 V4.5 a4 4 0 0 1 8 0 V7", fill: "none", stroke: "#5a4a12", "stroke-width": 1.8 }),
    s("rect", { x: 1, y: 7, width: 12, height: 9, rx: 1.5, fill: "#e0b22e", stroke: "#5a4a12",
      "stroke-width": 1 }));
}

function localState(ctx) {
  const v = ctx.view;
  const key = `${v.position}`;
  if (ctx.local.key !== key) {
    ctx.local.key = key;
    ctx.local.sel = [];
    ctx.local.choice = null;
  }
  return ctx.local;
}

function board(ctx, local, mine) {
  const v = ctx.view;
  const flip = flipped(ctx);
  const size = MARGIN + 8 * SQ;
  const root = svgRoot(size + 4, size + MARGIN, { class: "alice-board", "data-testid": "alice-board" });
  root.append(
    s("defs", {},
      s("marker", { id: "al-arrow", viewBox: "0 0 10 10", refX: 6, refY: 5, markerWidth: 4,
        markerHeight: 4, orient: "auto-start-reverse" },
      s("path", { d: "M0 0 L10 5 L0 10 z", fill: "#d0312d" }))),
  );
  const squareActions = ctx.legal.filter((a) => squaresOf(a));
  const sel = local.sel;
  // What the next click may choose.
  const next = new Map();
  if (mine) {
    for (const a of squareActions) {
      if (!matches(a, sel)) continue;
      const seq = squaresOf(a);
      const order = seq[0] === sel[0] || !sel.length ? seq : [...seq].reverse();
      const nxt = order[sel.length];
      if (nxt && !next.has(nxt)) next.set(nxt, a.type);
    }
  }
  const locked = new Set(v.locked || []);
  const last = new Set(lastSquares(v));
  // Keyboard: the board is one Tab stop (it made 48 when a drawn card could go on any empty
  // square); the arrows move square by square as the board is seen, every square named, and
  // Enter or Space chooses one that may be chosen. The stop is the square last visited, else
  // the one chosen, else the first that may be chosen, else the top left corner.
  const choosable = (sq) => mine && (next.has(sq) || sel.includes(sq));
  const ordered = [];
  for (let row = 0; row < 8; row++) {
    for (let col = 0; col < 8; col++) {
      ordered.push(flip ? FILES[7 - col] + (row + 1) : FILES[col] + (8 - row));
    }
  }
  const stop = local.focus && (!mine || choosable(local.focus) || !ordered.some(choosable))
    ? local.focus
    : sel[sel.length - 1] || ordered.find(choosable) || ordered[0];
  root.addEventListener("keydown", (event) => {
    const step = { ArrowRight: [1, 0], ArrowLeft: [-1, 0], ArrowDown: [0, 1], ArrowUp: [0, -1] }[event.key];
    const from = event.target instanceof Element ? event.target.closest("[data-square]") : null;
    if (!step || !from) return;
    const i = ordered.indexOf(from.dataset.square);
    const col = (i % 8) + step[0];
    const row = Math.floor(i / 8) + step[1];
    event.preventDefault();
    if (col < 0 || col > 7 || row < 0 || row > 7) return;
    const to = root.querySelector(`[data-square="${ordered[row * 8 + col]}"]`);
    from.setAttribute("tabindex", "-1");
    to.setAttribute("tabindex", "0");
    to.focus();
  });
  for (let r = 0; r < 8; r++) {
    for (let f = 0; f < 8; f++) {
      const square = FILES[f] + (r + 1);
      const p = xy(square, flip);
      const dark = (f + r) % 2 === 0;
      const card = v.board[square];
      // A square that may be chosen now (or unchosen) is a button (Enter, Space).
      const reachable = choosable(square);
      // Every square has a name (« e4 : Dame de trèfle, 45, verrouillée », « e4 : vide »), and
      // a destination says its kind of move, which the board shows by colour only.
      const what = [card ? `${cardWords(card)}, ${cardValue(card, v.options)}` : t("a11y.sq.empty")];
      if (card && locked.has(square)) what.push(t("a11y.sq.locked"));
      const kind = next.get(square);
      if (kind && (sel.length || kind === "place")) what.push(t(`a11y.sq.kind.${kind}`));
      const g = s("g", { class: ["square", next.has(square) && "clickable", last.has(square) && "last-move"],
        "data-square": square, "data-testid": `sq-${square}`,
        role: reachable ? "button" : "img", tabindex: square === stop ? 0 : -1,
        onfocus: () => { local.focus = square; },
        "aria-pressed": reachable ? (sel.includes(square) ? "true" : "false") : null,
        "aria-label": t("a11y.sq.named", { square, what: what.join(", ") }),
        onclick: mine ? () => clickSquare(ctx, local, square) : null });
      g.append(s("rect", { x: p.x, y: p.y, width: SQ, height: SQ,
        fill: sel.includes(square) ? "#f6d36b" : last.has(square) ? (dark ? "#aaa23a" : "#cdd26a")
          : dark ? "#b58863" : "#f0d9b5" }));
      if (card) {
        const c = parseAlice(card);
        g.append(playingCard(c.rank, c.suit, p.x + 7, p.y + 4, SQ - 14, SQ - 8, { name: card,
          fill: locked.has(square) ? "#ece6d6" : INK.paper }));
        g.append(s("text", { x: p.x + SQ - 9, y: p.y + SQ - 7, "text-anchor": "end", "font-size": 9,
          fill: "#555" }, cardValue(card, v.options)));
        if (locked.has(square)) g.append(padlock(p.x + 2, p.y + 2));
      }
      if (next.has(square)) {
        const kind = next.get(square);
        const colour = kind === "capture" ? "#d0312d" : kind === "exchange" || kind === "draw_exchange"
          ? "#1f5fbf" : "#1d7a3a";
        if (sel.length === 0 && card) {
          g.append(s("rect", { x: p.x + 2, y: p.y + 2, width: SQ - 4, height: SQ - 4, fill: "none",
            stroke: "#1d7a3a", "stroke-width": 2.5, "stroke-dasharray": "5 3", rx: 4 }));
        } else if (card) {
          g.append(s("rect", { x: p.x + 2, y: p.y + 2, width: SQ - 4, height: SQ - 4, fill: "none",
            stroke: colour, "stroke-width": 4, rx: 5 }));
        } else {
          g.append(s("circle", { cx: p.x + SQ / 2, cy: p.y + SQ / 2, r: 9, fill: colour, opacity: 0.7 }));
        }
      }
      root.append(g);
    }
  }
  for (const [a, b] of v.threats || []) root.append(arrow(a, b, "#d0312d", flip, "al-arrow"));
  for (let i = 0; i < 8; i++) {
    const file = flip ? FILES[7 - i] : FILES[i];
    const rank = flip ? i + 1 : 8 - i;
    root.append(
      s("text", { x: MARGIN + i * SQ + SQ / 2, y: 8 * SQ + 16, "text-anchor": "middle", "font-size": 13,
        fill: "#5a4a3a" }, file),
      s("text", { x: 8, y: i * SQ + SQ / 2 + 5, "text-anchor": "middle", "font-size": 13,
        fill: "#5a4a3a" }, rank),
    );
  }
  return root;
}

function clickSquare(ctx, local, square) {
  const squareActions = ctx.legal.filter((a) => squaresOf(a));
  if (local.sel.includes(square)) {
    local.sel = local.sel.slice(0, local.sel.indexOf(square));
    local.choice = null;
    ctx.rerender();
    return;
  }
  let sel = [...local.sel, square];
  let found = squareActions.filter((a) => matches(a, sel));
  if (!found.length) {
    sel = [square];
    found = squareActions.filter((a) => matches(a, sel));
    if (!found.length) sel = [];
  }
  const complete = found.filter((a) => squaresOf(a).length === sel.length);
  local.sel = sel;
  local.choice = null;
  if (complete.length === 1 && complete.length === found.length) {
    local.sel = [];
    ctx.act(complete[0]);
    return;
  }
  if (complete.length) local.choice = complete;
  ctx.rerender();
}

function actionWords(a, ctx) {
  const card = (sq) => ctx.view.board[sq] ? cardName(ctx.view.board[sq]) : sq;
  switch (a.type) {
    case "place": return t("al.do.place", { card: cardName(ctx.view.drawn), to: a.to });
    case "draw_exchange": return t("al.do.draw_exchange", { card: cardName(ctx.view.drawn), on: a.on,
      other: card(a.on), to: a.to });
    case "move": return t("al.do.move", { card: card(a.from), from: a.from, to: a.to });
    case "capture": return t("al.do.capture", { card: card(a.from), from: a.from, prey: card(a.to), to: a.to });
    case "exchange": return t("al.do.exchange", { a: card(a.a), b: card(a.b) });
    default: return describeAction(a, ctx.game);
  }
}

/** "DCO" → « D♥ » (J/Q/K in English). */
export function cardName(card) {
  if (!card) return "";
  const c = parseAlice(card);
  return `${c.rank}${SUIT_SYMBOL[c.suit] || ""}`;
}

function cardChip(card) {
  const c = parseAlice(card);
  return h("span", { class: "al-chip", style: { color: SUIT_COLOUR[c.suit] } }, cardName(card));
}

function side(ctx, local, mine) {
  const v = ctx.view;
  const box = h("div", { class: "alice-side" });
  // The pile and the drawn card.
  const pile = svgRoot(v.drawn ? 150 : 70, 92, { class: "alice-pile" });
  if (v.pile > 0) {
    pile.append(playingCard("", "", 4, 6, 56, 80, { hidden: true }),
      s("text", { x: 32, y: 52, "text-anchor": "middle", "font-size": 18, fill: "#fff",
        "font-weight": 700 }, v.pile));
  }
  if (v.drawn) {
    const c = parseAlice(v.drawn);
    pile.append(playingCard(c.rank, c.suit, 78, 6, 56, 80, { selected: true, name: v.drawn }));
  }
  box.append(h("div", { class: "pile-row" }, pile,
    h("div", {}, h("div", {}, t("al.pile", { n: v.pile })),
      v.drawn ? h("div", { class: "drawn" }, t("al.drawn"), " ", cardChip(v.drawn),
        ` (${cardValue(v.drawn, v.options)})`) : null,
      v.remaining_turns !== null && v.remaining_turns !== undefined
        ? h("div", { class: "muted" }, t("al.remaining", { n: v.remaining_turns })) : null)));
  if (mine) {
    const others = ctx.legal.filter((a) => !squaresOf(a));
    if (others.length) {
      box.append(actionPanel(ctx, others, {
        describe: (a) => (a.type === "draw" ? t("al.draw") : a.type === "pass" ? t("al.pass")
          : describeAction(a, ctx.game)),
        primary: (a) => a.type === "draw",
      }));
    }
    if (local.choice) {
      box.append(h("div", { class: "actions" }, local.choice.map((a) =>
        h("button", { type: "button", class: "btn primary", onclick: () => {
          local.sel = [];
          local.choice = null;
          ctx.act(a);
        } }, actionWords(a, ctx)))));
    }
    box.append(h("p", { class: "hint" }, v.phase === "place" ? t("al.hint.place")
      : local.sel.length ? t("al.hint.target", { sq: local.sel[0] }) : playHint(ctx)));
  }
  // Scores and captures.
  box.append(h("table", { class: "grid al-scores" },
    h("tbody", {}, [0, 1].map((seat) => h("tr", { class: ctx.toMove.includes(seat) ? "to-move" : null },
      h("td", {}, h("b", {}, ctx.name(seat)), " ",
        h("span", { class: "muted" }, seat === v.white ? t("al.white") : t("al.black"))),
      h("td", { class: "num" }, h("b", {}, v.scores[seat])),
      h("td", {}, h("div", { class: "al-chips" }, (v.captured[seat] || []).map(cardChip))))))));
  if (v.threats?.length) {
    box.append(h("p", { class: "small" }, h("span", { class: "threat-key" }, "➜"), " ",
      t("al.threats", { n: v.threats.length })));
  }
  return box;
}

/** What the player to move may do (R4): draw while the pile lasts; once it is empty, only the
 *  board's cards (move, capture, exchange at level B), and a pass when nothing is possible. */
function playHint(ctx) {
  const v = ctx.view;
  if (v.pile > 0) return t("al.hint.play");
  if (ctx.legal.every((a) => a.type === "pass")) return t("al.hint.stuck");
  return t(v.options?.level === "A" ? "al.hint.no_pile_a" : "al.hint.no_pile");
}

function phaseText(ctx) {
  const v = ctx.view;
  if (v.phase === "over") return t("al.status.over");
  const who = ctx.name(v.to_move);
  const colour = v.to_move === v.white ? t("al.white") : t("al.black");
  if (v.phase === "place") return t("al.status.place", { who, colour, card: cardName(v.drawn) });
  // R25: the pile is empty, nobody draws; the turns left before the end.
  if (v.pile === 0 && v.remaining_turns) {
    return t("al.status.no_pile", { who, colour, n: v.remaining_turns });
  }
  return t("al.status.play", { who, colour });
}

/** The squares of the last turn that touched the board (a draw alone does not: then the turn
 *  before it, the opponent's move): highlighted. */
function lastSquares(v) {
  const moves = v.moves || [];
  let i = moves.length - 1;
  while (i >= 0) {
    const seat = moves[i][0];
    const out = [];
    for (; i >= 0 && moves[i][0] === seat; i--) {
      out.push(...moves[i].slice(2));
      if (!["place", "draw_exchange", "draw"].includes(moves[i][1])) {
        i--;
        break;
      }
    }
    if (out.length) return out;
  }
  return [];
}

/** One move in words: « tirage », « e4 », « d1-d4 », « d4×d7 », « d7⇄f5 », « passe ». */
function moveText(m) {
  const [, type, a, b] = m;
  switch (type) {
    case "draw": return t("al.move.draw");
    case "place": return a;
    case "draw_exchange": return `${a}⇄${b}`;
    case "move": return `${a}-${b}`;
    case "capture": return `${a}×${b}`;
    case "exchange": return `${a}⇄${b}`;
    case "pass": return t("al.move.pass");
    case "time_up": return t("al.move.time_up");
    default: return type;
  }
}

/** The move list, a turn per line (a draw and its placing are one turn), the last in bold. */
function moveList(ctx) {
  const v = ctx.view;
  const turns = [];
  for (const m of v.moves || []) {
    const prev = turns.at(-1);
    if (prev && prev.seat === m[0] && prev.open) {
      prev.parts.push(moveText(m));
      prev.open = false;
    } else {
      turns.push({ seat: m[0], parts: [moveText(m)], open: m[1] === "draw" });
    }
  }
  if (!turns.length) return null;
  const list = h("ol", { class: "move-list", "data-testid": "al-moves", "aria-label": t("al.moves"), tabindex: 0 },
    turns.map((tu, i) => h("li", { class: i === turns.length - 1 ? "last" : null },
      h("span", { class: "muted" }, tu.seat === null ? "" : t("common.who_colon", { who: ctx.name(tu.seat) })), tu.parts.join(" → "))));
  queueMicrotask(() => {
    list.scrollTop = list.scrollHeight;
  });
  return h("details", { class: "al-moves", open: true }, h("summary", {}, t("al.moves"), ` (${turns.length})`), list);
}

/** For the « ? » of the table: the value of every card (what a capture scores). */
export function helpExtra(ctx) {
  const opts = ctx.view?.options;
  const rankNames = RANKS.map((r) => parseAlice(`${r}TR`).rank);
  return h("div", { class: "table-scroll" }, h("table", { class: "grid small", "data-testid": "al-values" },
    h("caption", {}, t("help.alice.values")),
    h("thead", {}, h("tr", {}, h("th", { scope: "col" }, ""), rankNames.map((r) => h("th", { scope: "col" }, r)))),
    h("tbody", {}, ["TR", "PI", "CO", "CA"].map((suit) => h("tr", {},
      h("th", { scope: "row", style: { color: SUIT_COLOUR[suit] } }, SUIT_SYMBOL[suit]),
      RANKS.map((r) => h("td", { class: "num" }, cardValue(`${r}${suit}`, opts))))))));
}

export function render(ctx) {
  const local = localState(ctx);
  const mine = ctx.controls && ctx.toMove.includes(ctx.seat);
  const root = h("div", { class: "screen alice" }, statusLine(ctx, phaseText(ctx)));
  add(root, h("div", { class: "alice-layout" },
    h("div", { class: "board-wrap" }, board(ctx, local, mine)),
    h("div", {}, side(ctx, local, mine), moveList(ctx))));
  root.append(h("p", { class: "muted small" }, t("al.footer", { level: ctx.view.options.level,
    rule: ctx.view.options.blocage ? t("al.blocage") : t("al.jump") })));
  return root;
}

export function describeEvent(ev, ctx) {
  const who = ev.seat !== undefined && ev.seat !== null ? ctx.name(ev.seat) : "";
  switch (ev.type) {
    case "start": return t("al.ev.start", { who: ctx.name(ev.white) });
    case "draw": return t("al.ev.draw", { who, card: cardName(ev.card), n: ev.pile });
    case "place": return t("al.ev.place", { who, card: cardName(ev.card), to: ev.to });
    case "draw_exchange": return t("al.ev.draw_exchange", { who, card: cardName(ev.card), on: ev.on,
      other: cardName(ev.replaced), to: ev.to });
    case "move": return t("al.ev.move", { who, card: cardName(ev.card), from: ev.from, to: ev.to });
    case "capture": return t("al.ev.capture", { who, card: cardName(ev.card), from: ev.from,
      to: ev.to, prey: cardName(ev.prey) });
    case "exchange": return t("al.ev.exchange", { who, a: cardName(ev.cards?.[0]),
      b: cardName(ev.cards?.[1]), sa: ev.squares?.[0], sb: ev.squares?.[1] });
    case "pass": return t("al.ev.pass", { who });
    case "time_up": return t("al.ev.time_up");
    case "end": return t("al.ev.end", { scores: (ev.scores || []).join(" – ") });
    default: return null;
  }
}

/** How the game ended, shown with its result: the stock or the clock, and the points taken. */
export function whyResult(ctx, res) {
  const end = res?.details?.end;
  if (!end) return null;
  const scores = [0, 1].map((seat) => t("al.why_score", { who: ctx.name(seat), n: res.scores[seat],
    cards: ctx.view?.captured?.[seat]?.length ?? 0 })).join(", ");
  return t(end === "clock" ? "al.why.clock" : "al.why.pile", { scores });
}
