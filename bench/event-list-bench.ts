/**
 * The public event list under load (issue 14): `GET /api/event` at 50 connections from 50
 * loopback addresses, autocannon in this process on one core, the server alone on the other,
 * next to a Fastify hello-world started in the same run as the ceiling. On PGlite, then on
 * PostgreSQL when DATABASE_URL is set (PostgreSQL itself is not pinned: it shares both cores).
 * The data: the demo association plus a season of 12 events and 20,000 sold tickets.
 *
 *   npx tsx bench/event-list-bench.ts
 *   DATABASE_URL=postgres://... npx tsx bench/event-list-bench.ts
 *   BENCH_PROFILE=.bench-profiles npx tsx bench/event-list-bench.ts   # CPU profile of the server
 *
 * Budget: >= 25% of the ceiling's requests/s and p99 < 20 ms; exits non-zero past it.
 */
import {
  cannon,
  databases,
  formatLoad,
  loopbackAddresses,
  pinLoadCore,
  startHello,
  startServer,
  throwawayPostgres,
  warm,
  type TLoad,
} from './http-kit';

const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const SHARE_BUDGET = 0.25;
const P99_BUDGET_MS = 20;

pinLoadCore();
const addresses = loopbackAddresses(CONNECTIONS);
const load = { connections: CONNECTIONS, seconds: SECONDS, addresses };

const hello = await startHello();
await warm({ ...load, port: hello.ready.port, path: '/hello' });
const ceiling = await cannon({ ...load, port: hello.ready.port, path: '/hello' });
await hello.stop();

const rows: Array<Record<string, string>> = [
  { what: 'Fastify hello-world (ceiling)', ...formatLoad(ceiling), 'of ceiling': '100%' },
];
let withinBudget = true;
for (const { label, url } of databases()) {
  const postgres = url ? await throwawayPostgres(url) : undefined;
  try {
    const server = await startServer({
      databaseUrl: postgres?.url,
      fills: ['demo', 'events'],
      profileDir: process.env.BENCH_PROFILE,
    });
    const target = { ...load, port: server.ready.port, path: '/api/event' };
    const warmSeconds = await warm(target, server);
    const result: TLoad = await cannon(target);
    await server.stop();
    const share = result.requestsPerSecond / ceiling.requestsPerSecond;
    const ok =
      share >= SHARE_BUDGET && result.p99 < P99_BUDGET_MS && result.non2xx + result.errors === 0;
    if (!ok) withinBudget = false;
    rows.push({
      what: `GET /api/event, ${label}`,
      ...formatLoad(result),
      'warm-up s': String(warmSeconds),
      'of ceiling': `${(share * 100).toFixed(1)}%`,
      budget: ok ? 'ok' : 'OVER',
    });
  } finally {
    await postgres?.drop();
  }
}

console.log(
  `\nGET /api/event: ${CONNECTIONS} connections from ${addresses.length} addresses, ${SECONDS} s each; budget >= ${SHARE_BUDGET * 100}% of the ceiling, p99 < ${P99_BUDGET_MS} ms`,
);
console.table(rows);
if (!withinBudget) {
  console.error('event-list-bench: over budget.');
  process.exitCode = 1;
}
