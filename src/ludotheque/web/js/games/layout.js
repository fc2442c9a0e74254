// Seats around an oval table, the viewer at the bottom; shared by the table games.
import { h, s, svgRoot } from "../dom.js";
import { Names, t } from "../i18n.js";
import { INK } from "./draw.js";

/** Where seat `seat` sits: {x, y} on an ellipse, the viewer's own seat at the bottom. */
export function seatPosition(seat, players, viewer, cx, cy, rx, ry) {
  const r = (seat - (viewer ?? 0) + players) % players;
  const angle = Math.PI / 2 + (r * 2 * Math.PI) / players;
  return { x: cx + rx * Math.cos(angle), y: cy + ry * Math.sin(angle) };
}

/**
 * The felt with every seat's box. seatBox(seat, x, y) draws one seat (centred at x, y);
 * centre(cx, cy) draws the middle (pot, dice…). Returns the <svg>.
 */
export function feltTable(ctx, { width = 760, height = 400, seatBox, centre }) {
  if (window.matchMedia && window.matchMedia("(max-width: 640px)").matches) {
    // A phone: a narrower table, so that names and numbers stay readable once scaled down,
    // and a taller one, so that the seats on the sides clear the pot in the middle.
    width = 470;
    height = Math.max(560, height + 140);
  }
  const n = ctx.table.players;
  const cx = width / 2;
  const cy = height / 2;
  const root = svgRoot(width, height, { class: "felt", "data-testid": "table-svg" });
  root.append(
    s("rect", { x: 40, y: 45, width: width - 80, height: height - 90, rx: (height - 90) / 2,
      fill: INK.felt, stroke: "#0e3d26", "stroke-width": 10 }),
    s("rect", { x: 52, y: 57, width: width - 104, height: height - 114, rx: (height - 114) / 2,
      fill: "none", stroke: "#2f8a5c", "stroke-width": 2 }),
  );
  if (centre) root.append(centre(cx, cy));
  for (let seat = 0; seat < n; seat++) {
    const p = seatPosition(seat, n, ctx.seat, cx, cy, width / 2 - 95, height / 2 - 48);
    root.append(seatBox(seat, p.x, p.y, { cx, cy }));
  }
  return root;
}

/**
 * A seat's box: name, a main line (capital…), an optional second line, badges
 * (["D", "E"]…), the turn's glow when `active`, greyed when `out`.
 */
export function seatCard(ctx, seat, x, y, { line1, line2, badges = [], active, out, w = 150 }) {
  const hgt = line2 ? 58 : 44;
  const me = seat === ctx.seat;
  const g = s("g", {
    transform: `translate(${x - w / 2},${y - hgt / 2})`,
    class: ["seat", active && "active", out && "out", me && "me"],
    "data-seat": seat,
  });
  g.append(
    s("rect", { width: w, height: hgt, rx: 10, fill: me ? "#fff7dc" : "#f7f4ec",
      stroke: active ? INK.select : "#203028", "stroke-width": active ? 4 : 1.5,
      opacity: out ? 0.55 : 1 }),
    fitted(ctx.name(seat), w - 20 - badges.length * 22, 8.4,
      { x: 10, y: 18, "font-size": 14, "font-weight": 700, fill: "#1b1b1b", class: "seat-name" }),
    s("text", { x: 10, y: 36, "font-size": 13, fill: "#333" }, clip(line1 ?? "", Math.floor(w / 7.2))),
  );
  if (line2) {
    g.append(fitted(line2, w - 20, 6.6, { x: 10, y: 52, "font-size": 12, fill: "#555", class: "seat-line2" }));
  }
  badges.forEach((b, i) => {
    const bx = w - 14 - i * 22;
    g.append(
      s("circle", { cx: bx, cy: 14, r: 9, fill: b.colour || "#203028" }),
      // Said by its meaning (« donneur »), not its letter (« D »): a screen reader reads the label.
      s("text", { x: bx, y: 18, "text-anchor": "middle", "font-size": 11, fill: "#fff",
        "font-weight": 700, role: b.title ? "img" : null, "aria-label": b.title || null },
        s("title", {}, b.title || ""), b.text),
    );
  });
  return g;
}

