/**
 * The member list answered from the roll held in memory (issue 14): it selects exactly what the
 * filter's SQL selects for the exports, and it is never stale, whoever changed the database.
 */
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toCalendarDate } from '../../../domain/dates';
import { members, membershipPlans } from '../../db/schema';
import type { TTestApp } from '../../test/test-app';
import { createSeededApp } from '../auth/auth-test-kit';
import { listMembers } from './member-list.service';
import { memberRoll, ROLL_FIELDS } from './member-roll';
import { filterCondition, type TMemberListFilter } from './members.service';

let t: TTestApp;

beforeAll(async () => {
  t = await createSeededApp();
});
afterAll(() => t?.close());

const today = () => toCalendarDate(t.clock.now(), t.config.timeZone);

/** Every member the list finds for `filter`, by id. */
async function listed(filter: Omit<TMemberListFilter, 'page' | 'pageSize'>) {
  const page = await listMembers(t.database, { ...filter, page: 1, pageSize: 100_000 }, today());
  expect(page.total).toBe(page.member.length);
  return page.member.map((member) => member.MemberId);
}

/** What the exports' SQL selects for `filter`, by id. */
async function selected(filter: Omit<TMemberListFilter, 'page' | 'pageSize'>) {
  const rows = await t.database.db
    .select({ id: members.id })
    .from(members)
    .leftJoin(membershipPlans, eq(members.planId, membershipPlans.id))
    .where(filterCondition({ ...filter, page: 1, pageSize: 1 }, today()))
    .orderBy(asc(members.id));
  return rows.map((row) => row.id);
}

async function someMember() {
  const [row] = await t.database.db.select().from(members).orderBy(asc(members.id)).limit(1);
  return row;
}

describe('the member list over the roll in memory', () => {
  it('selects, for every combination of filters, exactly what the SQL filter selects', async () => {
    const first = await someMember();
    const prefixes = (await t.database.db.select().from(membershipPlans)).map((p) => p.prefix);
    const terms = [
      undefined,
      '',
      'all',
      ' ',
      first.lastName.toUpperCase(),
      ` ${first.firstName.toLowerCase()} ${first.lastName.slice(0, 2)} `,
      (first.familyPlanId ?? '').slice(0, 3),
      first.email.slice(2, 9),
      'a',
      'e ',
      '%',
      '_',
      "'",
      'no such member anywhere',
    ];
    let compared = 0;
    for (const search of terms) {
      for (const active of [undefined, 'true', 'false'] as const) {
        for (const gift of [undefined, '', 'true', 'false'] as const) {
          for (const membertype of [null, ...prefixes, 'NOPE']) {
            const filter = { search, active, gift, membertype };
            const expected = await selected(filter);
            expect(await listed(filter), JSON.stringify(filter)).toEqual(expected);
            compared += expected.length;
          }
        }
      }
    }
    expect(compared).toBeGreaterThan(100); // the filters found members, not only empty lists
  });

  it('shows a change made outside this app (another server, a tool) on the very next list', async () => {
    const member = await someMember();
    expect(await listed({ search: 'qwertzuiop' })).toEqual([]);
    await t.database.db.execute(
      sql`update members set last_name = 'Qwertzuiop' where id = ${member.id}`,
    );
    expect(await listed({ search: 'qwertzuiop' })).toEqual([member.id]);

    await t.database.db.execute(
      sql`update membership_plans set prefix = 'QZ' where id = ${member.planId}`,
    );
    const [row] = (
      await listMembers(t.database, { search: 'qwertzuiop', page: 1, pageSize: 10 }, today())
    ).member;
    expect(row.prefix).toBe('QZ');
    expect(await listed({ membertype: 'QZ', search: 'qwertzuiop' })).toEqual([member.id]);

    await t.database.db.transaction(async (tx) => {
      await tx.update(members).set({ lastName: 'Asdfghjkl' }).where(eq(members.id, member.id));
      await tx
        .update(members)
        .set({ notes: 'in one transaction' })
        .where(eq(members.id, member.id));
    });
    expect(await listed({ search: 'asdfghjkl' })).toEqual([member.id]);

    await t.database.db.execute(sql`delete from members where id = ${member.id}`);
    expect(await listed({ search: 'asdfghjkl' })).toEqual([]);
  });

  it('keeps the roll it holds while nothing the list shows has changed', async () => {
    const member = await someMember();
    const held = await memberRoll(t.database);
    expect(await memberRoll(t.database)).toBe(held);

    // A column the list does not show, and a change that was rolled back
    await t.database.db
      .update(members)
      .set({ passwordHash: 'changed' })
      .where(eq(members.id, member.id));
    await t.database.db
      .transaction(async (tx) => {
        await tx.update(members).set({ lastName: 'Never' }).where(eq(members.id, member.id));
        tx.rollback();
      })
      .catch(() => undefined);
    expect(await memberRoll(t.database)).toBe(held);

    await t.database.db.update(members).set({ notes: 'new note' }).where(eq(members.id, member.id));
    const after = await memberRoll(t.database);
    expect(after).not.toBe(held);
    expect(after.rows.find((row) => row.id === member.id)?.notes).toBe('new note');
  });

  it("watches, in the database's trigger, every column of a member the roll reads", async () => {
    const read = Object.values(ROLL_FIELDS)
      .filter((column) => column.table === members)
      .map((column) => column.name)
      .filter((name) => name !== 'id' && name !== 'search_text'); // the key; made of the others
    const result = (await t.database.db.execute(sql`
      select a.attname as name from pg_trigger g
        join pg_attribute a on a.attrelid = g.tgrelid and a.attnum = any(g.tgattr::int2[])
       where g.tgname = 'members_roll_changed'`)) as unknown as { rows: { name: string }[] };
    expect(result.rows.map((row) => row.name).sort()).toEqual(read.sort());
  });

  it('answers lists asked together after a change from one fresh read', async () => {
    const member = await someMember();
    await t.database.db
      .update(members)
      .set({ lastName: 'Concurrent' })
      .where(eq(members.id, member.id));
    const rolls = await Promise.all(Array.from({ length: 6 }, () => memberRoll(t.database)));
    expect(new Set(rolls).size).toBe(1);
    expect(rolls[0].rows.find((row) => row.id === member.id)?.lastName).toBe('Concurrent');
  });
});
