// Every word the interface shows comes from one table, web/data/i18n.json:
// {"key": {"fr": "…", "en": "…"}}. French first; English by the switch in the header.
// Placeholders are written {name} and filled from t()'s second argument.

const LANG_KEY = "ludotheque.lang";
let table = {};
let lang = localStorage.getItem(LANG_KEY) === "en" ? "en" : "fr";
const listeners = new Set();

export async function loadStrings() {
  // The help at the table (« ? », rules) has its own file: the same {"fr", "en"} entries, some
  // with the rule they explain ("rule": "R30–R35", shown only in a tooltip).
  const [words, help] = await Promise.all(
    ["/static/data/i18n.json", "/static/data/help.json"].map((url) => fetch(url).then((r) => r.json())),
  );
  table = { ...words, ...help };
  document.documentElement.lang = lang;
}

export function currentLang() {
  return lang;
}

export function setLang(next) {
  lang = next === "en" ? "en" : "fr";
  localStorage.setItem(LANG_KEY, lang);
  document.documentElement.lang = lang;
  for (const f of listeners) f(lang);
}

export function onLangChange(f) {
  listeners.add(f);
  return () => listeners.delete(f);
}

/** The string of `key` in the current language, placeholders filled. */
export function t(key, params) {
  const entry = table[key];
  let text = entry ? entry[lang] ?? entry.fr : key;
  if (params) {
    text = text.replace(/\{(\w+)\}/g, (m, name) =>
      params[name] === undefined || params[name] === null ? m : String(params[name]),
    );
  }
  return text;
}

/** The rule book's reference of a help entry (« R30–R35 »), or null. */
export function ruleOf(key) {
  return table[key]?.rule ?? null;
}

/** Whether the table has `key` (game screens fall back to raw names otherwise). */
export function has(key) {
  return Object.prototype.hasOwnProperty.call(table, key);
}

/** A server message in the current language: {message, message_en} or {reason, reason_en}. */
export function serverText(obj, field = "message") {
  if (!obj) return "";
  if (lang === "en") return obj[`${field}_en`] || obj[field] || "";
  return obj[field] || obj[`${field}_en`] || "";
}

/** An ApiError (api.js) or an error message of the WebSocket in the current language. */
export function errorText(err) {
  if (!err) return "";
  if (err.messageEn !== undefined) return lang === "en" ? err.messageEn : err.message;
  return serverText(err);
}

/** A number with the language's grouping (1 500 / 1,500). */
export function num(n) {
  return new Intl.NumberFormat(lang === "en" ? "en-GB" : "fr-FR").format(n);
}

export function dateTime(unixSeconds) {
  return new Intl.DateTimeFormat(lang === "en" ? "en-GB" : "fr-FR", {
    dateStyle: "short",
    timeStyle: "short",
  }).format(new Date(unixSeconds * 1000));
}
