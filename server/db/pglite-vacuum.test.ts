import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, type TDatabase } from './client';
import { startPgliteVacuum, tablesDueForVacuum, vacuumWhereDue } from './pglite-vacuum';
import { rowsOf } from './rows';
import { createTestDatabase } from '../test/test-database';

async function statsOf(database: TDatabase, table: string) {
  await database.db.execute(sql`select pg_stat_force_next_flush()`);
  const [row] = rowsOf<{ dead: number; vacuumed: boolean; analyzed: boolean }>(
    await database.db.execute(sql`
      select n_dead_tup::int as dead, last_vacuum is not null as vacuumed,
        last_analyze is not null as analyzed
      from pg_stat_user_tables where relname = ${table}`),
  );
  return row;
}

describe('the embedded database vacuum', () => {
  let database: TDatabase;

  beforeAll(async () => {
    database = await openPglite({});
    await database.db.execute(sql`create table counters (id int primary key, hits int not null)`);
    await database.db.execute(sql`create table quiet (id int primary key)`);
    await database.db.execute(
      sql`insert into counters select g, 0 from generate_series(1, 2000) g`,
    );
    await database.db.execute(sql`insert into quiet select g from generate_series(1, 10) g`);
  });
  afterAll(async () => {
    await database?.close();
  });

  it('vacuums and analyzes a table past the thresholds, and leaves a quiet one alone', async () => {
    // 2,000 rows inserted: past 1,000 + 20% of a table never measured (0 rows)
    expect(await tablesDueForVacuum(database.db)).toEqual(['counters']);
    expect(await vacuumWhereDue(database)).toEqual(['counters']);
    expect(await statsOf(database, 'counters')).toEqual({
      dead: 0,
      vacuumed: true,
      analyzed: true,
    });
    expect((await statsOf(database, 'quiet')).vacuumed).toBe(false);
    expect(await tablesDueForVacuum(database.db)).toEqual([]);
  });

  it('comes back once updates pass 50 + 10% of the table changed, or 50 + 20% dead', async () => {
    await database.db.execute(sql`update counters set hits = hits + 1 where id <= 200`);
    expect(await tablesDueForVacuum(database.db)).toEqual([]); // 200 < 50 + 200 and < 50 + 400
    await database.db.execute(sql`update counters set hits = hits + 1 where id <= 300`);
    expect((await statsOf(database, 'counters')).dead).toBe(500);
    expect(await vacuumWhereDue(database)).toEqual(['counters']);
    expect((await statsOf(database, 'counters')).dead).toBe(0);
  });

  it('looks on its timer only while the server is not busy, and logs what it did', async () => {
    await database.db.execute(sql`delete from counters where id > 1000`);
    let busy = true;
    const logged: Array<{ tables: string[] }> = [];
    const stop = startPgliteVacuum(database, {
      isBusy: () => busy,
      everyMs: 20,
      log: { info: (details) => logged.push(details as { tables: string[] }), error: () => {} },
    });
    try {
      await new Promise((resolve) => setTimeout(resolve, 150));
      expect(logged).toEqual([]);
      busy = false;
      await expect.poll(() => logged.length, { timeout: 5000 }).toBeGreaterThan(0);
      expect(logged[0].tables).toEqual(['counters']);
    } finally {
      await stop();
    }
  });
});

describe('on the suite database', () => {
  it('leaves PostgreSQL to its own autovacuum', async () => {
    const database = await createTestDatabase();
    try {
      const vacuumed = await vacuumWhereDue(database);
      if (database.kind === 'postgres') expect(vacuumed).toEqual([]);
      else expect(vacuumed).toEqual(expect.any(Array));
    } finally {
      await database.close();
    }
  });
});
