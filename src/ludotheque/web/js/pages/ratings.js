// Ratings per game (Glicko-2, computed by the server; bots are rated too).
import { currentUser, games, get } from "../api.js";
import { h, mount } from "../dom.js";
import { errorText, num, t } from "../i18n.js";
import { botName } from "../words.js";

export async function render(main, _params, query) {
  let catalogue;
  try {
    catalogue = await games();
  } catch (exc) {
    mount(main, h("p", { class: "error-box", role: "alert" }, errorText(exc)));
    return () => {};
  }
  // Without ?game=, the game last played or chosen in the lobby (they opened on AlphaPoker).
  const last = localStorage.getItem("ludotheque.lastGame");
  const game = catalogue.find((g) => g.name === query.get("game")) || catalogue.find((g) => g.name === last)
    || catalogue.find((g) => g.name === "alphapoker") || catalogue[0];
  // Links to each game's ratings (a navigation: they were « tabs » without a tab's keys or
  // state); the one shown is the current page.
  const tabs = h("nav", { class: "actions", "aria-label": t("ratings.by_game") }, catalogue.map((g) =>
    h("a", { href: `/ratings?game=${g.name}`, "data-link": true,
      "aria-current": g.name === game.name ? "page" : null,
      class: ["btn", "small", g.name === game.name && "primary"] }, g.title)));
  const box = h("section", { class: "panel" });
  mount(main, h("h1", {}, t("ratings.title")), h("p", { class: "hint" }, t("ratings.hint")), tabs, box);
  let rows;
  try {
    rows = await get(`/api/ratings/${encodeURIComponent(game.name)}`);
  } catch (exc) {
    mount(box, h("p", { class: "error-box", role: "alert" }, errorText(exc)));
    return () => {};
  }
  const me = currentUser();
  mount(box, h("h2", {}, game.title),
    rows.length ? h("div", { class: "scroll-x" }, h("table", { class: "grid", "data-testid": "ratings" },
      h("thead", {}, h("tr", {}, h("th", {}, "#"), h("th", {}, t("common.player")),
        h("th", { class: "num" }, t("ratings.rating")), h("th", { class: "num" }, t("ratings.rd")),
        h("th", { class: "num" }, t("ratings.volatility")), h("th", { class: "num" }, t("ratings.games")))),
      h("tbody", {}, rows.map((r, i) => h("tr", { class: me && r.player === me.id ? "to-move" : null },
        h("td", {}, i + 1),
        h("td", {}, r.player.startsWith("bot:")
          ? [h("span", { class: "bot-tag" }, "bot"), botName(game, r.player.slice(4))] : r.name),
        h("td", { class: "num" }, h("b", {}, num(Math.round(r.rating)))),
        h("td", { class: "num" }, `± ${num(Math.round(2 * r.rd))}`),
        h("td", { class: "num" }, num(r.volatility, 3)),
        h("td", { class: "num" }, r.games)))))) : h("p", { class: "muted" }, t("ratings.empty")));
  return () => {};
}

