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
  ping(): Promise<boolean>;
}

export const MIGRATIONS_DIR = path.resolve(import.meta.dirname, 'migrations');

export class DatabaseDamagedError extends Error {}

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
    });
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
    ping: () => pingWith(db),
  };
}

export async function openPostgres(url: string, poolSize = 10): Promise<TDatabase> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle client's error (the server restarted) must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  const db = drizzlePg({ client: pool, schema }) as unknown as TDb;
  return {
    db,
    kind: 'postgres',
    close: () => pool.end(),
    ping: () => pingWith(db),
  };
}

async function pingWith(db: TDb): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

export async function migrateDatabase(database: TDatabase): Promise<void> {
  await database.db.execute(sql`create extension if not exists pg_trgm`);
  if (database.kind === 'pglite') {
    await migratePglite(database.db as never, { migrationsFolder: MIGRATIONS_DIR });
  } else {
    await migratePg(database.db as never, { migrationsFolder: MIGRATIONS_DIR });
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
