// Alkamo (rules/alkamo.md): the 5 × 5 board of theme plaques with the words laid on them, the
// theme to play and its lexical field, my rack of tiles (clicked in order, or typed), the
// transactions, the judgement and the tiles given back. A non-playing arbiter (R1, option
// arbiter=externe, the last seat) has no rack: he sees the word and the automatic judge's
// advice, and decides.
import { add, h, s, svgRoot } from "../dom.js";
import { currentLang, Names, num, serverText, t } from "../i18n.js";
import { INK } from "./draw.js";
import { actionPanel } from "./generic.js";
import { names, ownLabel, statusLine } from "./layout.js";

// §1.1: the value of each tile (a joker is worth 0).
export const TILE_VALUE = {
  A: 2, S: 2, E: 2, I: 2, O: 2, U: 2, L: 6, T: 6, M: 6, N: 6, R: 6,
  C: 6, B: 6, D: 6, F: 6, G: 6, H: 6, P: 6, J: 8, V: 8,
  K: 10, Q: 10, W: 10, X: 10, Y: 10, Z: 10, "*": 0,
};
const BONUS = new Set(["C1", "C5"]); // R11: +10
const SEAT_COLOURS = ["#d0312d", "#1f5fbf", "#1d7a3a", "#b35c00"];
const ACQUIRED = "#1d7a3a"; // the tile acquired this turn (R29)

/** A tile as words say it: « joker » for *, the letter otherwise. */
function tileName(letter) {
  return letter === "*" ? t("explain.ap.joker") : letter;
}

/** Tiles as words say them: « A, joker ». */
function tilesName(letters) {
  return [...(letters || "")].map(tileName).join(", ");
}

/** The seat of the arbiter: the non-playing one (R1, last seat) or, with judging by the
 *  arbiter, the player elected (option ``arbiter``); null when the players vote. */
export function arbiterOf(v) {
  if (v.arbiter_seat !== null && v.arbiter_seat !== undefined) return v.arbiter_seat;
  const elected = v.options?.arbiter;
  return v.judge === "arbitre" && Number.isInteger(elected) ? elected : null;
}

/** Which rack positions hold the tiles acquired this turn (one position per acquired tile). */
function acquiredPositions(rack, acquired) {
  const out = new Set();
  for (const letter of acquired || []) {
    const i = rack.findIndex((x, k) => x === letter && !out.has(k));
    if (i >= 0) out.add(i);
  }
  return out;
}

function tile(letter, x, y, size, opts = {}) {
  const g = s("g", { transform: `translate(${x},${y})`,
    class: ["tile", opts.onClick && "clickable", opts.selected && "selected", opts.dim && "dim",
      opts.acquired && "acquired"],
    "data-tile": letter, "data-testid": opts.testid, onclick: opts.onClick,
    // Keyboard and screen readers: a tile that may be chosen is a button (Tab, Enter, Space).
    role: opts.onClick ? "button" : "img", tabindex: opts.onClick ? 0 : null,
    "aria-pressed": opts.onClick ? (opts.selected ? "true" : "false") : null,
    "aria-label": t("a11y.tile", { letter: letter === "*" ? t("explain.ap.joker") : letter,
      value: TILE_VALUE[letter] ?? 0 }) });
  g.append(
    s("rect", { width: size, height: size, rx: size * 0.14,
      fill: opts.selected ? "#ffe9a8" : opts.acquired ? "#d8f0d2" : "#f3dfb2",
      stroke: opts.selected ? INK.select : opts.acquired ? ACQUIRED : "#8a6a34",
      "stroke-width": opts.selected || opts.acquired ? 3 : 1.5 }),
    s("text", { x: size / 2, y: size * 0.68, "text-anchor": "middle", "font-size": size * 0.56,
      "font-weight": 700, fill: "#3b2a12" }, letter === "*" ? "★" : letter),
    s("text", { x: size - 4, y: size - 4, "text-anchor": "end", "font-size": size * 0.22, fill: "#6b5326" },
      TILE_VALUE[letter] ?? ""),
  );
  if (opts.acquired && !opts.order) {
    // R29: the tile bought or exchanged this turn must be in the word.
    g.append(s("circle", { cx: 8, cy: 8, r: 7.5, fill: ACQUIRED }),
      s("text", { x: 8, y: 12, "text-anchor": "middle", "font-size": 11, "font-weight": 700, fill: "#fff" }, "+"));
  }
  if (opts.order) {
    g.append(s("circle", { cx: 8, cy: 8, r: 7.5, fill: INK.select }),
      s("text", { x: 8, y: 12, "text-anchor": "middle", "font-size": 10, "font-weight": 700 }, opts.order));
  }
  return g;
}

