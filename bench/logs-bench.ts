/**
 * The audit log page at a million entries (issue 14): `GET /api/logs/` as a super user, under
 * load from autocannon (10 connections from 10 loopback addresses) on one core, the server alone
 * on the other: the first page by every sort column both ways, a deep page, a keyset page and
 * filters. The entries are made in SQL (bench/fills.ts).
 *
 *   npx tsx bench/logs-bench.ts
 *   DATABASE_URL=postgres://... npx tsx bench/logs-bench.ts   # PGlite, then PostgreSQL
 *   BENCH_PROFILE=.bench-profiles npx tsx bench/logs-bench.ts  # CPU profile of the server
 *
 * Budget, per request: p99 < 100 ms; exits non-zero past it.
 */
import { LOG_SORT_COLUMNS } from '../domain/contracts/logs';
import { LOG_ROWS } from './fills';
import {
  cannon,
  databases,
  formatLoad,
  loopbackAddresses,
  pinLoadCore,
  startServer,
  throwawayPostgres,
  warm,
} from './http-kit';

const CONNECTIONS = 10;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const P99_BUDGET_MS = 100;

const CASES: Array<{ name: string; url: string }> = [
  ...LOG_SORT_COLUMNS.flatMap((column) =>
    (['asc', 'desc'] as const).map((direction) => ({
      name: `sort ${column} ${direction}, page 1`,
      url: `/api/logs/?sort=${column}&direction=${direction}`,
    })),
  ),
  { name: 'page 500 (offset 4,990)', url: '/api/logs/?page=500' },
  { name: 'sort email asc, page 500', url: '/api/logs/?sort=email&direction=asc&page=500' },
  { name: 'row 500,000 by keyset (after=)', url: `/api/logs/?after=${LOG_ROWS / 2}` },
  { name: 'filter "member 1234" (rare)', url: '/api/logs/?filter=member%201234' },
  { name: 'filter "temp admin" (common)', url: '/api/logs/?filter=temp%20admin' },
];

pinLoadCore();
const addresses = loopbackAddresses(CONNECTIONS);
const rows: Array<Record<string, string>> = [];
let withinBudget = true;
for (const { label, url } of databases()) {
  const postgres = url ? await throwawayPostgres(url) : undefined;
  try {
    const server = await startServer({
      databaseUrl: postgres?.url,
      fills: ['logs'],
      profileDir: process.env.BENCH_PROFILE,
    });
    const { port, token, fillSeconds } = server.ready;
    console.log(
      `${label}: ${LOG_ROWS.toLocaleString('en-US')} entries filled in ${fillSeconds.toFixed(0)} s`,
    );
    for (const { name, url: path } of CASES) {
      const target = {
        port,
        path,
        headers: { authorization: `Bearer ${token}` },
        connections: CONNECTIONS,
        seconds: SECONDS,
        addresses,
      };
      const warmSeconds = await warm(target, server);
      const result = await cannon(target);
      const ok = result.p99 < P99_BUDGET_MS && result.non2xx + result.errors === 0;
      if (!ok) withinBudget = false;
      rows.push({
        database: label,
        request: name,
        ...formatLoad(result),
        'warm-up s': String(warmSeconds),
        budget: ok ? 'ok' : 'OVER',
      });
    }
    await server.stop();
  } finally {
    await postgres?.drop();
  }
}

console.log(
  `\nGET /api/logs/ over ${LOG_ROWS.toLocaleString('en-US')} entries, ${CONNECTIONS} connections, ${SECONDS} s each; budget p99 < ${P99_BUDGET_MS} ms`,
);
console.table(rows);
if (!withinBudget) {
  console.error('logs-bench: over budget.');
  process.exitCode = 1;
}
