// SVG drawing shared by the game screens: letter cards (AlphaPoker, Bataille, Belote),
// playing cards (Casino Royal's 52, Alice's 40), poker dice, tokens and labels.
import { s } from "../dom.js";
import { currentLang, t } from "../i18n.js";

// AlphaPoker letter values (rules/alphapoker.md §1.1).
export const LETTER_VALUES = {
  A: 1, B: 2, C: 2, D: 2, E: 1, F: 3, G: 2, H: 3, I: 1, J: 4, K: 5, L: 1, M: 2,
  N: 1, O: 1, P: 2, Q: 8, R: 1, S: 1, T: 1, U: 1, V: 3, W: 8, X: 5, Y: 5, Z: 5,
};
export const LENGTH_POINTS = { 3: 3, 4: 5, 5: 8, 6: 12, 7: 17, 8: 23, 9: 30 };

export const INK = {
  red: "#c0262d",
  black: "#1d1d22",
  paper: "#fffdf7",
  edge: "#3a3a44",
  felt: "#1f6b45",
  gold: "#f2c14e",
  blue: "#1f5fbf",
  green: "#1d7a3a",
  select: "#f2a900",
};

/** "Ar" → {letter: "A", colour: "r", joker: false}; "*b(=O)" → joker standing for O. */
export function parseLetterCard(card) {
  const m = /^([A-Z*])([rb])(?:\(=([A-Z])\))?$/.exec(card || "");
  if (!m) return { letter: "?", colour: "b", joker: false, as: null };
  return { letter: m[1], colour: m[2], joker: m[1] === "*", as: m[3] || null };
}

/** A letter card in words, for screen readers: « A rouge, 1 points », « joker noir valant O ». */
export function letterCardLabel(card, as = null) {
  const c = parseLetterCard(card);
  const colour = t(c.colour === "r" ? "a11y.red" : "a11y.black");
  if (c.joker) {
    const letter = as || c.as;
    return letter ? t("a11y.joker_as", { colour, letter }) : t("a11y.joker_card", { colour });
  }
  return t("a11y.letter_card", { letter: c.letter, colour, value: LETTER_VALUES[c.letter] ?? "" });
}

/**
 * A letter card at (x, y), w × h. opts: selected, dim, order (a small number badge),
 * as (the letter a joker stands for), onClick, testid, hidden (the back of a card).
 */
export function letterCard(card, x, y, w = 46, h = 66, opts = {}) {
  const c = parseLetterCard(card);
  const ink = c.colour === "r" ? INK.red : INK.black;
  const g = s("g", {
    transform: `translate(${x},${y})`,
    class: ["card", opts.onClick && "clickable", opts.selected && "selected", opts.dim && "dim"],
    "data-card": card,
    "data-testid": opts.testid,
    onclick: opts.onClick,
    role: opts.onClick ? "button" : "img",
    tabindex: opts.onClick ? 0 : null,
    "aria-label": opts.hidden ? t("a11y.card_back") : letterCardLabel(card, opts.as),
    "aria-pressed": opts.onClick ? (opts.selected ? "true" : "false") : null,
  });
  if (opts.hidden) {
    g.append(
      s("rect", { width: w, height: h, rx: 6, fill: "#2b4a8b", stroke: INK.edge, "stroke-width": 1.5 }),
      s("rect", { x: 4, y: 4, width: w - 8, height: h - 8, rx: 4, fill: "none",
        stroke: "#9fb6e8", "stroke-width": 1, "stroke-dasharray": "3 2" }),
    );
    return g;
  }
  g.append(
    s("rect", {
      width: w, height: h, rx: 6, fill: INK.paper,
      stroke: opts.selected ? INK.select : INK.edge, "stroke-width": opts.selected ? 3.5 : 1.5,
    }),
  );
  const shown = c.joker ? opts.as || c.as : c.letter;
  if (c.joker) {
    g.append(
      s("text", { x: w / 2, y: h * 0.6, "text-anchor": "middle", "font-size": h * 0.5,
        fill: ink, class: "card-letter" }, shown ? shown : "★"),
      s("text", { x: 5, y: 13, "font-size": 11, fill: ink, class: "card-corner" }, "★"),
    );
    if (shown) {
      g.append(s("text", { x: w - 5, y: h - 6, "text-anchor": "end", "font-size": 11, fill: ink,
        class: "card-corner" }, LETTER_VALUES[shown]));
    }
  } else {
    g.append(
      s("text", { x: w / 2, y: h * 0.62, "text-anchor": "middle", "font-size": h * 0.52,
        fill: ink, class: "card-letter" }, c.letter),
      s("text", { x: w - 5, y: h - 6, "text-anchor": "end", "font-size": 12, fill: ink,
        class: "card-corner" }, LETTER_VALUES[c.letter] ?? ""),
    );
  }
  if (opts.order) {
    g.append(
      s("circle", { cx: 9, cy: 9, r: 8.5, fill: INK.select }),
      s("text", { x: 9, y: 13, "text-anchor": "middle", "font-size": 11, fill: "#000",
        "font-weight": 700 }, opts.order),
    );
  }
  return g;
}