function boardSvg(ctx) {
  const v = ctx.view;
  const cw = 118;
  const ch = 70;
  const gap = 6;
  const size = 5 * (cw + gap) + gap;
  const root = svgRoot(size, 5 * (ch + gap) + gap, { class: "alkamo-board", "data-testid": "alkamo-board" });
  root.append(s("rect", { width: size, height: 5 * (ch + gap) + gap, rx: 10, fill: "#2d4a6b" }));
  const left = new Set(v.themes_left || []);
  v.board.forEach((row, r) => row.forEach((cell, c) => {
    const x = gap + c * (cw + gap);
    const y = gap + r * (ch + gap);
    const current = cell.plaque === v.plaque;
    const pending = cell.plaque === v.pending;
    const taken = cell.mot !== undefined;
    const free = cell.longueur !== null && cell.longueur !== undefined;
    const g = s("g", { class: "plaque", "data-plaque": cell.plaque });
    g.append(s("rect", { x, y, width: cw, height: ch, rx: 7,
      fill: taken ? "#fffaf0" : free ? "#e9e2f7" : left.has(cell.plaque) ? "#f4f1ea" : "#dcd6c8",
      stroke: current ? INK.select : pending ? "#b35c00" : "#1b2f45", "stroke-width": current || pending ? 4 : 1 }));
    g.append(s("text", { x: x + cw / 2, y: y + 20, "text-anchor": "middle", "font-size": 13,
      "font-weight": 700, fill: free ? "#4b2f7a" : "#2b2b33" }, free ? t("ak.free_word") : cell.label));
    if (free && !taken) {
      g.append(s("text", { x: x + cw / 2, y: y + 46, "text-anchor": "middle", "font-size": 17,
        "font-weight": 700, fill: "#4b2f7a" }, t("ak.letters", { n: cell.longueur })));
    }
    if (BONUS.has(cell.plaque)) {
      g.append(s("text", { x: x + cw - 6, y: y + ch - 7, "text-anchor": "end", "font-size": 11,
        fill: "#7b3fa0", "font-weight": 700 }, "+10"));
    }
    if (taken) {
      g.append(
        s("text", { x: x + cw / 2, y: y + 46, "text-anchor": "middle", "font-size": 16, "font-weight": 700,
          fill: SEAT_COLOURS[cell.seat % 4] }, cell.mot),
        s("text", { x: x + 6, y: y + ch - 7, "font-size": 10, fill: "#555" }, ctx.name(cell.seat)),
      );
    }
    root.append(g);
  }));
  return root;
}

function localState(ctx) {
  const v = ctx.view;
  const key = `${v.turn}/${v.phase}/${(v.rack || []).join("")}`;
  if (ctx.local.key !== key) {
    ctx.local.key = key;
    ctx.local.word = [];
  }
  return ctx.local;
}

