// The HTTP API of docs/protocol.md, and the identity kept in localStorage.

const TOKEN_KEY = "ludotheque.token";
const USER_KEY = "ludotheque.user";

export function token() {
  return localStorage.getItem(TOKEN_KEY);
}

export function currentUser() {
  try {
    return JSON.parse(localStorage.getItem(USER_KEY) || "null");
  } catch {
    return null;
  }
}

export function setIdentity(answer) {
  localStorage.setItem(TOKEN_KEY, answer.token);
  localStorage.setItem(USER_KEY, JSON.stringify(answer.user));
}

/** A session handed over in the address (`#jeton=…`, the organiser's link `ludotheque tournoi
 *  --serveur` prints): checked with the server, kept, and taken out of the address bar (a
 *  fragment never reaches the server's logs). */
export async function adoptTokenFromAddress() {
  const m = /^#jeton=([\w.~-]+)$/.exec(location.hash);
  if (!m) return;
  history.replaceState(history.state, "", location.pathname + location.search);
  try {
    const response = await fetch("/api/me", { headers: { Authorization: `Bearer ${m[1]}`, Accept: "application/json" } });
    if (response.ok) setIdentity({ token: m[1], user: await response.json() });
  } catch {
    // no server: the page says it when it asks for anything
  }
}

export function logout() {
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(USER_KEY);
}

/** An HTTP error of the API: `message` French, `messageEn` English, `status`, `code`. */
export class ApiError extends Error {
  constructor(status, detail) {
    const d = detail && typeof detail === "object" && !Array.isArray(detail) ? detail : {};
    super(d.message || (typeof detail === "string" ? detail : `erreur ${status}`));
    this.status = status;
    this.code = d.code || String(status);
    this.messageEn = d.message_en || (typeof detail === "string" ? detail : `error ${status}`);
    if (Array.isArray(detail)) {
      // FastAPI's own validation errors: a list of {loc, msg}.
      const text = detail.map((e) => `${(e.loc || []).join(".")}: ${e.msg}`).join("; ");
      this.message = `requête refusée : ${text}`;
      this.messageEn = `request refused: ${text}`;
    }
  }
}

export async function api(method, path, body) {
  const headers = { Accept: "application/json" };
  const tok = token();
  if (tok) headers.Authorization = `Bearer ${tok}`;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  let response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (exc) {
    throw new ApiError(0, {
      code: "network",
      message: "le serveur ne répond pas",
      message_en: "the server does not answer",
    });
  }
  const text = await response.text();
  let data = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = text;
  }
  if (!response.ok) {
    const code = data && data.detail && data.detail.code;
    if (response.status === 401 && code === "unauthorized" && token()) {
      // The token expired or the server's secret changed: forget it (not on a wrong
      // password at login, which said nothing of the token: a guest kept his identity).
      logout();
    }
    throw new ApiError(response.status, data && data.detail !== undefined ? data.detail : data);
  }
  return data;
}

export const get = (path) => api("GET", path);
export const post = (path, body) => api("POST", path, body === undefined ? {} : body);

let gamesCache = null;

/** GET /api/games, once per page load. */
export async function games() {
  if (!gamesCache) {
    gamesCache = get("/api/games").catch((exc) => {
      gamesCache = null;
      throw exc;
    });
  }
  return gamesCache;
}

const gameCache = new Map();

/** One game's description: from the whole list when the page has it (the lobby), otherwise
 * alone (a table page opened cold needs only its game's words). */
export async function gameInfo(name) {
  if (gamesCache) return (await games()).find((g) => g.name === name) || null;
  if (!gameCache.has(name)) {
    gameCache.set(name, get(`/api/games/${encodeURIComponent(name)}`).catch((exc) => {
      gameCache.delete(name);
      throw exc;
    }));
  }
  return gameCache.get(name);
}

/** The play WebSocket URL of a table. */
export function wsUrl(tableId) {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const tok = token();
  const query = tok ? `?token=${encodeURIComponent(tok)}` : "";
  return `${scheme}://${location.host}/ws/tables/${encodeURIComponent(tableId)}${query}`;
}

/** A person's own seed for a deal: 16 hex digits from the browser's cryptographic random. */
export function ownSeed() {
  const bytes = new Uint8Array(8);
  crypto.getRandomValues(bytes);
  return [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** ``body`` with the person's own seed for the table he opens, given after he has read the
 *  commitment of the server's seed for it (GET /api/deal): neither side chooses the deal alone
 *  (docs/server.md, « A deal nobody chooses »). */
export async function withOwnSeed(body, seed) {
  const { commitment } = await get("/api/deal");
  return { ...body, contribution: seed || ownSeed(), commitment };
}

/** The commitment this browser read before it sent the person's seed for a table, kept for the
 *  table page to compare with the one the table shows (sessionStorage: this tab only). */
export function rememberSeen(tableId, commitment) {
  if (commitment) sessionStorage.setItem(`ludotheque.seen.${tableId}`, commitment);
}

export function seenFor(tableId) {
  return sessionStorage.getItem(`ludotheque.seen.${tableId}`);
}
