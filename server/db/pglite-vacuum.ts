/**
 * The embedded database's autovacuum. PGlite runs PostgreSQL in one process without its
 * background workers, so nothing ever vacuums or analyzes it: dead rows (rate-limit counters,
 * sessions, edited payments) pile up in every scan, the visibility map stays empty, so no index
 * scan can skip the table, and the planner's statistics stay those of the day each table was
 * created. On 1,000,000 log entries, a far page of the log sorted by e-mail took a p99 of 129 ms
 * before a vacuum and 90 ms after (issue 14, bench/logs-bench.ts).
 *
 * So the server does what PostgreSQL's autovacuum would, with its default thresholds: a table
 * whose dead rows, rows inserted since its last vacuum or rows changed since its last analyze pass
 * a base plus a share of its size is vacuumed and analyzed. It looks every minute and only while
 * the server is not busy with requests, since a vacuum holds PGlite's one connection while it runs
 * (on a table that only grows, a vacuum reads just the pages added since the last). PostgreSQL
 * itself is left to its own autovacuum.
 */
import { sql } from 'drizzle-orm';
import { quieterMoment, type TBusyProbe } from '../lib/busy-probe';
import type { TDatabase, TDb } from './client';
import { rowsOf } from './rows';

/** PostgreSQL's autovacuum defaults (autovacuum_vacuum_threshold and its companions). */
export const VACUUM_THRESHOLDS = {
  dead: { base: 50, share: 0.2 },
  inserted: { base: 1000, share: 0.2 },
  changedSinceAnalyze: { base: 50, share: 0.1 },
} as const;

const CHECK_EVERY_MS = 60_000;
/** A vacuum starts only after the server's thread was quiet this long, just before it. */
const QUIET_FOR_MS = 200;

/** The app's tables past a threshold, by name. */
export async function tablesDueForVacuum(db: TDb): Promise<string[]> {
  // Statistics reach the views when the connection goes idle, at most once a second: this makes
  // the next idle moment (right after this statement) report everything counted so far.
  await db.execute(sql`select pg_stat_force_next_flush()`);
  const size = sql`greatest(c.reltuples, 0)`;
  const { dead, inserted, changedSinceAnalyze } = VACUUM_THRESHOLDS;
  const due = await db.execute(sql`
    select s.relname as name
    from pg_stat_user_tables s join pg_class c on c.oid = s.relid
    where s.schemaname = 'public' and (
      s.n_dead_tup > ${dead.base} + ${dead.share} * ${size}
      or s.n_ins_since_vacuum > ${inserted.base} + ${inserted.share} * ${size}
      or s.n_mod_since_analyze > ${changedSinceAnalyze.base} + ${changedSinceAnalyze.share} * ${size})
    order by s.relname`);
  return rowsOf<{ name: string }>(due).map((row) => row.name);
}

/** Vacuums and analyzes each table that is due, one after the other; none on PostgreSQL. */
export async function vacuumWhereDue(database: TDatabase): Promise<string[]> {
  if (database.kind !== 'pglite') return [];
  const tables = await tablesDueForVacuum(database.db);
  for (const table of tables) {
    await database.db.execute(sql`vacuum (analyze) ${sql.identifier(table)}`);
  }
  return tables;
}

/** Starts the minute's look on PGlite; answers how to stop it (after a vacuum under way). */
export function startPgliteVacuum(
  database: TDatabase,
  options: {
    isBusy: TBusyProbe;
    everyMs?: number;
    log: {
      info(details: object, message: string): void;
      error(details: object, message: string): void;
    };
  },
): () => Promise<void> {
  if (database.kind !== 'pglite') return async () => undefined;
  let running: Promise<void> | undefined;
  const look = async () => {
    const started = performance.now();
    const tables = await vacuumWhereDue(database);
    if (tables.length > 0) {
      const ms = Math.round(performance.now() - started);
      options.log.info({ tables, ms }, 'embedded database vacuumed');
    }
  };
  const timer = setInterval(() => {
    if (running) return;
    running = quieterMoment(options.isBusy, { pollMs: QUIET_FOR_MS, maxWaitMs: 0 })
      .then((quiet) => (quiet ? look() : undefined))
      .catch((err: unknown) => options.log.error({ err }, 'embedded database vacuum failed'))
      .finally(() => {
        running = undefined;
      });
  }, options.everyMs ?? CHECK_EVERY_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running; // a vacuum under way finishes before the database closes
  };
}
