// One load generator for both servers of bench/vs_bgio.py (issue 16, « Faster than the peer »):
// the same program, the same pattern and the same measurement drive ours and boardgame.io's, so
// that neither is measured through a slower client than the other.
//
//   node vs_load.js ours PORT TABLES PHASES SECONDS SERVER_PID [OPTIONS_JSON]
//   node vs_load.js bgio PORT TABLES PHASES SECONDS SERVER_PID
//
// N two-seat tables, one WebSocket client per seat (2 N clients in this one process); a client
// acts when its seat may act, with a random legal action (ours: one of the update's `legal`;
// boardgame.io: its game's one move, `roll`), after 0.5–1.5 s in the phase `paced`, at once in
// the phase `saturation` (PHASES: a comma-separated list, played in that order on the same
// tables). Latency: from sending an action to receiving the state that follows it (ours: the
// `update` carrying the action's id; boardgame.io: the next state id). Each phase warms up 3 s,
// counts SECONDS, then prints one JSON line: actions/s, p50/p99 ms, and the CPU time per action
// of the server (user + system, /proc) and of this generator (process.cpuUsage).
//
// ours: the ludothèque's play protocol (docs/protocol.md) over `ws`; guests and tables made
// over its HTTP API. boardgame.io: its socket.io protocol as its own SocketIO transport speaks
// it (`sync`, then `update` with a MAKE_MOVE action and the state id), without its client
// library's store and reducer, which cost the generator several times what the server spends.
// `ws` and `socket.io-client` come from the anchor's node_modules (NODE_PATH, set by
// bench/vs_bgio.py).
'use strict';
const fs = require('fs');

const [target, port, tables, phases, seconds, spid, optionsJson] = [
  process.argv[2], +process.argv[3], +process.argv[4], (process.argv[5] || '').split(','),
  +process.argv[6], process.argv[7], process.argv[8],
];
if (!['ours', 'bgio'].includes(target) || !port || !tables || !seconds
    || !phases.every((p) => p === 'paced' || p === 'saturation')) {
  console.error('usage: node vs_load.js ours|bgio PORT TABLES paced,saturation SECONDS ' +
                '[SERVER_PID [OPTIONS_JSON]]');
  process.exit(2);
}
const base = `http://127.0.0.1:${port}`;
const tick = 1000 / 100; // /proc/PID/stat counts CPU in clock ticks of 10 ms (USER_HZ 100)
const serverCpu = () => {
  if (!spid) return 0;
  const f = fs.readFileSync(`/proc/${spid}/stat`, 'utf8').split(')').pop().trim().split(' ');
  return (+f[11] + +f[12]) * tick; // ms
};
const ownCpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; }; // ms

let lat = [];
let errors = {};
let measuring = false;
let actions = 0;
let paced = false;
const clients = [];
const think = () => (paced ? 500 + Math.random() * 1000 : 0);