function rackSvg(ctx, local, mode) {
  const rack = ctx.view.rack || [];
  const returnable = new Set(ctx.legal.filter((a) => a.type === "rendre" && a.lettres.length === 1).map((a) => a.lettres));
  const size = 50;
  const acquired = acquiredPositions(rack, ctx.view.acquired);
  const root = svgRoot(Math.max(rack.length, 1) * (size + 6) + 6, size + 8, { class: "rack", "data-testid": "rack" });
  root.append(s("rect", { width: Math.max(rack.length, 1) * (size + 6) + 6, height: size + 8, rx: 6, fill: "#7a5a2e" }));
  rack.forEach((letter, i) => {
    const inWord = local.word.indexOf(i);
    root.append(tile(letter, 4 + i * (size + 6), 4, size, {
      testid: `tile-${i}`,
      selected: mode === "word" && inWord >= 0,
      acquired: acquired.has(i),
      order: mode === "word" && inWord >= 0 ? inWord + 1 : null,
      onClick: mode === "word" ? () => {
        if (inWord >= 0) {
          local.word.splice(inWord, 1);
          if (local.jokerAs) delete local.jokerAs[i];
        } else local.word.push(i);
        ctx.rerender();
      } : mode === "return" && returnable.has(letter) ? () => ctx.act({ type: "rendre", lettres: letter }) : null,
      dim: mode === "return" && !returnable.has(letter),
    }));
  });
  return root;
}

/** The actions shown as buttons: not the sablier's « temps écoulé », the clock's (R14). */
function shown(legal) {
  return legal.filter((a) => a.type !== "temps_ecoule");
}

function wordControls(ctx, local) {
  const v = ctx.view;
  const rack = v.rack || [];
  local.jokerAs = local.jokerAs || {};
  const jokers = local.word.map((i, k) => (rack[i] === "*" ? k : -1)).filter((k) => k >= 0);
  const letters = local.word.map((i) => (rack[i] === "*" ? local.jokerAs[i] || "" : rack[i]));
  const spelled = letters.map((x) => x || "?").join("");
  const input = h("input", { type: "text", autocomplete: "off", spellcheck: "false", maxlength: 20,
    "data-testid": "ak-word", placeholder: t("ak.word_placeholder"), value: ctx.local.typed || "" });
  input.addEventListener("input", () => {
    ctx.local.typed = input.value;
  });
  input.addEventListener("keydown", (e) => {
    if (e.key === "Enter" && !e.isComposing) {
      e.preventDefault();
      send();
    }
  });
  const pickers = local.word.filter((i) => rack[i] === "*").map((i) => {
    const select = h("select", { "data-testid": `ak-joker-${i}`, "aria-label": t("ap.joker_letter") },
      h("option", { value: "" }, "?"),
      [..."ABCDEFGHIJKLMNOPQRSTUVWXYZ"].map((L) => h("option", { value: L, selected: local.jokerAs[i] === L }, L)));
    select.addEventListener("change", () => {
      local.jokerAs[i] = select.value;
      ctx.rerender();
    });
    return h("label", { class: "joker-pick" }, t("ap.joker_is"), " ", select);
  });
  const send = () => {
    if (local.word.length) {
      if (letters.some((x) => !x)) return;
      ctx.act({ type: "mot", mot: letters.join(""), jokers });
    } else if (input.value.trim()) {
      ctx.local.typed = "";
      ctx.act({ type: "mot", mot: input.value.trim().toUpperCase() });
    }
  };
  const acquired = v.acquired || [];
  const box = h("div", { class: "controls" },
    h("p", { class: "hint" }, t("ak.word_hint")),
    acquired.length ? h("p", { class: "hint", "data-testid": "ak-acquired" },
      t("ak.acquired_hint", { n: acquired.length, tiles: tilesName(acquired) })) : null,
    h("div", { class: "claim-row" },
      local.word.length ? h("span", { class: "word-spelled", "data-testid": "ak-spelled" }, spelled) : input,
      pickers,
      h("button", { type: "button", class: "btn primary", "data-testid": "ak-submit", onclick: send,
        disabled: local.word.length > 0 && letters.some((x) => !x) }, t("ak.submit")),
      local.word.length ? h("button", { type: "button", class: "btn", onclick: () => {
        local.word = [];
        ctx.rerender();
      } }, t("common.clear")) : null));
  const others = shown(ctx.legal).filter((a) => a.type !== "mot");
  if (others.length) {
    box.append(actionPanel(ctx, others, { describe: (a) => describe(a, ctx), many: 6 }));
  }
  return box;
}

