// AlphaPoker (rules/alphapoker.md): the table with pot, capitals and bets; my hand of letter
// cards; changes by picking cards; bets; the showdown word built by clicking cards in order,
// jokers given their letter; the last hand's words and counts.
import { add, h, s, svgRoot } from "../dom.js";
import { num, serverText, t } from "../i18n.js";
import { INK, LENGTH_POINTS, LETTER_VALUES, chips, letterCard, parseLetterCard } from "./draw.js";
import { actionPanel } from "./generic.js";
import { feltTable, names, ownLabel, seatCard, statusLine } from "./layout.js";

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/** R32/R33: the count of a word laid out as cards ("*r(=O)" for a joker). */
export function wordCount(cards, simplified) {
  const parsed = cards.map(parseLetterCard);
  const letters = parsed.map((c) => (c.joker ? c.as : c.letter));
  if (letters.some((x) => !x)) return null;
  const n = letters.length;
  if (!LENGTH_POINTS[n]) return 0; // R31, R34: 3 to 9 letters
  let total = letters.reduce((acc, x) => acc + LETTER_VALUES[x], 0);
  if (!simplified) total += LENGTH_POINTS[n];
  // R32 as the engine and E1 read it: the whole count is doubled (CHAT Cr Hr Ar Tr: (5 + 7) × 2)
  return parsed.every((c) => c.colour === parsed[0].colour) ? total * 2 : total;
}

function phaseKey(v) {
  return `${v.hand_number}/${v.extra_hand}/${v.phase}/${v.change_round}/${(v.hand || []).join("")}`;
}

function localState(ctx) {
  const key = phaseKey(ctx.view);
  if (ctx.local.key !== key) {
    ctx.local.key = key;
    ctx.local.discard = new Set();
    ctx.local.word = [];
    ctx.local.jokers = {};
  }
  return ctx.local;
}

function phaseText(ctx) {
  const v = ctx.view;
  const turn = ctx.toMove.length ? names(ctx, ctx.toMove) : "";
  switch (v.phase) {
    case "change":
      return t("ap.status.change", { round: v.change_round, rounds: v.change_rounds,
        max: v.max_change, who: turn });
    case "bet":
      // R23: between two changes the entame may check (« parole »), never bet « pour voir ».
      return v.level > 0
        ? t("ap.status.bet_level", { level: v.level, who: turn })
        : t(v.bet_stage === "intermediate" ? "ap.status.bet_between" : "ap.status.bet_open", { who: turn });
    case "showdown":
      return t("ap.status.showdown", { who: turn });
    case "judge":
      return t("ap.status.judge", { theme: v.options.theme || "", who: turn });
    case "over":
      return t("ap.status.over");
    default:
      return v.phase;
  }
}

function tableSvg(ctx) {
  const v = ctx.view;
  return feltTable(ctx, {
    width: 760,
    height: 380,
    centre: (cx, cy) =>
      s("g", {},
        chips(cx, cy - 6, v.pot),
        s("text", { x: cx, y: cy - 36, "text-anchor": "middle", "font-size": 15, fill: "#fff",
          "font-weight": 700, "data-testid": "pot" }, t("ap.pot", { pot: num(v.pot) })),
        s("text", { x: cx, y: cy + 36, "text-anchor": "middle", "font-size": 13, fill: "#d6eadf" },
          // A tie-break hand is past the count (« Main 4/3 » read as a mistake): named alone.
          (v.extra_hand ? t("ap.extra") : t("ap.hand_of", { n: v.hand_number, of: v.hands_per_game })) +
            (v.level ? ` · ${t("ap.level", { level: v.level, cap: v.cap })}` : "") +
            (v.pour_voir ? ` · ${t("ap.pour_voir")}` : ""))),
    seatBox: (seat, x, y) => {
      const badges = [];
      if (seat === v.dealer) badges.push({ text: "D", title: t("ap.dealer"), colour: "#5a4a8a" });
      if (seat === v.entame) badges.push({ text: "E", title: t("ap.entame"), colour: "#b35c00" });
      let line2 = null;
      const declared = v.declared && v.declared[String(seat)];
      if (v.eliminated[seat]) line2 = t("ap.eliminated");
      else if (declared) line2 = declared.word
        ? `${declared.word} : ${declared.score}` : t("ap.no_word");
      else if (v.folded[seat]) line2 = t("ap.folded");
      else if (v.contributions[seat]) line2 = t("ap.bet", { n: v.contributions[seat] });
      else if (v.phase === "change" && v.changes[v.change_round - 1]?.[seat] != null) {
        line2 = t("ap.changed", { n: v.changes[v.change_round - 1][seat] });
      }
      return seatCard(ctx, seat, x, y, {
        line1: `${num(v.capitals[seat])} PM`,
        line2,
        badges,
        active: ctx.toMove.includes(seat),
        out: v.eliminated[seat] || v.folded[seat],
      });
    },
  });
}