async function post(path, body, token) {
  const headers = { 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  for (let attempt = 0; ; attempt++) {
    try {
      const r = await fetch(base + path, { method: 'POST', headers, body: JSON.stringify(body) });
      const out = await r.json();
      if (!r.ok) throw new Error(`${path}: ${r.status} ${JSON.stringify(out)}`);
      return out;
    } catch (e) {
      if (attempt >= 4) throw e;
      await new Promise((r) => setTimeout(r, 200 * (attempt + 1)));
    }
  }
}

function record(sent) {
  if (measuring) { lat.push(performance.now() - sent); actions++; }
}

// -- ours ------------------------------------------------------------------------------------
async function oursTable(i) {
  const WebSocket = require('ws');
  const users = [];
  for (const k of [0, 1]) users.push(await post('/api/guest', { name: `B${i}-${k}` }));
  const body = { game: 'pokerdas', players: 2, seats: [{ kind: 'me' }, { kind: 'open' }] };
  if (optionsJson) body.options = JSON.parse(optionsJson);
  const t = await post('/api/tables', body, users[0].token);
  const joined = await post(`/api/tables/${t.id}/join`, {}, users[1].token);
  if (joined.status !== 'playing') throw new Error(`table ${t.id} not dealt: ${joined.status}`);
  return users.map((u) => new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/ws/tables/${t.id}?token=${u.token}`,
                             { perMessageDeflate: false });
    let sent = null, ref = null, timer = null, n = 0;
    const act = (msg) => {
      timer = null;
      ref = `${i}.${n++}`;
      sent = performance.now();
      const action = msg.legal[Math.floor(Math.random() * msg.legal.length)];
      ws.send(JSON.stringify({ type: 'action', version: msg.version, action, id: ref }));
    };
    ws.on('open', () => resolve(ws));
    ws.on('error', reject);
    ws.on('message', (data) => {
      const msg = JSON.parse(data);
      if (msg.type === 'update' && msg.ref !== undefined && msg.ref === ref) {
        record(sent);
        ref = null;
      } else if (msg.type === 'error') {
        errors[msg.code] = (errors[msg.code] || 0) + 1;
      }
      if ((msg.type === 'welcome' || msg.type === 'update') && msg.legal.length) {
        if (timer !== null) clearTimeout(timer); // a newer version: act on that one
        timer = setTimeout(act, think(), msg);
      }
    });
  }));
}

// -- boardgame.io ------------------------------------------------------------------------------
async function bgioTable(i) {
  const { io } = require('socket.io-client');
  const { matchID } = await post('/games/dice/create', { numPlayers: 2 });
  const out = [];
  for (const pid of ['0', '1']) {
    const { playerCredentials: credentials } = await post(`/games/dice/${matchID}/join`,
      { playerID: pid, playerName: `p${i}-${pid}` });
    out.push(new Promise((resolve, reject) => {
      const socket = io(`${base}/dice`, { transports: ['websocket'], forceNew: true });
      let sent = null, last = -1, timer = null;
      const act = (stateID) => {
        timer = null;
        sent = performance.now();
        const action = { type: 'MAKE_MOVE',
                         payload: { type: 'roll', args: [], playerID: pid, credentials } };
        socket.emit('update', action, stateID, matchID, pid);
      };
      const seen = (state) => {
        if (!state || state._stateID <= last) return;
        last = state._stateID;
        if (sent !== null) { record(sent); sent = null; }
        if (state.ctx.currentPlayer === pid) {
          if (timer !== null) clearTimeout(timer);
          timer = setTimeout(act, think(), state._stateID);
        }
      };
      socket.on('connect', () => { socket.emit('sync', matchID, pid, credentials, 2); resolve(socket); });
      socket.on('connect_error', reject);
      socket.on('sync', (_m, info) => seen(info.state));
      socket.on('update', (_m, state) => seen(state));
    }));
  }
  return out;
}

(async () => {
  const make = target === 'ours' ? oursTable : bgioTable;
  paced = phases[0] === 'paced';
  for (let i = 0; i < tables; i += 25) {
    const made = await Promise.all(
      Array.from({ length: Math.min(25, tables - i) }, (_, k) => make(i + k)));
    for (const pair of made) clients.push(...(await Promise.all(pair)));
  }
  for (const phase of phases) {
    paced = phase === 'paced';
    await new Promise((r) => setTimeout(r, 3000)); // warm-up (and the last phase's timers out)
    lat = [];
    errors = {};
    actions = 0;
    measuring = true;
    const s0 = serverCpu(), g0 = ownCpu(), t0 = performance.now();
    await new Promise((r) => setTimeout(r, seconds * 1000));
    measuring = false;
    const s1 = serverCpu(), g1 = ownCpu(), dt = (performance.now() - t0) / 1000;
    lat.sort((a, b) => a - b);
    const q = (p) => (lat.length ? +lat[Math.min(lat.length - 1, Math.floor(p * lat.length))].toFixed(1) : null);
    const per = (ms) => (actions ? +(ms / actions).toFixed(3) : null);
    console.log(JSON.stringify({
      target, phase, tables, clients: clients.length, seconds: +dt.toFixed(2), actions,
      actions_per_s: +(actions / dt).toFixed(1), p50_ms: q(0.5), p99_ms: q(0.99),
      server_cpu_ms_per_action: spid ? per(s1 - s0) : null, load_cpu_ms_per_action: per(g1 - g0),
      errors,
    }));
  }
  for (const c of clients) c.close();
  process.exit(0);
})().catch((e) => { console.error(e && e.stack ? e.stack : e); process.exit(1); });