// --- playing cards -------------------------------------------------------------------------
export const SUIT_SYMBOL = { S: "♠", H: "♥", D: "♦", C: "♣", PI: "♠", CO: "♥", CA: "♦", TR: "♣" };
// Four-colour deck: spades black, hearts red, diamonds blue, clubs green (easy to tell apart).
export const SUIT_COLOUR = {
  S: INK.black, H: INK.red, D: INK.blue, C: INK.green,
  PI: INK.black, CO: INK.red, CA: INK.blue, TR: INK.green,
};
const RANK_EN = { T: "10", J: "J", Q: "Q", K: "K", A: "A" };
const RANK_FR = { T: "10", J: "V", Q: "D", K: "R", A: "A" };

/** "TH" → {rank: "10", suit: "H"} (Casino Royal notation; ranks in the interface's language). */
export function parse52(card) {
  const m = /^([2-9TJQKA])([SHDC])$/.exec(card || "");
  if (!m) return { rank: "?", suit: "S" };
  const names = currentLang() === "en" ? RANK_EN : RANK_FR;
  return { rank: names[m[1]] || m[1], suit: m[2] };
}

/** "7CA", "VTR", "APi" → {rank: "7", suit: "CA"} (Alice notation, French ranks A 2–7 V D R). */
export function parseAlice(card) {
  const m = /^([A2-7VDR])(TR|PI|CO|CA)$/i.exec(card || "");
  if (!m) return { rank: "?", suit: "PI" };
  const rank = m[1].toUpperCase();
  const en = { V: "J", D: "Q", R: "K" };
  return { rank: currentLang() === "en" ? en[rank] || rank : rank, suit: m[2].toUpperCase() };
}

/** A playing card (rank + suit symbol) at (x, y), w × h. */
export function playingCard(rank, suit, x, y, w, h, opts = {}) {
  const ink = SUIT_COLOUR[suit] || INK.black;
  const g = s("g", {
    transform: `translate(${x},${y})`,
    class: ["card", opts.onClick && "clickable", opts.selected && "selected", opts.dim && "dim"],
    "data-card": opts.name,
    "data-testid": opts.testid,
    onclick: opts.onClick,
    role: opts.onClick ? "button" : null,
    tabindex: opts.onClick ? 0 : null,
    "aria-label": opts.onClick ? opts.label || `${rank}${SUIT_SYMBOL[suit] || ""}` : null,
  });
  if (opts.hidden) {
    g.append(s("rect", { width: w, height: h, rx: w * 0.12, fill: "#7a1f2b", stroke: INK.edge,
      "stroke-width": 1 }));
    return g;
  }
  g.append(
    s("rect", { width: w, height: h, rx: w * 0.12, fill: opts.fill || INK.paper,
      stroke: opts.selected ? INK.select : INK.edge, "stroke-width": opts.selected ? 3 : 1 }),
    s("text", { x: w / 2, y: h * 0.47, "text-anchor": "middle", "font-size": h * 0.38, fill: ink,
      class: "card-rank" }, rank),
    s("text", { x: w / 2, y: h * 0.88, "text-anchor": "middle", "font-size": h * 0.36, fill: ink },
      SUIT_SYMBOL[suit] || "?"),
  );
  return g;
}

