/**
 * How the audit log list holds up at a million rows. Fills a fresh database with 1,000,000 log
 * entries (generate_series, in SQL) and times the screen's typical requests through the real app
 * (`app.inject`): first page, page 500, a deep page by keyset, filters, a sort by e-mail.
 *
 *   npx tsx bench/logs-bench.ts                       # PGlite (in memory)
 *   DATABASE_URL=postgres://... npx tsx bench/logs-bench.ts   # PGlite, then PostgreSQL
 *
 * On PostgreSQL it creates its own database and drops it afterwards. Not part of the test suite.
 */
import { sql } from 'drizzle-orm';
import type { TDatabase } from '../server/db/client';
import { benchApp, onEachDatabase, percentile } from './bench-kit';

const ROWS = 1_000_000;
const REPEATS = 15;

interface TCase {
  name: string;
  url: string;
}

const INDEXES = ['audit_logs_search_trgm_idx', 'audit_logs_created_at_id_idx'];

async function fill(database: TDatabase): Promise<void> {
  // Building the indexes once after the insert is several times faster than keeping them up to
  // date row by row; they are recreated from the migration's own definitions.
  const definitions: string[] = [];
  for (const name of INDEXES) {
    const result = await database.db.execute(
      sql`select indexdef from pg_indexes where indexname = ${name}`,
    );
    // Both drivers answer { rows }; the shared TDb type does not say so.
    definitions.push((result as unknown as { rows: Array<{ indexdef: string }> }).rows[0].indexdef);
    await database.db.execute(sql.raw(`drop index ${name}`));
  }
  // Names, addresses and messages vary the way a real log does; created_at goes back one
  // second per row, so the newest rows are the lowest numbers.
  await database.db.execute(sql`
    insert into audit_logs ("user", email, user_type, ip_address, method_type, logger_message, created_at)
    select
      (array['Global Admin','Meera Desai','Kiran Vora','Asha Patel','Ravi Shah','Nila Joshi'])[1 + g % 6],
      'user' || (g % 5000) || '@example.org',
      (array['Global Admin','Super User','Temp Admin','Member','Anonymous'])[1 + g % 5],
      '10.' || (g % 250) || '.' || (g / 250 % 250) || '.' || (g % 7),
      (array['GET','POST','PUT','DELETE'])[1 + g % 4],
      (array['Signed in','Signed out','Updated member ','Created event ','Deleted dependent of member '])[1 + g % 5]
        || case when g % 5 >= 2 then (g % 20000)::text else '' end,
      now() - g * interval '1 second'
    from generate_series(1, ${ROWS}) g`);
  await database.db.execute(sql`set maintenance_work_mem = '256MB'`);
  for (const definition of definitions) await database.db.execute(sql.raw(definition));
  await database.db.execute(sql`analyze audit_logs`);
}

async function run(label: string, database: TDatabase): Promise<void> {
  const { app, headers, fillSeconds } = await benchApp(database, fill);

  const middleId = ROWS / 2;
  const cases: TCase[] = [
    { name: 'first page (newest first)', url: '/api/logs/' },
    { name: 'page 500 (offset 4,990)', url: '/api/logs/?page=500' },
    { name: 'row 500,000 by keyset (after=)', url: `/api/logs/?after=${middleId}` },
    { name: 'filter "member 1234" (rare)', url: '/api/logs/?filter=member%201234' },
    { name: 'filter "temp admin" (common)', url: '/api/logs/?filter=temp%20admin' },
    { name: 'filter "user4242@" 100/page', url: '/api/logs/?filter=user4242%40&pageSize=100' },
    { name: 'sort email asc, page 1', url: '/api/logs/?sort=email&direction=asc' },
    { name: 'sort email asc, page 500', url: '/api/logs/?sort=email&direction=asc&page=500' },
  ];

  const rows: Array<Record<string, string>> = [];
  for (const { name, url } of cases) {
    const times: number[] = [];
    let body = { total: 0, totalCapped: false, items: [] as unknown[] };
    for (let i = 0; i < REPEATS; i += 1) {
      const t0 = performance.now();
      const response = await app.inject({ url, headers });
      times.push(performance.now() - t0);
      if (response.statusCode !== 200)
        throw new Error(`${url} answered ${response.statusCode}: ${response.body}`);
      body = response.json();
    }
    // The first call warms caches and plans; it is reported apart from the steady state.
    const steady = times.slice(1).sort((a, b) => a - b);
    rows.push({
      request: name,
      'first ms': times[0].toFixed(1),
      'median ms': percentile(steady, 50).toFixed(1),
      'p95 ms': percentile(steady, 95).toFixed(1),
      items: String(body.items.length),
      total: `${body.total}${body.totalCapped ? '+' : ''}`,
    });
  }
  await app.close();
  console.log(
    `\n${label}: ${ROWS.toLocaleString('en-US')} rows filled and indexed in ${fillSeconds.toFixed(1)} s`,
  );
  console.table(rows);
}

await onEachDatabase(run);
