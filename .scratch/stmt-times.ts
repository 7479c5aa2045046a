import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { migrateDatabase, openPglite } from '../server/db/client';
import { systemClock } from '../server/lib/clock';
import { FILLS, RUSH_EVENT_NAME, RUSH_SEATS } from '../bench/fills';

const database = await openPglite({});
await migrateDatabase(database);
await FILLS.rush(database);
const client = (database.db as any).$client;
const names = new Map<string, string>();
const times = new Map<string, { n: number; ms: number }>();
const orig = client.execProtocolStream.bind(client);
client.execProtocolStream = async (a: Uint8Array, o: any) => {
  const buf = Buffer.from(a);
  let key = '?';
  if (buf[0] === 0x50) { const z = buf.indexOf(0, 5); const name = buf.subarray(5, z).toString(); const q = buf.subarray(z + 1, buf.indexOf(0, z + 1)).toString(); names.set(name, q); key = 'PARSE'; }
  else if (buf[0] === 0x42) { const z = buf.indexOf(0, 5); const st = buf.subarray(z + 1, buf.indexOf(0, z + 1)).toString(); key = (names.get(st) ?? st).slice(0, 110).replace(/\s+/g, ' '); }
  const t0 = performance.now();
  try { return await orig(a, o); } finally { const e = times.get(key) ?? { n: 0, ms: 0 }; e.n++; e.ms += performance.now() - t0; times.set(key, e); }
};
const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'warn', DATA_DIR: '.bench-data', PUBLIC_URL: 'http://localhost:3000', SEED_DEMO: 'false' }, 'bench');
const app = await buildApp({ config, database, clock: systemClock, workers: false });
const list = await app.inject({ method: 'GET', url: '/api/event' });
const event = list.json().find((r: any) => r.eventName === RUSH_EVENT_NAME);
times.clear();
const t00 = performance.now();
for (let i = 0; i < RUSH_SEATS; i++) {
  const addr = `127.0.${(i >> 8) + 2}.${i & 255}`;
  const started = await app.inject({ method: 'POST', url: '/api/checkout', remoteAddress: addr, payload: { kind: 'nonmember-ticket', eventid: event.id, ticket: 1, buyer: { fname: 'R', lname: 'B' + i, email: `r${i}@example.net`, contact: '(713) 555-0199' } } });
  await app.inject({ method: 'POST', url: `/api/payments/mock/${started.json().transactionID}/confirm`, remoteAddress: addr, payload: { cardNumber: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' } });
}
const total = performance.now() - t00;
let db = 0;
for (const [k, v] of [...times].sort((a, b) => b[1].ms - a[1].ms)) { db += v.ms; console.log((v.ms / RUSH_SEATS).toFixed(3).padStart(7), 'ms/purchase', String(v.n).padStart(5), k); }
console.log('total', (total / RUSH_SEATS).toFixed(2), 'db', (db / RUSH_SEATS).toFixed(2));
await app.close(); await database.close();
