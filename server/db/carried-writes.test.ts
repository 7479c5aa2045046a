import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-database';
import { writeAudit } from '../lib/audit';
import { builtQuery } from './built-query';
import { carryingWrites, textCarrying } from './carried-writes';
import type { TDatabase, TDbOrTx } from './client';
import { auditLogs } from './schema';

let database: TDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

/** The audit log's writer, a carried write: every entry of the tests is the tester's. */
const writeEntry = (db: TDbOrTx, message: string) =>
  writeAudit(
    db,
    {
      actor: {
        user: 'Tester',
        email: 'tester@example.org',
        userType: 'Global Admin',
        ipAddress: '::1',
      },
      method: 'POST',
      at: new Date('2026-11-28T12:00:00Z'),
    },
    { message },
  );

/** A built statement that carries what is queued; it reads the count with its own WITH clause. */
const countOf = builtQuery((db) => {
  const matching = db.$with('matching').as(
    db
      .select({ id: auditLogs.id })
      .from(auditLogs)
      .where(eq(auditLogs.loggerMessage, sql.placeholder('message'))),
  );
  return db
    .with(matching)
    .select({ count: sql<number>`count(*)::int` })
    .from(matching);
});

/** Read past the built statements: it carries nothing and sees only what has been sent. */
async function sentCount(db: TDbOrTx, message: string): Promise<number> {
  const rows = await db
    .select({ id: auditLogs.id })
    .from(auditLogs)
    .where(eq(auditLogs.loggerMessage, message));
  return rows.length;
}

describe('writes carried by the next statement', () => {
  it('numbers the carried parameters after the statement’s own and keeps its WITH clauses', () => {
    const carried = [
      { text: 'insert into a values ($1, $2)', values: [1, 2], runAlone: async () => {} },
      { text: 'insert into b values ($1)', values: [3], runAlone: async () => {} },
    ];
    expect(textCarrying('select $1', 1, carried)).toBe(
      'with samaj_carried_1 as (insert into a values ($2, $3)), samaj_carried_2 as (insert into b values ($4)) select $1',
    );
    expect(textCarrying('with x as (select $1) select * from x', 1, carried.slice(1))).toBe(
      'with samaj_carried_1 as (insert into b values ($2)), x as (select $1) select * from x',
    );
    expect(textCarrying('WITH RECURSIVE x as (select 1) select 2', 0, carried.slice(1))).toBe(
      'with recursive samaj_carried_1 as (insert into b values ($1)), x as (select 1) select 2',
    );
  });

  it('are queued in a carrying transaction, sent with its next built statement, in order of values', async () => {
    const seen = await database.db.transaction((tx) =>
      carryingWrites(tx, async () => {
        await writeEntry(tx, 'carried one');
        await writeEntry(tx, 'carried two');
        const queued = await sentCount(tx, 'carried one');
        // The statement carrying them does not see them; the next one does
        const carrying = await countOf(tx, { message: 'carried two' });
        return { queued, carrying, after: await countOf(tx, { message: 'carried two' }) };
      }),
    );
    expect(seen).toEqual({ queued: 0, carrying: [{ count: 0 }], after: [{ count: 1 }] });
    const [row] = await database.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.loggerMessage, 'carried one'));
    expect(row).toMatchObject({ user: 'Tester', methodType: 'POST' });
    expect(row.createdAt.toISOString()).toBe('2026-11-28T12:00:00.000Z');
  });

  it('still queued when the work ends are sent before the commit', async () => {
    await database.db.transaction((tx) =>
      carryingWrites(tx, async () => {
        await writeEntry(tx, 'last a');
        await writeEntry(tx, 'last b');
        await writeEntry(tx, 'last c');
      }),
    );
    for (const message of ['last a', 'last b', 'last c'])
      expect(await sentCount(database.db, message)).toBe(1);
  });

  it('are dropped with work that throws, whose transaction rolls back', async () => {
    const failure = new Error('roll back');
    await expect(
      database.db.transaction((tx) =>
        carryingWrites(tx, async () => {
          await writeEntry(tx, 'never written');
          await countOf(tx, { message: 'never written' });
          await writeEntry(tx, 'never sent');
          throw failure;
        }),
      ),
    ).rejects.toBe(failure);
    expect(await sentCount(database.db, 'never written')).toBe(0);
    expect(await sentCount(database.db, 'never sent')).toBe(0);
  });

  it('are written at once outside a carrying scope, and an inner scope leaves them to the outer', async () => {
    await writeEntry(database.db, 'at once');
    expect(await sentCount(database.db, 'at once')).toBe(1);
    await database.db.transaction(async (tx) => {
      await writeEntry(tx, 'plain transaction');
      expect(await sentCount(tx, 'plain transaction')).toBe(1);
      await carryingWrites(tx, async () => {
        await carryingWrites(tx, () => writeEntry(tx, 'inner'));
        expect(await sentCount(tx, 'inner')).toBe(0);
      });
      expect(await sentCount(tx, 'inner')).toBe(1);
    });
  });
});
