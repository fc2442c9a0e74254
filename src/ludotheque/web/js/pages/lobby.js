// The lobby: create a table (game, options from the registry with the rule book's defaults,
// seats with bots and their level, private link) and the list of open tables.
import { navigate, renderNav } from "../app.js";
import { currentUser, games, get, ownSeed, post, rememberSeen, setIdentity, withOwnSeed } from "../api.js";
import { h, mount } from "../dom.js";
import { dateTime, errorText, has, ofTitle, serverText, t } from "../i18n.js";
import { botName, description, optionLabel, optionValue, tableBotName, variantName, word } from "../words.js";

const LAST_GAME = "ludotheque.lastGame";

/** The table page's modules and the game's screen, fetched while the person chooses a game or
 * while the table is being created, so that none waits for them after « Ouvrir la table »
 * (docs/web.md, « Figures »). Not on the home page's own load: only on these gestures. */
function warmTable(game) {
  import("./table.js")
    .then(() => import("../games/index.js"))
    .then((screens) => screens.screenFor(game))
    .catch(() => {}); // the table page will load them itself, and say what failed
}

/** The form field of one option (the lobby's and the tournament form's), from its registry
 * description (type name, choices, and the words the game declares for it and its values). */
export function optionField(info, opt, value) {
  const game = info.name;
  const id = `opt-${opt.name}`;
  const label = optionLabel(info, opt.name);
  const help = word(opt.help, "");
  const choiceText = (c) => optionValue(info, opt.name, c, YES_NO());
  const type = opt.type || "";
  const nullable = /aucun/.test(type);
  let input;
  let read;
  const open = opt.choices && (/entier/.test(type) ? "number" : /texte/.test(type) ? "text" : null);
  if (open) {
    // Named choices or a value of one's own (Alkamo: maquette A, B or a custom text; the
    // arbiter's seat number or « externe »): a select, and a field when « other » is chosen.
    const own = !opt.choices.includes(value) && value !== null && value !== undefined;
    const select = h("select", { id, "data-testid": `opt-${opt.name}-choice` },
      opt.choices.map((c) => h("option", { value: String(c), selected: c === value }, choiceText(c))),
      h("option", { value: "", selected: own }, t(has(`opt.${game}.${opt.name}.other`)
        ? `opt.${game}.${opt.name}.other` : "lobby.other")));
    const field = open === "number"
      ? h("input", { type: "number", step: 1, value: own ? value : "", "data-testid": `opt-${opt.name}-own` })
      : h("textarea", { rows: 3, cols: 40, "data-testid": `opt-${opt.name}-own`,
        placeholder: has(`opt.${game}.${opt.name}.hint`) ? t(`opt.${game}.${opt.name}.hint`) : "" },
      own ? String(value) : "");
    const sync = () => { field.hidden = select.value !== ""; };
    select.addEventListener("change", sync);
    sync();
    input = h("span", {}, select, " ", field);
    read = () => (select.value !== "" ? opt.choices.find((c) => String(c) === select.value)
      : open === "number" ? (field.value === "" ? opt.default : Number(field.value)) : field.value);
  } else if (opt.choices) {
    input = h("select", { id },
      nullable ? h("option", { value: "" }, t("lobby.none")) : null,
      opt.choices.map((c) => h("option", { value: String(c), selected: c === value }, choiceText(c))));
    read = () => (input.value === "" ? null : opt.choices.find((c) => String(c) === input.value));
  } else if (/oui\/non/.test(type) && nullable) {
    input = h("select", { id },
      h("option", { value: "", selected: value === null }, t("lobby.auto")),
      h("option", { value: "true", selected: value === true }, t("common.yes")),
      h("option", { value: "false", selected: value === false }, t("common.no")));
    read = () => (input.value === "" ? null : input.value === "true");
  } else if (/oui\/non/.test(type)) {
    input = h("input", { id, type: "checkbox", checked: !!value });
    read = () => input.checked;
  } else if (/entier|float|réel/.test(type)) {
    input = h("input", { id, type: "number", step: /entier/.test(type) ? 1 : "any",
      value: value === null || value === undefined ? "" : value,
      placeholder: nullable ? t("lobby.none") : "" });
    read = () => (input.value === "" ? (nullable ? null : opt.default) : Number(input.value));
  } else if (Array.isArray(opt.default) || /tuple|list/.test(type)) {
    input = h("input", { id, type: "text", value: (value || []).join(", "), placeholder: t("lobby.list_hint") });
    read = () => input.value.split(",").map((x) => x.trim()).filter(Boolean);
  } else {
    input = h("input", { id, type: "text", value: value ?? "", placeholder: nullable ? t("lobby.none") : "" });
    read = () => (input.value === "" && nullable ? null : input.value);
  }
  const def = choiceText(opt.default);
  const labelNode = h("label", { for: id, title: help || null }, label);
  const row = h("div", {}, input, h("span", { class: "small muted" }, ` ${t("lobby.default", { value: def })}`),
    help ? h("div", { class: "small muted option-help" }, help) : null);
  // A value that differs from the rule book's (or the variant's) is marked, as it changes.
  const mark = (reference) => {
    let now;
    try {
      now = read();
    } catch {
      now = value;
    }
    const changed = JSON.stringify(now) !== JSON.stringify(reference);
    labelNode.classList.toggle("changed", changed);
    row.classList.toggle("changed", changed);
    labelNode.dataset.changed = changed ? "true" : "false";
  };
  return {
    name: opt.name,
    read,
    mark,
    nodes: [labelNode, row],
  };
}

