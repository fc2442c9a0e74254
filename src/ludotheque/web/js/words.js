// The names people read that each game declares itself (engine/labels.py), served by
// /api/games: options, their values, bots, variants, events. Nothing here is a copy of them.
import { currentLang, fill, Names, t } from "./i18n.js";

/** {fr, en} words in the current language (`fallback` when the game gives none). */
export function word(words, fallback = "") {
  if (!words) return fallback;
  return words[currentLang()] || words.fr || fallback;
}

/** A bot as people read it: « Bot fort » / "Strong bot". */
export function botName(info, bot) {
  return word(info?.bot_words?.[bot], bot ? String(bot) : "");
}

/** A bot's seat: « Bot fort 2 » (the seat's number as the table shows it). */
export function botSeatName(info, bot, seat) {
  return `${botName(info, bot)} ${seat + 1}`;
}

/** A seated bot's name: numbered by its seat (« Bot fort 2 »); at a tournament's table by its
 * entrant number, the one it has at every table and in the standings (« Bot fort 31 »). */
export function tableBotName(info, bot, seat, name, tournament) {
  const entrant = tournament && /(\d+)$/.exec(name || "");
  return botSeatName(info, bot, entrant ? Number(entrant[1]) - 1 : seat);
}

/** An option of a game's info, by key. */
export function optionInfo(info, key) {
  return (info?.options || []).find((o) => o.name === key) || null;
}

/** An option's label: « Cartes par main ». */
export function optionLabel(info, key) {
  return word(optionInfo(info, key)?.label, key.replaceAll("_", " "));
}

/** An option's value in words: « par joueur » for per_player, « oui » for true… */
export function optionValue(info, key, value, yesNo) {
  const opt = optionInfo(info, key);
  if (value === null || value === undefined) return yesNo.none;
  if (typeof value === "boolean") return value ? yesNo.yes : yesNo.no;
  if (Array.isArray(value)) return value.join(", ") || "—";
  const named = opt?.values?.[String(value)];
  return named ? word(named) : String(value);
}

/** A variant in words. */
export function variantName(info, variant) {
  return word(info?.variant_words?.[variant], variant);
}

/** The game's description in the current language. */
export function description(info) {
  if (!info) return "";
  return currentLang() === "en" ? info.description_en || info.description : info.description;
}

/**
 * The sentence a game declares for an event: {who} is the seat of the event, {_field} the
 * seats a field names, {field} the field itself. null when the game declares none.
 */
export function eventSentence(info, event, nameOf) {
  const template = word(info?.events?.[event.type], null);
  if (!template) return null;
  const params = { ...event };
  params.who = event.seat !== undefined && event.seat !== null ? nameOf(event.seat) : "";
  for (const [key, value] of Object.entries(event)) {
    const seats = Array.isArray(value) ? value : [value];
    if (seats.every((x) => Number.isInteger(x))) {
      params[`_${key}`] = new Names(seats.map((x) => nameOf(x)));
    }
  }
  return fill(template, params);
}

/** A round's title in the reader's language (the server's ``title`` is French). */
export function roundTitle(r) {
  const m = r.label.match(/^(prelim|rr|ko)(\d+)$/);
  if (!m) return r.title;
  if (m[1] === "prelim") return t("tourn.round.prelim", { n: m[2] });
  if (m[1] === "rr") return t("tourn.round.rr", { n: m[2] });
  const duels = r.duels.length;
  return duels === 1 ? t("tourn.round.final") : duels === 2 ? t("tourn.round.semi")
    : duels === 4 ? t("tourn.round.quarter") : t("tourn.round.ko", { n: duels, entrants: 2 * duels });
}
