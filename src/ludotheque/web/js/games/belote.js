// La Belote AlphaPoker and La Belote secrète (rules/alphapoker.md R69–R84): two teams, the
// stack on the table (only its top card in the secrète), my hand with the playable cards,
// words proposed after laying, the manches and the totals.
import { add, h, s, svgRoot } from "../dom.js";
import { t } from "../i18n.js";
import { INK, letterCard } from "./draw.js";
import { actionPanel } from "./generic.js";
import { cardsOnFelt, claimForm } from "./bataille.js";
import { names, ownLabel, statusLine, wonCards } from "./layout.js";

function teamName(ctx, team) {
  return t("be.team", { a: ctx.name(team), b: ctx.name(team + 2) });
}

function phaseText(ctx) {
  const v = ctx.view;
  const who = ctx.toMove.length ? names(ctx, ctx.toMove) : "";
  const kind = v.required === "V" ? t("be.vowel") : v.required === "C" ? t("be.consonant") : t("be.any");
  switch (v.phase) {
    case "lay": return t("be.status.lay", { who, kind, n: v.manche });
    case "claim": return t("be.status.claim", { who });
    case "last": return t("be.status.last", { who });
    case "over": return t("be.status.over", { team: v.winner_team !== undefined && v.winner_team !== null
      ? teamName(ctx, v.winner_team) : "—" });
    default: return v.phase;
  }
}

function secretStack(v) {
  const root = svgRoot(300, 96, { class: "felt-strip stack", "data-testid": "table-cards" });
  root.append(s("rect", { width: 300, height: 96, rx: 12, fill: INK.felt }));
  const backs = Math.min(v.stack_size - (v.top ? 1 : 0), 6);
  for (let i = 0; i < backs; i++) root.append(letterCard("Ar", 20 + i * 6, 12 + i * 0, 50, 70, { hidden: true }));
  if (v.top) root.append(letterCard(v.top, 20 + backs * 6 + 4, 12, 50, 70));
  root.append(s("text", { x: 200, y: 54, "text-anchor": "middle", "font-size": 15, fill: "#fff" },
    t("be.stack", { n: v.stack_size })));
  return root;
}

function teamsPanel(ctx) {
  const v = ctx.view;
  return h("table", { class: "grid" },
    h("thead", {}, h("tr", {}, h("th", {}, t("be.teams")), h("th", { class: "num" }, t("be.taken")),
      h("th", { class: "num" }, t("be.total", { target: v.target })))),
    h("tbody", {}, [0, 1].map((team) => h("tr", { class: v.team === team ? "mine" : null },
      h("td", {}, h("b", {}, teamName(ctx, team)),
        ` · ${t("be.cards_in_hand", { a: v.hand_sizes[team], b: v.hand_sizes[team + 2] })}`),
      h("td", { class: "num" }, `${v.taken[team].length} (${v.taken_points[team]})`),
      h("td", { class: "num" }, h("b", {}, v.totals[team]))))));
}

function handSvg(ctx, mine) {
  const v = ctx.view;
  const hand = v.hand || [];
  const playable = new Set(v.playable || []);
  const perRow = 8;
  const w = 48;
  const hgt = 68;
  const rows = Math.max(1, Math.ceil(hand.length / perRow));
  const root = svgRoot(perRow * (w + 7) + 6, rows * (hgt + 8) + 4, { class: "hand", "data-testid": "hand" });
  hand.forEach((card, i) => {
    const canLay = mine && v.phase === "lay" && playable.has(card);
    root.append(letterCard(card, 4 + (i % perRow) * (w + 7), 4 + Math.floor(i / perRow) * (hgt + 8), w, hgt, {
      dim: mine && v.phase === "lay" && !canLay,
      testid: `card-${i}`,
      onClick: canLay ? () => ctx.act({ type: "lay", card }) : null,
    }));
  });
  return root;
}

function seenList(ctx) {
  const seen = ctx.view.seen || [];
  if (!seen.length) return null;
  return h("details", { class: "last-hand", open: true },
    h("summary", {}, t("be.seen")),
    // What this seat saw laid since its last turn, letters shown (each was the top card, R82).
    h("ul", { class: "log" }, seen.map((e) => h("li", {}, (e.type === "lay" && e.card
      ? t("be.ev.lay", { who: ctx.name(e.seat), card: e.card[0] })
      : describeEvent(e, ctx)) ?? JSON.stringify(e)))));
}

function manchesPanel(ctx) {
  const list = ctx.view.manches || [];
  if (!list.length) return null;
  return h("details", { class: "last-hand" }, h("summary", {}, t("be.manches", { n: list.length })),
    h("table", { class: "grid" },
      h("thead", {}, h("tr", {}, h("th", {}, "#"), h("th", { class: "num" }, teamName(ctx, 0)),
        h("th", { class: "num" }, teamName(ctx, 1)))),
      h("tbody", {}, list.map((m) => h("tr", {}, h("td", {}, m.number),
        h("td", { class: "num" }, `${m.score[0]} (${m.totals[0]})`),
        h("td", { class: "num" }, `${m.score[1]} (${m.totals[1]})`))))));
}

