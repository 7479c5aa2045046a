import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { prepareEveryQuery } from './pglite-statements';
import { preparingClient } from './postgres-statements';
import * as schema from './schema';

export type TSchema = typeof schema;
/** One type for both drivers: services never know which database they run on. */
export type TDb = PgDatabase<PgQueryResultHKT, TSchema>;
/** A transaction handle has the same query surface as the database. */
export type TTx = Parameters<Parameters<TDb['transaction']>[0]>[0];
export type TDbOrTx = TDb | TTx;

export interface TDatabase {
  db: TDb;
  kind: 'pglite' | 'postgres';
  /** Checkpoints (PGlite) and closes every connection. */
  close(): Promise<void>;
  /**
   * Whether the database takes a write now: rewrites the one row of `health_probe` and
   * commits, so a full disk or a read-only server answers false, not only an unreachable one.
   */
  probe(): Promise<boolean>;
}

/** The node-postgres pool under a PostgreSQL database's Drizzle handle. */
export function postgresPoolOf(database: Pick<TDatabase, 'db'>): pg.Pool {
  return (database.db as unknown as { $client: pg.Pool }).$client;
}

export const MIGRATIONS_DIR = path.resolve(import.meta.dirname, 'migrations');

export class DatabaseDamagedError extends Error {}

/**
 * PostgreSQL's default 128 MB of shared buffers sits in PGlite's WebAssembly memory and made
 * most of the server's resident memory (312 MB for the database alone); the association's data is
 * tens of MB and the operating system caches the files behind it: 32 MB keeps it under 210 MB.
 */
const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'];

export async function openPglite(options: {
  dataDir?: string;
  loadDataDir?: Blob;
}): Promise<TDatabase> {
  let client: PGlite;
  try {
    client = await PGlite.create({
      dataDir: options.dataDir,
      loadDataDir: options.loadDataDir,
      extensions: { pg_trgm },
      startParams: PGLITE_START_PARAMS,
    });
    prepareEveryQuery(client);
  } catch (error) {
    throw new DatabaseDamagedError(
      `The embedded database in ${options.dataDir ?? 'memory'} cannot be opened (${(error as Error).message ?? 'unknown error'}); restore it from a backup or remove the folder to start afresh.`,
    );
  }
  const db = drizzlePglite({ client, schema }) as unknown as TDb;
  return {
    db,
    kind: 'pglite',
    async close() {
      if (client.closed) return;
      await client.exec('CHECKPOINT');
      await client.close();
    },
    probe: () => probeWith(db),
  };
}

export async function openPostgres(url: string, poolSize = 10): Promise<TDatabase> {
  // A server that is gone answers within seconds (a 503) instead of leaving requests waiting.
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: 5_000,
    Client: preparingClient(),
  });
  // An idle client's error (the server restarted) must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  const db = drizzlePg({ client: pool, schema }) as unknown as TDb;
  return {
    db,
    kind: 'postgres',
    close: () => pool.end(),
    probe: () => probeWith(db),
  };
}

const PROBE_TIMEOUT_MS = 3_000;

async function probeWith(db: TDb): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const write = db
    .insert(schema.healthProbe)
    .values({ id: 1, checkedAt: new Date() })
    .onConflictDoUpdate({
      target: schema.healthProbe.id,
      set: { checkedAt: sql`excluded.checked_at` },
    })
    .then(() => true);
  // A server that does not answer at all must not hold the health check (and its caller) forever.
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), PROBE_TIMEOUT_MS);
  });
  try {
    return await Promise.race([write, timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/** Any constant shared by every Samaj instance: the key of the PostgreSQL lock around migrations. */
const MIGRATION_LOCK_KEY = 7_391_020_416;

/**
 * Brings the schema up to date. On PostgreSQL several instances may start together: a session
 * advisory lock, held on its own connection, lets one migrate while the others wait, then find
 * nothing left to do (drizzle skips the migrations already recorded).
 */
export async function migrateDatabase(
  database: TDatabase,
  migrationsFolder = MIGRATIONS_DIR,
): Promise<void> {
  if (database.kind === 'pglite') {
    await database.db.execute(sql`create extension if not exists pg_trgm`);
    await migratePglite(database.db as never, { migrationsFolder });
    return;
  }
  const pool = postgresPoolOf(database);
  const lock = new pg.Client(pool.options);
  await lock.connect();
  try {
    await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await database.db.execute(sql`create extension if not exists pg_trgm`);
    await migratePg(database.db as never, { migrationsFolder });
  } finally {
    await lock.end(); // ending the session releases its advisory lock
  }
}

/** Opens the configured database: PostgreSQL when a URL is given, otherwise PGlite persisted under dataDir/db. */
export async function openDatabase(config: {
  databaseUrl?: string;
  dataDir: string;
}): Promise<TDatabase> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl);
  const dir = path.join(config.dataDir, 'db');
  fs.mkdirSync(dir, { recursive: true });
  return openPglite({ dataDir: dir });
}