function handSvg(ctx, hand, opts) {
  const w = 52;
  const gap = 8;
  const hgt = 74;
  const width = Math.max(hand.length * (w + gap) - gap + 8, 200);
  const root = svgRoot(width, hgt + 8, { class: "hand", "data-testid": "hand" });
  hand.forEach((card, i) => {
    add(root, 
      letterCard(card, 4 + i * (w + gap), 4, w, hgt, {
        selected: opts.selected?.(i),
        order: opts.order?.(i),
        dim: opts.dim?.(i),
        as: opts.as?.(i),
        testid: `card-${i}`,
        onClick: opts.onClick ? () => opts.onClick(i) : null,
      }),
    );
  });
  return root;
}

function wordCards(text) {
  return String(text || "").split(/\s+/).filter(Boolean);
}

function wordSvg(cards) {
  const w = 34;
  const hgt = 48;
  const root = svgRoot(Math.max(cards.length * (w + 4), 40), hgt + 4, { class: "word" });
  cards.forEach((c, i) => add(root, letterCard(c, 2 + i * (w + 4), 2, w, hgt)));
  return root;
}

function changeControls(ctx, local) {
  const v = ctx.view;
  const hand = v.hand;
  const chosen = [...local.discard].sort((a, b) => a - b);
  const tooMany = chosen.length > v.max_change;
  return h("div", { class: "controls" },
    h("p", { class: "hint" }, t("ap.change_hint", { max: v.max_change })),
    h("div", { class: "actions" },
      h("button", {
        type: "button", class: "btn primary", "data-testid": "ap-change",
        disabled: tooMany,
        onclick: () => ctx.act({ type: "change", cards: chosen.map((i) => hand[i]) }),
      }, chosen.length ? t("ap.change_n", { n: chosen.length }) : t("ap.keep_all")),
      chosen.length
        ? h("button", { type: "button", class: "btn", onclick: () => {
          local.discard.clear();
          ctx.rerender();
        } }, t("common.clear"))
        : null),
    tooMany ? h("p", { class: "error-inline" }, t("ap.too_many", { max: v.max_change })) : null);
}

function betControls(ctx) {
  const v = ctx.view;
  const legal = ctx.legal;
  const bets = legal.filter((a) => a.type === "bet");
  const box = h("div", { class: "controls" });
  if (bets.length) {
    const amounts = [...new Set(bets.map((a) => a.amount))].sort((a, b) => a - b);
    const range = h("input", { type: "range", min: 0, max: amounts.length - 1, step: 1, value: 0,
      "data-testid": "ap-bet-amount", class: "bet-range", "aria-label": t("a11y.bet_amount") });
    const amountLabel = h("output", { class: "bet-amount" });
    const pv = h("input", { type: "checkbox", "data-testid": "ap-pour-voir", title: t("a11y.pour_voir") });
    const pvLabel = h("label", { class: "check" }, pv, ` ${t("ap.pour_voir")}`);
    const betButton = h("button", { type: "button", class: "btn primary", "data-testid": "ap-bet" });
    const current = () => amounts[Number(range.value)];
    const choices = (amount) => bets.filter((a) => a.amount === amount);
    const sync = () => {
      const amount = current();
      const options = choices(amount);
      const canVoir = options.some((a) => a.pour_voir);
      const canPlain = options.some((a) => !a.pour_voir);
      pv.disabled = !(canVoir && canPlain);
      if (!canPlain) pv.checked = true;
      if (!canVoir) pv.checked = false;
      amountLabel.textContent = `${amount} PM`;
      const pay = amount - v.contributions[ctx.seat];
      betButton.textContent = (v.level > 0 ? t("ap.raise_to", { n: amount }) : t("ap.open", { n: amount })) +
        ` (${t("ap.pay", { n: pay })})`;
    };
    range.addEventListener("input", sync);
    pv.addEventListener("change", sync);
    betButton.addEventListener("click", () => {
      const options = choices(current());
      const a = options.find((x) => x.pour_voir === pv.checked) || options[0];
      ctx.act(a);
    });
    sync();
    box.append(h("div", { class: "bet-row" }, range, amountLabel, pvLabel, betButton));
  }
  const toPay = v.level - (v.contributions[ctx.seat] || 0);
  box.append(
    actionPanel(ctx, legal, {
      types: ["check", "follow", "fold"],
      describe: (a) =>
        a.type === "follow" ? t("ap.follow", { n: toPay })
          : a.type === "check" ? (v.level > 0 ? t("ap.no_raise") : t("ap.check"))
          : t("ap.fold"),
      primary: (a) => a.type === "follow",
    }),
  );
  return box;
}

