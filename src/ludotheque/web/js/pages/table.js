// The table: the play WebSocket (docs/protocol.md), the game's screen, seats and clocks, the
// log of events in words, chat with mute, the result with the revealed seed, « vérifier »,
// the record and « rejouer ».
import { navigate, toast } from "../app.js";
import { currentUser, gameInfo, get, ownSeed, post, rememberSeen, seenFor, withOwnSeed, wsUrl } from "../api.js";
import { h, mount, s } from "../dom.js";
import { errorText, has, Names, num, rawServerText, ruleOf, serverText, t } from "../i18n.js";
import { eventText, screenFor } from "../games/index.js";
import { botName, optionLabel, optionValue, roundTitle, tableBotName, word } from "../words.js";
import { rulesDialog } from "./rules.js";

const LOG_LINES = 200;
// The « ? » panel stays open across re-renders of the page (a language switch redraws it).
let helpWasOpen = false;
// A result the person closed stays closed across those re-renders too (table id → its key),
// kept for the browser tab's session, so a reload does not bring a closed result back.
const dismissedResults = {
  get(id) {
    try {
      return sessionStorage.getItem(`ludotheque.dismissed.${id}`);
    } catch {
      return null;
    }
  },
  set(id, key) {
    try {
      sessionStorage.setItem(`ludotheque.dismissed.${id}`, key);
    } catch {
      // storage refused (private mode): kept for this page only, in state.dismissed
    }
  },
};

/** A table's socket opened before the page is ready for it: its messages are kept in order
 * until `stop()` (the page then listens itself and reads the kept ones first). */
function earlySocket(tableId) {
  const ws = new WebSocket(wsUrl(tableId));
  const early = { ws, queue: [], closed: false };
  const keep = (event) => {
    try {
      early.queue.push(JSON.parse(event.data));
    } catch {
      // not JSON: nothing the page would read either
    }
  };
  const closed = () => {
    early.closed = true;
  };
  ws.addEventListener("message", keep);
  ws.addEventListener("close", closed);
  early.stop = () => {
    ws.removeEventListener("message", keep);
    ws.removeEventListener("close", closed);
  };
  return early;
}

