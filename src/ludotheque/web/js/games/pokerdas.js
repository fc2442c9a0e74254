// Le Poker d'As (rules/pokerdas.md): every player's dice and hand, the throw count to beat
// (t1), tokens and pot; the menteur game's cup, announcement, history and « Bluff ! ».
import { add, h, s, svgRoot } from "../dom.js";
import { currentLang, fill, num, t } from "../i18n.js";
import { word } from "../words.js";
import { INK, chips, die } from "./draw.js";
import { actionPanel } from "./generic.js";
import { feltTable, names, ownLabel, seatCard, statusLine } from "./layout.js";



export function faces(text) {
  return String(text || "").split(/\s+/).filter(Boolean);
}

// The hands and announcements are named by the game's own terms (games/pokerdas/labels.py,
// served by /api/games as `terms`): the view and events give a code, « full A K ».
const NAMED = { poker: 1, carre: 1, full: 2, brelan: 1, sequence: 5, deux_paires: 2, paire: 1 };

function term(ctx, key, params) {
  const words = ctx.info?.terms?.[key];
  return words ? fill(word(words), params) : null;
}

function codeParams(ctx, code) {
  const [combo, ...fs] = String(code || "").split(/\s+/);
  const named = NAMED[combo] ?? 1;
  return {
    combo,
    params: {
      a: term(ctx, `faces.${fs[0]}`) ?? fs[0],
      b: term(ctx, `faces.${fs[1]}`) ?? fs[1],
      de_a: term(ctx, `de.${fs[0]}`) ?? fs[0],
      kickers: fs.slice(named).map((f) => term(ctx, `face.${f}`) ?? f).join(", "),
      letters: fs.map(faceLetter).join("-"),
    },
  };
}

/** A hand by its code (« brelan A K Q ») in the interface's language: « Brelan d'As (Roi,
 * Dame) » / "Three Aces (King, Queen)"; `fallback` (the engine's French name) without words. */
export function handName(ctx, code, fallback = "") {
  if (!code) return fallback || "";
  const { combo, params } = codeParams(ctx, code);
  return term(ctx, `hand.${combo}`, params) ?? fallback ?? code;
}

/** An announcement by its code, "full K Q" → « Full (Rois par Dames) » / "Full house (Kings
 * over Queens)". */
export function announcementName(ctx, code) {
  const { combo, params } = codeParams(ctx, code);
  return term(ctx, `ann.${combo}`, params) ?? String(code || "");
}

/** A combination's name, « Brelan » / "Three of a kind". */
function comboName(ctx, combo) {
  return term(ctx, `combo.${combo}`) ?? combo;
}

const FACE_LETTER_FR = { K: "R", Q: "D", J: "V" };

/** A face as one symbol in the interface's language: R D V for Roi, Dame, Valet in French. */
export function faceLetter(face) {
  return currentLang() === "fr" ? FACE_LETTER_FR[face] || face : face;
}

/** "K A 9" → « R A 9 » in French. */
export function faceLetters(text) {
  return faces(text).map(faceLetter).join(" ");
}

/** A move in words, for the replay: « lance D V 9 » (its dice as the table writes them, not the
 *  engine's K Q J), « annonce Full (Rois par Dames) »; null: the generic words do. */
export function describeAction(a, ctx) {
  if (a.type === "throw" && a.reroll) return `${t("act.throw")} ${faceLetters(a.reroll)}`;
  if (a.type === "rethrow" && a.dice) return `${t("act.rethrow")} ${faceLetters(a.dice)}`;
  if (a.type === "announce") return `${t("act.announce")} ${announcementName(ctx, a.announcement)}`;
  return null;
}

/** Why the round's winner won, in words: his hand against the best other one, or the tie the
 * coup sec broke (the view's last_round: every player's hand code, `tied`). */
