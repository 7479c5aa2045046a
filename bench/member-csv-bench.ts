/**
 * How the member spreadsheet holds up at 10,000 families. Fills a fresh database (generate_series,
 * in SQL; every 5th name in Gujarati, every 50th a formula), starts the real app on a port and
 * downloads `GET /api/csv` through HTTP with fetch, timing the first byte and the whole file and
 * counting the rows that arrive.
 *
 *   npx tsx bench/member-csv-bench.ts                              # PGlite (a fresh data directory)
 *   DATABASE_URL=postgres://... npx tsx bench/member-csv-bench.ts  # PGlite, then PostgreSQL
 *
 * Budget: the whole file of 10,000 members within 2 s, and it streams (the first bytes arrive
 * before the last page of rows is read). Exits non-zero past the budget. Not part of the suite.
 */
import { sql } from 'drizzle-orm';
import type { TDatabase } from '../server/db/client';
import { listeningBenchApp, onEachDatabase } from './bench-kit';

const FAMILIES = 10_000;
const BUDGET_SECONDS = 2;
const REPEATS = 5;
const HARD_STOP_MS = 170_000;

async function fill(database: TDatabase): Promise<void> {
  await database.db.execute(sql`
    insert into membership_plans (membership_type, prefix, plan_fee_cents, have_spouse, dependent_fee_cents, max_dependent, service_charge_percent, validity_type)
    values ('General Membership', 'GM', 10000, true, 2500, 6, 3, 'Unlimited')`);
  await database.db.execute(sql`
    insert into members (family_plan_id, plan_id, first_name, last_name, email, password_hash,
      contact_phone, street, city, state, zipcode, date_of_birth, is_active, validity_from, validity_to, gift_received)
    select
      'GM' || lpad(g::text, 5, '0'),
      (select id from membership_plans where prefix = 'GM'),
      case when g % 50 = 0 then '=cmd|calc' when g % 5 = 0 then 'ગુજરાતી'
           else (array['Asha','Ravi','Meera','Kiran','Nila','José','Priya','Zoë'])[1 + g % 8] end,
      (array['Patel','Shah','Desai','Joshi','Vora','Amin','Mehta','Trivedi'])[1 + (g / 8) % 8],
      'member' || g || '@example.org',
      'unused',
      '281555' || lpad((g % 10000)::text, 4, '0'),
      (100 + g % 9900) || ' Oak St',
      'Houston',
      'TX',
      '77' || lpad((g % 1000)::text, 3, '0'),
      '1970-01-01'::date + (g % 15000),
      g % 7 <> 0,
      '2026-01-01',
      null,
      case when g % 3 = 0 then 'received' else '' end
    from generate_series(1, ${FAMILIES}) g`);
  await database.db.execute(sql`analyze members`);
}

async function run(label: string, database: TDatabase): Promise<boolean> {
  const { app, headers, fillSeconds, origin } = await listeningBenchApp(database, fill, 'ga');

  const runs: Array<{
    seconds: number;
    firstByte: number;
    rows: number;
    bytes: number;
    chunks: number;
  }> = [];
  for (let i = 0; i < REPEATS; i += 1) {
    const t0 = performance.now();
    const response = await fetch(`${origin}/api/csv`, { headers });
    if (response.status !== 200 || !response.body)
      throw new Error(`download answered ${response.status}: ${await response.text()}`);
    let bytes = 0;
    let chunks = 0;
    let lines = 0;
    let firstByte = 0;
    const reader = response.body.getReader();
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      if (chunks === 0) firstByte = (performance.now() - t0) / 1000;
      chunks += 1;
      bytes += read.value.byteLength;
      for (const byte of read.value) if (byte === 0x0a) lines += 1;
    }
    runs.push({
      seconds: (performance.now() - t0) / 1000,
      firstByte,
      rows: lines - 1,
      bytes,
      chunks,
    });
  }
  await app.close();

  const sorted = [...runs].sort((a, b) => a.seconds - b.seconds);
  const median = sorted[Math.floor(sorted.length / 2)];
  const complete = runs.every((r) => r.rows === FAMILIES);
  const streamed = median.chunks > 1 && median.firstByte < median.seconds;
  const within = median.seconds <= BUDGET_SECONDS && complete && streamed;
  console.log(
    `\n${label}: ${FAMILIES.toLocaleString('en-US')} families filled in ${fillSeconds.toFixed(1)} s; budget: median <= ${BUDGET_SECONDS} s, streamed, every row`,
  );
  console.table([
    {
      download: 'GET /api/csv (all members)',
      'median s': median.seconds.toFixed(2),
      'slowest s': sorted[sorted.length - 1].seconds.toFixed(2),
      'first byte s': median.firstByte.toFixed(3),
      rows: median.rows,
      'CSV MB': (median.bytes / 1024 / 1024).toFixed(2),
      chunks: median.chunks,
      'rows/s': Math.round(FAMILIES / median.seconds).toLocaleString('en-US'),
      budget: within ? 'within' : 'OVER',
    },
  ]);
  return within;
}

// Bounded: a bench that hangs is reported as a failure, not waited for
const stop = setTimeout(() => {
  console.error(`member-csv-bench: gave up after ${HARD_STOP_MS / 1000} s`);
  process.exit(1);
}, HARD_STOP_MS);
stop.unref();

const results = await onEachDatabase(run);
if (results.includes(false)) {
  console.error(
    `Over budget: the member CSV took more than ${BUDGET_SECONDS} s, or did not stream every row.`,
  );
  process.exitCode = 1;
}
