// A tournament (issue 18): registrations, the rounds and their duels (live, with links to
// watch a manche in play and replay the finished ones), the standings (match points and
// tie-break, R50–R52), the final ranking, the organiser's controls and log. Kept up to date by
// the tournament's socket (/ws/tournaments/ID).
import { navigate, renderNav, toast } from "../app.js";
import { currentUser, games, get, post, setIdentity } from "../api.js";
import { h, mount } from "../dom.js";
import { currentLang, dateTime, errorText, num, t } from "../i18n.js";
import { botSeatName, optionLabel, optionValue, roundTitle } from "../words.js";

/** A guest identity on the spot when there is none (the nickname field's value). */
export async function ensureIdentity(nickField) {
  if (currentUser()) return true;
  const name = nickField ? nickField.value.trim() : "";
  if (!name) {
    toast(t("tourn.nick_needed"), "error");
    if (nickField) nickField.focus();
    return false;
  }
  setIdentity(await post("/api/guest", { name }));
  renderNav();
  return true;
}

// ``count``: the entrants (or the places before the start). A power of two plays a direct
// knockout, so the preliminaries' pairing rule does not apply and is not shown.
export function formulaText(f, count) {
  const parts = [t(`tourn.format.${f.tournament_format}`)];
  if (f.tournament_format === "standard") {
    const direct = count > 0 && (count & (count - 1)) === 0;
    if (!direct) parts.push(t(`tourn.pairing.${f.prelim_pairing}`));
    parts.push(t(`tourn.seeding.${f.bracket_seeding}`));
  }
  return parts.join(" · ");
}

/** How each manche of a duel ended, in words: « (égalité, rejouée) », and when one manche was
 *  tied more than once, which time (« égalité 2, rejouée »): the links read alike otherwise. */
export function mancheHows(manches) {
  const ties = {};
  for (const m of manches) if (m.how === "tied") ties[m.number] = (ties[m.number] || 0) + 1;
  const seen = {};
  return manches.map((m) => {
    if (m.how === "played") return "";
    if (m.how !== "tied" || ties[m.number] === 1) return ` (${t(`tourn.how.${m.how}`)})`;
    seen[m.number] = (seen[m.number] || 0) + 1;
    return ` (${t("tourn.how.tied_n", { k: seen[m.number] })})`;
  });
}

export function statusPill(status) {
  return h("span", { class: `pill ${status}`, "data-testid": "tournament-status" }, t(`tourn.status.${status}`));
}