export function whyWon(ctx, last) {
  if (!last) return null;
  if (last.lap !== undefined) {
    if (last.lap) return null;
    return term(ctx, last.true ? "bluff_true" : "bluff_false",
      { hand: handName(ctx, last.code), ann: announcementName(ctx, last.announcement) });
  }
  const codes = last.codes || [];
  if (last.tied?.length) {
    return term(ctx, "beats_tie", { hand: handName(ctx, codes[last.tied[0]]),
      winner: `${ctx.name(last.winner)} (${handName(ctx, last.code)})` });
  }
  // The hand the winner beat: the engine's best of the others' (its order of hands).
  const next = last.runner_up ?? null;
  if (next === null) return term(ctx, "alone");
  return term(ctx, "beats", { winner: handName(ctx, last.code),
    other: `${handName(ctx, codes[next])} (${ctx.name(next)})` });
}

function diceRow(list, x, y, size, opts = {}) {
  const g = s("g", { class: "dice-row" });
  list.forEach((f, i) => {
    g.append(die(f, x + i * (size + size * 0.22), y, size, {
      selected: opts.selected?.(i),
      hidden: opts.hidden,
      joker: opts.joker && f === "A",
      testid: opts.testid ? `${opts.testid}-${i}` : null,
      onClick: opts.onClick ? () => opts.onClick(i) : null,
    }));
  });
  return g;
}

function localState(ctx) {
  const v = ctx.view;
  const key = `${v.round}/${v.phase}/${(v.dice || []).join("|")}/${v.cup}/${v.rethrows_left}`;
  if (ctx.local.key !== key) {
    ctx.local.key = key;
    ctx.local.picked = new Set();
  }
  return ctx.local;
}

// ------------------------------------------------------------------ the base game (R6–R14)
function baseStatus(ctx) {
  const v = ctx.view;
  const who = names(ctx, ctx.toMove);
  if (v.phase === "coup_sec") return t("pd.status.coup_sec", { who });
  if (v.phase === "over") return t("pd.status.over");
  const n = ctx.toMove.length ? v.limits[ctx.toMove[0]] : null;
  const round = t("pd.status.round", { n: v.round, who });
  // The first player: « as often as he likes », or up to the café's limit — not both (R9).
  if (!v.best) return `${round} ${n ? t("pd.first_throws_upto", { n }) : t("pd.first_throws")}`;
  const best = t("pd.to_beat", { hand: handName(ctx, v.best.code, v.best.name) });
  return `${round} ${best}${n ? ` ${t("pd.limit", { n })}` : ""}`;
}

function crowdedPhone(ctx) {
  return ctx.table.players >= 4 && !!window.matchMedia?.("(max-width: 640px)").matches;
}

function baseTable(ctx) {
  const v = ctx.view;
  return feltTable(ctx, {
    width: 760,
    // From 6 players the seats' dice need more height: they lie between the seats.
    height: ctx.table.players >= 6 ? 620 : 420,
    centre: (cx, cy) => s("g", {},
      chips(cx, cy - 4, v.pot),
      s("text", { x: cx, y: cy - 34, "text-anchor": "middle", "font-size": 15, fill: "#fff",
        "font-weight": 700, "data-testid": "pot" }, t("pd.pot", { n: v.pot })),
      // On a phone the side seats' dice lie level with the line under the pot: it goes above.
      v.t1 ? s("text", { x: cx, y: crowdedPhone(ctx) ? cy - 58 : cy + 36, "text-anchor": "middle", "font-size": 14,
        fill: INK.gold, "font-weight": 700, "data-testid": "t1" }, t("pd.t1", { n: v.t1 })) : null),
    seatBox: (seat, x, y, { cx, cy }) => {
      const g = s("g", {});
      const dice = v.phase === "coup_sec" && v.coup_sec ? v.coup_sec[seat] : v.dice[seat];
      const out = v.eliminated[seat];
      g.append(seatCard(ctx, seat, x, y, {
        w: 190,
        line1: t("pd.tokens", { n: v.tokens[seat] }) +
          (v.throws[seat] ? ` · ${t("pd.throws", { n: v.throws[seat] })}` : ""),
        line2: out ? t("pd.eliminated") : handName(ctx, v.codes?.[seat], v.hands[seat]) || (v.done.includes(seat) ? "" : null),
        active: ctx.toMove.includes(seat),
        out,
        badges: seat === v.first ? [{ text: "1", title: t("pd.first"), colour: "#b35c00" }] : [],
      }));
      if (dice && typeof dice === "string") {
        // The dice lie on the felt next to the seat, on the side of the middle.
        const side = Math.abs(y - cy) < 40 ? 1 : Math.sign(cy - y);
        const dy = side > 0 ? y + 35 : y - 35 - 26;
        g.append(diceRow(faces(dice), x - 77, dy, 26, { joker: v.joker }));
      }
      return g;
    },
  });
}

