import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { migrateDatabase, openPglite, openPostgres } from '../server/db/client';
import { systemClock } from '../server/lib/clock';
import { FILLS, RUSH_EVENT_NAME, RUSH_SEATS } from '../bench/fills';

const url = process.env.URL;
const database = url ? await openPostgres(url) : await openPglite({});
await migrateDatabase(database);
await FILLS.rush(database);
const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'warn', DATA_DIR: '.bench-data', PUBLIC_URL: 'http://localhost:3000', SEED_DEMO: 'false' }, 'bench');
const app = await buildApp({ config, database, clock: systemClock, workers: false });
const list = await app.inject({ method: 'GET', url: '/api/event' });
const event = list.json().find((r: any) => r.eventName === RUSH_EVENT_NAME);
let tc = 0, tf = 0, tr = 0, nr = 0;
const cpu0 = process.cpuUsage();
for (let i = 0; i < RUSH_SEATS + 100; i++) {
  const addr = `127.0.${(i >> 8) + 2}.${i & 255}`;
  const t0 = performance.now();
  const started = await app.inject({ method: 'POST', url: '/api/checkout', remoteAddress: addr, payload: { kind: 'nonmember-ticket', eventid: event.id, ticket: 1, buyer: { fname: 'R', lname: 'B' + i, email: `r${i}@example.net`, contact: '(713) 555-0199' } } });
  const t1 = performance.now();
  if (started.statusCode !== 200) { tr += t1 - t0; nr++; continue; }
  tc += t1 - t0;
  const paid = await app.inject({ method: 'POST', url: `/api/payments/mock/${started.json().transactionID}/confirm`, remoteAddress: addr, payload: { cardNumber: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' } });
  if (paid.statusCode !== 200) throw new Error('confirm ' + paid.statusCode);
  tf += performance.now() - t1;
}
const cpu = process.cpuUsage(cpu0);
console.log(`checkout ${(tc / RUSH_SEATS).toFixed(2)} ms, confirm ${(tf / RUSH_SEATS).toFixed(2)} ms, refused ${(tr / nr).toFixed(2)} ms (${nr}); cpu ${((cpu.user + cpu.system) / 1000 / RUSH_SEATS).toFixed(1)} ms/purchase`);
await app.close(); await database.close();
