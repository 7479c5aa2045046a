import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-database';
import { builtQueriesByColumns, builtQuery } from './built-query';
import type { TDatabase } from './client';
import { auditLogs } from './schema';

let database: TDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

type TAuditRow = typeof auditLogs.$inferInsert;

const entry = (message: string): TAuditRow => ({
  user: 'Tester',
  email: 'tester@example.org',
  userType: 'Admin',
  ipAddress: '127.0.0.1',
  methodType: 'POST',
  loggerMessage: message,
  createdAt: new Date('2026-11-27T12:00:00Z'),
});

let builds = 0;
const insertEntry = builtQueriesByColumns((db, row: TAuditRow) => {
  builds += 1;
  return db
    .insert(auditLogs)
    .values(row)
    .returning({ id: auditLogs.id, message: auditLogs.loggerMessage, at: auditLogs.createdAt });
});

const messageOf = builtQuery((db) =>
  db
    .select({ message: auditLogs.loggerMessage })
    .from(auditLogs)
    .where(eq(auditLogs.id, sql.placeholder('id'))),
);

const run = (row: TAuditRow) => insertEntry(database.db, row);

describe('a query built once and run with its values', () => {
  it('runs with each call’s own values, encoded by their columns, and builds once per shape', async () => {
    builds = 0;
    const [first] = await run(entry('first'));
    const [second] = await run(entry('second'));
    expect(first.message).toBe('first');
    expect(second.message).toBe('second');
    expect(second.at.toISOString()).toBe('2026-11-27T12:00:00.000Z');
    expect(builds).toBe(1);

    // Without a creation time the column's default fills it: another shape, built once more
    const { createdAt: _left, ...undated } = entry('undated');
    const [third] = await insertEntry(database.db, undated);
    expect(third.at).toBeInstanceOf(Date);
    expect(builds).toBe(2);
    expect(await messageOf(database.db, { id: second.id })).toEqual([{ message: 'second' }]);
  });

  it('runs on a transaction’s own connection: rolled back with it, seen inside it', async () => {
    const rollback = new Error('roll back');
    let seenInside: unknown;
    await expect(
      database.db.transaction(async (tx) => {
        const [row] = await insertEntry(tx, entry('inside'));
        seenInside = await messageOf(tx, { id: row.id });
        throw rollback;
      }),
    ).rejects.toBe(rollback);
    expect(seenInside).toEqual([{ message: 'inside' }]);
    const [latest] = await database.db
      .select({ message: auditLogs.loggerMessage })
      .from(auditLogs)
      .orderBy(desc(auditLogs.id))
      .limit(1);
    expect(latest.message).not.toBe('inside');
  });
});