// A plaque as the board prints it: ÉCOLE for the plaque ECOLE (events and actions carry the
// folded name, the tiles' A–Z); C1…C5 as they are.
function plaqueLabel(ctx, plaque) {
  for (const row of ctx.view?.board ?? []) {
    for (const cell of row) {
      if (cell.plaque !== plaque) continue;
      // A C square reads as the board shows it, never its code (« plaque C5 »).
      const free = cell.longueur !== null && cell.longueur !== undefined;
      return free ? `${t("ak.free_word")} (${t("ak.letters", { n: cell.longueur })})` : cell.label;
    }
  }
  return plaque;
}

export function describe(a, ctx) {
  switch (a.type) {
    case "tirer": return t("ak.do.tirer");
    case "reprendre": return t("ak.do.reprendre", { plaque: plaqueLabel(ctx, ctx.view.pending) });
    case "super_mot": return t("ak.do.super_mot");
    case "passer": return t("ak.do.passer");
    case "achat": return a.prix !== undefined
      ? t("ak.do.achat", { lettre: tileName(a.lettre), who: ctx.name(a.vendeur), prix: a.prix })
      : t("ak.do.achat_ask", { lettre: tileName(a.lettre), who: ctx.name(a.vendeur) });
    case "echange": return a.donne !== undefined
      ? t("ak.do.echange", { donne: tileName(a.donne), lettre: tileName(a.lettre), who: ctx.name(a.avec) })
      : t("ak.do.echange_ask", { lettre: tileName(a.lettre), who: ctx.name(a.avec) });
    case "prix": return t("ak.do.prix", { prix: a.prix });
    case "donne": return t("ak.do.donne", { lettre: tileName(a.lettre) });
    case "annuler": return t("ak.do.annuler");
    case "accepter": return t("ak.do.accepter");
    case "refuser": return t("ak.do.refuser");
    case "rendre": return a.lettres ? t("ak.do.rendre", { lettres: tilesName(a.lettres) }) : t("ak.do.rendre_rien");
    case "temps_ecoule": return t("ak.do.temps_ecoule");
    default: return a.type;
  }
}

function returnControls(ctx) {
  // Tiles go back one at a time (a click on the rack); « done » draws the refill.
  const v = ctx.view;
  // R34 (c): giving nothing back would end the game (« jeu bloqué », the engine says when):
  // said before the click.
  const blocks = v.empty_return_ends;
  return h("div", { class: "controls" },
    h("p", { class: "hint" }, t(v.return_mode === "refill" ? "ak.return_hint_refill" : "ak.return_hint_pass")),
    blocks ? h("p", { class: "error-box", "data-testid": "ak-blocks" }, t("ak.return_blocks")) : null,
    h("div", { class: "actions" },
      h("button", { type: "button", class: "btn primary", "data-testid": "ak-return",
        onclick: () => ctx.act({ type: "rendre", lettres: "" }) }, t("ak.do.rendre_fini"))));
}

function phaseText(ctx) {
  const v = ctx.view;
  const who = ctx.name(v.active);
  const theme = v.plaque ? (v.plaque_length ? t("ak.free", { n: v.plaque_length }) : v.plaque_label) : "";
  switch (v.phase) {
    case "theme": return t("ak.status.theme", { who, n: v.turn });
    case "word": return t(v.super_mot ? "ak.status.super" : "ak.status.word", { who, theme });
    case "draft": return t("ak.status.draft", { who });
    case "offer": return t("ak.status.offer", { who: names(ctx, ctx.toMove) });
    case "judge": return ctx.toMove.length === 1 && ctx.toMove[0] === arbiterOf(v)
      ? t("ak.status.arbiter", { who: names(ctx, ctx.toMove), mot: v.submission?.mot || "" })
      : t("ak.status.judge", { who: names(ctx, ctx.toMove), mot: v.submission?.mot || "" });
    case "return": return t("ak.status.return", { who });
    case "over": return t("ak.status.over");
    default: return v.phase;
  }
}

