/**
 * A transaction's COMMIT riding behind its last statement on a real PostgreSQL
 * (server/db/commit-behind.ts): committed once that statement answers, rolled back whole when it
 * refuses, and nothing sent after it.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { committingWith } from './commit-behind';
import type { TDatabase, TDbOrTx } from './client';
import { rowsOf } from './rows';
import { createTestDatabase } from '../test/test-database';

let database: TDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  expect(database.kind).toBe('postgres');
  await database.db.execute(sql`create table ledger (id int primary key, note text not null)`);
});
afterAll(async () => {
  await database.close();
});

const insert = (db: TDbOrTx, id: number, note = 'kept') =>
  db.execute(sql`insert into ledger values (${id}, ${note})`);

/** Whether another connection sees the row `id`: what is committed. */
async function seenElsewhere(id: number): Promise<boolean> {
  const rows = rowsOf<{ n: number }>(
    await database.db.execute(sql`select count(*)::int as n from ledger where id = ${id}`),
  );
  return rows[0].n === 1;
}

describe("a transaction's COMMIT behind its last statement", () => {
  it('is committed as soon as that statement answers, before the transaction returns', async () => {
    let committedBeforeReturn = false;
    await database.db.transaction(async (tx) => {
      await insert(tx, 1);
      await committingWith(tx, () => insert(tx, 2));
      // The rows (and any lock) are released to everyone else while the work has not returned
      for (let tries = 0; tries < 100 && !committedBeforeReturn; tries++)
        committedBeforeReturn = await seenElsewhere(2);
    });
    expect(committedBeforeReturn).toBe(true);
    expect(await seenElsewhere(1)).toBe(true);
  });

  it('rolls the whole transaction back when that statement refuses in SQL', async () => {
    const refusing = database.db.transaction(async (tx) => {
      await insert(tx, 3);
      await committingWith(tx, () => tx.execute(sql`select samaj_refuse('left:0')`));
    });
    await expect(refusing).rejects.toMatchObject({
      cause: { code: 'SJ409', message: 'left:0' },
    });
    expect(await seenElsewhere(3)).toBe(false);
  });

  it('rolls back when a statement failed, even if the work went on as if not', async () => {
    const failing = database.db.transaction(async (tx) => {
      await insert(tx, 4);
      await committingWith(tx, () => insert(tx, 4)).catch(() => undefined);
      return 'went on';
    });
    // The duplicate's error was caught, so the work returned; PostgreSQL answered COMMIT ROLLBACK
    await expect(failing).rejects.toMatchObject({
      cause: { message: expect.stringContaining('The transaction was rolled back') },
    });
    expect(await seenElsewhere(4)).toBe(false);
  });

  it('refuses a statement sent after it, and the connection goes on', async () => {
    const late = database.db.transaction(async (tx) => {
      await committingWith(tx, () => insert(tx, 6));
      await insert(tx, 7);
    });
    await expect(late).rejects.toMatchObject({
      cause: { message: expect.stringContaining('after its transaction was already committed') },
    });
    // The first was committed: the work may not go on past its last statement
    expect(await seenElsewhere(6)).toBe(true);
    expect(await seenElsewhere(7)).toBe(false);
    await database.db.transaction((tx) => insert(tx, 8));
    expect(await seenElsewhere(8)).toBe(true);
  });

  it('says so when the work fails after that statement committed: nothing can be undone', async () => {
    const failingLate = database.db.transaction(async (tx) => {
      await committingWith(tx, () => insert(tx, 12));
      throw new Error('a bug after the last statement');
    });
    await expect(failingLate).rejects.toMatchObject({
      cause: { message: expect.stringContaining('what it wrote is kept') },
    });
    expect(await seenElsewhere(12)).toBe(true);
  });

  it('leaves a savepoint to end as usual, and so its transaction', async () => {
    await database.db
      .transaction(async (tx) => {
        await tx.transaction((inner) => committingWith(inner, () => insert(inner, 9)));
        expect(await seenElsewhere(9)).toBe(false);
        throw new Error('undo');
      })
      .catch(() => undefined);
    expect(await seenElsewhere(9)).toBe(false);
  });

  it('commits as usual when the statement is not sent at once', async () => {
    await database.db.transaction(async (tx) => {
      await committingWith(tx, async () => {
        await Promise.resolve();
        await insert(tx, 10);
      });
      await insert(tx, 11);
    });
    expect(await seenElsewhere(10)).toBe(true);
    expect(await seenElsewhere(11)).toBe(true);
  });
});
