/**
 * Sign-in limited by the password hash and nothing else (issue 14). First the raw argon2id
 * verification rate on the server's core (bench/argon2-rate.ts), then `POST /api/user/signin`
 * under autocannon (8 connections from 8 loopback addresses, 8 staff accounts in turn, right
 * passwords, so no limit refuses), the server alone on that core.
 *
 *   npx tsx bench/signin-bench.ts
 *   DATABASE_URL=postgres://... npx tsx bench/signin-bench.ts
 *
 * Budget: sign-ins/s >= 80% of the raw hash rate, every answer 200; exits non-zero past it. The
 * CPU each sign-in and each raw hash took is printed beside: other work on a shared machine
 * moves the rates, far less the CPU, so that is where a sign-in's own cost shows.
 */
import { SIGNIN_ACCOUNTS, SIGNIN_PASSWORD } from './fills';
import {
  cannon,
  databases,
  formatLoad,
  loopbackAddresses,
  pinLoadCore,
  startChild,
  startServer,
  throwawayPostgres,
  warm,
} from './http-kit';

const CONNECTIONS = 8;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const SHARE_BUDGET = 0.8;

pinLoadCore();
const raw = await startChild<{ perSecond: number; cpuMsEach: number }>('argon2-rate.ts', {
  BENCH_SECONDS: String(SECONDS),
});
await raw.stop();
const rawRate = raw.ready.perSecond;

const bodies = Array.from({ length: SIGNIN_ACCOUNTS }, (_, i) => ({
  email: `signin${i + 1}@example.org`,
  password: SIGNIN_PASSWORD,
}));
const rows: Array<Record<string, string>> = [
  {
    what: 'argon2id verify, raw, 8 at a time',
    'req/s': rawRate.toFixed(1),
    'of hash rate': '100%',
    'CPU ms each': raw.ready.cpuMsEach.toFixed(1),
  },
];
let withinBudget = true;
for (const { label, url } of databases()) {
  const postgres = url ? await throwawayPostgres(url) : undefined;
  try {
    const server = await startServer({
      databaseUrl: postgres?.url,
      fills: ['signin'],
      profileDir: process.env.BENCH_PROFILE,
    });
    const target = {
      port: server.ready.port,
      path: '/api/user/signin',
      method: 'POST' as const,
      bodies,
      connections: CONNECTIONS,
      seconds: SECONDS,
      addresses: loopbackAddresses(CONNECTIONS),
    };
    await warm(target);
    const cpuBefore = await server.cpuSeconds();
    const result = await cannon(target);
    const cpuMsEach = (((await server.cpuSeconds()) - cpuBefore) * 1000) / result.requests;
    await server.stop();
    const share = result.requestsPerSecond / rawRate;
    const ok = share >= SHARE_BUDGET && result.non2xx + result.errors === 0;
    if (!ok) withinBudget = false;
    rows.push({
      what: `POST /api/user/signin, ${label}`,
      ...formatLoad(result),
      'of hash rate': `${(share * 100).toFixed(0)}%`,
      'CPU ms each': cpuMsEach.toFixed(1),
      budget: ok ? 'ok' : 'OVER',
    });
  } finally {
    await postgres?.drop();
  }
}
console.log(
  `\nSign-in against the raw hash rate, ${CONNECTIONS} connections, ${SECONDS} s; budget >= ${SHARE_BUDGET * 100}% of the hash rate`,
);
console.table(rows);
if (!withinBudget) {
  console.error('signin-bench: over budget.');
  process.exitCode = 1;
}