function offerText(ctx) {
  const o = ctx.view.offer;
  if (!o) return null;
  // While the proposal is being written (phase draft) its price or the tile given is not set.
  const who = ctx.name(ctx.view.active);
  const lettre = tileName(o.lettre);
  const text = o.kind === "achat"
    ? o.prix === undefined || o.prix === null
      ? t("ak.offer.achat_draft", { who, lettre, vendeur: ctx.name(o.avec) })
      : t("ak.offer.achat", { who, lettre, prix: o.prix, vendeur: ctx.name(o.avec) })
    : o.donne === undefined || o.donne === null
      ? t("ak.offer.echange_draft", { who, lettre, avec: ctx.name(o.avec) })
      : t("ak.offer.echange", { who, donne: tileName(o.donne), lettre, avec: ctx.name(o.avec) });
  // Racks are hidden: a player may be asked for a letter he does not hold (a newcomer had only
  // « Refuser » and no word why).
  const rack = ctx.view.rack;
  const none = o.avec === ctx.seat && rack && !rack.includes(o.lettre);
  return h("p", { class: "offer", "data-testid": "ak-offer" }, text,
    none ? [" ", h("b", { "data-testid": "ak-offer-none" }, t("ak.offer.none", { lettre }))] : null);
}

function scoresPanel(ctx) {
  const v = ctx.view;
  const players = v.scores.map((score, seat) => [score, seat]).filter(([, seat]) => seat !== v.arbiter_seat);
  return h("table", { class: "grid" },
    h("thead", {}, h("tr", {}, h("th", {}, t("common.player")), h("th", { class: "num" }, t("ak.score")),
      h("th", { class: "num" }, t("ak.tiles")), h("th", {}, t("ak.words")))),
    h("tbody", {}, players.map(([score, seat]) => h("tr", { class: ctx.toMove.includes(seat) ? "to-move" : null },
      h("td", {}, h("span", { class: "seat-dot", style: { background: SEAT_COLOURS[seat % 4] } }), ctx.name(seat),
        v.super_used[seat] ? h("span", { class: "pill" }, t("ak.super_used")) : null),
      h("td", { class: "num" }, h("b", {}, num(score))),
      h("td", { class: "num" }, v.rack_sizes[seat]),
      h("td", { class: "small" }, v.words[seat].map((w) => `${w.mot} (${w.score})`).join(", "))))));
}

function isArbiter(v) {
  return v.arbiter_seat !== null && v.arbiter_seat !== undefined;
}

/** Who arbitrates, for everybody: the non-playing arbiter, or the player elected (R22). */
function arbiterLine(ctx) {
  const v = ctx.view;
  const seat = arbiterOf(v);
  if (seat === null) return null;
  return h("p", { class: "small", "data-testid": "ak-arbiter-seat" },
    t(isArbiter(v) ? "ak.arbiter" : "ak.arbiter_elected", { who: ctx.name(seat) }));
}

/** The word being judged and what the voters need to judge it (R22): absent from the
 *  dictionary, or what the automatic judge said (mixte: « au vote »), or its advice to the
 *  arbiter. */