export async function render(main, params, query) {
  const id = params[0];
  const invite = query.get("invite");
  const state = { data: null, error: null, settle: {} };
  let timer = null;
  let closed = false;
  const box = h("div", { class: "tournament-page", "data-testid": "tournament" });
  mount(main, box);

  async function act(path, body) {
    try {
      state.data = await post(`/api/tournaments/${encodeURIComponent(id)}/${path}`, body);
      state.error = null;
    } catch (exc) {
      state.error = errorText(exc);
      toast(state.error, "error");
    }
    draw();
  }

  // The tournament's socket sends it at once and after every change; while it cannot
  // connect, the page asks every 2 s (and tries the socket again).
  let socket = null;
  function listen() {
    if (closed || socket) return;
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    socket = new WebSocket(`${scheme}://${location.host}/ws/tournaments/${encodeURIComponent(id)}`);
    socket.onmessage = (event) => {
      const msg = JSON.parse(event.data);
      if (msg.type !== "tournament" || closed) return;
      // The organiser's invitation code comes only over HTTP: keep it.
      const invite = state.data && state.data.invite;
      state.data = { ...msg.tournament, invite: msg.tournament.invite || invite };
      draw();
    };
    socket.onclose = () => {
      socket = null;
      if (!closed) timer = setTimeout(load, 2000);
    };
  }

  async function load() {
    clearTimeout(timer);
    try {
      state.data = await get(`/api/tournaments/${encodeURIComponent(id)}`);
      state.error = null;
    } catch (exc) {
      state.error = errorText(exc);
    }
    if (closed) return;
    draw();
    listen();
  }

  // The game's words (its bots, its options), for names and options in the reader's language.
  const catalogue = await games().catch(() => []);
  const gameInfo = () => catalogue.find((g) => state.data && g.name === state.data.game) || null;

  /** An entrant's name; a bot as at its tables, in the reader's language (« Random bot 2 »). */
  function name(e) {
    const list = state.data.entrant_list;
    const ent = list[e];
    if (!ent) return `#${e}`;
    if (!ent.bot) return ent.name;
    const k = list.slice(0, e + 1).filter((x) => x.bot).length;
    return botSeatName(gameInfo(), ent.bot, k - 1);
  }

  /** The tables' options that differ from the rule book's, in words. */
  function optionsLine(tr) {
    const info = gameInfo();
    if (!info || !tr.options) return null;
    const yesNo = { yes: t("common.yes"), no: t("common.no"), none: t("lobby.none") };
    const changed = info.options.filter((o) => o.name in tr.options
      && JSON.stringify(tr.options[o.name]) !== JSON.stringify(o.default));
    return h("p", { class: "small", "data-testid": "tournament-options" }, changed.length
      ? [t("tourn.options_changed"), " ", changed.map((o) => t("tourn.option_pair", {
        label: optionLabel(info, o.name), value: optionValue(info, o.name, tr.options[o.name], yesNo) })).join(" · ")]
      : t("tourn.options_default"));
  }

  /** The table of my duel in play, if any. */
  function myTable(tr) {
    const me = currentUser();
    if (!me) return null;
    const mine = (e) => tr.entrant_list[e] && tr.entrant_list[e].user === me.id;
    for (const r of tr.rounds) {
      for (const d of r.duels) {
        if (d.table && d.winner === null && (mine(d.a) || mine(d.b))) return d.table;
      }
    }
    return null;
  }

  // A person waiting on this page is taken to his table when it is dealt (his absence
  // counts from the deal); a table already there when the page opened is offered, not forced.
  let knownTables = null;
  function followMyTable(tr) {
    const table = myTable(tr);
    if (knownTables === null) {
      knownTables = new Set(table ? [table] : []);
      return false;
    }
    if (!table || knownTables.has(table)) return false;
    knownTables.add(table);
    toast(t("tourn.your_table_dealt"));
    navigate(`/table/${table}`);
    return true;
  }

  function myTableBanner(tr) {
    const table = myTable(tr);
    if (!table) return null;
    return h("section", { class: "panel status", "data-testid": "my-table" },
      h("p", {}, h("strong", {}, t("tourn.your_duel_on")), " ", t("tourn.your_duel_grace", { n: tr.grace })),
      h("a", { href: `/table/${table}`, "data-link": true, class: "btn primary",
        "data-testid": "to-my-table" }, t("tourn.to_my_table")));
  }

  function draw() {
    const tr = state.data;
    if (!tr) {
      mount(box, h("section", { class: "panel" }, h("p", { class: "error-box", role: "alert" }, state.error || "…")));
      return;
    }
    if (followMyTable(tr)) return;
    // Redrawing keeps the keyboard where it was (the page refreshes every 2 s).
    const focused = document.activeElement && box.contains(document.activeElement)
      ? document.activeElement.getAttribute("data-testid") : null;
    mount(box,
      header(tr),
      myTableBanner(tr),
      tr.status === "registering" ? registration(tr) : null,
      tr.ranking ? finalRanking(tr) : null,
      tr.rounds.length ? bracket(tr) : null,
      tr.standings.length ? standings(tr) : null,
      log(tr));
    if (focused) {
      const again = box.querySelector(`[data-testid="${focused}"]`);
      if (again) again.focus();
    }
  }

  function header(tr) {
    const me = currentUser();
    const organiser = me && me.id === tr.created_by;
    const controls = [];
    if (organiser && tr.status === "registering") {
      controls.push(h("button", { type: "button", class: "btn primary", "data-testid": "tournament-start",
        onclick: () => act("start") }, t("tourn.start_now")));
    }
    if (organiser && tr.status === "running") {
      controls.push(h("button", { type: "button", class: "btn", "data-testid": "tournament-pause",
        onclick: () => act("pause") }, t("tourn.pause")));
    }
    if (organiser && tr.status === "paused") {
      controls.push(h("button", { type: "button", class: "btn primary", "data-testid": "tournament-resume",
        onclick: () => act("resume") }, t("tourn.resume")));
    }
    if (organiser && ["registering", "running", "paused"].includes(tr.status)) {
      controls.push(h("button", { type: "button", class: "btn danger", "data-testid": "tournament-cancel",
        onclick: () => { if (window.confirm(t("tourn.cancel_confirm"))) act("cancel"); } }, t("tourn.cancel")));
    }
    const inviteLink = tr.invite ? `${location.origin}/tournament/${tr.id}?invite=${encodeURIComponent(tr.invite)}` : null;
    return h("section", { class: "panel" },
      h("h1", {}, tr.name, " ", statusPill(tr.status)),
      h("p", { class: "small muted", "data-testid": "tournament-about" },
        `${tr.title} · ${formulaText(tr.formula, tr.status === "registering" || !tr.entrants ? tr.places : tr.entrants)} · ${t("tourn.places", { n: tr.places })}`,
        tr.bots ? ` · ${t("tourn.bots_fill")}` : "",
        tr.move_clock ? ` · ${t("table.move_clock", { n: tr.move_clock })}` : "",
        ` · ${t("tourn.grace_n", { n: tr.grace })}`,
        tr.round_deadline ? ` · ${t("tourn.deadline_n", { n: Math.round(tr.round_deadline / 60) })}` : ""),
      h("p", { class: "small" },
        t("tourn.organiser", { name: tr.organiser }), " · ",
        tr.started_at ? t("tourn.started", { when: dateTime(tr.started_at) })
          : tr.starts_at === null ? t("tourn.starts_manual")
            : t("tourn.starts", { when: dateTime(tr.starts_at) }),
        tr.invitation ? ` · ${t("tourn.by_invitation")}` : ""),
      optionsLine(tr),
      tr.note ? h("p", { class: "error-box", "data-testid": "tournament-note" },
        t("tourn.cancelled_why", { why: tr.note[currentLang() === "en" ? 1 : 0] })) : null,
      inviteLink ? h("p", { class: "small" }, t("tourn.invite_link"), " ",
        h("code", { "data-testid": "invite-link", style: { overflowWrap: "anywhere" } }, inviteLink)) : null,
      controls.length ? h("div", { class: "actions" }, controls) : null,
      state.error ? h("p", { class: "error-box", role: "alert" }, state.error) : null);
  }

  function registration(tr) {
    const me = currentUser();
    const registered = me && tr.registrations.some((r) => r.user === me.id);
    const nick = me ? null : h("input", { id: "nick", maxlength: 32, "data-testid": "nick",
      placeholder: t("login.nick"), "aria-label": t("login.nick") });
    const full = tr.registrations.length >= tr.places;
    const button = registered
      ? h("button", { type: "button", class: "btn", "data-testid": "tournament-withdraw",
        onclick: () => act("withdraw") }, t("tourn.withdraw"))
      : h("button", { type: "button", class: "btn primary", "data-testid": "tournament-register", disabled: full,
        onclick: async () => {
          try {
            if (!(await ensureIdentity(nick))) return;
          } catch (exc) {
            toast(errorText(exc), "error");
            return;
          }
          await act("register", { invite });
        } }, full ? t("tourn.full") : t("tourn.register"));
    return h("section", { class: "panel" },
      h("h2", {}, t("tourn.registrations", { n: tr.registrations.length, places: tr.places })),
      tr.registrations.length
        ? h("ol", { "data-testid": "registrations" }, tr.registrations.map((r) => h("li", {}, r.name,
          // The organiser may take a registration back (a test, a no-show) before the start.
          me && me.id === tr.created_by ? [" ", h("button", { type: "button", class: "btn small",
            "data-testid": `remove-${r.user}`, onclick: () => {
              if (window.confirm(t("tourn.remove_confirm", { name: r.name }))) act("remove", { user: r.user });
            } }, t("tourn.remove"))] : null)))
        : h("p", { class: "muted" }, t("tourn.nobody_yet")),
      tr.bots ? h("p", { class: "small muted" }, t("tourn.bots_will_fill")) : null,
      h("div", { class: "actions" }, nick, button));
  }

  function finalRanking(tr) {
    return h("section", { class: "panel" },
      h("h2", {}, t("tourn.final_ranking")),
      h("ol", { "data-testid": "final-ranking" }, tr.ranking.map((e, i) =>
        h("li", { class: i === 0 ? "winner" : null }, name(e)))));
  }

  function bracket(tr) {
    const me = currentUser();
    const organiser = me && me.id === tr.created_by && ["running", "paused"].includes(tr.status);
    return h("section", { class: "panel", "data-testid": "bracket" },
      h("h2", {}, t("tourn.rounds")),
      tr.rounds.map((r) => h("div", { class: "round" },
        h("h3", {}, roundTitle(r)),
        h("ul", { class: "duels plain" }, r.duels.map((d) => duelItem(d, organiser))),
        resting(tr, r))));
  }

  /** R54: with an odd number of entrants, the one a championship round leaves out rests. */
  function resting(tr, r) {
    if (!r.label.startsWith("rr")) return null;
    const playing = new Set(r.duels.flatMap((d) => [d.a, d.b]));
    const idle = tr.entrant_list.map((_, e) => e).filter((e) => !playing.has(e));
    if (!idle.length) return null;
    return h("p", { class: "small muted", "data-testid": "resting" },
      t("tourn.resting", { names: idle.map(name).join(", ") }));
  }

  function duelItem(d, organiser) {
    const me = currentUser();
    const mine = (e) => me && state.data.entrant_list[e] && state.data.entrant_list[e].user === me.id;
    const side = (e, wins) => h("span", { class: ["duelist", d.winner === e && "winner", mine(e) && "me"] },
      name(e), " ", h("b", {}, wins));
    const links = [];
    if (d.table) {
      links.push(h("a", { href: `/table/${d.table}`, "data-link": true, class: "btn small primary",
        "data-testid": `watch-${d.key}` }, mine(d.a) || mine(d.b) ? t("tourn.play") : t("tourn.watch")));
    }
    const hows = mancheHows(d.manches);
    d.manches.forEach((m, i) => {
      if (!m.table) return;
      const how = hows[i];
      // a played or tied manche was played to its end: it can be watched again
      links.push(m.how === "played" || m.how === "tied"
        ? h("a", { href: `/replay/${m.table}`, "data-link": true, class: "btn small" },
          t("tourn.replay_manche", { n: m.number }), how)
        : h("span", { class: "small muted" }, t("tourn.manche_n", { n: m.number }), how,
          m.by ? ` — ${m.by}` : ""));
    });
    let settle = null;
    if (organiser && d.winner === null) {
      const select = h("select", { "aria-label": t("tourn.settle_winner"), "data-testid": `settle-${d.key}` },
        [d.a, d.b].map((e) => h("option", { value: String(e) }, name(e))));
      settle = h("span", { class: "settle" }, select, " ",
        h("button", { type: "button", class: "btn small danger", onclick: () => {
          if (window.confirm(t("tourn.settle_confirm"))) act("settle", { duel: d.key, winner: Number(select.value) });
        } }, t("tourn.settle")));
    }
    return h("li", { class: "duel", "data-testid": `duel-${d.key}` },
      h("div", {}, side(d.a, d.wins[0]), " – ", side(d.b, d.wins[1]),
        d.match_points ? h("span", { class: "small muted" },
          ` · ${t("tourn.mp_short")} ${d.match_points[d.a]}–${d.match_points[d.b]}`) : null),
      links.length || settle ? h("div", { class: "actions" }, links, settle) : null);
  }

  function standings(tr) {
    return h("section", { class: "panel" },
      h("h2", {}, t("tourn.standings")),
      h("div", { class: "scroll-x" }, h("table", { class: "grid", "data-testid": "standings" },
        h("thead", {}, h("tr", {}, h("th", {}, t("table.rank")), h("th", {}, t("common.player")),
          h("th", { class: "num", title: t("tourn.mp_help") }, t("tourn.mp")),
          h("th", { class: "num", title: t("tourn.tb_help") }, t("tourn.tb")),
          h("th", { class: "num" }, t("tourn.won_lost")))),
        h("tbody", {}, tr.standings.map((r) => h("tr", {},
          h("td", {}, r.rank), h("td", {}, name(r.entrant),
            r.by_lot ? h("span", { class: "small muted", "data-testid": `by-lot-${r.entrant}` },
              ` ${t("tourn.by_lot")}`) : null),
          h("td", { class: "num" }, r.mp),
          h("td", { class: "num" }, `${r.tb > 0 ? "+" : ""}${num(r.tb)}`),
          h("td", { class: "num" }, `${r.won}–${r.lost}`)))))));
  }

  function log(tr) {
    const shown = tr.events.filter((e) => e.kind !== "create");
    if (!shown.length) return null;
    return h("section", { class: "panel" },
      h("h2", {}, t("tourn.log")),
      h("ul", { class: "plain small", "data-testid": "tournament-log" }, shown.map((e) =>
        h("li", {}, `${dateTime(e.at)} — `, eventText(e)))));
  }

  // A duel as people say it: its two players and its round (« Ann – Bot 2 (Demi-finales) »);
  // its key (« ko1/0 ») only if the rounds no longer list it.
  function duelLabel(key) {
    for (const r of state.data.rounds || []) {
      const d = r.duels.find((x) => x.key === key);
      if (d) return `${name(d.a)} – ${name(d.b)} (${roundTitle(r)})`;
    }
    return key;
  }

  function eventText(e) {
    const d = e.detail || {};
    const duelName = d.duel ? duelLabel(d.duel) : "";
    switch (e.kind) {
      case "start": return t("tourn.ev.start", { n: d.entrants });
      case "pause": return t("tourn.ev.pause", { by: e.by });
      case "resume": return t("tourn.ev.resume", { by: e.by });
      case "settle": return t("tourn.ev.settle", { by: e.by, duel: duelName, name: name(d.winner) });
      case "deadline": return t("tourn.ev.deadline", { duel: duelName, name: name(d.winner) });
      case "forfeit": return t("tourn.ev.forfeit", { name: d.name, duel: duelName });
      case "end": return t("tourn.ev.end", { name: state.data.ranking ? name(state.data.ranking[0]) : d.winner || "" });
      case "cancel": return e.by ? t("tourn.ev.cancel_by", { by: e.by }) : t("tourn.ev.cancel");
      case "remove": return t("tourn.ev.remove", { by: e.by, name: d.name });
      case "postponed": return t("tourn.ev.postponed", { why: (d.why || [])[currentLang() === "en" ? 1 : 0] || "" });
      default: return e.kind;
    }
  }

  await load();
  return () => {
    closed = true;
    clearTimeout(timer);
    if (socket) socket.close();
  };
}
