import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { migrateDatabase, openPglite } from '../server/db/client';
import { systemClock } from '../server/lib/clock';
import { FILLS, RUSH_EVENT_NAME } from '../bench/fills';

const database = await openPglite({});
await migrateDatabase(database);
await FILLS.rush(database);
const client = (database.db as any).$client;
const log: string[] = [];
let on = false;
for (const m of ['query', 'exec', 'execProtocol', 'execProtocolStream', 'transaction']) {
  const orig = client[m].bind(client);
  client[m] = (...args: any[]) => { if (on) { const a = args[0]; if (typeof a === 'string') log.push(m + ': ' + a.slice(0, 200).replace(/\s+/g, ' ')); else if (a instanceof Uint8Array && (a[0] === 0x50)) { const body = Buffer.from(a.subarray(5)); const z = body.indexOf(0); const q = body.subarray(z + 1, body.indexOf(0, z + 1)).toString(); log.push('SQL: ' + q.slice(0, 220).replace(/\s+/g, ' ')); } else if (a instanceof Uint8Array && a[0] === 0x42) log.push('  (bind prepared)'); } return orig(...args); };
}
const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'warn', DATA_DIR: '.bench-data', PUBLIC_URL: 'http://localhost:3000', SEED_DEMO: 'false' }, 'bench');
const app = await buildApp({ config, database, clock: systemClock, workers: false });
const list = await app.inject({ method: 'GET', url: '/api/event' });
const event = list.json().find((r: any) => r.eventName === RUSH_EVENT_NAME);
for (const round of [0, 1]) {
  on = true; log.length = 0;
  const t0 = performance.now();
  const started = await app.inject({ method: 'POST', url: '/api/checkout', remoteAddress: `127.0.1.${round+2}`, payload: { kind: 'nonmember-ticket', eventid: event.id, ticket: 1, buyer: { fname: 'R', lname: 'B' + round, email: `r${round}@example.net`, contact: '(713) 555-0199' } } });
  const t1 = performance.now();
  console.log('--- checkout', started.statusCode, (t1 - t0).toFixed(1), 'ms', log.length); log.forEach((l) => console.log(l)); log.length = 0;
  const paid = await app.inject({ method: 'POST', url: `/api/payments/mock/${started.json().transactionID}/confirm`, remoteAddress: `127.0.1.${round+2}`, payload: { cardNumber: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' } });
  console.log('--- confirm', paid.statusCode, (performance.now() - t1).toFixed(1), 'ms', log.length); log.forEach((l) => console.log(l));
}
await app.close(); await database.close();
