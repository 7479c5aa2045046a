import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TPlan } from '../../../domain/contracts/plans';
import { auditLogs, payments } from '../../db/schema';
import type { TTestApp } from '../../test/test-app';
import {
  openMembershipApp,
  registrationBody,
  startCheckout,
} from '../membership-kinds/checkout-test-kit';
import { expireLapsedCheckouts } from './expiry-sweeper';

let t: TTestApp;
let gm: TPlan;

beforeAll(async () => {
  ({ t, gm } = await openMembershipApp());
});
afterAll(() => t?.close());

const rowOf = async (transactionId: string) =>
  (await t.database.db.select().from(payments).where(eq(payments.transactionId, transactionId)))[0];

describe('the checkout expiry sweep', () => {
  it('leaves a checkout alone for its 30 minutes', async () => {
    const { transactionID } = (
      await startCheckout(t, registrationBody(gm.id, 'fresh.sweep@example.org'))
    ).json();
    t.clock.advance(29 * 60_000);
    expect(await expireLapsedCheckouts(t.database.db, t.clock)).not.toContain(transactionID);
    expect((await rowOf(transactionID)).status).toBe('pending');
  });

  it('expires a lapsed checkout, drops an abandoned registration password hash and logs it', async () => {
    const { transactionID } = (
      await startCheckout(t, registrationBody(gm.id, 'gone.sweep@example.org'))
    ).json();
    const before = (await rowOf(transactionID)).details as { member: Record<string, unknown> };
    expect(before.member.passwordHash).toEqual(expect.any(String));

    t.clock.advance(31 * 60_000);
    expect(await expireLapsedCheckouts(t.database.db, t.clock)).toContain(transactionID);

    const after = await rowOf(transactionID);
    expect(after.status).toBe('expired');
    const member = (after.details as { member: Record<string, unknown> }).member;
    expect(member.passwordHash).toBeUndefined();
    expect(member.email).toBe('gone.sweep@example.org');
    const logged = await t.database.db
      .select()
      .from(auditLogs)
      .where(
        eq(auditLogs.loggerMessage, `Payment ${transactionID} expired before it was confirmed`),
      );
    expect(logged).toHaveLength(1);
  });
});