/**
 * One line of SVG text in `width` pixels: whole, squeezed a little when it is somewhat too
 * long (a Poker d'As hand « Deux Paires (Dames et Valets, 9) », a long name), cut with « … »
 * only past a third more; its whole text stays in a tooltip. `perChar`: a character's width.
 */
function fitted(text, width, perChar, attrs) {
  const str = String(text ?? "");
  const room = Math.floor(width / perChar);
  if (str.length <= room) return s("text", attrs, str);
  if (str.length <= Math.floor(room * 1.35)) {
    return s("text", { ...attrs, textLength: width, lengthAdjust: "spacingAndGlyphs" },
      s("title", {}, str), str);
  }
  return s("text", attrs, s("title", {}, str), clip(str, room));
}

export function clip(text, n) {
  const str = String(text ?? "");
  return str.length > n ? `${str.slice(0, n - 1)}…` : str;
}

/** A one-line status above a screen: what is happening and whose turn it is. */
export function statusLine(ctx, text) {
  // A tournament's manche stopped before its end: nobody is to move (the screen's text would
  // name the seat whose turn it was).
  if (["forfeit", "stopped"].includes(ctx.table?.status)) {
    return h("p", { class: "status", "data-testid": "status" }, t("table.nobody_moves"));
  }
  // Only where the person can act: a replay seen from his seat said « À vous » (two friends).
  const mine = ctx.controls && ctx.seat !== null && ctx.toMove.includes(ctx.seat);
  return h("p", { class: ["status", mine && "your-turn"], "data-testid": "status" },
    mine ? h("strong", {}, `${t("table.your_turn")} — `) : null, text);
}

/** Names of several seats: "Zoé et Marc" / "Zoé and Marc", counted for agreement
 * (« {who} {who:gagne|gagnent} »); "" when there are none. */
export function names(ctx, seats) {
  const list = new Names((seats || []).map((x) => ctx.name(Number(x))));
  return list.count ? list : "";
}

/** « Votre main » where the viewer is the seat shown; « Main de Marc » in a replay seen as
 * another seat (ctx.you false). */
export function ownLabel(ctx, key, otherKey) {
  return ctx.you === false && ctx.seat !== null ? t(otherKey, { who: ctx.name(ctx.seat) }) : t(key);
}

/** Cards won, visible during play: one folded line per holder, each card a small letter in its
 *  colour (red/black) — what a player at a real table could count on the won piles. */
export function wonCards(ctx, rows, testid) {
  const shown = rows.filter((r) => r.cards.length);
  if (!shown.length) return null;
  return h("details", { class: "won-cards", "data-testid": testid },
    h("summary", {}, t("won.title")),
    shown.map((r) => h("p", { class: "won-row" }, h("b", {}, r.who), ` (${r.cards.length}) `,
      h("span", { class: "mini-cards", role: "img", "aria-label": r.cards.map((c) => (c[0] === "*" ? "★" : c[0])).join(" ") },
        r.cards.map((c) => h("span", { class: ["mini-card", c[1] === "r" ? "red" : "black"],
          "aria-hidden": "true" }, c[0] === "*" ? "★" : c[0]))))));
}

const ALICE_RANK = { V: "J", D: "Q", R: "K" };
const ALICE_SUIT = { TR: "C", PI: "S", CO: "H", CA: "D" };

/** A card in words, for a screen reader: « Dame de trèfle », « 10 de cœur », "Queen of clubs"
 *  (Casino Royal's "QC"/"TH" or Alice's "DTR"/"7CA"). */
export function cardWords(card) {
  let m = /^([2-9TJQKA])([SHDC])$/.exec(card || "");
  let rank;
  let suit;
  if (m) [rank, suit] = [m[1], m[2]];
  else {
    m = /^([A2-7VDR])(TR|PI|CO|CA)$/i.exec(card || "");
    if (!m) return String(card ?? "");
    rank = ALICE_RANK[m[1].toUpperCase()] || m[1].toUpperCase();
    suit = ALICE_SUIT[m[2].toUpperCase()];
  }
  rank = rank === "T" ? "10" : /[AKQJ]/.test(rank) ? t(`a11y.rank.${rank}`) : rank;
  return t("a11y.card_words", { rank, suit: t(`a11y.suit.${suit}`) });
}
