import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR, migrateDatabase, openPostgres, type TDatabase } from '../db/client';
import { adminQuery, withDatabase } from '../test/global-setup';
import { readJournal } from './migrations';

const databaseUrl = process.env.DATABASE_URL!;
const name = `samaj_concurrent_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
const instances: TDatabase[] = [];

afterAll(async () => {
  for (const database of instances) await database.close().catch(() => undefined);
  await adminQuery(databaseUrl, `drop database if exists ${name} with (force)`);
});

describe('several instances starting together on one PostgreSQL database', () => {
  it('apply each migration once, and every instance starts', async () => {
    await adminQuery(databaseUrl, `create database ${name}`);
    for (let i = 0; i < 3; i++)
      instances.push(await openPostgres(withDatabase(databaseUrl, name), 2));
    const results = await Promise.allSettled(instances.map((db) => migrateDatabase(db)));
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
    const result = (await instances[0].db.execute(
      'select count(*)::int as n, count(distinct hash)::int as d from drizzle.__drizzle_migrations' as never,
    )) as unknown as { rows: { n: number; d: number }[] };
    const migrations = readJournal(MIGRATIONS_DIR).length;
    expect(result.rows[0]).toEqual({ n: migrations, d: migrations });
  });
});