function submissionBox(ctx) {
  const sub = ctx.view.submission;
  if (!sub) return null;
  const decision = sub.decision ? serverText(sub.decision, "reason") : "";
  return [
    h("p", { class: "offer" }, t("ak.submitted", { mot: sub.mot })),
    sub.absent ? h("p", { class: "small", "data-testid": "ak-absent" }, t("ak.absent", { mot: sub.mot })) : null,
    decision ? h("p", { class: "small muted", "data-testid": "ak-decision" }, t("ak.judge_said", { reason: decision })) : null,
    sub.avis ? h("p", { class: "small muted", "data-testid": "ak-advice" }, t("ak.advice",
      { reason: serverText(sub.avis, "reason") })) : null,
  ];
}

export function render(ctx) {
  const v = ctx.view;
  const local = localState(ctx);
  const mine = ctx.controls && ctx.toMove.includes(ctx.seat);
  const root = h("div", { class: "screen alkamo" }, statusLine(ctx, phaseText(ctx)));
  const themeBox = v.plaque ? h("div", { class: "theme-box", "data-testid": "ak-theme" },
    h("div", { class: "theme-title" }, v.plaque_length ? t("ak.free", { n: v.plaque_length }) : v.plaque_label,
      BONUS.has(v.plaque) ? " (+10)" : "", v.super_mot ? ` · ${t("ak.super")}` : ""),
    v.related?.length ? h("div", { class: "small muted" }, t("ak.related", { words: v.related.join(", ") })) : null) : null;
  add(root, h("div", { class: "alkamo-layout" },
    h("div", { class: "board-wrap" }, boardSvg(ctx)),
    h("div", {}, themeBox, offerText(ctx), submissionBox(ctx),
      scoresPanel(ctx),
      arbiterLine(ctx))));
  if (v.rack) {
    // The server offers no word (finding one is the game): the rack is open on my word turn.
    const mode = mine && v.phase === "word" && ctx.legal.length ? "word"
      : mine && v.phase === "return" ? "return" : null;
    root.append(h("div", { class: "hand-area" }, h("div", { class: "hand-title" }, ownLabel(ctx, "ak.rack", "replay.rack_of")), rackSvg(ctx, local, mode)));
    if (mine) {
      if (mode === "word") root.append(wordControls(ctx, local));
      else if (mode === "return") root.append(returnControls(ctx));
      else {
        if (v.phase === "judge" && arbiterOf(v) === ctx.seat) {
          // The elected arbiter (R22): her decision, not a vote.
          root.append(h("p", { class: "hint", "data-testid": "ak-arbiter-you" },
            t(v.submission?.absent ? "ak.arbiter_absent" : "ak.arbiter_you", { mot: v.submission?.mot || "" })));
        }
        root.append(actionPanel(ctx, shown(ctx.legal), { describe: (a) => describe(a, ctx), many: 6,
          primary: (a) => a.type === "tirer" || a.type === "accepter" }));
      }
    }
  } else if (mine && v.seat === v.arbiter_seat) {
    // The non-playing arbiter: no rack; his decision on the word (R22), final.
    root.append(h("div", { class: "controls", "data-testid": "ak-arbiter" },
      h("p", { class: "hint" }, t(v.submission?.absent ? "ak.arbiter_absent" : "ak.arbiter_you",
        { mot: v.submission?.mot || "" })),
      actionPanel(ctx, shown(ctx.legal), { describe: (a) => describe(a, ctx), primary: (a) => a.type === "accepter" })));
  }
  root.append(h("p", { class: "muted small" }, t("ak.footer", { l: v.bag_l, t: v.bag_t, tx: v.transactions_left,
    maquette: v.maquette === "perso" ? t("ak.maquette_perso") : v.maquette_title })));
  return root;
}

