// /rules/GAME: a game's rules from the server (GET /api/games/GAME/rules?lang=…, the same source
// as docs/games/: the game's rules summary and the words it declares, in French or English),
// drawn by markdown.js. The table opens the same text in a dialog (rulesDialog).
import { games, get } from "../api.js";
import { h, mount } from "../dom.js";
import { currentLang, errorText, t } from "../i18n.js";
import { markdown } from "../markdown.js";

const cache = new Map();

/** The rules of `game` in the interface's language, as nodes (fetched once per page load). */
export async function rulesNodes(game, { shift = 0 } = {}) {
  const lang = currentLang();
  const key = `${game}/${lang}`;
  if (!cache.has(key)) cache.set(key, get(`/api/games/${encodeURIComponent(game)}/rules?lang=${lang}`));
  let doc;
  try {
    doc = await cache.get(key);
  } catch (exc) {
    cache.delete(key);
    // An unknown game (an address typed by hand): the games by their titles, not the server's
    // message naming them by their ids (a newcomer read « casinoroyal, pokerdas »).
    const known = exc?.status === 404 ? await games().catch(() => null) : null;
    if (known) {
      return [h("p", { class: "error-box", role: "alert", "data-testid": "rules-unknown" }, t("rules.unknown")),
        h("ul", {}, known.map((g) => h("li", {}, h("a", { href: `/rules/${g.name}`, "data-link": true }, g.title))))];
    }
    return [h("p", { class: "error-box", role: "alert" }, errorText(exc))];
  }
  return [h("div", { class: "rules-text", lang: doc.lang }, markdown(doc.markdown, { shift }))];
}

export async function render(main, [game]) {
  const box = h("section", { class: "panel rules-page", "data-testid": "rules" },
    h("p", { class: "muted" }, t("table.loading")));
  mount(main, box);
  const nodes = await rulesNodes(game);
  mount(box, h("p", { class: "small" }, h("a", { href: "/", "data-link": true }, `← ${t("nav.lobby")}`)), nodes);
  const title = box.querySelector("h1");
  if (title) document.title = `${title.textContent} — ${t("rules.title")} — Ludothèque`;
  return () => {
    document.title = "Ludothèque";
  };
}

/** A modal dialog with the rules of `game` (the table keeps running behind it). */
export async function rulesDialog(game) {
  const close = h("button", { type: "button", class: "btn small", "data-testid": "rules-close",
    onclick: () => dialog.close() }, t("common.close"));
  const body = h("div", { class: "dialog-body" }, h("p", { class: "muted" }, t("table.loading")));
  const dialog = h("dialog", { class: "rules-dialog", "data-testid": "rules-dialog",
    "aria-label": t("rules.title") },
  h("div", { class: "dialog-head" },
    h("a", { href: `/rules/${game}`, target: "_blank", rel: "noopener" }, t("rules.new_tab")), close),
  body);
  dialog.addEventListener("close", () => dialog.remove());
  document.body.append(dialog);
  dialog.showModal();
  close.focus();
  mount(body, await rulesNodes(game, { shift: 1 }));
}