function showdownControls(ctx, local) {
  const v = ctx.view;
  const hand = v.hand;
  const laid = local.word.map((i) => {
    const card = hand[i];
    return card[0] === "*" && local.jokers[i] ? `${card}(=${local.jokers[i]})` : card;
  });
  const missingJoker = local.word.some((i) => hand[i][0] === "*" && !local.jokers[i]);
  const spelled = laid.map((c) => {
    const p = parseLetterCard(c);
    return p.joker ? p.as || "?" : p.letter;
  }).join("");
  const count = local.word.length ? wordCount(laid, v.options.simplified_counting) : null;
  const tooShort = local.word.length < 3;
  const jokerPickers = local.word
    .filter((i) => hand[i][0] === "*")
    .map((i) => {
      const select = h("select", { "data-testid": `ap-joker-${i}`, "aria-label": t("ap.joker_letter") },
        h("option", { value: "" }, "?"),
        [...ALPHABET].map((L) => h("option", { value: L, selected: local.jokers[i] === L }, L)));
      select.addEventListener("change", () => {
        local.jokers[i] = select.value || undefined;
        ctx.rerender();
      });
      return h("label", { class: "joker-pick" }, t("ap.joker_is"), " ", select);
    });
  return h("div", { class: "controls" },
    h("p", { class: "hint" }, t("ap.word_hint", { n: v.hand_size })),
    h("div", { class: "word-preview", "data-testid": "ap-word" },
      local.word.length ? wordSvg(laid) : h("span", { class: "muted" }, t("ap.word_empty")),
      h("span", { class: "word-spelled" }, spelled),
      count !== null ? h("span", { class: "word-count" }, t("ap.count", { n: count })) : null),
    jokerPickers.length ? h("div", { class: "joker-row" }, jokerPickers) : null,
    h("div", { class: "actions" },
      h("button", {
        type: "button", class: "btn primary", "data-testid": "ap-declare",
        disabled: tooShort || missingJoker,
        onclick: () => ctx.act({ type: "declare", cards: laid }),
      }, tooShort ? t("ap.declare") : t("ap.declare_word", { word: spelled })),
      h("button", {
        type: "button", class: "btn", "data-testid": "ap-no-word",
        onclick: () => ctx.act({ type: "declare", cards: [] }),
      }, t("ap.no_word_button")),
      local.word.length
        ? h("button", { type: "button", class: "btn", onclick: () => {
          local.word = [];
          local.jokers = {};
          ctx.rerender();
        } }, t("common.clear"))
        : null));
}

function judgeControls(ctx) {
  const v = ctx.view;
  const first = ctx.legal.find((a) => a.type === "judge");
  if (!first) return null;
  const seats = Object.keys(first.accept);
  const boxes = seats.map((seat) => {
    const input = h("input", { type: "checkbox", checked: true, "data-seat": seat });
    const d = v.declared[seat] || {};
    return h("label", { class: "check judge" }, input,
      ` ${t("common.who_colon", { who: ctx.name(Number(seat)) })}`, h("b", {}, d.word || "—"));
  });
  return h("div", { class: "controls" },
    h("p", { class: "hint" }, t("ap.judge_hint", { theme: v.options.theme || "" })),
    boxes,
    h("div", { class: "actions" },
      h("button", {
        type: "button", class: "btn primary", "data-testid": "ap-judge",
        onclick: () => {
          const accept = {};
          for (const label of boxes) {
            const input = label.querySelector("input");
            accept[input.dataset.seat] = input.checked;
          }
          ctx.act({ type: "judge", accept });
        },
      }, t("ap.judge_send"))));
}

/** R32/R33 term by term, from the view: « lettres L 1 + I 1 + … = 8 · longueur 5 lettres : 8 = 16 ». */
export function countText(d) {
  const c = d.count;
  if (!c || !d.cards) return null;
  if (c.length < 3) return t("explain.ap.short");
  const terms = c.letters.map((x) => `${x.letter}${x.joker ? "★" : ""} ${x.value}`).join(" + ");
  let text = t("explain.ap.letters", { terms, sum: c.letters_sum });
  if (c.length_points) text += ` · ${t("explain.ap.length", { n: c.length, pts: c.length_points })}`;
  if (c.doubled) text += ` · ${t("explain.ap.doubled")}`;
  text += ` ${t("explain.ap.total", { n: c.total })}`;
  if (!d.admitted && d.score === 0) text += ` — ${t("explain.ap.refused", { n: c.total, reason: serverText(d, "reason") })}`;
  return text;
}