const YES_NO = () => ({ yes: t("common.yes"), no: t("common.no"), none: t("lobby.none") });

export async function render(main) {
  document.title = t("a11y.title", { page: t("nav.lobby") });
  let catalogue;
  try {
    catalogue = await games();
  } catch (exc) {
    mount(main, h("section", { class: "panel" }, h("h1", {}, t("lobby.title")),
      h("p", { class: "error-box", role: "alert" }, errorText(exc))));
    return () => {};
  }
  const form = h("section", { class: "panel", "data-testid": "create-table" });
  const listBox = h("section", { class: "panel" });
  const tournamentBox = h("section", { class: "panel", "data-testid": "lobby-tournaments" });
  mount(main, h("div", { class: "lobby" }, form, h("div", {}, tournamentBox, listBox)));

  const saved = localStorage.getItem(LAST_GAME);
  const state = {
    game: catalogue.find((g) => g.name === saved) || catalogue.find((g) => g.name === "alphapoker") || catalogue[0],
    variant: "",
    players: null,
    seats: [],
    options: {},
    // What the person typed outside the options, kept when the form is redrawn.
    nick: "",
    private: false,
    moveClock: "",
    optionsOpen: null, // the options' section as the person left it (null: the default)
  };

  function resetFor(game) {
    state.game = game;
    state.variant = "";
    state.players = game.default_players;
    state.options = Object.fromEntries(game.options.map((o) => [o.name, o.default]));
    state.optionsOpen = null;
    state.seats = [];
    seatDefaults();
  }

  function seatDefaults() {
    const g = state.game;
    const old = state.seats;
    state.seats = Array.from({ length: state.players }, (_, i) =>
      (old[i] && (old[i].kind !== "bot" || g.bots.includes(old[i].bot)) ? old[i] : null)
      || (i === 0 ? { kind: "me" } : { kind: "bot", bot: g.default_bot }));
  }

  function renderForm() {
    const g = state.game;
    const me = currentUser();
    const picker = h("div", { class: "game-picker", role: "radiogroup" }, catalogue.map((x) =>
      h("button", { type: "button", class: ["game-choice", x.name === g.name && "chosen"],
        role: "radio", "aria-checked": x.name === g.name ? "true" : "false", "data-game": x.name,
        onclick: () => {
          localStorage.setItem(LAST_GAME, x.name);
          warmTable(x.name);
          resetFor(x);
          renderForm();
        } },
      h("b", {}, x.title), h("span", {}, x.min_players === x.max_players
        ? t("lobby.players_exact", { n: x.min_players })
        : t("lobby.players_range", { min: x.min_players, max: x.max_players })))));

    const players = h("select", { id: "players", "data-testid": "players" },
      Array.from({ length: g.max_players - g.min_players + 1 }, (_, i) => g.min_players + i)
        .map((n) => h("option", { value: n, selected: n === state.players }, n)));
    players.addEventListener("change", () => {
      state.players = Number(players.value);
      seatDefaults();
      renderForm();
    });

    // A variant that sets only the default table's values is that table: not offered twice.
    const variants = Object.keys(g.variants || {}).filter((v) => g.options.some((o) =>
      g.variants[v][o.name] !== undefined && JSON.stringify(g.variants[v][o.name]) !== JSON.stringify(o.default)));
    const variant = variants.length ? h("select", { id: "variant", "data-testid": "variant" },
      h("option", { value: "" }, t("lobby.no_variant")),
      variants.map((v) => h("option", { value: v, selected: v === state.variant },
        variantName(g, v)))) : null;
    if (variant) {
      variant.addEventListener("change", () => {
        state.variant = variant.value;
        state.options = Object.fromEntries(g.options.map((o) => [o.name,
          state.variant && g.variants[state.variant][o.name] !== undefined
            ? g.variants[state.variant][o.name] : o.default]));
        renderForm();
      });
    }

    const fields = g.options.map((o) => optionField(g, o, state.options[o.name]));
    const reference = (name) => {
      const base = state.variant ? g.variants[state.variant][name] : undefined;
      return base !== undefined ? base : g.options.find((o) => o.name === name).default;
    };
    for (const f of fields) {
      // What is typed is kept as it is typed: changing a seat or the players redraws the form.
      const mark = () => {
        f.mark(reference(f.name));
        try {
          const value = f.read();
          if (!(typeof value === "number" && Number.isNaN(value))) state.options[f.name] = value;
        } catch {
          // not a value yet: submitting says what is wrong
        }
      };
      f.nodes[1].addEventListener("input", mark);
      f.nodes[1].addEventListener("change", mark);
      f.mark(reference(f.name));
    }
    const seatRows = state.seats.map((seat, i) => {
      const kind = h("select", { "data-testid": `seat-kind-${i}`, "aria-label": t("lobby.seat", { n: i + 1 }) },
        h("option", { value: "me", selected: seat.kind === "me" }, t("lobby.seat_me")),
        h("option", { value: "open", selected: seat.kind === "open" }, t("lobby.seat_open")),
        h("option", { value: "bot", selected: seat.kind === "bot" }, t("lobby.seat_bot")));
      kind.addEventListener("change", () => {
        if (kind.value === "me") {
          state.seats.forEach((x, j) => {
            if (j !== i && x.kind === "me") state.seats[j] = { kind: "open" };
          });
        }
        state.seats[i] = kind.value === "bot" ? { kind: "bot", bot: seat.bot || g.default_bot } : { kind: kind.value };
        renderForm();
      });
      const bot = seat.kind === "bot" ? h("select", { "data-testid": `seat-bot-${i}`, "aria-label": t("lobby.bot_level_of", { n: i + 1 }) },
        g.bots.map((b) => h("option", { value: b, selected: b === seat.bot }, botName(g, b)))) : null;
      if (bot) bot.addEventListener("change", () => {
        state.seats[i] = { kind: "bot", bot: bot.value };
      });
      return h("div", { class: "seat-row" }, h("span", { class: "seat-num" }, t("lobby.seat", { n: i + 1 })), kind, bot);
    });

    const privateBox = h("input", { type: "checkbox", id: "private", "data-testid": "private",
      checked: state.private });
    const clock = h("input", { type: "number", id: "move_clock", min: 1, step: 1, placeholder: t("lobby.none"),
      "data-testid": "move-clock", value: state.moveClock });
    const nick = me ? null : h("input", { type: "text", id: "nick", maxlength: 32, required: true,
      placeholder: t("login.nick_placeholder"), "data-testid": "nick", value: state.nick });
    // The person's own seed, mixed with the server's (docs/server.md): drawn here, his to change.
    state.seed = state.seed || ownSeed();
    const seed = h("input", { type: "text", id: "own_seed", maxlength: 64, spellcheck: "false",
      autocomplete: "off", "data-testid": "own-seed", value: state.seed, "aria-describedby": "own-seed-help" });
    seed.addEventListener("input", () => { state.seed = seed.value; });
    privateBox.addEventListener("change", () => { state.private = privateBox.checked; });
    clock.addEventListener("input", () => { state.moveClock = clock.value; });
    if (nick) nick.addEventListener("input", () => { state.nick = nick.value; });
    const error = h("div", {});
    const create = h("button", { type: "submit", class: "btn primary", "data-testid": "create" }, t("lobby.create"));

    const submit = async (event) => {
      event.preventDefault();
      warmTable(g.name);
      mount(error);
      for (const x of form.querySelectorAll("[aria-invalid]")) x.removeAttribute("aria-invalid");
      const options = {};
      for (const f of fields) {
        const value = f.read();
        state.options[f.name] = value;
        if (JSON.stringify(value) !== JSON.stringify(reference(f.name))) options[f.name] = value;
      }
      create.disabled = true;
      try {
        if (!currentUser()) {
          const name = nick.value.trim();
          if (!name) throw new Error(t("login.nick_needed"));
          setIdentity(await post("/api/guest", { name }));
          renderNav();
        }
        const body = {
          game: g.name,
          players: state.players,
          options,
          seats: state.seats.map((x) => (x.kind === "bot" ? { kind: "bot", bot: x.bot } : { kind: x.kind })),
          private: privateBox.checked,
          move_clock: clock.value ? Number(clock.value) : null,
          variant: state.variant || null,
        };
        const seated = state.seats.some((x) => x.kind === "me");
        const sent = seated ? await withOwnSeed(body, seed.value.trim()) : body;
        const table = await post("/api/tables", sent);
        state.seed = null; // a seed serves one table
        rememberSeen(table.id, sent.commitment);
        navigate(`/table/${table.id}`);
      } catch (exc) {
        const text = errorText(exc) || exc.message;
        mount(error, h("p", { class: "error-box", "data-testid": "create-error", role: "alert", id: "create-error" }, text));
        create.disabled = false;
        // The field the message names (« Jetons au départ » : …) is marked and takes the focus;
        // else the button, so that the keyboard stays in the form.
        const named = fields.find((f) => text.includes(`« ${optionLabel(g, f.name)} »`));
        const field = named ? form.querySelector(`#opt-${named.name}`)
          : text === t("login.nick_needed") ? nick : null;
        if (field) {
          const folded = field.closest("details");
          if (folded) folded.open = true;
          field.setAttribute("aria-invalid", "true");
          field.setAttribute("aria-describedby", "create-error");
          field.focus();
        } else create.focus();
      }
    };

    // Choosing a game or changing the players, the variant or a seat redraws the form: the
    // focus goes back to the control just changed (not to the page's body).
    const active = document.activeElement;
    const where = active && form.contains(active)
      ? (active.dataset.testid ? `[data-testid="${active.dataset.testid}"]`
        : active.dataset.game ? `[data-game="${active.dataset.game}"]` : active.id ? `#${active.id}` : null)
      : null;
    mount(form,
      h("h1", {}, t("lobby.title")),
      h("form", { onsubmit: submit },
        h("h2", {}, t("lobby.choose_game")), picker,
        h("p", { class: "game-desc" }, h("b", {}, g.title), " — ", description(g)),
        h("p", { class: "small" }, h("a", { href: `/rules/${g.name}`, "data-link": true, "data-testid": "rules-link" },
          t("rules.link", ofTitle(g.title)))),
        h("p", { class: "hint", "data-testid": "table-kind" }, t("lobby.table_kind"), " ",
          serverText(g, "table"), g.variants.livre ? ` ${t("lobby.literal_hint")}` : ""),
        h("div", { class: "form-grid" },
          h("label", { for: "players" }, t("lobby.players")), players,
          variant ? [h("label", { for: "variant" }, t("lobby.variant")), variant] : null),
        h("h2", {}, t("lobby.seats")),
        h("p", { class: "hint" }, t("lobby.seats_hint")),
        g.seats_note ? h("p", { class: "hint", "data-testid": "seats-note" }, word(g.seats_note)) : null,
        seatRows,
        h("details", { class: "options", ontoggle: (event) => { state.optionsOpen = event.target.open; },
          open: state.optionsOpen ?? (state.variant !== "" || fields.length <= 3) },
          h("summary", {}, t("lobby.options", { n: fields.length })),
          h("p", { class: "hint" }, t("lobby.options_hint")),
          h("div", { class: "form-grid" }, fields.map((f) => f.nodes))),
        h("div", { class: "form-grid" },
          h("label", { for: "private" }, t("lobby.private")), h("div", {}, privateBox, " ",
            h("span", { class: "small muted" }, t("lobby.private_hint"))),
          h("label", { for: "move_clock" }, t("lobby.move_clock")), clock,
          nick ? [h("label", { for: "nick" }, t("login.nick")), nick] : null),
        h("details", { class: "options", "data-testid": "fair-deal" },
          h("summary", {}, t("lobby.fair_deal")),
          h("p", { class: "hint", id: "own-seed-help" }, t("lobby.own_seed_help")),
          h("div", { class: "form-grid" }, h("label", { for: "own_seed" }, t("lobby.own_seed")), seed)),
        error,
        h("div", { class: "actions" }, create)));
    if (where) form.querySelector(where)?.focus();
  }

  let timer = null;
  let closed = false;
  async function renderList() {
    let tables = [];
    let tournaments = [];
    let mine = [];
    let failure = null;
    try {
      [tables, tournaments, mine] = await Promise.all([get("/api/tables"), get("/api/tournaments"),
        // « Mes parties en cours »: private ones too (a player could not find his way back).
        currentUser() ? get("/api/my-tables").catch(() => []) : []]);
    } catch (exc) {
      failure = errorText(exc);
    }
    if (closed) return;
    mount(tournamentBox,
      h("h2", {}, t("tourn.lobby_title")),
      tournaments.length ? h("ul", { class: "table-list plain", "data-testid": "tournament-list" },
        tournaments.map((tr) => h("li", {},
          h("a", { href: `/tournament/${tr.id}`, "data-link": true }, h("b", {}, tr.name)), " ",
          h("span", { class: `pill ${tr.status}` }, t(`tourn.status.${tr.status}`)),
          h("div", { class: "small muted" }, `${tr.title} · `,
            tr.status === "registering"
              ? tr.starts_at === null ? t("tourn.lobby_registering_manual", { n: tr.registered, places: tr.places })
                : t("tourn.lobby_registering", { n: tr.registered, places: tr.places, when: dateTime(tr.starts_at) })
              : t("tourn.lobby_running", { n: tr.entrants }))))) : h("p", { class: "muted" }, t("tourn.none")),
      h("div", { class: "actions" }, h("a", { href: "/tournaments/new", "data-link": true, class: "btn",
        "data-testid": "new-tournament" }, t("tourn.new"))));
    const titles = Object.fromEntries(catalogue.map((g) => [g.name, g.title]));
    const infos = Object.fromEntries(catalogue.map((g) => [g.name, g]));
    const item = (tb) => {
      const open = tb.seats.filter((x) => x.kind === "open").length;
      // The seated by name, the free seats counted; my own table says so.
      const seated = tb.seats.filter((x) => x.kind !== "open");
      const me = currentUser();
      const mySeat = me && tb.seats.some((x) => x.user === me.id);
      const what = mySeat ? t("lobby.my_table") : open ? t("lobby.open_seats", { n: open }) : t("lobby.watch");
      return h("li", {},
        h("a", { href: `/table/${tb.id}`, "data-link": true }, h("b", {}, titles[tb.game] || tb.title)),
        h("span", { class: `pill ${tb.status}` }, t(`status.${tb.status}`)),
        h("span", { class: "small muted", "data-testid": "table-kind" }, " ", serverText(tb, "kind")),
        tb.private ? h("span", { class: "small muted" }, ` · ${t("table.private")}`) : null,
        h("div", { class: "small muted" },
          seated.map((x) => (x.kind === "bot"
            ? tableBotName(infos[tb.game], x.bot, x.seat, x.name, tb.tournament) : x.name)).join(", "),
          `${seated.length ? " — " : ""}${what}${mySeat && open ? ` · ${t("lobby.open_seats", { n: open })}` : ""}`,
          ` · ${dateTime(tb.created_at)}`));
    };
    const listed = new Set(tables.map((tb) => tb.id));
    mount(listBox,
      mine.length ? [h("h2", {}, t("lobby.my_tables")),
        h("ul", { class: "table-list plain", "data-testid": "my-tables" }, mine.map(item))] : null,
      h("h2", {}, t("lobby.open_tables")),
      failure ? h("p", { class: "error-box", role: "alert" }, failure) : null,
      tables.length ? h("ul", { class: "table-list plain", "data-testid": "table-list" }, tables.map(item))
        : failure ? null : h("p", { class: "muted" }, t(mine.some((tb) => !listed.has(tb.id))
          ? "lobby.no_other_tables" : "lobby.no_tables")));
    timer = setTimeout(renderList, 5000);
  }

  resetFor(state.game);
  renderForm();
  renderList();
  return () => {
    document.title = t("a11y.site");
    closed = true;
    clearTimeout(timer);
  };
}