export function describeEvent(ev, ctx) {
  const who = ev.seat !== undefined && ev.seat !== null ? ctx.name(ev.seat) : "";
  switch (ev.type) {
    case "tirage_premier": return t("ak.ev.tirage_premier");
    case "premier": return t("ak.ev.premier", { who });
    case "tour": return t("ak.ev.tour", { who, n: ev.numero });
    case "plaque": return t(ev.tiree ? "ak.ev.plaque_tiree" : "ak.ev.plaque_reprise", { who, plaque: plaqueLabel(ctx, ev.plaque) });
    case "super_mot": return t("ak.ev.super_mot", { who });
    case "offre": return t("ak.ev.offre", { who });
    case "transaction": return t(ev.acceptee ? "ak.ev.transaction_ok" : "ak.ev.transaction_non", { who, avec: ctx.name(ev.avec) });
    case "annulation": return t("ak.ev.annulation", { who });
    case "soumission": return t("ak.ev.soumission", { who, mot: ev.mot });
    case "jugement": return t("ak.ev.jugement", { who });
    case "vote_demande": return arbiterVote(ctx, ev.votants)
      ? t("ak.ev.arbitre_demande", { who: names(ctx, ev.votants) })
      : t("ak.ev.vote_demande", { who: names(ctx, ev.votants) });
    case "vote": return arbiterVote(ctx, [ev.seat])
      ? t(ev.accepte ? "ak.ev.arbitre_oui" : "ak.ev.arbitre_non", { who })
      : t(ev.accepte ? "ak.ev.vote_oui" : "ak.ev.vote_non", { who });
    case "accepte": return ev.base === undefined ? t("ak.ev.accepte", { who, mot: ev.mot, n: ev.score })
      : t("ak.ev.accepte_detail", { who, mot: ev.mot, n: ev.score, detail: countText(ev) });
    case "rejete": return rejectText(ctx, ev, who);
    case "passe": return t("ak.ev.passe", { who });
    case "rendu": return t("ak.ev.rendu", { who, n: ev.rendues, p: ev.piochees });
    case "temps_ecoule": return t("ak.ev.temps_ecoule", { who });
    case "phase_finale": return t("ak.ev.phase_finale");
    case "fin": return t("ak.ev.fin");
    default: return null;
  }
}

/** Whether a vote is the arbiter's decision: asked of him alone (R22). */
function arbiterVote(ctx, seats) {
  const arbiter = ctx.view ? arbiterOf(ctx.view) : null;
  return arbiter !== null && (seats || []).length === 1 && Number(seats[0]) === arbiter;
}

/** « PIC de Zoé est refusé : … »: by whom, by his name (the event's ``par``), never a seat
 *  number; the judge's verdict (« — refusé ») is not said twice. */
function rejectText(ctx, ev, who) {
  if (ev.par !== undefined && ev.par !== null) {
    const key = arbiterVote(ctx, [ev.par]) ? "ak.ev.rejete_arbitre" : "ak.ev.rejete_par";
    return t(key, { who, mot: ev.mot, par: ctx.name(ev.par) });
  }
  const raison = serverText(ev, "raison").replace(/\s+—\s+(refusé|refused)$/, "");
  return t("ak.ev.rejete", { who, mot: ev.mot, raison });
}

/** Why the game was won, shown with its result: each player's word points less his letters. */
export function whyResult(ctx, res) {
  const before = res?.details?.before;
  const minus = res?.details?.deductions;
  if (!before || !minus) return null;
  return before.map((points, seat) => (res.ranks[seat] > 0 ? t("ak.why", { who: ctx.name(seat),
    before: points, minus: minus[seat], total: res.scores[seat] }) : null)).filter(Boolean).join(" · ");
}

/** How a word's points add up (the engine's count, R11): « lettres 14 × 2 mot du thème + 10
 * (case C) ». */
export function countText(ev) {
  const parts = [t("ak.count.letters", { n: ev.base })];
  if (ev.labourage) parts.push(t("ak.count.theme"));
  if (ev.super_mot) parts.push(t("ak.count.super"));
  if (ev.bonus_10) parts.push(t("ak.count.long", { n: ev.bonus_10 }));
  if (ev.bonus_c) parts.push(t("ak.count.c", { n: ev.bonus_c }));
  return parts.join(" ");
}
