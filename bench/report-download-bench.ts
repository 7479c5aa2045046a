/**
 * How the ticket report download holds up at a year of 100,000 confirmed payments. Fills a fresh
 * database (generate_series, in SQL), starts the real app on a port and downloads the xlsx through
 * HTTP with fetch, timing it and sampling the process's resident memory while it streams.
 *
 *   npx tsx bench/report-download-bench.ts                              # PGlite (a fresh data directory)
 *   DATABASE_URL=postgres://... npx tsx bench/report-download-bench.ts  # PGlite, then PostgreSQL
 *
 * Budget (issue 14): the download of 100,000 rows finishes within 5 s and grows the server's
 * memory by less than 150 MB (the rows are streamed in pages of 1,000, never held at once).
 * Exits 1 past either. With V8's
 * default heap most of the growth is garbage collected late; `node --max-old-space-size=128
 * --import tsx bench/report-download-bench.ts` shows what is really kept. On PostgreSQL it
 * creates its own database and drops it afterwards. Not part of the test suite.
 */
import { sql } from 'drizzle-orm';
import { addDays, toCalendarDate } from '../domain/dates';
import type { TDatabase } from '../server/db/client';
import { listeningBenchApp, onEachDatabase } from './bench-kit';

const ROWS = 100_000;
const BUDGET_SECONDS = 5;
const BUDGET_RSS_MB = 150;
/** Fills included: 100,000 payments took PGlite 112 s on a slow day of this 2-core machine. */
const HARD_STOP_MS = 600_000;

async function fill(database: TDatabase): Promise<void> {
  await database.db.execute(sql`
    insert into events (name, event_date, event_time, member_price_cents, non_member_price_cents, table_price_cents, capacity)
    select 'Bench Event ' || m, (now() - (m * 30) * interval '1 day')::date, '18:00', 1000, 1500, 12000, 100000
      from generate_series(0, 11) m`);
  // A year of purchases, one every ~5 minutes, newest now; a tenth are tables, a third member tickets
  await database.db.execute(sql`
    insert into payments (transaction_id, kind, status, provider, email, member_name, product_name,
                          description, payment_type, dependent, amount_cents, event_id, event_date,
                          confirmed_at, created_at, updated_at)
    select 'txn_bench' || lpad(g::text, 19, '0'),
           case when g % 10 = 0 then 'table-for-10' when g % 3 = 0 then 'member-ticket' else 'nonmember-ticket' end,
           'payment done', 'mock',
           'buyer' || g || '@example.net',
           case when g % 997 = 0 then '=cmd|calc' else 'Buyer ' || g end,
           case when g % 10 = 0 then 'Gala Event TableFor10 Tickets' when g % 3 = 0 then 'Gala Event Members Ticket'
                else 'Gala Event Non Member Tickets' end,
           'payment', 'Event',
           case when g % 10 = 0 then 10 else 1 + g % 6 end,
           case when g % 10 = 0 then 12000 else 1500 * (1 + g % 6) end,
           (select id from events order by id limit 1 offset (g % 12)),
           current_date,
           now() - g * interval '315 seconds', now() - g * interval '315 seconds', now()
      from generate_series(1, ${ROWS}) g`);
  await database.db.execute(sql`analyze payments`);
}

async function run(label: string, database: TDatabase): Promise<boolean> {
  const { app, headers, fillSeconds, origin } = await listeningBenchApp(database, fill, 'ga');
  const end = toCalendarDate(new Date(), app.ctx.config.timeZone);
  const url = `${origin}/api/ticketreportdownload/${addDays(end, -365)}/${end}`;

  global.gc?.();
  const heapOf = (usage: NodeJS.MemoryUsage) => usage.heapUsed + usage.external;
  const before = process.memoryUsage();
  let peak = before.rss;
  let peakHeap = heapOf(before);
  const sampler = setInterval(() => {
    const usage = process.memoryUsage();
    peak = Math.max(peak, usage.rss);
    peakHeap = Math.max(peakHeap, heapOf(usage));
  }, 20);
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  const response = await fetch(url, { headers });
  if (response.status !== 200 || !response.body)
    throw new Error(`download answered ${response.status}: ${await response.text()}`);
  let bytes = 0;
  const reader = response.body.getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read())
    bytes += read.value.byteLength;
  const seconds = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  clearInterval(sampler);
  await app.close();

  const mb = (n: number) => n / 1024 / 1024;
  const growthMb = mb(peak - before.rss);
  const within = seconds <= BUDGET_SECONDS && growthMb <= BUDGET_RSS_MB;
  console.log(
    `\n${label}: ${ROWS.toLocaleString('en-US')} payments filled in ${fillSeconds.toFixed(1)} s`,
  );
  console.table([
    {
      download: 'ticket report, one year',
      seconds: seconds.toFixed(2),
      // CPU of this process (server and reader): on a busy machine it tells the code from the wait
      'CPU s': ((cpu.user + cpu.system) / 1e6).toFixed(2),
      'xlsx MB': (bytes / 1024 / 1024).toFixed(2),
      'rows/s': Math.round(ROWS / seconds).toLocaleString('en-US'),
      'RSS before MB': mb(before.rss).toFixed(0),
      'peak RSS growth MB': growthMb.toFixed(1),
      'peak JS heap growth MB': mb(peakHeap - heapOf(before)).toFixed(1),
      budget: within ? 'within' : 'OVER',
    },
  ]);
  return within;
}

// Bounded: a bench that hangs is reported as a failure, not waited for
const stop = setTimeout(() => {
  console.error(`report-download-bench: gave up after ${HARD_STOP_MS / 1000} s`);
  process.exit(1);
}, HARD_STOP_MS);
stop.unref();

const results = await onEachDatabase(run);
if (results.includes(false)) process.exitCode = 1;