export function render(ctx) {
  const v = ctx.view;
  const mine = ctx.controls && ctx.toMove.includes(ctx.seat);
  const root = h("div", { class: "screen belote" }, statusLine(ctx, phaseText(ctx)));
  root.append(v.secrete ? secretStack(v) : cardsOnFelt(v.table || [], { empty: t("be.empty") }));
  root.append(teamsPanel(ctx));
  add(root, wonCards(ctx, [0, 1].map((team) => ({ who: teamName(ctx, team), cards: v.taken[team] || [] })),
    "won-cards"));
  if (v.hand?.length || (v.hand && v.phase !== "over")) { // no empty « Votre main » at the end
    root.append(h("div", { class: "hand-area" },
      h("div", { class: "hand-title" }, ownLabel(ctx, "be.your_hand", "replay.hand_of"),
        mine && v.phase === "lay" ? h("span", { class: "muted" }, ` · ${t("be.tap_to_lay")}`) : null),
      handSvg(ctx, mine)));
  }
  if (mine && ctx.legal.some((a) => a.type === "claim")) {
    root.append(h("p", { class: "hint" }, t(v.secrete ? "be.claim_hint_secret" : "be.claim_hint")),
      claimForm(ctx, { label: t("be.claim"), placeholder: t("ba.claim_placeholder") }));
  }
  if (mine) {
    const other = ctx.legal.filter((a) => a.type !== "claim" && a.type !== "lay");
    if (other.length) {
      root.append(actionPanel(ctx, other, { describe: (a) => (a.type === "pass" ? t("be.pass") : a.type) }));
    }
  }
  add(root, seenList(ctx), manchesPanel(ctx));
  return root;
}

export function describeEvent(ev, ctx) {
  const who = ev.seat !== undefined && ev.seat !== null ? ctx.name(ev.seat) : "";
  switch (ev.type) {
    case "dealer_draw": return t("be.ev.dealer_draw", { who: ctx.name(ev.dealer) });
    case "manche": return t("be.ev.manche", { n: ev.number, who: ctx.name(ev.first) });
    // R84: in the secrète, remembering the stack is the player's part: the log keeps no card.
    case "lay": return ev.card && !ctx.view?.secrete
      ? t("be.ev.lay", { who, card: ev.card[0] }) : t("be.ev.lay_hidden", { who });
    case "pass": return t("be.ev.pass", { who });
    case "claim": {
      // R76: why a word was refused, and which cards went to the other team.
      const key = ev.outcome === "valid" ? "be.ev.claim_valid"
        : ev.outcome === "impossible" ? (ev.cards?.length ? "be.ev.claim_impossible" : "be.ev.claim_impossible_none")
          : ev.short ? "be.ev.claim_short" : "be.ev.claim_not_admitted";
      return t(key, { who, word: ev.word, n: ev.points ?? "", min: ev.min_letters,
        team: ev.team !== undefined && ev.team !== null ? teamName(ctx, ev.team) : "" });
    }
    case "manche_end": return t("be.ev.manche_end", { n: ev.number, a: ev.score[0], b: ev.score[1],
      ta: ev.totals[0], tb: ev.totals[1], teamA: teamName(ctx, 0), teamB: teamName(ctx, 1) });
    case "game_over": return t("be.ev.game_over", { team: teamName(ctx, ev.team) });
    default: return null;
  }
}

/** Why the game was won, shown with its result: the totals, and the last round's count. */
export function whyResult(ctx, res) {
  const v = ctx.view;
  if (!v?.totals || v.winner_team === undefined || v.winner_team === null) return null;
  const win = v.winner_team;
  const lose = 1 - win;
  const out = [t("be.why_game", { team: teamName(ctx, win), total: v.totals[win], other: v.totals[lose],
    n: (v.manches || []).length })];
  const last = (v.manches || []).at(-1);
  if (last) out.push(...roundWhy(ctx, last));
  return out.join(" · ");
}

/** A counted round in words: each team's card points, and who took the bonus. */
function roundWhy(ctx, last) {
  const bonus = last.bonus?.[0] ? 0 : last.bonus?.[1] ? 1 : null;
  return [
    t("be.why_last", { n: last.number, a: last.cards[0], b: last.cards[1], ta: teamName(ctx, 0),
      tb: teamName(ctx, 1) }),
    bonus !== null ? t("be.why_bonus", { team: teamName(ctx, bonus) }) : null,
  ].filter(Boolean);
}

/** The round just counted, shown by the table before the next until « Continuer »: each team's
 * card points, the bonus, the round's score and the totals. */
export function lastResult(ctx) {
  const last = (ctx.view?.manches || []).at(-1);
  if (!last || ctx.view.phase === "over") return null;
  const node = h("details", { class: "last-hand result-panel", open: true },
    h("summary", {}, t("be.last", { n: last.number })),
    h("p", { class: "why-won", "data-testid": "why-won" },
      [...roundWhy(ctx, last), last.left ? t("be.left", { n: last.left }) : null]
        .filter(Boolean).join(" · ")),
    h("p", {}, t("be.round_totals", { ta: teamName(ctx, 0), a: last.score[0], ca: last.totals[0],
      tb: teamName(ctx, 1), b: last.score[1], cb: last.totals[1] })));
  return { key: String(last.number), node };
}
