// Organise a tournament (issue 18): a two-player game, the formula of AlphaPoker's §9 (knockout,
// preliminaries then knockout, championship), its pairing and seeding, places, bots filling,
// clocks, absence grace, round deadline, start time, open or by invitation, and the tables'
// options (the lobby's fields, a variant, the rule book's defaults); the server judges everything.
import { navigate } from "../app.js";
import { currentUser, games, post } from "../api.js";
import { h, mount } from "../dom.js";
import { errorText, t } from "../i18n.js";
import { botName, variantName } from "../words.js";
import { optionField } from "./lobby.js";
import { ensureIdentity } from "./tournament.js";

/** A datetime-local value for a unix time, in the browser's time zone. */
function localInput(unixSeconds) {
  const d = new Date(unixSeconds * 1000);
  const pad = (n) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

export async function render(main) {
  const catalogue = (await games().catch(() => [])).filter((g) => g.min_players <= 2 && g.max_players >= 2);
  const box = h("section", { class: "panel", "data-testid": "create-tournament" });
  mount(main, box);
  let error = null;
  const field = (id, label, input) => [h("label", { for: id }, label), input];

  const name = h("input", { id: "t-name", type: "text", maxlength: 64, "data-testid": "t-name", placeholder: t("tourn.name_hint") });
  const game = h("select", { id: "t-game", "data-testid": "t-game" },
    catalogue.map((g) => h("option", { value: g.name, selected: g.name === "alphapoker" }, g.title)));
  const format = h("select", { id: "t-format", "data-testid": "t-format" },
    h("option", { value: "standard" }, t("tourn.format.standard")),
    h("option", { value: "championship" }, t("tourn.format.championship")));
  const pairing = h("select", { id: "t-pairing", "data-testid": "t-pairing" },
    ["halves", "fold"].map((p) => h("option", { value: p }, t(`tourn.pairing.${p}`))));
  const seeding = h("select", { id: "t-seeding", "data-testid": "t-seeding" },
    ["lot", "ranking"].map((p) => h("option", { value: p }, t(`tourn.seeding.${p}`))));
  const places = h("input", { id: "t-places", type: "number", min: 2, max: 64, step: 1, value: 8, "data-testid": "t-places" });
  const bots = h("input", { id: "t-bots", type: "checkbox", checked: true, "data-testid": "t-bots" });
  const bot = h("select", { id: "t-bot", "data-testid": "t-bot" });
  const clock = h("input", { id: "t-clock", type: "number", min: 5, step: 1, placeholder: t("lobby.none"), "data-testid": "t-clock" });
  const grace = h("input", { id: "t-grace", type: "number", min: 5, max: 3600, step: 1, value: 60, "data-testid": "t-grace" });
  const deadline = h("input", { id: "t-deadline", type: "number", min: 1, step: 1, placeholder: t("lobby.none"), "data-testid": "t-deadline" });
  const start = h("input", { id: "t-start", type: "datetime-local", value: localInput(Date.now() / 1000 + 900), "data-testid": "t-start" });
  const invitation = h("input", { id: "t-invitation", type: "checkbox", "data-testid": "t-invitation" });
  const nick = currentUser() ? null : h("input", { id: "t-nick", type: "text", maxlength: 32, "data-testid": "nick" });

  function fillBots() {
    const g = catalogue.find((x) => x.name === game.value);
    mount(bot, (g ? g.bots : []).map((b) => h("option", { value: b, selected: g && b === g.default_bot }, botName(g, b))));
  }
  // The tables' options: the game's fields (as in the lobby), from a variant or the rule book.
  const variant = h("select", { id: "t-variant", "data-testid": "t-variant" });
  const optionsBox = h("div", { class: "form-grid", "data-testid": "t-options" });
  const optionsTitle = h("summary", { "data-testid": "t-options-toggle" });
  let info = null;
  let fields = [];
  const reference = (key) => {
    const base = variant.value && info.variants[variant.value] ? info.variants[variant.value][key] : undefined;
    return base !== undefined ? base : info.options.find((o) => o.name === key).default;
  };
  function fillOptions(newGame) {
    info = catalogue.find((x) => x.name === game.value) || { options: [], variants: {} };
    const names = Object.keys(info.variants || {});
    if (newGame) {
      mount(variant, h("option", { value: "" }, t("lobby.no_variant")),
        names.map((v) => h("option", { value: v }, variantName(info, v))));
    }
    variant.disabled = !names.length;
    fields = info.options.map((o) => optionField(info, o, reference(o.name)));
    for (const f of fields) {
      const mark = () => f.mark(reference(f.name));
      f.nodes[1].addEventListener("input", mark);
      f.nodes[1].addEventListener("change", mark);
      mark();
    }
    mount(optionsTitle, t("tourn.options", { n: fields.length }));
    mount(optionsBox, fields.map((f) => f.nodes));
  }
  game.addEventListener("change", () => {
    fillBots();
    fillOptions(true);
  });
  variant.addEventListener("change", () => fillOptions(false));
  fillBots();
  fillOptions(true);
  const syncFormat = () => {
    pairing.disabled = format.value !== "standard";
    seeding.disabled = format.value === "championship";
  };
  format.addEventListener("change", syncFormat);
  syncFormat();
  bots.addEventListener("change", () => { bot.disabled = !bots.checked; });

  async function submit(event) {
    event.preventDefault();
    error = null;
    const formula = {
      tournament_format: format.value === "championship" ? "championship" : "standard",
      prelim_pairing: pairing.value,
      bracket_seeding: seeding.value,
    };
    const options = {};
    try {
      for (const f of fields) {
        const value = f.read();
        if (JSON.stringify(value) !== JSON.stringify(reference(f.name))) options[f.name] = value;
      }
    } catch (exc) {
      error = exc.message;
      draw();
      return;
    }
    const body = {
      name: name.value.trim() || null,
      game: game.value,
      options,
      variant: variant.value || null,
      formula,
      places: Number(places.value),
      bots: bots.checked,
      bot: bots.checked ? bot.value : null,
      move_clock: clock.value === "" ? null : Number(clock.value),
      grace: Number(grace.value),
      round_deadline: deadline.value === "" ? null : Number(deadline.value) * 60,
      starts_at: start.value ? new Date(start.value).getTime() / 1000 : null,
      invitation: invitation.checked,
    };
    try {
      if (!(await ensureIdentity(nick))) return;
      const made = await post("/api/tournaments", body);
      navigate(`/tournament/${made.id}`);
    } catch (exc) {
      error = errorText(exc);
      draw();
    }
  }

  function draw() {
    mount(box,
      h("h1", {}, t("tourn.new")),
      h("p", { class: "small muted" }, t("tourn.new_help")),
      h("form", { onsubmit: submit },
        h("div", { class: "form-grid" },
          field("t-name", t("tourn.name"), name),
          field("t-game", t("history.game"), game),
          field("t-format", t("tourn.formula"), format),
          h("p", { class: "desc small muted" }, t("tourn.format.standard_hint")),
          field("t-pairing", t("tourn.pairing"), pairing),
          field("t-seeding", t("tourn.seeding"), seeding),
          field("t-places", t("tourn.places_label"), places),
          h("label", { for: "t-bots" }, t("tourn.bots")), h("div", {}, bots, " ", bot),
          field("t-clock", t("lobby.move_clock"), clock),
          field("t-grace", t("tourn.grace"), grace),
          field("t-deadline", t("tourn.deadline"), deadline),
          field("t-start", t("tourn.start_at"), start),
          h("p", { class: "desc small muted" }, t("tourn.start_blank_hint")),
          h("label", { for: "t-invitation" }, t("tourn.invitation")), h("div", {}, invitation),
          nick ? field("t-nick", t("login.nick"), nick) : null),
        h("details", { class: "options" }, optionsTitle,
          h("p", { class: "hint" }, t("lobby.options_hint")),
          h("div", { class: "form-grid" }, field("t-variant", t("lobby.variant"), variant)),
          optionsBox),
        error ? h("p", { class: "error-box", role: "alert", "data-testid": "create-error" }, error) : null,
        h("div", { class: "actions" },
          h("button", { type: "submit", class: "btn primary", "data-testid": "t-create" }, t("tourn.create")))));
  }
  draw();
  return () => {};
}
