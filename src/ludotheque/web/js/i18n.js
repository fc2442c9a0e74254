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

/**
 * The string of `key` in the current language, placeholders filled.
 *
 * `{name}` is replaced by params[name]: a number is written the language's way (decimal comma
 * in French: 0,060), a list of names is joined (« Zoé, Marc et Anne »). `{name:one|many}`
 * agrees with params[name]: a number or a numeric text counts as itself, a list as its length
 * (« {n} {n:unité|unités} », « {who} {who:gagne|gagnent} »). French takes the singular for 0
 * and 1, English for 1 only (Intl.PluralRules).
 */
export function t(key, params) {
  const entry = table[key];
  return fill(entry ? entry[lang] ?? entry.fr : key, params);
}

/** French « de » before a game's title, and the title after it: « du » Poker d'As, « de la »
 * Belote AlphaPoker, « d' » AlphaPoker, « de » Casino Royal (the `{de}` of a string). */
export function ofTitle(title) {
  const m = /^(Le|La|Les) (.*)$/.exec(title);
  if (m) return { de: { Le: "du ", La: "de la ", Les: "des " }[m[1]], game: m[2] };
  return { de: /^[aeiouyàâéèêîôh]/i.test(title) ? "d'" : "de ", game: title };
}

/** A template (from i18n.json or served by a game) with its placeholders and plurals filled. */
export function fill(template, params) {
  let text = String(template ?? "");
  if (!params) return text;
  text = text.replace(/\{(\w+):([^{}|]*)\|([^{}]*)\}/g, (m, name, one, many) => {
    const n = countOf(params[name]);
    if (n === null) return many; // not a count: the plural reads least wrong
    return new Intl.PluralRules(lang === "en" ? "en-GB" : "fr-FR").select(n) === "one" ? one : many;
  });
  return text.replace(/(\b[Dd]e |\b[Qq]ue )?\{(\w+)\}/g, (m, before, name) => {
    if (params[name] === undefined || params[name] === null) return m;
    const value = shown(params[name]);
    // « de Eve » is « d'Eve », « que Anne » « qu'Anne »: French elides before a vowel.
    if (before && lang !== "en" && /^[aeiouyàâäéèêëîïôöûüÿæœ]/i.test(value)) {
      return `${before.slice(0, -2)}'${value}`;
    }
    return (before || "") + value;
  });
}

/** A place in a ranking in the reader's language: « 1er », « 3e »; « 1st », « 2nd », « 11th ». */
export function ordinal(n) {
  if (lang !== "en") return n === 1 ? "1er" : `${n}e`;
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? "th" : { 1: "st", 2: "nd", 3: "rd" }[n % 10] || "th";
  return `${n}${suffix}`;
}

/** How many a value counts for agreement: a number, a numeric text, a list's length. */
function countOf(value) {
  if (typeof value === "number") return Math.abs(value);
  if (Array.isArray(value)) return value.length;
  if (value && typeof value === "object" && typeof value.count === "number") return value.count;
  if (typeof value === "string") {
    const n = Number(value.replace(/[\s\u202f\u00a0]/g, "").replace(",", "."));
    return Number.isFinite(n) && value.trim() !== "" ? Math.abs(n) : null;
  }
  return null;
}

function shown(value) {
  if (typeof value === "number") return Number.isInteger(value) ? String(value) : num(value);
  if (Array.isArray(value)) return listText(value.map(String));
  return String(value);
}

/** Several names in a sentence: « Zoé et Marc », « Zoé, Marc et Anne » / "Zoé and Marc". */
export function listText(items) {
  const list = (items || []).filter((x) => x !== null && x !== undefined && x !== "");
  if (list.length <= 1) return list.join("");
  return `${list.slice(0, -1).join(", ")} ${lang === "en" ? "and" : "et"} ${list.at(-1)}`;
}

/**
 * A list of names that also says how many it names: written as the sentence, counted by
 * `{who:gagne|gagnent}` (games pass it where the server names several seats).
 */
export class Names {
  constructor(items) {
    this.items = (items || []).filter((x) => x !== null && x !== undefined && x !== "");
    this.count = this.items.length;
  }

  toString() {
    return listText(this.items);
  }
}

/** The rule book's reference of a help entry (« R30–R35 »), or null. */
export function ruleOf(key) {
  return table[key]?.rule ?? null;
}

/** Whether the table has `key` (game screens fall back to raw names otherwise). */
export function has(key) {
  return Object.prototype.hasOwnProperty.call(table, key);
}

/** A server message in the current language: {message, message_en} or {reason, reason_en},
 * without the rule book's numbers (« (R80) », « (R40–R42) »): a player reads the reason;
 * `rawServerText` keeps them, for a tooltip. */
export function serverText(obj, field = "message") {
  return withoutRuleNumbers(rawServerText(obj, field));
}

export function rawServerText(obj, field = "message") {
  if (!obj) return "";
  if (lang === "en") return obj[`${field}_en`] || obj[field] || "";
  return obj[field] || obj[`${field}_en`] || "";
}

/** An ApiError (api.js) or an error message of the WebSocket in the current language. */
export function errorText(err) {
  if (!err) return "";
  if (err.messageEn !== undefined) return withoutRuleNumbers(lang === "en" ? err.messageEn : err.message);
  return serverText(err);
}

const RULE = String.raw`[RD]\d+[a-z]?(?:\s*[–-]\s*[RD]?\d+[a-z]?)?`;
const ONLY_RULES = new RegExp(String.raw`\s*\((?:\s*${RULE}\s*[,;]?)+\)`, "g");
const RULE_IN_LIST = new RegExp(String.raw`\s*[,;]\s*${RULE}(?=\s*[),;])`, "g");

/** « un brelan (R14) » → « un brelan »; « (blocage, R10) » → « (blocage) ». */
export function withoutRuleNumbers(text) {
  return String(text ?? "").replace(ONLY_RULES, "").replace(RULE_IN_LIST, "");
}

/** A number with the language's grouping and decimal sign (1 500 / 1,500; 0,06 / 0.06);
 * `digits` fixes the number of decimals (a volatility 0,060). */
export function num(n, digits) {
  const opts = digits === undefined ? {} : { minimumFractionDigits: digits, maximumFractionDigits: digits };
  return new Intl.NumberFormat(lang === "en" ? "en-GB" : "fr-FR", opts).format(n);
}

export function dateTime(unixSeconds) {
  return new Intl.DateTimeFormat(lang === "en" ? "en-GB" : "fr-FR", {
    dateStyle: "short",
    timeStyle: "short",
  }).format(new Date(unixSeconds * 1000));
}
