/**
 * The back office's member list with 10,000 families (issues 10 and 14): `POST /api/listMember`
 * as an admin with a search term, under load from autocannon (10 connections from 10 loopback
 * addresses) on one core, the server alone on the other. The families are made in SQL on two
 * plans (bench/fills.ts). Each search runs for BENCH_SECONDS after a warm-up.
 *
 *   npx tsx bench/member-list-bench.ts
 *   DATABASE_URL=postgres://... npx tsx bench/member-list-bench.ts   # PGlite, then PostgreSQL
 *   BENCH_CASE=willow npx tsx bench/member-list-bench.ts             # the searches naming "willow"
 *
 * Budget, per search: >= 800 requests/s and p99 < 100 ms; exits non-zero past it.
 */
import type { TMemberFilter } from '../domain/contracts/members';
import { FAMILIES } from './fills';
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
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const RATE_BUDGET = 800;
const P99_BUDGET_MS = 100;

const CASES: Array<{ name: string; filter: TMemberFilter }> = [
  { name: 'search last name "parikh"', filter: { search: 'parikh' } },
  { name: 'search "first last" "meera joshi"', filter: { search: 'meera joshi' } },
  { name: 'search FamilyID "gm4242"', filter: { search: 'gm4242' } },
  { name: 'search e-mail "member7778@"', filter: { search: 'member7778@' } },
  { name: 'search street "willow ln", 100/page', filter: { search: 'willow ln', pageSize: 100 } },
  { name: 'active, gift received, "shah"', filter: { gift: 'true', search: 'shah' } },
];

const chosen = CASES.filter(({ name }) => name.includes(process.env.BENCH_CASE ?? ''));

pinLoadCore();
const addresses = loopbackAddresses(CONNECTIONS);
const rows: Array<Record<string, string>> = [];
let withinBudget = true;
for (const { label, url } of databases()) {
  const postgres = url ? await throwawayPostgres(url) : undefined;
  try {
    const server = await startServer({
      databaseUrl: postgres?.url,
      fills: ['members'],
      profileDir: process.env.BENCH_PROFILE,
    });
    const { port, token } = server.ready;
    for (const { name, filter } of chosen) {
      const target = {
        port,
        path: '/api/listMember',
        method: 'POST' as const,
        body: filter,
        headers: { authorization: `Bearer ${token}` },
        connections: CONNECTIONS,
        seconds: SECONDS,
        addresses,
      };
      const warmSeconds = await warm(target, server);
      const result = await cannon(target);
      const ok =
        result.requestsPerSecond >= RATE_BUDGET &&
        result.p99 < P99_BUDGET_MS &&
        result.non2xx + result.errors === 0;
      if (!ok) withinBudget = false;
      rows.push({
        database: label,
        search: name,
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
  `\nPOST /api/listMember over ${FAMILIES.toLocaleString('en-US')} families, ${CONNECTIONS} connections, ${SECONDS} s each; budget >= ${RATE_BUDGET} req/s, p99 < ${P99_BUDGET_MS} ms`,
);
console.table(rows);
if (!withinBudget) {
  console.error('member-list-bench: over budget.');
  process.exitCode = 1;
}