/** Why the hand went where it did: the best count against the next best, or everyone folded. */
function whyWon(ctx, last) {
  if (last.how === "fold_out") return t("explain.ap.fold_out");
  const shown = Object.entries(last.words || {}).map(([seat, d]) => ({ seat: Number(seat), ...d }))
    .sort((a, b) => b.score - a.score);
  if (!shown.length) return null;
  const label = (d) => `${d.word || t("ap.no_word")} (${d.score}, ${ctx.name(d.seat)})`;
  const [best, next] = shown;
  let line;
  if (!next) line = `${label(best)}, ${t("explain.ap.alone")}`;
  else if (next.score === best.score) line = t("explain.ap.tie", { n: best.score });
  else line = t("explain.ap.beats", { a: label(best), b: label(next) });
  return t("explain.ap.won_by", { best: line });
}

function wordsPanel(ctx, words, title) {
  const rows = Object.entries(words || {}).map(([seat, d]) =>
    h("tr", {},
      h("td", {}, ctx.name(Number(seat))),
      h("td", {}, d.cards ? wordSvg(wordCards(d.cards)) : "—"),
      h("td", { class: "word-cell" }, d.word || t("ap.no_word"),
        countText(d) ? h("div", { class: "count-breakdown", "data-testid": "ap-count" }, countText(d)) : null),
      h("td", { class: "num" }, d.score),
      h("td", { class: "muted" }, verdictText(ctx, d) || (d.admitted ? serverText(d, "reason") : ""))));
  if (!rows.length) return null;
  // On a phone the words scroll in their own box, not the page (class scroll-x).
  return h("div", { class: "words-panel" }, h("h3", {}, title),
    h("div", { class: "scroll-x" }, h("table", { class: "grid" },
      h("thead", {}, h("tr", {}, h("th", {}, t("common.player")), h("th", {}, t("ap.cards")),
        h("th", {}, t("ap.word")), h("th", {}, t("ap.points")), h("th", {}, ""))),
      h("tbody", {}, rows))));
}

// R43: each word's verdict in a themed game (public: who refused it).
function verdictText(ctx, d) {
  if (!d.theme) return null;
  return d.theme.accepted ? t("ap.theme_accepted")
    : t("ap.theme_refused", { by: names(ctx, d.theme.refused_by) });
}

function themeLine(ctx) {
  const theme = ctx.view.theme;
  if (!theme) return null;
  return h("p", { class: "theme-line", "data-testid": "ap-theme" }, t("ap.theme", { theme }));
}

function lastHandPanel(ctx) {
  const last = ctx.view.last_hand;
  if (!last) return null;
  const who = names(ctx, last.winners);
  const summary = last.how === "fold_out"
    ? t("ap.last_fold_out", { n: last.number, who, pot: last.pot })
    : t("ap.last_showdown", { n: last.number, who, share: last.share, pot: last.pot });
  const v = ctx.view;
  return h("details", { class: "last-hand result-panel", open: v.phase === "over" || (v.phase === "change" && v.change_round === 1) },
    h("summary", {}, summary, last.carry ? ` · ${t("ap.carry", { n: last.carry })}` : ""),
    whyWon(ctx, last) ? h("p", { "data-testid": "ap-why" }, whyWon(ctx, last)) : null,
    wordsPanel(ctx, last.words, t("ap.words_shown")),
    last.my_final_hand ? h("p", {}, ownLabel(ctx, "ap.my_last_hand", "replay.last_hand_of"), " ", wordSvg(last.my_final_hand)) : null);
}

/** The last hand's result, shown by the table before the next hand until « Continuer ». */
export function lastResult(ctx) {
  const last = ctx.view.last_hand;
  if (!last) return null;
  const panel = lastHandPanel(ctx);
  panel.open = true;
  return { key: `${last.number}/${last.extra ? 1 : 0}`, node: panel };
}

