// History: finished games, newest first; all public ones or mine; by game; each with its replay.
import { currentUser, games, get } from "../api.js";
import { h, mount } from "../dom.js";
import { dateTime, errorText, num, ordinal, t } from "../i18n.js";
import { tableBotName } from "../words.js";

export async function render(main, _params, query) {
  const me = currentUser();
  const catalogue = await games().catch(() => []);
  const box = h("section", { class: "panel" });
  const filters = h("div", { class: "actions" });
  mount(main, h("h1", {}, t("history.title")), filters, box);
  const state = { mine: query.get("mine") === "1" && !!me, game: query.get("game") || "" };

  const gameSelect = h("select", { "data-testid": "history-game", "aria-label": t("history.game") },
    h("option", { value: "" }, t("history.all_games")),
    catalogue.map((g) => h("option", { value: g.name, selected: g.name === state.game }, g.title)));
  gameSelect.addEventListener("change", () => {
    state.game = gameSelect.value;
    load();
  });
  const mine = h("input", { type: "checkbox", checked: state.mine, disabled: !me, "data-testid": "history-mine" });
  mine.addEventListener("change", () => {
    state.mine = mine.checked;
    load();
  });
  mount(filters, gameSelect, h("label", { class: "check" }, mine, t("history.mine")));

  async function load() {
    const params = new URLSearchParams({ limit: "100" });
    if (state.game) params.set("game", state.game);
    if (state.mine && me) params.set("user", me.id);
    let rows;
    try {
      rows = await get(`/api/history?${params}`);
    } catch (exc) {
      mount(box, h("p", { class: "error-box", role: "alert" }, errorText(exc)));
      return;
    }
    if (!rows.length) {
      mount(box, h("p", { class: "muted" }, t("history.empty")));
      return;
    }
    mount(box, h("div", { class: "scroll-x" }, h("table", { class: "grid", "data-testid": "history" },
      h("thead", {}, h("tr", {}, h("th", {}, t("history.when")), h("th", {}, t("history.game")),
        h("th", {}, t("history.players")), h("th", {}, ""))),
      h("tbody", {}, rows.map((r) => {
        const players = [...r.players].sort((a, b) => (a.rank ?? 99) - (b.rank ?? 99));
        return h("tr", {},
          h("td", {}, r.finished_at ? dateTime(r.finished_at) : "—"),
          h("td", {}, r.title),
          h("td", {}, players.map((p) => h("span", { class: ["player-chip", p.rank === 1 && "winner",
            me && p.user === me.id && "me"] },
          `${p.rank ?? "?"}. ${p.bot ? tableBotName(catalogue.find((g) => g.name === r.game), p.bot, p.seat,
            p.name, r.tournament) : p.name || "?"} (${p.score === null ? "—" : num(p.score)})`,
          p.standin ? h("small", { title: t("table.stood_in_help") }, ` ${t("table.stood_in")}`) : null))),
          h("td", {}, h("a", { href: `/replay/${r.id}`, "data-link": true }, t("history.replay"))));
      })))));
  }
  await load();
  if (me) {
    // The tournaments I organised or played, newest first, with my place in the final ranking.
    const mineBox = h("section", { class: "panel", "data-testid": "my-tournaments" });
    filters.before(mineBox);  // above the games, which a tournament of bots fills by dozens
    try {
      const rows = await get(`/api/tournaments?user=${encodeURIComponent(me.id)}&limit=100`);
      mount(mineBox, h("h2", {}, t("tourn.my_tournaments")), rows.length
        ? h("ul", { class: "plain" }, rows.map((r) => h("li", {},
          h("a", { href: `/tournament/${r.id}`, "data-link": true }, r.name), ` — ${r.title} · `,
          t(`tourn.status.${r.status}`),
          r.place ? ` · ${t("tourn.my_place", { n: r.place, rank: ordinal(r.place), of: r.entrants })}` : "",
          r.winner ? ` · ${t("tourn.winner", { name: r.winner })}` : "")))
        : h("p", { class: "muted" }, t("tourn.none_mine")));
    } catch (exc) {
      mount(mineBox, h("p", { class: "error-box", role: "alert" }, errorText(exc)));
    }
  }
  return () => {};
}
