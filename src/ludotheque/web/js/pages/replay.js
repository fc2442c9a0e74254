// /replay/ID: any game step by step, as one seat (or a spectator) could see it; once the game
// is over every seat's view and every action can be shown.
import { currentUser, gameInfo, get } from "../api.js";
import { h, mount } from "../dom.js";
import { errorText, t } from "../i18n.js";
import { describeAction } from "../games/generic.js";
import { eventText, screenFor } from "../games/index.js";
import { tableBotName } from "../words.js";

async function loadSteps(tableId, seat) {
  const steps = [];
  for (let from = 0; ; ) {
    const params = new URLSearchParams({ from: String(from), limit: "2000" });
    if (seat !== null) params.set("seat", String(seat));
    const page = await get(`/api/tables/${encodeURIComponent(tableId)}/replay?${params}`);
    steps.push(...page.steps);
    if (page.steps.length < 2000) return steps;
    from = page.steps.at(-1).version + 1;
  }
}

export async function render(main, [tableId], query) {
  let table;
  try {
    table = await get(`/api/tables/${encodeURIComponent(tableId)}`);
  } catch (exc) {
    mount(main, h("section", { class: "panel" }, h("h1", {}, t("replay.title")), h("p", { class: "error-box", role: "alert" }, errorText(exc))));
    return () => {};
  }
  document.title = t("a11y.title", { page: `${t("replay.title")} — ${table.title}` });
  const screen = await screenFor(table.game);
  const info = await gameInfo(table.game).catch(() => null);
  const me = currentUser();
  const mySeat = me ? table.seats.findIndex((s) => s.user === me.id) : -1;
  // A finished game, or a tournament's manche stopped before its end: every seat may be seen.
  const over = ["over", "forfeit", "stopped"].includes(table.status);
  const asked = query.get("seat");
  const state = {
    seat: asked !== null && asked !== "" ? Number(asked) : mySeat >= 0 ? mySeat : null,
    steps: [],
    index: 0,
    playing: null,
    local: {},
  };
  const name = (seat) => {
    const s = table.seats[seat];
    if (s && s.kind === "bot") return tableBotName(info, s.bot, seat, s.name, table.tournament);
    return s ? s.name || `#${seat + 1}` : `#${seat}`;
  };

  const viewer = h("select", { "data-testid": "replay-seat", "aria-label": t("replay.viewer") },
    h("option", { value: "" }, t("replay.spectator")),
    table.seats.map((s) => h("option", { value: s.seat, disabled: !over && s.seat !== mySeat,
      selected: s.seat === state.seat }, t("replay.as", { who: name(s.seat) }))));
  const slider = h("input", { type: "range", min: 0, max: 0, value: 0, "data-testid": "replay-slider",
    "aria-label": t("replay.step") });
  const counter = h("span", { class: "muted", "data-testid": "replay-counter" });
  // Symbols on screen, words for a screen reader (« Coup suivant », not « ▶ »).
  const button = (label, testid, f, name) => h("button", { type: "button", class: "btn small", "data-testid": testid,
    "aria-label": name, onclick: f }, label);
  // Geometric shapes only: the media-control emoji are missing from many fonts.
  const playButton = button(t("replay.play"), "replay-play", () => togglePlay(), t("replay.play_label"));
  const bar = h("div", { class: "replay-bar" },
    button("|◀", "replay-first", () => go(0), t("replay.first_label")),
    button("◀", "replay-prev", () => go(state.index - 1), t("replay.prev_label")),
    playButton, button("▶", "replay-next", () => go(state.index + 1), t("replay.next_label")),
    button("▶|", "replay-last", () => go(state.steps.length - 1), t("replay.last_label")), slider, counter);
  // Said by a screen reader at each step (the arrow keys move through the game).
  const stepInfo = h("div", { class: "step-info", "data-testid": "replay-step", "aria-live": "polite" });
  const gameBox = h("div", { class: "game-box" });
  mount(main,
    h("section", { class: "panel" },
      h("div", { class: "table-head" }, h("h1", {}, `${t("replay.title")} — ${table.title}`),
        h("div", { class: "actions" }, viewer,
          h("a", { class: "btn small", href: `/table/${table.id}`, "data-link": true }, t("replay.back")))),
      table.commitment ? h("div", { class: "commit" }, `${t("table.commitment")} ${table.commitment}`) : null,
      over && table.seed ? h("div", { class: "commit" }, `${t("table.seed")} ${table.seed}`) : null,
      bar, h("p", { class: "small muted" }, t("replay.keys")), stepInfo),
    h("section", { class: "panel" }, gameBox));

  slider.addEventListener("input", () => go(Number(slider.value)));
  viewer.addEventListener("change", async () => {
    state.seat = viewer.value === "" ? null : Number(viewer.value);
    state.local = {};
    await load(state.index);
  });

  function ctx(step) {
    const tm = step.view?.to_move;
    return {
      game: table.game,
      view: step.view,
      legal: [],
      seat: state.seat,
      toMove: Array.isArray(tm) ? tm : tm === null || tm === undefined ? [] : [tm],
      table,
      info,
      name,
      // Whose eyes: a hand seen as another seat is « Main de Marc », never « Votre main ».
      you: state.seat !== null && state.seat === mySeat,
      controls: false,
      local: state.local,
      act: () => {},
      rerender: () => show(),
    };
  }

  function show() {
    const step = state.steps[state.index];
    if (!step) return;
    slider.value = state.index;
    counter.textContent = t("replay.counter", { n: step.version, of: state.steps.at(-1).version });
    const c = ctx(step);
    const lines = [];
    if (step.version === 0) lines.push(h("b", {}, t("replay.deal")));
    else {
      lines.push(h("b", {}, t("replay.move", { n: step.version, who: step.seat === null ? t("replay.arbiter") : name(step.seat) })),
        step.actor && step.actor !== "player" ? ` (${t(`replay.actor.${step.actor}`)})` : "",
        step.action ? ` — ${(screen.describeAction && screen.describeAction(step.action, c))
          || describeAction(step.action, table.game)}` : "");
    }
    mount(stepInfo, h("p", {}, lines),
      h("ul", { class: "log" }, (step.events || []).map((ev) => {
        let text;
        try {
          text = eventText(screen, ev, c);
        } catch {
          text = ev.type;
        }
        return text ? h("li", {}, text) : null;
      })));
    try {
      mount(gameBox, screen.render(c));
    } catch (exc) {
      mount(gameBox, h("pre", { class: "error-box" }, String(exc)));
    }
  }

  function go(index) {
    state.index = Math.max(0, Math.min(state.steps.length - 1, index));
    show();
  }

  function togglePlay() {
    if (state.playing) {
      clearInterval(state.playing);
      state.playing = null;
      playButton.textContent = t("replay.play");
      playButton.setAttribute("aria-label", t("replay.play_label"));
      return;
    }
    playButton.textContent = t("replay.pause");
    playButton.setAttribute("aria-label", t("replay.pause_label"));
    state.playing = setInterval(() => {
      if (state.index >= state.steps.length - 1) togglePlay();
      else go(state.index + 1);
    }, 900);
  }

  async function load(keep = 0) {
    mount(gameBox, h("p", { class: "muted" }, t("table.loading")));
    try {
      state.steps = await loadSteps(tableId, state.seat);
    } catch (exc) {
      mount(gameBox, h("p", { class: "error-box", role: "alert" }, errorText(exc)));
      return;
    }
    slider.max = Math.max(0, state.steps.length - 1);
    go(query.get("step") !== null && !keep ? Number(query.get("step")) : keep);
  }

  // ← → one step, Home/End the first and last, Space play/pause (not while in a field: the
  // slider and the seat list keep their own keys; on a button or a link the arrows and Home/End
  // still move through the game, Space presses the button).
  const onKey = (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.target.closest?.("input, select, textarea, button, a")) {
      if (!["ArrowLeft", "ArrowRight", "Home", "End"].includes(event.key)) return;
      if (event.target.closest("input, select, textarea")) return;
    }
    const moves = { ArrowLeft: -1, ArrowRight: 1 };
    if (event.key in moves) go(state.index + moves[event.key]);
    else if (event.key === "Home") go(0);
    else if (event.key === "End") go(state.steps.length - 1);
    else if (event.key === " " && !event.target.closest?.("button, a")) togglePlay();
    else return;
    event.preventDefault();
  };
  document.addEventListener("keydown", onKey);

  await load();
  return () => {
    document.title = t("a11y.site");
    document.removeEventListener("keydown", onKey);
    if (state.playing) clearInterval(state.playing);
  };
}