export async function render(main, [tableId], query) {
  const state = {
    tableId,
    table: null,
    you: { user: null, seat: null, role: "spectator" },
    version: 0,
    view: null,
    legal: [],
    toMove: [],
    clocks: {},
    gameClock: null,
    chat: [],
    muted: new Set(),
    log: [],
    over: null,
    verify: null,
    error: null,
    pending: null,
    local: {},
    screen: null,
    info: null,
    ws: null,
    closed: false,
    backfilled: false,
    retry: 0,
    connected: false,
    helpOpen: helpWasOpen,
    dismissed: dismissedResults.get(tableId) ?? null,
  };

  const head = h("div", { class: "panel table-head-panel" });
  // Focusable by script only (tabindex -1): where the focus goes when the control pressed is gone.
  const gameBox = h("section", { class: "panel game-box", "data-testid": "game", tabindex: "-1" });
  // What a screen reader says: each new event of the game, and « à vous de jouer ».
  const live = h("div", { class: "sr-only", role: "log", "aria-live": "polite", "data-testid": "live",
    "aria-label": t("a11y.live") });
  const side = h("aside", { class: "side" });
  mount(main, head, h("div", { class: "table-page" }, gameBox, side), live);

  // The socket opens at once, while the table's description, the screen's module and the
  // game's words load; what it receives meanwhile waits for them (docs/web.md, « Figures »).
  // Not when the person comes to sit down: he joins first, then connects as a player.
  const early = query?.get("sit") == null ? earlySocket(tableId) : null;
  try {
    state.table = await get(`/api/tables/${encodeURIComponent(tableId)}`);
  } catch (exc) {
    early?.ws.close();
    mount(main, h("section", { class: "panel" }, h("h1", {}, t("table.unknown")),
      h("p", { class: "error-box", role: "alert" }, errorText(exc)),
      h("p", {}, h("a", { href: "/", "data-link": true }, t("nav.lobby")))));
    return () => {};
  }
  // The screen's module and the game's options together (one round trip less before the deal).
  [state.screen, state.info] = await Promise.all([
    screenFor(state.table.game), gameInfo(state.table.game).catch(() => null)]);
  // « M'asseoir ici » asked before logging in: the login page brings the person back here
  // with ?sit=N, and he sits down where he asked.
  const sit = query?.get("sit");
  if (sit !== null && sit !== undefined && currentUser()) {
    history.replaceState(null, "", location.pathname);
    const seat = Number(sit);
    if (state.table.status === "waiting" && state.table.seats[seat]?.kind === "open") {
      try {
        state.table = await post(`/api/tables/${encodeURIComponent(tableId)}/join`, { seat, contribution: ownSeed() });
      } catch (exc) {
        toast(errorText(exc), "error");
      }
    }
  }

  // ------------------------------------------------------------------ names and helpers
  const name = (seat) => {
    const s = state.table?.seats?.[seat];
    if (!s) return `#${seat}`;
    if (s.kind === "bot") return tableBotName(state.info, s.bot, seat, s.name, state.table.tournament);
    if (s.kind === "open") return t("table.open_seat", { n: seat + 1 });
    return s.name || `#${seat + 1}`;
  };
  const isMine = (seat) => seat !== null && seat === state.you.seat && state.you.role === "player";

  function ctxFor() {
    return {
      game: state.table.game,
      view: state.view,
      legal: state.legal,
      seat: state.you.role === "player" ? state.you.seat : null,
      toMove: state.toMove,
      table: state.table,
      info: state.info,
      name,
      controls: state.you.role === "player" && state.table.status === "playing",
      local: state.local,
      act: sendAction,
      rerender: renderGame,
    };
  }

  // ------------------------------------------------------------------ the socket
  function connect() {
    if (state.closed) return;
    // The socket opened early, if it is still up (once: a reconnection opens a new one).
    const adopted = early && !early.closed && early.ws.readyState <= WebSocket.OPEN ? early : null;
    early?.stop();
    const ws = adopted ? adopted.ws : new WebSocket(wsUrl(tableId));
    state.ws = ws;
    const opened = () => {
      state.retry = 0;
      state.connected = true;
      renderSide();
    };
    ws.addEventListener("open", opened);
    if (adopted && ws.readyState === WebSocket.OPEN) opened();
    ws.addEventListener("message", (event) => {
      let msg;
      try {
        msg = JSON.parse(event.data);
      } catch {
        return;
      }
      onMessage(msg);
    });
    for (const msg of adopted?.queue || []) onMessage(msg);
    ws.addEventListener("close", (event) => {
      // A socket left behind (joining or leaving opens a new one) says nothing of the new one.
      if (state.ws !== ws || state.closed) return;
      state.connected = false;
      if (event.code === 4404 || event.code === 4401) {
        state.error = { message: event.reason, message_en: event.reason };
        renderGame();
        return;
      }
      renderSide();
      // Reconnect (the server resends the whole view in its welcome).
      const delay = Math.min(5000, 300 * 2 ** state.retry++);
      setTimeout(connect, delay);
    });
  }

  function send(msg) {
    if (state.ws && state.ws.readyState === WebSocket.OPEN) {
      state.ws.send(JSON.stringify(msg));
      return true;
    }
    toast(t("table.not_connected"), "error");
    return false;
  }

  let actionSerial = 0;
  function sendAction(action) {
    if (state.pending && Date.now() - state.pending.at < 5000) return;
    const id = `a${++actionSerial}`;
    state.error = null;
    if (send({ type: "action", version: state.version, action, id })) {
      state.pending = { id, at: Date.now() };
      gameBox.classList.add("pending");
    }
  }

  function pushEvents(events, actor, seat) {
    for (const ev of events || []) {
      let text;
      try {
        text = eventText(state.screen, ev, ctxFor());
      } catch (exc) {
        console.error(exc);
        text = ev.type;
      }
      if (!text) continue;
      state.log.push({ text, actor, seat, version: state.version });
      announce(text);
    }
    if (state.log.length > LOG_LINES) state.log.splice(0, state.log.length - LOG_LINES);
  }

  function announce(text) {
    live.append(h("p", {}, text));
    while (live.childNodes.length > 6) live.firstChild.remove();
  }

  function onMessage(msg) {
    switch (msg.type) {
      case "welcome":
        state.table = msg.table;
        state.you = msg.you;
        // The game last played: the lobby and the ratings open on it.
        if (msg.you.role === "player") localStorage.setItem("ludotheque.lastGame", msg.table.game);
        state.version = msg.version;
        state.view = msg.view;
        state.legal = msg.legal;
        state.toMove = msg.to_move;
        state.clocks = msg.clocks;
        state.gameClock = msg.game_clock || null;
        state.chat = msg.chat;
        state.muted = new Set(msg.muted);
        state.pending = null;
        gameBox.classList.remove("pending");
        if (msg.table.status === "over" && !state.over) loadOver();
        if (!state.backfilled && msg.table.status !== "waiting") {
          state.backfilled = true;
          backfill(msg.version);
        }
        renderAll();
        break;
      case "update": {
        const gap = msg.version !== state.version + 1;
        state.version = msg.version;
        state.view = msg.view;
        state.legal = msg.legal;
        state.toMove = msg.to_move;
        state.clocks = msg.clocks;
        state.gameClock = msg.game_clock || null;
        if (msg.ref && state.pending && msg.ref === state.pending.id) {
          state.pending = null;
          gameBox.classList.remove("pending");
          state.local.answer = { ok: true }; // a screen may keep what it sent until then
        }
        // A stand-in is said once per absence, not before each of its moves.
        const standing = state.standinSaid || (state.standinSaid = new Set());
        if (msg.actor === "player") standing.delete(msg.seat);
        // Said aloud too: « Temps écoulé pour Zoé : … » before the move played in her place.
        if (msg.actor === "clock" && msg.seat === null) {
          state.log.push({ text: t("table.actor.game_clock"), actor: msg.actor, version: msg.version });
          announce(t("table.actor.game_clock"));
        } else if (msg.actor === "standin" && standing.has(msg.seat)) {
          // already said
        } else if (msg.actor === "standin" || msg.actor === "timeout" || msg.actor === "clock") {
          if (msg.actor === "standin") standing.add(msg.seat);
          const text = t(`table.actor.${msg.actor}`, { who: msg.seat !== null ? name(msg.seat) : "" });
          state.log.push({ text, actor: msg.actor, version: msg.version });
          announce(text);
        }
        pushEvents(msg.events, msg.actor, msg.seat);
        // A screen may say when the table waits for this seat (the Bataille: not for a claim).
        if (isMine(state.you.seat) && (state.screen?.waitsFor
          ? state.screen.waitsFor(msg.view, state.you.seat) : msg.to_move.includes(state.you.seat))) {
          announce(t("a11y.your_turn"));
        }
        if (gap) send({ type: "sync" });
        renderGame();
        renderSide();
        break;
      }
      case "table":
        for (const seat of msg.table.seats || []) {
          if (seat.left && !state.table?.seats?.[seat.seat]?.left && !isMine(seat.seat)) {
            toast(t("table.left_toast", { who: name(seat.seat) }));
          }
        }
        // A private table's rematch is told to its players alone (the « again » message): the
        // table as everyone sees it says none, and must not wipe the one this page was told.
        state.table = { ...msg.table, next_table: msg.table.next_table || state.table?.next_table || null };
        state.version = Math.max(state.version, msg.version);
        renderAll();
        break;
      case "chat":
        state.chat.push(msg);
        // Another's line is said (politely) to a screen reader; one's own is not said again.
        if (msg.user !== currentUser()?.id && !state.muted.has(msg.user)) {
          announce(t("a11y.chat_line", { who: msg.name, text: msg.text }));
        }
        if (state.chat.length > 100) state.chat.shift();
        renderSide();
        break;
      case "over":
        duel = undefined;  // the duel's score changed: asked again
        duelAsks = 0;
        state.over = msg;
        state.table = { ...state.table, status: "over", seed: msg.seed, result: msg.result };
        renderAll();
        announceResult(msg.result);
        loadAbsences();
        break;
      case "again":
        state.table = { ...state.table, next_table: msg.table_id };
        renderHead();
        if (isMine(state.you.seat)) {
          // A tournament duel's next manche (issue 18), or a friend's « Rejouer »: its players
          // are seated there and the game starts, so they go at once (the one left behind had
          // a bot in his seat 30 s later).
          toast(t(state.table.tournament ? "tourn.next_manche" : "table.again_go"));
          navigate(`/table/${msg.table_id}`);
          break;
        }
        toast(t("table.again_ready"));
        break;
      case "onward":
        // This person's tournament duel is over and his next duel's table is dealt.
        toast(t("tourn.next_duel"));
        navigate(`/table/${msg.table_id}`);
        break;
      case "error":
        if (msg.ref && state.pending && msg.ref === state.pending.id) {
          state.pending = null;
          gameBox.classList.remove("pending");
          state.local.answer = { ok: false };
        }
        if (msg.code === "stale_version") state.version = msg.version;
        state.error = msg;
        renderGame();
        toast(serverText(msg), "error");
        break;
      default:
        break;
    }
  }

  /** What happened before this page connected: the last steps' events, as this seat saw them. */
  async function backfill(upTo) {
    const params = new URLSearchParams({ from: String(Math.max(0, upTo - 40)), limit: "60" });
    if (state.you.role === "player" && state.you.seat !== null) params.set("seat", String(state.you.seat));
    let page;
    try {
      page = await get(`/api/tables/${encodeURIComponent(tableId)}/replay?${params}`);
    } catch {
      return; // the log simply starts now
    }
    const lines = [];
    for (const step of page.steps) {
      if (step.version > upTo) break;
      for (const ev of step.events || []) {
        let text = null;
        try {
          text = eventText(state.screen, ev, ctxFor());
        } catch (exc) {
          console.error(exc);
        }
        if (text) lines.push({ text, actor: step.actor, seat: step.seat, version: step.version });
      }
    }
    state.log = [...lines, ...state.log].slice(-LOG_LINES);
    renderSide();
  }

  /** Who was replaced by a bot during the game (the record's absences): his result is marked. */
  async function loadAbsences() {
    try {
      const record = await get(`/api/tables/${encodeURIComponent(tableId)}/record`);
      state.stoodIn = new Set((record.absences || []).map((a) => a.seat));
      renderGame();
    } catch {
      // no record yet: no mark
    }
  }

  async function loadOver() {
    try {
      const record = await get(`/api/tables/${encodeURIComponent(tableId)}/record`);
      state.over = state.over || {
        result: record.result, seed: String(record.seed), commitment: record.commitment,
        server_seed: record.server_seed ? String(record.server_seed) : String(record.seed),
        record_url: `/api/tables/${tableId}/record`, verify_url: `/api/tables/${tableId}/verify`,
      };
      state.stoodIn = new Set((record.absences || []).map((a) => a.seat));
      renderGame();
    } catch {
      // The record is not there yet; the 'over' message will come.
    }
  }

  // ------------------------------------------------------------------ rendering
  function renderHead() {
    const tb = state.table;
    document.title = t("a11y.title", { page: t("a11y.table_title", { game: tb.title }) });
    const link = `${location.origin}/table/${tb.id}`;
    mount(head,
      h("div", { class: "table-head" },
        h("h1", {}, tb.title, " ", h("span", { class: `pill ${tb.status}`, "data-testid": "table-status" },
          t(`status.${tb.status}`))),
        h("div", { class: "actions" },
          h("button", { type: "button", class: "btn small", onclick: () => copy(link) }, t("table.copy_link")),
          tb.status === "over" ? h("a", { href: `/replay/${tb.id}`, "data-link": true, class: "btn small" },
            t("table.replay")) : null,
          tb.next_table ? h("a", { href: `/table/${tb.next_table}`, "data-link": true,
            class: "btn small primary", "data-testid": "next-table" }, t("table.go_next")) : null,
          tb.tournament ? h("a", { href: `/tournament/${tb.tournament}`, "data-link": true, class: "btn small",
            "data-testid": "to-tournament" }, t("tourn.back")) : null)),
      tb.tournament && tb.status === "playing" ? duelStanding(tb) : null,
      tb.status === "forfeit" || tb.status === "stopped"
        ? h("div", { class: "error-box", "data-testid": "manche-ended" },
          h("p", {}, mancheEnded(tb)),
          duelStanding(tb),
          // Stopped, it goes on no more: its seed is revealed, its deal can be checked.
          h("div", { class: "actions" },
            h("button", { type: "button", class: "btn small", "data-testid": "verify", onclick: verify },
              t("table.verify")),
            h("a", { href: `/replay/${tb.id}`, "data-link": true, class: "btn small" }, t("table.replay"))),
          state.verify ? h("p", { class: state.verify.ok ? "ok-box" : "error-box", "data-testid": "verify-result",
            role: "status" },
            serverText(state.verify)) : null)
        : null,
      // A long option value (an Alkamo custom maquette's text) wraps instead of overflowing.
      h("div", { class: "small muted", style: { overflowWrap: "anywhere" } },
        optionsSummary(tb), tb.private ? ` · ${t("table.private")}` : "",
        tb.move_clock ? ` · ${t("table.move_clock", { n: tb.move_clock })}` : ""),
      tb.commitment ? fairDeal(tb) : null);
  }

  /** « Donne vérifiable »: folded, what a player may check and how; open, the commitment of
   *  the server's seed, each person's own seed, and the recipe (docs/server.md). */
  function fairDeal(tb) {
    // Every person's seat: his seed, or that he gave none (a rematch's other players, an API
    // client) — the claim holds for the seeds given, and the page says whose they are.
    const people = (tb.seats || []).filter((x) => x.kind === "human");
    const seeds = people.map((x) => (tb.contributions?.[x.seat]
      ? `${name(x.seat)} « ${tb.contributions[x.seat]} »` : `${name(x.seat)} : ${t("table.no_seed")}`));
    const seen = seenFor(tb.id);
    return h("details", { class: "fair-deal", "data-testid": "fair-deal" },
      h("summary", {}, t("table.fair_deal")),
      h("p", {}, t("table.commitment_help")),
      h("p", {}, `${t("table.commitment")} `, h("code", { "data-testid": "commitment" }, tb.commitment)),
      seen ? h("p", { "data-testid": "commitment-seen", class: seen === tb.commitment ? null : "error-inline" },
        t(seen === tb.commitment ? "table.seen_same" : "table.seen_other", { seen })) : null,
      people.length ? h("p", { "data-testid": "contributions" }, `${t("table.players_seeds")} `,
        h("code", {}, seeds.join(", "))) : null);
  }

  // Why the tournament stopped this manche (the organiser settled the duel, or its round's
  // time ran out) and who won the duel: read once from the tournament, the table keeps no result.
  let stopWhy;
  function mancheEnded(tb) {
    if (tb.status !== "stopped" || !tb.tournament) return t(`tourn.table_${tb.status}`);
    if (stopWhy === undefined) {
      stopWhy = null;
      get(`/api/tournaments/${encodeURIComponent(tb.tournament)}`).then((tr) => {
        for (const d of tr.rounds.flatMap((r) => r.duels)) {
          const m = d.manches.find((x) => x.table === tb.id && (x.how === "settled" || x.how === "deadline"));
          if (!m) continue;
          const ent = tr.entrant_list[m.winner];
          const name = !ent ? `#${m.winner}` : ent.bot
            ? tableBotName(state.info, ent.bot, 0, ent.name, true) : ent.name;
          stopWhy = m.how === "settled"
            ? t("tourn.table_settled", { by: m.by || tr.organiser, name })
            : t("tourn.table_deadline", { name });
          renderHead();
          return;
        }
      }).catch(() => {});
    }
    return stopWhy || t("tourn.table_stopped");
  }

  // Where a tournament manche leaves its duel: the score in manches, who won the duel or that
  // it goes on (read from the tournament once the manche is over; the tournament records it
  // at its next tick, so it is asked again a few times).
  let duel;
  let duelAsks = 0;
  function duelStanding(tb) {
    if (!tb.tournament) return null;
    if (duel === undefined && duelAsks < 8) {
      duel = null;
      duelAsks += 1;
      get(`/api/tournaments/${encodeURIComponent(tb.tournament)}`).then((tr) => {
        const entrant = (e) => {
          const ent = tr.entrant_list[e];
          if (!ent) return `#${e}`;
          return ent.bot ? tableBotName(state.info, ent.bot, 0, ent.name, true) : ent.name;
        };
        for (const r of tr.rounds) {
          const d = r.duels.find((x) => x.table === tb.id || x.manches.some((m) => m.table === tb.id));
          if (!d) continue;
          duel = { round: roundTitle(r), a: entrant(d.a), b: entrant(d.b), wa: d.wins[0], wb: d.wins[1],
            winner: d.winner === null ? null : entrant(d.winner) };
          renderHead();
          renderGame();
          return;
        }
        if (tb.status === "playing") return;  // not seated in the tournament yet: said at the end
        setTimeout(() => { duel = undefined; renderGame(); }, 1500);
      }).catch(() => {});
    }
    if (!duel) return null;
    if (tb.status === "playing") {  // during the manche: which round, where the duel stands
      return h("p", { class: "small", "data-testid": "duel-now" }, t("tourn.duel_score", duel));
    }
    return h("p", { "data-testid": "duel-standing" }, t("tourn.duel_score", duel), " ",
      duel.winner ? t("tourn.duel_won", { name: duel.winner }) : t("tourn.duel_goes_on"));
  }

  function optionsSummary(tb) {
    const defaults = new Map((state.info?.options || []).map((o) => [o.name, o.default]));
    const changed = Object.entries(tb.options || {}).filter(([k, v]) =>
      JSON.stringify(defaults.get(k)) !== JSON.stringify(v));
    const players = t("table.players", { n: tb.players });
    // Which table it is, in the server's words (docs/defaults.md): « par défaut — … ».
    if (!changed.length) return `${players} · ${t("table.kind", { kind: serverText(tb, "kind") })}`;
    const yesNo = { yes: t("common.yes"), no: t("common.no"), none: t("lobby.none") };
    // A long text of one's own (an Alkamo maquette) is « personnalisé », its text one click away.
    const long = ([k, v]) => typeof v === "string" && v.length > 40 && optionValue(state.info, k, v, yesNo) === v;
    const texts = changed.filter(long).map(([k, v]) => h("details", { class: "option-text",
      "data-testid": `option-text-${k}` }, h("summary", {}, optionLabel(state.info, k)), h("p", {}, v)));
    return [`${players} · ${changed.map(([k, v]) => t("table.option", { label: optionLabel(state.info, k),
      value: long([k, v]) ? t("table.option_custom") : optionValue(state.info, k, v, yesNo) })).join(" · ")}`,
    texts];
  }

  function copy(text) {
    navigator.clipboard?.writeText(text).then(() => toast(t("table.copied")), () => toast(text));
  }

  function waitingRoom() {
    const tb = state.table;
    const me = currentUser();
    const seated = tb.seats.some((s) => me && s.user === me.id);
    return h("div", { class: "waiting" },
      h("h2", {}, t("table.waiting")),
      h("p", {}, t("table.waiting_help")),
      state.info?.seats_note ? h("p", { class: "hint", "data-testid": "seats-note" }, word(state.info.seats_note)) : null,
      h("p", { class: "invite" }, h("code", { "data-testid": "invite-link" }, `${location.origin}/table/${tb.id}`)),
      // A site opened as localhost gives links that lead nowhere on a friend's machine.
      /^(localhost|127\.|\[?::1\]?$)/.test(location.hostname)
        ? h("p", { class: "hint", "data-testid": "local-link" }, t("table.local_link")) : null,
      h("ul", { class: "seats-list" }, tb.seats.map((s) => h("li", {},
        h("span", {}, t("common.who_colon", { who: t("table.seat", { n: s.seat + 1 }) }), h("b", {}, s.kind === "open" ? t("table.free") : name(s.seat))),
        s.kind === "open" && !seated
          ? h("button", { type: "button", class: "btn small primary", "data-testid": `join-${s.seat}`,
            onclick: () => join(s.seat) }, t("table.sit_here"))
          : null))),
      seated ? h("div", { class: "actions" }, h("button", { type: "button", class: "btn", onclick: leave },
        t("table.leave"))) : null);
  }

  async function join(seat) {
    if (!currentUser()) {
      navigate(`/login?next=${encodeURIComponent(`${location.pathname}?sit=${seat}`)}`);
      return;
    }
    try {
      state.table = await post(`/api/tables/${encodeURIComponent(tableId)}/join`, { seat, contribution: ownSeed() });
      reconnect();
    } catch (exc) {
      toast(errorText(exc), "error");
    }
  }

  async function leave() {
    try {
      state.table = await post(`/api/tables/${encodeURIComponent(tableId)}/leave`, {});
      reconnect();
    } catch (exc) {
      toast(errorText(exc), "error");
    }
  }

  async function leaveGame() {
    if (!window.confirm(t("table.leave_game_confirm"))) return;
    try {
      await post(`/api/tables/${encodeURIComponent(tableId)}/leave`, {});
      navigate("/");
    } catch (exc) {
      toast(errorText(exc), "error");
    }
  }

  async function again() {
    try {
      const sent = await withOwnSeed({});
      const next = await post(`/api/tables/${encodeURIComponent(tableId)}/again`, sent);
      if (next.contributions?.some((c) => c === sent.contribution)) rememberSeen(next.id, sent.commitment);
      navigate(`/table/${next.id}`);
    } catch (exc) {
      toast(errorText(exc), "error");
    }
  }

  function reconnect() {
    // The seat is the connection's: a new connection after joining or leaving.
    const old = state.ws;
    state.ws = null;
    if (old) old.close();
    connect();
  }

  async function verify() {
    try {
      state.verify = await get(`/api/tables/${encodeURIComponent(tableId)}/verify`);
    } catch (exc) {
      state.verify = { ok: false, message: errorText(exc), message_en: errorText(exc) };
    }
    renderHead();
    renderGame();
  }

  /** Why the game was won, in the player's words (the screen's whyResult, issue 17). */
  function whyResult(res) {
    let text = null;
    try {
      text = state.screen?.whyResult ? state.screen.whyResult(ctxFor(), res) : null;
    } catch (exc) {
      console.error(exc);
    }
    return text ? h("p", { class: "why-won", "data-testid": "why-result" }, text) : null;
  }

  /** The engines' reasons are phrases (« le plus de PM après la dernière main »): shown alone,
   *  as a sentence. */
  function capitalised(text) {
    return text ? text[0].toLocaleUpperCase() + text.slice(1) : text;
  }

  /** The result's title for this reader: won, tied for first, or over. */
  function resultTitle(res) {
    const first = isMine(state.you.seat) && res.winners.includes(state.you.seat);
    // A shared first place is a tie, not a win, unless it is my team's (the Belote: the view
    // says my team; its partners win together).
    const team = state.view?.team !== undefined && state.view?.team !== null;
    const won = first && (res.winners.length === 1 || team);
    return { won, text: won ? t("table.you_won") : first ? t("table.you_tied") : t("table.game_over") };
  }

  /** The end said aloud: the title, who won, and why (the box is seen, not heard). */
  function announceResult(res) {
    const who = new Names(res.winners.map((seat) => name(seat)));
    announce([resultTitle(res).text, who.count ? t("a11y.winners", { who }) : "",
      capitalised(serverText(res, "reason"))].filter(Boolean).join(" "));
  }

  function resultBox() {
    const over = state.over;
    const res = over?.result || state.table.result;
    if (!res) return null;
    // Rank 0: a seat that does not play (Alkamo's non-playing arbiter) is not in the ranking.
    const order = [...res.ranks.keys()].filter((seat) => res.ranks[seat] > 0)
      .sort((a, b) => res.ranks[a] - res.ranks[b]);
    const { won, text: title } = resultTitle(res);
    const seed = over?.seed || state.table.seed;
    return h("div", { class: ["result-box", !won && "lost"], "data-testid": "result" },
      h("h2", {}, title),
      h("p", { "data-testid": "result-reason" }, capitalised(serverText(res, "reason"))),
      whyResult(res),
      duelStanding(state.table),
      h("table", { class: "grid" },
        h("thead", {}, h("tr", {}, h("th", {}, t("table.rank")), h("th", {}, t("common.player")),
          h("th", { class: "num" }, t("table.score")))),
        h("tbody", {}, order.map((seat) => h("tr", { class: res.winners.includes(seat) ? "to-move" : null },
          h("td", {}, res.ranks[seat]),
          h("td", {}, name(seat), state.stoodIn?.has(seat) ? h("span", { class: "pill", "data-testid": `stood-in-${seat}`,
            title: t("table.stood_in_help") }, t("table.stood_in")) : null),
          h("td", { class: "num" }, num(res.scores[seat])))))),
      seed ? h("p", { class: "commit", "data-testid": "seeds" }, seedsLine(over, seed)) : null,
      h("div", { class: "actions" },
        h("button", { type: "button", class: "btn", "data-testid": "verify", onclick: verify }, t("table.verify")),
        h("a", { class: "btn", href: `/api/tables/${state.table.id}/record`, download: `ludotheque-${state.table.id}.json` },
          t("table.record")),
        h("a", { class: "btn", href: `/replay/${state.table.id}`, "data-link": true }, t("table.replay")),
        // A tournament's manche is not replayed: the tournament seats the next one (issue 18).
        state.table.tournament ? h("a", { href: `/tournament/${state.table.tournament}`, "data-link": true,
          class: "btn primary", "data-testid": "result-to-tournament" }, t("tourn.back"))
          : isMine(state.you.seat) ? h("button", { type: "button", class: "btn primary", "data-testid": "again",
            onclick: again }, t("table.again")) : null),
      state.verify ? h("p", { class: state.verify.ok ? "ok-box" : "error-box", "data-testid": "verify-result",
        role: "status" },
        serverText(state.verify)) : null);
  }

  /** The seeds revealed at the end: the server's and, when people gave theirs, the deal's. */
  function seedsLine(over, seed) {
    const server = over?.server_seed || state.table.server_seed || seed;
    return server === seed ? `${t("table.seed")} ${seed}`
      : `${t("table.server_seed")} ${server} · ${t("table.deal_seed")} ${seed}`;
  }

  /** The « ? » of this moment: what the current phase means, from the rules, in words. */
  function helpKeys() {
    const game = state.table.game;
    const v = state.view || {};
    const mine = isMine(state.you.seat) && state.toMove.includes(state.you.seat);
    const keys = [];
    // A phase reached two ways says which (Alkamo's return after a word, or after a pass).
    if (v.phase && v.return_mode === "exchange") keys.push(`help.${game}.${v.phase}_exchange`);
    else if (v.phase) keys.push(`help.${game}.${v.phase}`);
    if (v.final === true) keys.push(`help.${game}.final`);
    if (!mine && state.table.status === "playing") keys.push("help.wait");
    keys.push(`help.${game}.table`);
    return [...new Set(keys)].filter(has);
  }

  function helpBar() {
    const open = state.helpOpen;
    const bar = h("div", { class: "help-bar" },
      h("button", { type: "button", class: ["btn small help-toggle", open && "primary"], "data-testid": "help",
        "aria-expanded": open ? "true" : "false", "aria-controls": "help-panel", title: t("help.button_label"),
        "aria-label": t("help.button_label"), onclick: toggleHelp }, t("help.button")),
      h("button", { type: "button", class: "btn small", "data-testid": "rules-open",
        onclick: () => rulesDialog(state.table.game) }, t("help.rules")));
    if (!open) return [bar];
    let extra = null;
    try {
      extra = state.screen.helpExtra ? state.screen.helpExtra(ctxFor()) : null;
    } catch (exc) {
      console.error(exc);
    }
    const panel = h("section", { class: "help-panel", id: "help-panel", "data-testid": "help-panel",
      "aria-label": t("help.title") },
    h("h2", {}, t("help.title")),
    helpKeys().map((k) => {
      const rule = ruleOf(k);
      return h("p", { title: rule ? t("help.rule_ref", { rule }) : null, "data-help": k }, t(k, tableOptions()));
    }),
    extra,
    h("p", { class: "small muted" }, t("help.shortcut")));
    return [bar, panel];
  }

  /** The last hand's (round's) result stays on top until « Continuer »: the next hand starts
   *  at once on the server, but nobody has to find the result folded under it. */
  function resultPause() {
    let res = null;
    try {
      res = state.screen.lastResult ? state.screen.lastResult(ctxFor()) : null;
    } catch (exc) {
      console.error(exc);
    }
    if (!res || res.key === state.dismissed) return null;
    return h("section", { class: "hand-result", "data-testid": "hand-result", "aria-label": t("result.title") },
      res.node,
      h("div", { class: "actions" }, h("button", { type: "button", class: "btn primary", "data-testid": "result-continue",
        onclick: () => {
          state.dismissed = res.key;
          dismissedResults.set(tableId, res.key);
          renderGame();
          // The keyboard goes on where the play is: the screen's first control.
          (gameBox.querySelector(".screen [role=button], .screen button, .screen input")
            || gameBox.querySelector("[data-testid=help]"))?.focus();
        } }, t("result.continue"))));
  }

  /** The table's options, the rule book's defaults filled in: the help speaks of this table
   *  (« Chacun a 9 cartes », « la première à 60 points »). */
  function tableOptions() {
    const defaults = Object.fromEntries((state.info?.options || []).map((o) => [o.name, o.default]));
    return { ...defaults, ...(state.table.options || {}) };
  }

  function toggleHelp() {
    state.helpOpen = !state.helpOpen;
    helpWasOpen = state.helpOpen;
    renderGame();
    gameBox.querySelector("[data-testid=help]")?.focus();
  }

  function renderGame() {
    const tb = state.table;
    const children = [];
    if (state.view && tb.status !== "waiting") children.push(...helpBar());
    if (state.view && tb.status === "playing") children.push(resultPause());
    if (state.error) {
      children.push(h("div", { class: "error-box", "data-testid": "error", role: "alert",
        title: rawServerText(state.error) },
        t("table.refused"), " ", serverText(state.error)));
    }
    if (tb.status === "over") children.push(resultBox());
    if (!state.view) {
      if (tb.status === "waiting") children.push(waitingRoom());
      else children.push(h("p", { class: "muted" }, t("table.loading")));
    } else {
      try {
        children.push(state.screen.render(ctxFor()));
      } catch (exc) {
        console.error(exc);
        children.push(h("pre", { class: "error-box" }, String(exc)));
      }
    }
    if (state.you.role === "spectator" && tb.status !== "waiting") {
      children.unshift(h("p", { class: "hint" }, t("table.spectating")));
    }
    // The clock of the decision under way, above the game: on a phone the seats' panel (and
    // its clocks) is far below the table.
    const timed = state.toMove.filter((seat) => clockOf(seat));
    if (tb.status === "playing" && timed.length) {
      children.unshift(h("p", { class: "turn-clock small", "data-testid": "turn-clock" },
        timed.map((seat) => h("span", { class: "clock", title: t(`table.clock.${clockOf(seat).kind}`) },
          clockIcon(), ` ${t("common.who_colon", { who: name(seat) })}`, h("span", { "data-clock": seat }, clockLeft(seat)), " "))));
    }
    // Keep the focus (a word being typed) across the re-render. When the control pressed is
    // gone, the focus goes to the table itself, not to the page's body: Tab goes on from the
    // table's first control, and no key acts on a control the person did not choose (moving it
    // to the first control was tried and left: a key pressed as a turn came acted on it).
    gameBox.setAttribute("aria-label", t("table.game_region"));
    const active = document.activeElement;
    const inside = active && active !== gameBox && gameBox.contains(active);
    const focused = inside ? active.dataset.testid : null;
    const caret = focused && typeof active.selectionStart === "number" ? active.selectionStart : null;
    mount(gameBox, ...children.filter(Boolean));
    if (inside) {
      const again = focused ? gameBox.querySelector(`[data-testid="${focused}"]`) : null;
      if (again) {
        again.focus();
        if (caret !== null && again.setSelectionRange) again.setSelectionRange(caret, caret);
      } else {
        gameBox.focus({ preventScroll: true });
      }
    }
  }

  function clockOf(seat) {
    const c = state.clocks[String(seat)];
    // An absence is the seat's « absent » mark (the table's seats say until when), never a
    // clock that would stay at « 0 s » after a return.
    if (!c || c.kind === "absence") return null;
    return c;
  }

  /** Seconds before a stand-in takes an absent person's seat (null: not away). */
  function absentLeft(seat) {
    const until = state.table?.seats?.[seat]?.absent_until;
    if (until === null || until === undefined || (isMine(seat) && state.connected)) return null;
    return Math.max(0, Math.round(until - Date.now() / 1000));
  }

  // At a tournament's table no bot stands in: the absent player loses the manche by forfeit.
  const absentWords = () => (state.table?.tournament
    ? { help: "table.absent_help_tournament", left: "table.absent_left_tournament" }
    : { help: "table.absent_help", left: "table.absent_left" });

  function absentMark(seat) {
    // « Quitter la partie » is said as such, not as a lost connection (two friends could not
    // tell them apart); a player back at the table is « here » again.
    const gone = Boolean(state.table?.seats?.[seat]?.left);
    const left = absentLeft(seat);
    if (left === null && !gone) return null;
    const words = absentWords();
    return h("span", { class: "pill absent", "data-testid": `absent-${seat}`, title: t(gone ? "table.left_help" : words.help) },
      t(gone ? "table.left_game" : "table.absent"),
      left === null ? null : [" ", h("span", { "data-absent": seat }, t(words.left, { n: left }))]);
  }

  function clockLeft(seat) {
    const c = clockOf(seat);
    return c ? `${Math.max(0, Math.round(c.deadline - Date.now() / 1000))} s` : "";
  }

  /** The time left on the clock of the whole game (Alice's pendule, the timed Bataille). */
  function gameClockLeft() {
    if (!state.gameClock) return "";
    const left = Math.max(0, Math.round(state.gameClock.deadline - Date.now() / 1000));
    const m = Math.floor(left / 60);
    return `${m}:${String(left % 60).padStart(2, "0")}`;
  }

  function clockText(seat) {
    const c = clockOf(seat);
    if (!c) return null;
    return h("span", { class: "clock", title: t(`table.clock.${c.kind}`) },
      clockIcon(), " ", h("span", { "data-clock": seat }, clockLeft(seat)));
  }

  /** A clock drawn (the « ⏱ » character is missing from many fonts). */
  function clockIcon() {
    return s("svg", { viewBox: "0 0 16 16", width: 14, height: 14, class: "clock-icon", "aria-hidden": "true" },
      s("circle", { cx: 8, cy: 9, r: 6, fill: "none", stroke: "currentColor", "stroke-width": 1.8 }),
      s("path", { d: "M8 9 V5.5 M8 9 L10.5 10.5 M6 1.5 H10", stroke: "currentColor", "stroke-width": 1.8,
        "stroke-linecap": "round", fill: "none" }));
  }

  // The side: seats, log and chat. The chat form is built once so that a game update never
  // loses what the player is typing.
  const seatsPanel = h("section", { class: "panel" });
  // Scrollable lists take the focus, so that the keyboard can scroll them too.
  const logList = h("ol", { class: "log", "data-testid": "log", tabindex: 0 });
  const chatLines = h("div", { class: "chat-lines", "data-testid": "chat-lines", role: "region" });
  const chatInput = h("input", { type: "text", maxlength: 500, "data-testid": "chat-input" });
  const chatForm = h("form", { class: "chat-form", onsubmit: (e) => {
    e.preventDefault();
    const text = chatInput.value.trim();
    if (text && send({ type: "chat", text })) chatInput.value = "";
  } }, chatInput, h("button", { type: "submit", class: "btn small" }));
  const formSlot = h("div", {});
  const mutedSlot = h("div", {});
  const chatTitle = h("h3", {});
  const logTitle = h("h3", {});
  mount(side, seatsPanel, h("section", { class: "panel" }, logTitle, logList),
    h("section", { class: "panel" }, chatTitle, chatLines, formSlot, mutedSlot));

  function renderSide() {
    const tb = state.table;
    mount(seatsPanel,
      h("h3", {}, t("table.seats"), state.connected ? "" : h("span", { class: "pill", "data-testid": "offline" }, t("table.offline"))),
      state.gameClock ? h("p", { class: "small", "data-testid": "game-clock", title: t("table.game_clock_help") },
        t("table.game_clock"), " ", h("span", { class: "clock", "data-game-clock": "" }, gameClockLeft())) : null,
      h("ul", { class: "seats-list", "data-testid": "seats" }, tb.seats.map((st) => h("li", {
        class: state.toMove.includes(st.seat) ? "to-move" : null },
      h("span", {},
        st.kind === "human" ? h("span", { class: ["dot", st.connected && "on"], title: st.connected
          ? t("table.connected") : t("table.disconnected") }) : null,
        st.kind === "bot" ? h("span", { class: "bot-tag" }, "bot") : null,
        name(st.seat),
        isMine(st.seat) ? h("span", { class: "pill" }, t("table.you")) : null,
        st.standin ? h("span", { class: "pill", title: t("table.standin_help") },
          t("table.standin", { bot: botName(state.info, st.bot) })) : null,
        absentMark(st.seat)),
      clockText(st.seat)))),
      // Leaving a game in play: a stand-in bot takes the seat after the delay, coming back
      // gives it back (a tournament's manche has no stand-in: there it would be a forfeit).
      tb.status === "playing" && isMine(state.you.seat) && !tb.tournament
        ? h("div", { class: "actions" }, h("button", { type: "button", class: "btn small",
          "data-testid": "leave-game", onclick: leaveGame }, t("table.leave_game"))) : null);
    logTitle.textContent = t("table.log");
    logList.setAttribute("aria-label", t("table.log"));
    chatLines.setAttribute("aria-label", t("chat.title"));
    // A tab stop only when there is something to scroll through (an empty one is an invisible stop).
    const shownChat = state.chat.filter((c) => !state.muted.has(c.user));
    if (shownChat.length) chatLines.setAttribute("tabindex", "0");
    else chatLines.removeAttribute("tabindex");
    mount(logList, state.log.slice(-80).map((e) => h("li", {}, e.text)));
    logList.scrollTop = logList.scrollHeight;
    chatTitle.textContent = t("chat.title");
    const me = currentUser();
    mount(chatLines, state.chat.filter((c) => !state.muted.has(c.user)).map((c) => h("p", {},
      h("b", {}, c.name), " ", c.text, " ",
      me && c.user !== me.id
        ? h("button", { type: "button", class: "linklike small", title: t("chat.mute_help"),
          onclick: () => mute(c.user, true) }, t("chat.mute")) : null)));
    chatLines.scrollTop = chatLines.scrollHeight;
    chatInput.placeholder = t("chat.placeholder");
    chatInput.setAttribute("aria-label", t("a11y.chat"));
    chatForm.querySelector("button").textContent = t("chat.send");
    const mutedList = [...state.muted];
    if (me && chatForm.parentNode !== formSlot) mount(formSlot, chatForm);
    if (!me) {
      mount(formSlot, h("p", { class: "hint" }, h("a", {
        href: `/login?next=${encodeURIComponent(location.pathname)}`, "data-link": true }, t("chat.login"))));
    }
    mount(mutedSlot, mutedList.length ? h("p", { class: "small muted" }, t("chat.muted", { n: mutedList.length }),
      " ", h("button", { type: "button", class: "linklike small",
        onclick: () => mutedList.forEach((u) => mute(u, false)) }, t("chat.unmute_all"))) : null);
  }

  function mute(user, muted) {
    if (send({ type: "mute", user, muted })) {
      if (muted) state.muted.add(user);
      else state.muted.delete(user);
      renderSide();
    }
  }

  function renderAll() {
    renderHead();
    renderGame();
    renderSide();
  }

  // Keyboard: Enter or Space on a card, a die, a square or a tile (SVG with role="button")
  // does what a click does; « ? » opens or closes the help of this moment.
  gameBox.addEventListener("keydown", (event) => {
    if (event.key !== "Enter" && event.key !== " ") return;
    const target = event.target;
    if (!(target instanceof Element) || target.getAttribute("role") !== "button") return;
    if (target instanceof HTMLButtonElement || target instanceof HTMLAnchorElement) return;
    event.preventDefault();
    target.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true }));
  });
  const onKey = (event) => {
    // Escape closes the « ? » panel, as it closes the rules (a dialog open takes it first).
    if (event.key === "Escape" && state.helpOpen && !document.querySelector("dialog[open]")) {
      toggleHelp();
      return;
    }
    if (event.key !== "?" || event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.target.closest?.("input, textarea, select, [contenteditable]")) return;
    if (!state.view || state.table.status === "waiting") return;
    event.preventDefault();
    toggleHelp();
  };
  document.addEventListener("keydown", onKey);

  renderAll();
  connect();
  const ticker = setInterval(() => {
    for (const el of main.querySelectorAll("[data-clock]")) el.textContent = clockLeft(el.dataset.clock);
    for (const el of side.querySelectorAll("[data-game-clock]")) el.textContent = gameClockLeft();
    for (const el of side.querySelectorAll("[data-absent]")) {
      const left = absentLeft(Number(el.dataset.absent));
      if (left !== null) el.textContent = t(absentWords().left, { n: left });
    }
  }, 1000);

  return () => {
    document.title = t("a11y.site");
    state.closed = true;
    clearInterval(ticker);
    document.removeEventListener("keydown", onKey);
    if (state.ws) state.ws.close();
  };
}

