// Identity: play as a guest under a nickname, log in, or create an account (docs/protocol.md).
import { navigate, renderNav } from "../app.js";
import { currentUser, post, setIdentity } from "../api.js";
import { h, mount } from "../dom.js";
import { errorText, t } from "../i18n.js";

function nextPath(query) {
  const next = query.get("next") || "/";
  return next.startsWith("/") && !next.startsWith("//") ? next : "/";
}

function identityForm({ title, hint, fields, button, testid, submit }) {
  const error = h("div", {});
  const inputs = Object.fromEntries(fields.map((f) => [f.name, h("input", {
    id: `${testid}-${f.name}`, name: f.name, type: f.type || "text", required: true,
    minlength: f.min, maxlength: f.max, autocomplete: f.autocomplete, "data-testid": `${testid}-${f.name}`,
  })]));
  const go = h("button", { type: "submit", class: "btn primary", "data-testid": `${testid}-submit` }, button);
  const form = h("form", { class: "panel", "data-testid": testid, onsubmit: async (event) => {
    event.preventDefault();
    mount(error);
    for (const input of Object.values(inputs)) input.removeAttribute("aria-invalid");
    go.disabled = true;
    try {
      await submit(Object.fromEntries(Object.entries(inputs).map(([k, v]) => [k, v.value.trim()])));
    } catch (exc) {
      mount(error, h("p", { class: "error-box", role: "alert", id: `${testid}-error` }, errorText(exc) || exc.message));
      go.disabled = false;
      // The fields are marked (the server does not say which one is wrong) and the first takes
      // the focus: a keyboard user corrects it at once.
      for (const input of Object.values(inputs)) {
        input.setAttribute("aria-invalid", "true");
        input.setAttribute("aria-describedby", `${testid}-error`);
      }
      Object.values(inputs)[0]?.focus();
    }
  } },
  h("h2", {}, title), h("p", { class: "hint" }, hint),
  h("div", { class: "form-grid" }, fields.map((f) => [h("label", { for: `${testid}-${f.name}` }, f.label), inputs[f.name]])),
  error, h("div", { class: "actions" }, go));
  return form;
}

export async function render(main, _params, query) {
  const done = (answer) => {
    setIdentity(answer);
    renderNav();
    navigate(nextPath(query), { replace: true });
  };
  const me = currentUser();
  document.title = t("a11y.title", { page: t("login.title") });
  mount(main,
    h("h1", {}, t("login.title")),
    me ? h("p", { class: "panel" }, t("login.already", { name: me.name })) : null,
    h("div", { class: "login-grid" },
      identityForm({
        title: t("login.guest_title"), hint: t("login.guest_hint"), button: t("login.guest_button"),
        testid: "guest",
        fields: [{ name: "name", label: t("login.nick"), min: 1, max: 32, autocomplete: "nickname" }],
        submit: async ({ name }) => done(await post("/api/guest", { name })),
      }),
      identityForm({
        title: t("login.login_title"), hint: t("login.login_hint"), button: t("login.login_button"),
        testid: "login",
        fields: [
          { name: "name", label: t("login.name"), min: 3, max: 32, autocomplete: "username" },
          { name: "password", label: t("login.password"), type: "password", min: 8, max: 256,
            autocomplete: "current-password" },
        ],
        submit: async (body) => done(await post("/api/login", body)),
      }),
      identityForm({
        // A guest's account is the guest made permanent (the server keeps his games).
        title: t("login.account_title"), button: t("login.account_button"),
        hint: me?.guest ? t("login.account_hint_guest", { name: me.name }) : t("login.account_hint"),
        testid: "account",
        fields: [
          { name: "name", label: t("login.name"), min: 3, max: 32, autocomplete: "username" },
          { name: "password", label: t("login.password"), type: "password", min: 8, max: 256,
            autocomplete: "new-password" },
        ],
        submit: async (body) => done(await post("/api/accounts", body)),
      })));
  return () => {
    document.title = t("a11y.site");
  };
}
