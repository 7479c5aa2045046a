/**
 * What the benchmarks share: a staff session without signing in, a percentile, and running one
 * benchmark on PGlite and then, when DATABASE_URL is set, on a throwaway PostgreSQL database.
 */
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp, type TApp } from '../server/app';
import { loadConfig } from '../server/config';
import { migrateDatabase, openPglite, openPostgres, type TDatabase } from '../server/db/client';
import { adminAccounts } from '../server/db/schema';
import { systemClock } from '../server/lib/clock';
import { createSession } from '../server/modules/auth/sessions';

/** A bearer token of a fresh admin account of `kind` ('su' super user, 'ga' global admin). */
export async function benchToken(database: TDatabase, kind: 'su' | 'ga'): Promise<string> {
  const [account] = await database.db
    .insert(adminAccounts)
    .values({ email: 'bench@example.org', passwordHash: 'unused', firstName: 'Bench', kind })
    .returning();
  const session = await createSession(
    database.db,
    { kind, subjectId: account.id, ipAddress: '127.0.0.1', userAgent: 'bench' },
    systemClock.now(),
  );
  return session.token;
}

/**
 * Migrates and fills the database, then builds the app on it with a session of `kind` (a super
 * user unless said): what every API benchmark does before it times anything. `fillSeconds`
 * includes the migration.
 */
export async function benchApp(
  database: TDatabase,
  fill: (database: TDatabase) => Promise<void>,
  kind: 'su' | 'ga' = 'su',
): Promise<{ app: TApp; headers: { authorization: string }; fillSeconds: number }> {
  const started = performance.now();
  await migrateDatabase(database);
  await fill(database);
  const fillSeconds = (performance.now() - started) / 1000;
  const config = loadConfig(
    { NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: '.bench-data' },
    'bench',
  );
  const app = await buildApp({ config, database, clock: systemClock, logger: false });
  await app.ready();
  const headers = { authorization: `Bearer ${await benchToken(database, kind)}` };
  return { app, headers, fillSeconds };
}

/** `benchApp` listening on a free loopback port, for downloads timed over real HTTP. */
export async function listeningBenchApp(
  database: TDatabase,
  fill: (database: TDatabase) => Promise<void>,
  kind: 'su' | 'ga' = 'su',
): Promise<{ app: TApp; headers: { authorization: string }; fillSeconds: number; origin: string }> {
  const bench = await benchApp(database, fill, kind);
  await bench.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = bench.app.server.address() as AddressInfo;
  return { ...bench, origin: `http://127.0.0.1:${port}` };
}

export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/**
 * PGlite in a data directory of its own, as `npm start` keeps it (DATA_DIR/db), not in memory: the
 * engine then writes its files to disk as it does in service. `close` closes it and removes the
 * directory; a benchmark killed before that leaves it in the system's temporary folder.
 */
export async function openBenchPglite(): Promise<TDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'samaj-bench-pglite-'));
  const database = await openPglite({ dataDir });
  return {
    ...database,
    async close() {
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function onPglite<T>(run: (label: string, database: TDatabase) => Promise<T>): Promise<T> {
  const database = await openBenchPglite();
  try {
    return await run('PGlite', database);
  } finally {
    await database.close();
  }
}

async function onPostgres<T>(
  url: string,
  run: (label: string, database: TDatabase) => Promise<T>,
): Promise<T> {
  const name = `samaj_bench_${process.pid}_${Date.now()}`;
  const admin = async (text: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openPostgres(target.toString(), 4);
  try {
    return await run('PostgreSQL', database);
  } finally {
    await database.close();
    await admin(`drop database if exists ${name} with (force)`);
  }
}

/** Runs the benchmark on PGlite, then on PostgreSQL when DATABASE_URL is set; their results. */
export async function onEachDatabase<T>(
  run: (label: string, database: TDatabase) => Promise<T>,
): Promise<T[]> {
  const results = [await onPglite(run)];
  if (process.env.DATABASE_URL) results.push(await onPostgres(process.env.DATABASE_URL, run));
  return results;
}