function throwControls(ctx, local) {
  const v = ctx.view;
  const dice = faces(v.dice[ctx.seat]);
  const rerolls = ctx.legal.filter((a) => a.type === "throw" && a.reroll);
  const box = h("div", { class: "controls" });
  if (dice.length) {
    const selectable = rerolls.length > 0;
    box.append(h("div", { class: "dice-big" },
      svgRoot(dice.length * 74, 70, { "data-testid": "my-dice" },
        diceRow(dice, 4, 4, 60, {
          joker: v.joker,
          testid: "die",
          selected: (i) => local.picked.has(i),
          onClick: selectable ? (i) => {
            if (local.picked.has(i)) local.picked.delete(i);
            else local.picked.add(i);
            ctx.rerender();
          } : null,
        })),
      h("div", { class: "hand-name" }, handName(ctx, v.codes?.[ctx.seat], v.hands[ctx.seat]))));
    if (selectable) box.append(h("p", { class: "hint" }, t("pd.reroll_hint")));
  }
  const actions = h("div", { class: "actions" });
  const plain = ctx.legal.find((a) => a.type === "throw" && !a.reroll);
  if (plain) {
    actions.append(h("button", { type: "button", class: "btn primary", "data-testid": "pd-throw",
      onclick: () => ctx.act(plain) }, dice.length ? t("pd.throw_again") : t("pd.throw")));
  }
  if (rerolls.length) {
    const picked = [...local.picked].sort((a, b) => a - b).map((i) => dice[i]);
    actions.append(h("button", {
      type: "button", class: "btn primary", "data-testid": "pd-reroll", disabled: !picked.length,
      onclick: () => ctx.act({ type: "throw", reroll: picked.join(" ") }),
    }, picked.length ? t("pd.reroll_n", { n: picked.length }) : t("pd.reroll")));
  }
  if (ctx.legal.some((a) => a.type === "stop")) {
    actions.append(h("button", { type: "button", class: "btn", "data-testid": "pd-stop",
      onclick: () => ctx.act({ type: "stop" }) }, t("pd.stop")));
  }
  box.append(actions);
  return box;
}

// ------------------------------------------------------------------ menteur (R20–R29)
function liarStatus(ctx) {
  const v = ctx.view;
  const who = names(ctx, ctx.toMove);
  if (v.phase === "over") return t("pd.status.over");
  if (v.phase === "respond") {
    return t("pd.status.respond", { who, announcer: ctx.name(v.announcer),
      ann: announcementName(ctx, v.announcement) });
  }
  return t("pd.status.announce", { n: v.round, who: ctx.name(v.holder) });
}

function cup(x, y, holderName, lifted) {
  return s("g", { transform: `translate(${x},${y})`, class: "cup" },
    s("path", { d: "M -46 -40 L 46 -40 L 34 44 L -34 44 Z", fill: lifted ? "#6d4c2f" : "#7b5230",
      stroke: "#3d2814", "stroke-width": 3, opacity: lifted ? 0.35 : 1 }),
    s("rect", { x: -50, y: -48, width: 100, height: 12, rx: 5, fill: "#5b3b1f", opacity: lifted ? 0.35 : 1 }),
    s("text", { x: 0, y: 70, "text-anchor": "middle", "font-size": 13, fill: "#fff" }, holderName));
}

