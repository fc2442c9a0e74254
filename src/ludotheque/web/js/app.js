// The single-page app: routes on location.pathname (docs/protocol.md, "URL layout").
import { adoptTokenFromAddress, currentUser, logout } from "./api.js";
import { h, mount } from "./dom.js";
import { currentLang, loadStrings, onLangChange, setLang, t } from "./i18n.js";

const ROUTES = [
  [/^\/$/, () => import("./pages/lobby.js")],
  [/^\/table\/([^/]+)$/, () => import("./pages/table.js")],
  [/^\/replay\/([^/]+)$/, () => import("./pages/replay.js")],
  [/^\/history$/, () => import("./pages/history.js")],
  [/^\/ratings$/, () => import("./pages/ratings.js")],
  [/^\/login$/, () => import("./pages/login.js")],
  [/^\/tournaments\/new$/, () => import("./pages/tournament_new.js")],
  [/^\/tournament\/([^/]+)$/, () => import("./pages/tournament.js")],
  [/^\/rules\/(\w+)$/, () => import("./pages/rules.js")],
];

let cleanup = null;
let renderSerial = 0;

/** Go to an in-app path without reloading the page. */
export function navigate(path, { replace = false } = {}) {
  if (replace) history.replaceState(null, "", path);
  else history.pushState(null, "", path);
  route();
}

/** A short message at the bottom of the screen (kind: info | error). */
export function toast(text, kind = "info") {
  const box = document.getElementById("toast");
  box.textContent = text;
  box.className = `toast show ${kind}`;
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => (box.className = "toast"), kind === "error" ? 6000 : 3000);
}

export function renderNav() {
  const user = currentUser();
  const here = location.pathname;
  const link = (href, key) =>
    h("a", { href, "data-link": true, class: here === href ? "active" : null }, t(key));
  mount(
    document.getElementById("nav"),
    link("/", "nav.lobby"),
    link("/history", "nav.history"),
    link("/ratings", "nav.ratings"),
    user
      ? h(
          "span",
          { class: "who" },
          h("span", { class: "who-name", title: user.guest ? t("login.guest_badge") : "" },
            user.name, user.guest ? h("small", {}, ` (${t("login.guest_badge")})`) : null),
          h(
            "button",
            {
              class: "linklike",
              type: "button",
              "data-testid": "logout",
              onclick: () => {
                // A guest exists only in this browser: logged out, his seats are nobody's.
                if (user.guest && !window.confirm(t("nav.logout_guest_confirm"))) return;
                logout();
                renderNav();
                navigate("/");
              },
            },
            t("nav.logout"),
          ),
        )
      : link("/login", "nav.login"),
    h(
      "button",
      {
        class: "lang",
        type: "button",
        "data-testid": "lang-switch",
        title: t("nav.lang_title"),
        onclick: () => setLang(currentLang() === "fr" ? "en" : "fr"),
      },
      currentLang() === "fr" ? "EN" : "FR",
    ),
  );
}

async function route() {
  const serial = ++renderSerial;
  if (cleanup) {
    try {
      cleanup();
    } catch (exc) {
      console.error(exc);
    }
    cleanup = null;
  }
  renderNav();
  const main = document.getElementById("main");
  for (const [pattern, load] of ROUTES) {
    const match = location.pathname.match(pattern);
    if (!match) continue;
    const page = await load();
    if (serial !== renderSerial) return;
    mount(main);
    const params = match.slice(1).map(decodeURIComponent);
    const result = await page.render(main, params, new URLSearchParams(location.search));
    if (serial !== renderSerial) {
      if (typeof result === "function") result();
      return;
    }
    cleanup = typeof result === "function" ? result : null;
    return;
  }
  mount(main, h("section", { class: "panel" }, h("h1", {}, t("app.not_found")),
    h("p", {}, h("a", { href: "/", "data-link": true }, t("nav.lobby")))));
}

document.addEventListener("click", (event) => {
  const a = event.target.closest("a[data-link]");
  if (!a || event.ctrlKey || event.metaKey || event.shiftKey || a.target === "_blank") return;
  const url = new URL(a.href, location.href);
  if (url.origin !== location.origin) return;
  event.preventDefault();
  navigate(url.pathname + url.search);
});

window.addEventListener("popstate", route);
onLangChange(() => route());

Promise.all([loadStrings(), adoptTokenFromAddress()]).then(route);
