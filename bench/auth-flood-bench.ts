/**
 * What a flood of password resets with made-up tokens does to everyone else's sign-in, and
 * whether a forgot-password request's answer time tells a known address from an unknown one.
 * Runs the real app (`app.inject`) on PGlite in a fresh data directory with the demo data and the
 * system clock.
 *
 *   npx tsx bench/auth-flood-bench.ts
 *
 * The flood sends 80 tries a second (the rate of the report in issue 8) and rotates its client
 * address every 10 tries, as a botnet would, so the per-address limit alone does not stop it;
 * what is measured is what each try costs the server.
 * Not part of the test suite.
 */
import { randomBytes } from 'node:crypto';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { migrateDatabase } from '../server/db/client';
import { rateLimits } from '../server/db/schema';
import { seedDemo } from '../server/db/seed';
import { systemClock } from '../server/lib/clock';
import { openBenchPglite } from './bench-kit';

const SIGN_INS = 30;
const FLOOD_RATE = 80;
const TIMING_PAIRS = 20;
const CPU_TRIES = 200;

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function main() {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: '.bench-data' });
  const database = await openBenchPglite();
  await migrateDatabase(database);
  await seedDemo(database.db, {
    clock: systemClock,
    timeZone: config.timeZone,
    eventPrefix: config.eventPrefix,
  });
  const app = await buildApp({ config, database, clock: systemClock, logger: false });
  await app.ready();

  let address = 0;
  const signInTimes = async () => {
    const times: number[] = [];
    for (let i = 0; i < SIGN_INS; i += 1) {
      const started = performance.now();
      const response = await app.inject({
        method: 'POST',
        url: '/api/user/signin',
        remoteAddress: `203.0.113.${(address += 1) % 250}`,
        payload: { email: 'admin@example.org', password: 'samaj-demo' },
      });
      if (response.statusCode !== 200) throw new Error(`sign-in answered ${response.statusCode}`);
      times.push(performance.now() - started);
    }
    return times;
  };

  const quiet = await signInTimes();
  console.log(`sign-in, quiet: median ${median(quiet).toFixed(1)} ms`);

  // Open loop, as an attacker sends: a try every 1000/FLOOD_RATE ms whether or not the last one
  // has been answered.
  let tries = 0;
  const statuses = new Map<number, number>();
  const pending: Array<Promise<unknown>> = [];
  const timer = setInterval(() => {
    tries += 1;
    const request = app
      .inject({
        method: 'POST',
        url: `/api/user/memresetpass/${randomBytes(32).toString('base64url')}`,
        remoteAddress: `10.${Math.floor(tries / 10) % 250}.${Math.floor(tries / 2500) % 250}.1`,
        payload: { password: 'flooding-password' },
      })
      .then((response) =>
        statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1),
      );
    pending.push(request);
  }, 1000 / FLOOD_RATE);
  const loaded = await signInTimes();
  clearInterval(timer);
  await Promise.all(pending);
  console.log(
    `sign-in, during a flood of ${FLOOD_RATE} made-up reset tries/s: median ${median(loaded).toFixed(1)} ms (flood answers: ${JSON.stringify(Object.fromEntries(statuses))})`,
  );

  // CPU time counts every thread of the process (argon2's too) and, unlike latency, does not
  // swell when other programs share the machine.
  const cpuBefore = process.cpuUsage();
  for (let i = 0; i < CPU_TRIES; i += 1) {
    await app.inject({
      method: 'POST',
      url: `/api/user/memresetpass/${randomBytes(32).toString('base64url')}`,
      remoteAddress: `10.200.${Math.floor(i / 10)}.1`,
      payload: { password: 'flooding-password' },
    });
  }
  const cpu = process.cpuUsage(cpuBefore);
  console.log(
    `CPU per made-up reset try: ${((cpu.user + cpu.system) / 1000 / CPU_TRIES).toFixed(2)} ms (${CPU_TRIES} tries)`,
  );

  const known: number[] = [];
  const unknown: number[] = [];
  for (let i = 0; i < TIMING_PAIRS; i += 1) {
    for (const [email, times] of [
      [`nobody${i}@example.org`, unknown],
      ['member@example.org', known],
    ] as const) {
      const started = performance.now();
      await app.inject({
        method: 'POST',
        url: '/api/user/memresetpass',
        remoteAddress: `198.18.${i}.1`,
        payload: { email },
      });
      times.push(performance.now() - started);
    }
    // The per-e-mail limit (5 in 15 minutes) would refuse the known address after five.
    await database.db.delete(rateLimits);
  }
  console.log(
    `forgot-password answer: known ${median(known).toFixed(1)} ms, unknown ${median(unknown).toFixed(1)} ms (medians of ${TIMING_PAIRS})`,
  );
  await app.close();
  await database.close();
}

await main();
