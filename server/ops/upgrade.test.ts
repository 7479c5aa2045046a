import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count, eq, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import {
  MIGRATIONS_DIR,
  migrateDatabase,
  openPglite,
  openPostgres,
  type TDatabase,
  type TDbOrTx,
} from '../db/client';
import { members, payments } from '../db/schema';
import { seedDemo } from '../db/seed';
import { TestClock } from '../lib/clock';
import { adminQuery, withDatabase } from '../test/global-setup';
import { readBackupHeader, restoreBackup, writeBackup } from './backup';
import { migrateTo, readJournal } from './migrations';

const clock = new TestClock('2026-11-22T15:00:00Z');
const databaseUrl = process.env.DATABASE_URL;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'samaj-upgrade-test-'));
const opened: TDatabase[] = [];
const dropped: string[] = [];
const journal = readJournal(MIGRATIONS_DIR);

async function emptyDatabase(): Promise<TDatabase> {
  if (!databaseUrl) {
    const database = await openPglite({});
    opened.push(database);
    return database;
  }
  const name = `samaj_upgrade_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  await adminQuery(databaseUrl, `create database ${name}`);
  dropped.push(name);
  const database = await openPostgres(withDatabase(databaseUrl, name), 3);
  opened.push(database);
  return database;
}

async function appliedMigrations(database: TDatabase): Promise<number> {
  const result = (await database.db.execute(
    'select count(*)::int as n from drizzle.__drizzle_migrations' as never,
  )) as unknown as { rows: { n: number }[] };
  return result.rows[0].n;
}

async function tally(database: TDatabase) {
  const [m] = await database.db.select({ n: count() }).from(members);
  const [p] = await database.db.select({ n: count() }).from(payments);
  return { members: m.n, payments: p.n };
}

async function rowsOf<T>(db: TDbOrTx, statement: SQL): Promise<T[]> {
  return ((await db.execute(statement)) as unknown as { rows: T[] }).rows;
}

/** Copies every row of `from` that fits `to`'s older schema: its tables and columns only. */
async function copyRowsTheSchemaHas(from: TDatabase, to: TDatabase): Promise<void> {
  const tables = await rowsOf<{ table_name: string; names: string[] }>(
    to.db,
    sql`select table_name, array_agg(column_name::text order by ordinal_position) as names
          from information_schema.columns where table_schema = 'public' group by table_name`,
  );
  await to.db.transaction(async (tx) => {
    // Foreign keys are checked by the source database already; the order of tables is free here
    await tx.execute(sql`set local session_replication_role = replica`);
    for (const { table_name: table, names } of tables) {
      const list = sql.raw(names.map((name) => `"${name}"`).join(', '));
      const name = sql.raw(`"${table}"`);
      const [{ rows }] = await rowsOf<{ rows: unknown[] | null }>(
        from.db,
        sql`select json_agg(t) as rows from (select ${list} from ${name}) t`,
      );
      if (!rows) continue;
      await tx.execute(
        sql`insert into ${name} (${list}) select ${list} from json_populate_recordset(null::${name}, ${JSON.stringify(rows)}::json)`,
      );
    }
  });
  // Serial ids go on after the copied rows, as they would have in the first release
  const serials = await rowsOf<{ table_name: string; column_name: string }>(
    to.db,
    sql`select table_name, column_name from information_schema.columns
          where table_schema = 'public' and column_default like 'nextval%'`,
  );
  for (const { table_name: table, column_name: column } of serials) {
    const name = sql.raw(`"${table}"`);
    const id = sql.raw(`"${column}"`);
    await to.db.execute(
      sql`select setval(pg_get_serial_sequence(${`"${table}"`}, ${column}), coalesce(max(${id}), 0) + 1, false) from ${name}`,
    );
  }
}

let first: TDatabase;
let before: { members: number; payments: number };

beforeAll(async () => {
  // the database the first release made: schema 0000_init only, with an association in it
  first = await emptyDatabase();
  await migrateTo(first, '0000_init');
  // Today's seed writes today's columns: seed a current database and copy what the first schema has
  const current = await emptyDatabase();
  await migrateDatabase(current);
  await seedDemo(current.db, { clock, timeZone: 'America/Chicago', eventPrefix: 'Gala' });
  // The first schema's checks know no donations (a later kind): those rows were never in it
  await current.db.delete(payments).where(eq(payments.kind, 'donation'));
  await copyRowsTheSchemaHas(current, first);
  before = await tally(first);
}, 120_000);

afterAll(async () => {
  for (const database of opened) await database.close().catch(() => undefined);
  for (const name of dropped)
    await adminQuery(databaseUrl!, `drop database if exists ${name} with (force)`);
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('upgrading from the first released schema', () => {
  it('a backup made on the first schema restores into the current one', async () => {
    expect(journal.length).toBeGreaterThan(1);
    expect(await appliedMigrations(first)).toBe(1);
    const file = path.join(dir, 'first.jsonl.gz');
    await writeBackup(first, file, '0.1.0');
    expect((await readBackupHeader(file)).migration).toBe('0000_init');
    const target = await emptyDatabase();
    await restoreBackup(target, file);
    expect(await appliedMigrations(target)).toBe(journal.length);
    expect(await tally(target)).toEqual(before);
  });

  it('the current code migrates it once, keeps every row, and members sign in', async () => {
    await migrateDatabase(first);
    await migrateDatabase(first); // a second start finds nothing to do
    expect(await appliedMigrations(first)).toBe(journal.length);
    expect(await tally(first)).toEqual(before);
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dir }, 'test');
    const app = await buildApp({ config, database: first, clock, logger: false });
    try {
      const response = await app.inject({
        method: 'POST',
        url: '/api/memlogin',
        payload: { email: 'member@example.org', password: 'samaj-demo' },
      });
      expect(response.statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});
