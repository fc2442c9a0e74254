// Game screens by registry name. A game without one gets the generic screen (generic.js),
// so a game registered later is playable with no change here.
//
// A screen module exports render(ctx) → Node, and optionally describeEvent(event, ctx) → string.
// ctx: {game, view, legal, seat, toMove, table, name(seat), act(action), controls (may act),
//       local (an object kept across renders of one table), rerender()}.
import * as generic from "./generic.js";

const SCREENS = {
  alphapoker: () => import("./alphapoker.js"),
  pokerdas: () => import("./pokerdas.js"),
  alice: () => import("./alice.js"),
  bataille: () => import("./bataille.js"),
  belote: () => import("./belote.js"),
  casinoroyal: () => import("./casinoroyal.js"),
  alkamo: () => import("./alkamo.js"),
};

export async function screenFor(game) {
  const load = SCREENS[game];
  if (!load) return generic;
  try {
    return await load();
  } catch (exc) {
    console.error(`screen of ${game}:`, exc);
    return generic;
  }
}

export { generic };

/** The screen's event words, or the generic ones. */
export function eventText(screen, event, ctx) {
  const text = screen.describeEvent ? screen.describeEvent(event, ctx) : null;
  return text ?? generic.describeEvent(event, ctx);
}
