/**
 * Several instances run the reminder timer at once (a real PostgreSQL: PGlite has one connection,
 * so nothing there runs at once): each reminder is claimed, and mailed, once.
 */
import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema';
import type { TTestApp } from '../../test/test-app';
import { createSeededPostgresApp } from '../payments/payments-test-kit';
import { limitedPlan, memberEnding, remindersOf, runReminders } from './reminders-test-kit';

let t: TTestApp;
beforeAll(async () => {
  t = await createSeededPostgresApp();
});
afterAll(async () => {
  await t.close();
});

describe('reminders sent by several instances at once', () => {
  it('sends each due reminder once when four runs race', async () => {
    const plan = await limitedPlan(t);
    const due = await Promise.all([30, 7, -7, 12, 3].map((days) => memberEnding(t, plan, days)));
    const runs = await Promise.all([1, 2, 3, 4].map(() => runReminders(t)));

    const sentIds = runs.flatMap((run) => run.sent);
    expect(new Set(sentIds).size).toBe(sentIds.length);
    const rows = await remindersOf(
      t,
      due.map((member) => member.id),
    );
    expect(rows).toHaveLength(due.length);
    expect(rows.every((row) => sentIds.includes(row.id))).toBe(true);
    const [mails] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(mailOutbox)
      .where(
        inArray(
          mailOutbox.toAddress,
          due.map((member) => member.email),
        ),
      );
    expect(Number(mails.n)).toBe(due.length);
  });
});
