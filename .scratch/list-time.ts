import { migrateDatabase, openPglite } from '../server/db/client';
import { FILLS } from '../bench/fills';
import { listEvents } from '../server/modules/events/events.service';
const database = await openPglite({});
await migrateDatabase(database);
await FILLS.demo(database); await FILLS.events(database);
const scope = { now: new Date(), timeZone: 'America/Chicago' };
const times: number[] = [];
for (let i = 0; i < 60; i++) { const t0 = performance.now(); await listEvents(database.db, 'upcoming' as never, { now: new Date(), timeZone: scope.timeZone }); times.push(performance.now() - t0); }
console.log(times.slice(0, 8).map((t) => t.toFixed(1)).join(' '), '| median of last 50', times.slice(10).sort((a, b) => a - b)[25].toFixed(2), 'max', Math.max(...times.slice(10)).toFixed(1));
await database.close();