function liarTable(ctx) {
  const v = ctx.view;
  const mineCup = typeof v.cup === "string";
  return feltTable(ctx, {
    width: 760,
    height: 420,
    centre: (cx, cy) => s("g", {},
      cup(cx - 120, cy - 10, t("pd.cup_of", { who: ctx.name(v.holder) }), mineCup),
      mineCup ? diceRow(faces(v.cup), cx - 178, cy - 24, 22, { joker: v.joker }) : null,
      s("text", { x: cx + 60, y: cy - 40, "text-anchor": "middle", "font-size": 13, fill: "#d6eadf" },
        t("pd.announced")),
      s("text", { x: cx + 60, y: cy - 16, "text-anchor": "middle", "font-size": 18, fill: INK.gold,
        "font-weight": 700, "data-testid": "announcement" },
        v.announcement ? announcementName(ctx, v.announcement) : "—"),
      v.announcement ? s("text", { x: cx + 60, y: cy + 4, "text-anchor": "middle", "font-size": 13,
        fill: "#fff" }, t("pd.by", { who: ctx.name(v.announcer) })) : null,
      chips(cx + 60, cy + 40, v.pot),
      s("text", { x: cx + 60, y: cy + 76, "text-anchor": "middle", "font-size": 13, fill: "#fff" },
        t("pd.pot", { n: v.pot }))),
    seatBox: (seat, x, y) =>
      seatCard(ctx, seat, x, y, {
        line1: t("pd.tokens", { n: v.tokens[seat] }),
        line2: v.eliminated[seat] ? t("pd.eliminated") : seat === v.holder ? t("pd.holds_cup") : null,
        active: ctx.toMove.includes(seat),
        out: v.eliminated[seat],
        badges: seat === v.first ? [{ text: "1", title: t("pd.first"), colour: "#b35c00" }] : [],
      }),
  });
}

function historyList(ctx, history) {
  return h("ol", { class: "liar-history", "data-testid": "liar-history" },
    (history || []).map((e) => h("li", {},
      h("b", {}, ctx.name(e.seat)), " ",
      e.announcement ? t("pd.h.announce", { ann: announcementName(ctx, e.announcement) })
        : e.bluff ? h("span", { class: "bluff-word" }, t("pd.bluff"))
        : e.accept ? t("pd.h.accept")
        : e.rethrow !== undefined ? t("pd.h.rethrow", { n: e.rethrow })
        : JSON.stringify(e))));
}