export function render(ctx) {
  const v = ctx.view;
  const local = localState(ctx);
  const mine = ctx.controls && ctx.toMove.includes(ctx.seat);
  const root = h("div", { class: "screen alphapoker" }, statusLine(ctx, phaseText(ctx)), themeLine(ctx),
    tableSvg(ctx));
  if (v.hand) {
    let opts = {};
    if (mine && v.phase === "change") {
      opts = {
        selected: (i) => local.discard.has(i),
        onClick: (i) => {
          if (local.discard.has(i)) local.discard.delete(i);
          else local.discard.add(i);
          ctx.rerender();
        },
      };
    } else if (mine && v.phase === "showdown") {
      opts = {
        selected: (i) => local.word.includes(i),
        order: (i) => (local.word.includes(i) ? local.word.indexOf(i) + 1 : null),
        as: (i) => local.jokers[i],
        onClick: (i) => {
          if (local.word.includes(i)) {
            local.word = local.word.filter((x) => x !== i);
            delete local.jokers[i];
          } else {
            local.word.push(i);
          }
          ctx.rerender();
        },
      };
    } else if (!ctx.view.in_hand[ctx.seat]) {
      opts = { dim: () => true };
    }
    add(root, h("div", { class: "hand-area" },
      h("div", { class: "hand-title" }, ownLabel(ctx, "ap.your_hand", "replay.hand_of"),
        v.my_discards?.length ? h("span", { class: "muted" }, ` · ${t("ap.discarded", { n: v.my_discards.length })}`) : null),
      handSvg(ctx, v.hand, opts)));
  }
  if (mine) {
    if (v.phase === "change") add(root, changeControls(ctx, local));
    else if (v.phase === "bet") add(root, betControls(ctx));
    else if (v.phase === "showdown") add(root, showdownControls(ctx, local));
    else if (v.phase === "judge") add(root, judgeControls(ctx));
    else add(root, actionPanel(ctx, ctx.legal));
  }
  if (v.declared && Object.keys(v.declared).length && v.phase !== "over") {
    add(root, wordsPanel(ctx, v.declared, t("ap.words_now")));
  }
  add(root, lastHandPanel(ctx));
  add(root, h("p", { class: "muted small" },
    t("ap.footer", { pile: v.draw_pile, size: v.hand_size, ante: v.ante })));
  return root;
}

export function describeEvent(ev, ctx) {
  const who = ev.seat !== undefined && ev.seat !== null ? ctx.name(ev.seat) : "";
  switch (ev.type) {
    case "change":
      return t(ev.count ? "ap.ev.change" : "ap.ev.change_none", { who, n: ev.count, round: ev.round });
    case "bet":
      return t(ev.pour_voir ? "ap.ev.bet_voir" : "ap.ev.bet", { who, n: ev.level ?? ev.amount });
    case "check":
      return t("ap.ev.check", { who });
    case "follow":
      return t("ap.ev.follow", { who, n: ev.paid });
    case "fold":
      return t("ap.ev.fold", { who });
    case "declare":
      return ev.word ? t("ap.ev.declare", { who, word: ev.word, n: ev.score,
        reason: serverText(ev, "reason") })
        : t("ap.ev.declare_none", { who });
    case "pot":
      return t(ev.how === "fold_out" ? "ap.ev.pot_fold" : "ap.ev.pot", {
        who: names(ctx, ev.winners), pot: ev.pot, share: ev.share });
    case "hand_start":
      return t("ap.ev.hand_start", { n: ev.number, dealer: ctx.name(ev.dealer),
        entame: ctx.name(ev.entame), pot: ev.pot });
    case "eliminated":
      return t("ap.ev.eliminated", { who: names(ctx, ev.seats) });
    case "showdown":
      return t("ap.ev.showdown");
    case "cannot_open":
      return t("ap.ev.cannot_open", { who });
    case "entame_passes":
      return t("ap.ev.entame_passes", { who });
    case "rejected":
      return null; // said with its reason by "verdicts"
    case "verdicts":
      return ev.words.map((w) => (w.accepted
        ? t("ap.ev.verdict_ok", { theme: ev.theme, word: w.word, who: ctx.name(w.seat) })
        : t("ap.ev.verdict_no", { theme: ev.theme, word: w.word, who: ctx.name(w.seat),
          by: names(ctx, w.refused_by) }))).join(" ; ") || null;
    case "tie_break":
      return t("ap.ev.tie_break", { who: names(ctx, ev.seats) });
    case "game_over":
      return t("ap.ev.game_over", { who: ev.winner !== null && ev.winner !== undefined ? names(ctx, [ev.winner]) : "—" });
    case "dealer_draw":
      return t("ap.ev.dealer_draw", { who: ctx.name(ev.dealer) });
    default:
      return null;
  }
}


