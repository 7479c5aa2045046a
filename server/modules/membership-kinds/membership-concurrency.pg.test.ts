/**
 * Row locks that only a real PostgreSQL shows (PITFALLS #6): payments confirmed at the same time
 * get distinct FamilyPlanIds, and a family's free slots are never handed out twice.
 */
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { familyMembers, members } from '../../db/schema';
import type { TTestApp } from '../../test/test-app';
import { bearer } from '../auth/auth-test-kit';
import {
  openMembershipApp,
  payCheckout,
  registrationBody,
  startCheckout,
  type TMembershipApp,
} from './checkout-test-kit';

let k: TMembershipApp;
let t: TTestApp;
beforeAll(async () => {
  k = await openMembershipApp();
  t = k.t;
});
afterAll(() => t?.close());

describe('concurrent membership changes', () => {
  it('gives registrations confirmed together consecutive, distinct FamilyPlanIds', async () => {
    const emails = Array.from({ length: 5 }, (_, i) => `together${i}@example.org`);
    const ids: string[] = [];
    for (const email of emails) {
      const started = await startCheckout(t, registrationBody(k.gm.id, email, { dependents: [] }));
      expect(started.statusCode).toBe(200);
      ids.push(started.json().transactionID);
    }
    await Promise.all(ids.map((id) => payCheckout(t, id)));
    const joined = await t.database.db.select().from(members).where(inArray(members.email, emails));
    const numbers = joined.map((m) => Number(m.familyPlanId?.slice(2))).sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(5);
    expect(numbers[4] - numbers[0]).toBe(4);
  });

  it('refills free paid-for slots once each when several additions race', async () => {
    await t.database.db.update(members).set({ dependentsPaid: 4 }).where(eq(members.id, k.ownId));
    const add = (name: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/family/',
        headers: bearer(k.member),
        payload: { relation: 'dependent', name, dateOfBirth: '2020-01-01' },
      });
    const answers = await Promise.all(['A', 'B', 'C', 'D'].map(add));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 201, 402, 402]);
    const rows = await t.database.db
      .select()
      .from(familyMembers)
      .where(eq(familyMembers.memberId, k.ownId));
    expect(
      rows
        .filter((r) => r.relation === 'dependent')
        .map((r) => r.slot)
        .sort(),
    ).toEqual([1, 2, 3, 4]);
  });
});