function liarControls(ctx, local) {
  const v = ctx.view;
  const box = h("div", { class: "controls" });
  if (v.phase === "respond") {
    const actions = h("div", { class: "actions big" });
    if (ctx.legal.some((a) => a.type === "accept")) {
      actions.append(h("button", { type: "button", class: "btn primary", "data-testid": "pd-accept",
        onclick: () => ctx.act({ type: "accept" }) }, t("pd.accept")));
    }
    if (ctx.legal.some((a) => a.type === "bluff")) {
      actions.append(h("button", { type: "button", class: "btn danger", "data-testid": "pd-bluff",
        onclick: () => ctx.act({ type: "bluff" }) }, t("pd.bluff")));
    }
    box.append(actions);
    return box;
  }
  const dice = faces(v.cup);
  const canRethrow = ctx.legal.some((a) => a.type === "rethrow");
  box.append(h("div", { class: "dice-big" },
    h("div", { class: "muted" }, ownLabel(ctx, "pd.under_cup", "replay.cup_of")),
    svgRoot(dice.length * 74, 70, { "data-testid": "my-dice" },
      diceRow(dice, 4, 4, 60, {
        joker: v.joker,
        testid: "die",
        selected: (i) => local.picked.has(i),
        onClick: canRethrow ? (i) => {
          if (local.picked.has(i)) local.picked.delete(i);
          else local.picked.add(i);
          ctx.rerender();
        } : null,
      })),
    v.cup_code ? h("div", { class: "hand-name", "data-testid": "cup-hand" }, handName(ctx, v.cup_code)) : null));
  if (v.passed) {
    box.append(h("p", { class: "muted" }, t("pd.passed", { dice: faceLetters(v.passed) })));
  }
  if (canRethrow) {
    const picked = [...local.picked].sort((a, b) => a - b).map((i) => dice[i]);
    box.append(h("div", { class: "actions" },
      h("span", { class: "hint" }, t("pd.rethrow_hint", { n: v.rethrows_left })),
      h("button", { type: "button", class: "btn", "data-testid": "pd-rethrow", disabled: !picked.length,
        onclick: () => ctx.act({ type: "rethrow", dice: picked.join(" ") }) },
      picked.length ? t("pd.rethrow_n", { n: picked.length }) : t("pd.reroll"))));
  }
  const anns = ctx.legal.filter((a) => a.type === "announce");
  if (anns.length) {
    const groups = new Map();
    for (const a of anns) {
      const combo = a.announcement.split(" ")[0];
      if (!groups.has(combo)) groups.set(combo, []);
      groups.get(combo).push(a);
    }
    // The list opens on what the cup truly holds when that is high enough (R21), else on the
    // lowest announcement allowed: a bluff is the player's choice, not the list's.
    const select = h("select", { "data-testid": "pd-announcement" },
      [...groups].map(([combo, list]) => h("optgroup", { label: comboName(ctx, combo) },
        list.map((a) => h("option", { value: a.announcement, selected: a.announcement === v.cup_truth },
          announcementName(ctx, a.announcement))))));
    box.append(h("div", { class: "actions" },
      h("label", {}, t("pd.announce_label"), " ", select),
      h("button", { type: "button", class: "btn primary", "data-testid": "pd-announce",
        onclick: () => ctx.act({ type: "announce", announcement: select.value }) }, t("pd.announce"))));
  }
  return box;
}

function lastRoundPanel(ctx) {
  const last = ctx.view.last_round;
  if (!last) return null;
  if (ctx.view.menteur) {
    const text = last.lap
      ? t("pd.last.lap", { n: last.number, who: ctx.name(last.winner), pot: last.pot })
      : t(last.true ? "pd.last.true" : "pd.last.false", {
        n: last.number, announcer: ctx.name(last.announcer), challenger: ctx.name(last.challenger),
        payer: ctx.name(last.payer) });
    const why = whyWon(ctx, last);
    return h("details", { class: "last-hand result-panel" }, h("summary", {}, text),
      why ? h("p", { class: "why-won", "data-testid": "why-won" }, why) : null,
      last.dice ? h("div", {}, svgRoot(5 * 34, 32, {}, diceRow(faces(last.dice), 2, 2, 28, {}))) : null,
      historyList(ctx, last.history));
  }
  return h("details", { class: "last-hand result-panel" },
    h("summary", {}, t("pd.last.base", { n: last.number, who: ctx.name(last.winner),
      hand: handName(ctx, last.code, last.hand), pot: last.pot })),
    whyWon(ctx, last) ? h("p", { class: "why-won", "data-testid": "why-won" }, whyWon(ctx, last)) : null,
    h("ul", { class: "plain" }, (last.dice || []).map((d, seat) => d ? h("li", {},
      h("b", {}, ctx.name(seat)), " ", svgRoot(5 * 30, 28, { class: "inline-dice" },
        diceRow(faces(d), 2, 2, 24, {})), ` · ${t("pd.throws", { n: last.throws[seat] })}`) : null)));
}

/** The last round's result, shown by the table before the next round until « Continuer ». */
export function lastResult(ctx) {
  const last = ctx.view.last_round;
  if (!last) return null;
  const panel = lastRoundPanel(ctx);
  panel.open = true;
  return { key: String(last.number), node: panel };
}