// --- poker dice ----------------------------------------------------------------------------
const DIE_FR = { A: "A", K: "R", Q: "D", J: "V", "10": "10", "9": "9" };
const DIE_COLOUR = { A: INK.black, K: INK.red, Q: INK.blue, J: INK.green, "10": INK.red, "9": INK.black };

/** A poker die (faces 9 10 J Q K A; French letters R D V on screen) at (x, y), side `size`. */
export function die(face, x, y, size = 54, opts = {}) {
  const g = s("g", {
    transform: `translate(${x},${y})`,
    class: ["die", opts.onClick && "clickable", opts.selected && "selected", opts.dim && "dim"],
    "data-face": face,
    "data-testid": opts.testid,
    onclick: opts.onClick,
  });
  const label = currentLang() === "en" ? face : DIE_FR[face] || face;
  // Said as a word (« As », « Roi »), not its letter: a screen reader reads « A » as « a ».
  const said = opts.hidden ? "?" : t(`a11y.face.${face}`);
  g.setAttribute("aria-label", t("a11y.die", { face: opts.joker ? `${said} (${t("a11y.joker")})` : said }));
  if (opts.onClick) {
    g.setAttribute("role", "button");
    g.setAttribute("tabindex", "0");
    g.setAttribute("aria-pressed", opts.selected ? "true" : "false");
  } else {
    g.setAttribute("role", "img");
  }
  g.append(
    s("rect", { width: size, height: size, rx: size * 0.18, fill: opts.hidden ? "#4a3424" : "#fbf8ef",
      stroke: opts.selected ? INK.select : "#5b4a3a", "stroke-width": opts.selected ? 4 : 2 }),
  );
  if (!opts.hidden) {
    g.append(
      s("text", { x: size / 2, y: size * 0.7, "text-anchor": "middle", "font-size": size * 0.52,
        "font-weight": 700, fill: DIE_COLOUR[face] || INK.black, class: "die-face" }, label),
    );
    if (opts.joker) {
      g.append(s("text", { x: size - 6, y: 14, "text-anchor": "end", "font-size": 12,
        fill: INK.red }, "★"));
    }
  } else {
    g.append(s("text", { x: size / 2, y: size * 0.66, "text-anchor": "middle",
      "font-size": size * 0.45, fill: "#d8c6a6" }, "?"));
  }
  return g;
}

/** A stack of chips with a number under it. */
export function chips(x, y, amount, colour = INK.gold, label = null) {
  const g = s("g", { transform: `translate(${x},${y})`, class: "chips" });
  const n = Math.max(1, Math.min(5, Math.ceil(Math.log2(amount + 1))));
  for (let i = 0; i < n; i++) {
    g.append(s("ellipse", { cx: 0, cy: -i * 4, rx: 13, ry: 5, fill: colour, stroke: "#5c4200",
      "stroke-width": 1 }));
  }
  g.append(s("text", { x: 0, y: 18, "text-anchor": "middle", "font-size": 13, fill: "#fff",
    "font-weight": 700 }, label ?? amount));
  return g;
}

/** A text label (SVG) with a font size and an anchor. */
export function label(x, y, text, opts = {}) {
  return s("text", {
    x, y, "text-anchor": opts.anchor || "start", "font-size": opts.size || 14,
    fill: opts.fill || "#fff", "font-weight": opts.bold ? 700 : null, class: opts.class,
  }, text);
}