export function render(ctx) {
  const v = ctx.view;
  const local = localState(ctx);
  const mine = ctx.controls && ctx.toMove.includes(ctx.seat);
  const root = h("div", { class: "screen pokerdas" });
  // On a phone the felt fills the screen: your dice and buttons come before it, at hand
  // without scrolling (after it, « Lancer les dés » was 200 px below a 360×640 screen).
  const phone = window.matchMedia?.("(max-width: 520px)").matches;
  if (v.menteur) {
    const controls = mine ? liarControls(ctx, local) : null;
    add(root, statusLine(ctx, liarStatus(ctx)));
    if (phone && controls) add(root, controls);
    add(root, liarTable(ctx));
    if (!phone && controls) add(root, controls);
    else if (typeof v.cup === "string") {
      add(root, h("div", { class: "dice-big" }, h("div", { class: "muted" }, ownLabel(ctx, "pd.under_cup", "replay.cup_of")),
        svgRoot(5 * 74, 70, {}, diceRow(faces(v.cup), 4, 4, 60, { joker: v.joker })),
        v.cup_code ? h("div", { class: "hand-name" }, handName(ctx, v.cup_code)) : null));
    }
    if (v.history?.length) {
      add(root, h("div", { class: "panel-inline" }, h("h3", {}, t("pd.this_round")),
        historyList(ctx, v.history)));
    }
  } else {
    const controls = mine ? throwControls(ctx, local) : null;
    add(root, statusLine(ctx, baseStatus(ctx)));
    if (phone && controls) add(root, controls);
    add(root, baseTable(ctx));
    if (!phone && controls) add(root, controls);
  }
  if (mine) {
    // Anything the screen has no control for stays playable.
    const known = new Set(["throw", "stop", "rethrow", "announce", "accept", "bluff"]);
    const other = ctx.legal.filter((a) => !known.has(a.type));
    if (other.length) add(root, actionPanel(ctx, other));
  }
  add(root, lastRoundPanel(ctx));
  add(root, h("p", { class: "muted small" }, t("pd.footer", {
    stake: v.stake, total: num(v.total),
    rule: v.menteur ? t("pd.menteur") : v.relance_totale ? t("pd.relance_totale") : t("pd.relance_partielle"),
    joker: v.joker ? ` · ${t("pd.joker_on")}` : "" })));
  return root;
}

export function describeEvent(ev, ctx) {
  const who = ev.seat !== undefined && ev.seat !== null ? ctx.name(ev.seat) : "";
  switch (ev.type) {
    case "throw":
      return t(ev.coup_sec ? "pd.ev.coup_sec_throw" : "pd.ev.throw", { who, dice: faceLetters(ev.dice),
        hand: handName(ctx, ev.code, ev.hand), n: ev.throws });
    case "stop":
      return t(ev.forced ? "pd.ev.stop_forced" : "pd.ev.stop", { who, hand: handName(ctx, ev.code, ev.hand), n: ev.throws });
    case "round_start":
      return t("pd.ev.round_start", { n: ev.number, who: ctx.name(ev.first) });
    case "round_won":
      return t("pd.ev.round_won", { who, hand: handName(ctx, ev.code, ev.hand), pot: ev.pot });
    case "coup_sec":
      return t("pd.ev.coup_sec", { who: names(ctx, ev.seats) });
    case "draw_first":
      return t("pd.ev.draw_first", { who });
    case "eliminated":
      return t("pd.ev.eliminated", { who: names(ctx, ev.seats) });
    case "cup_throw":
      return t("pd.ev.cup_throw", { who });
    case "rethrow":
      return t("pd.ev.rethrow", { who, n: ev.count });
    case "announce":
      return t("pd.ev.announce", { who, ann: announcementName(ctx, ev.announcement) });
    case "accept":
      return t("pd.ev.accept", { who });
    case "bluff":
      return t(ev.true ? "pd.ev.bluff_true" : "pd.ev.bluff_false", { who,
        announcer: ctx.name(ev.announcer), ann: announcementName(ctx, ev.announcement), dice: faceLetters(ev.dice),
        hand: handName(ctx, ev.code, ev.hand), payer: ctx.name(ev.payer) });
    case "pot_won":
      return t("pd.ev.pot_won", { who, pot: ev.pot });
    case "game_over":
      return t("pd.ev.game_over");
    default:
      return null;
  }
}


