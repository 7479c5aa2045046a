/**
 * Spec 01 §4, §7: after a paid registration the new member is signed in without typing the
 * password again; only the browser that started that checkout (it holds the one-time secret),
 * only once the payment is confirmed, and only once.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TPlan } from '../../../domain/contracts/plans';
import { payments } from '../../db/schema';
import type { TTestApp } from '../../test/test-app';
import { bearer } from '../auth/auth-test-kit';
import {
  openMembershipApp,
  payCheckout,
  registrationBody,
  startCheckout,
} from '../membership-kinds/checkout-test-kit';
import {
  REGISTRATION_NOT_CONFIRMED,
  REGISTRATION_SIGN_IN_REFUSED,
} from './registration-sign-in.service';

let t: TTestApp;
let member: string;
let ownId: number;
let gm: TPlan;

beforeAll(async () => {
  ({ t, member, ownId, gm } = await openMembershipApp());
});
afterAll(() => t?.close());

function exchange(transactionID: string, secret: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/checkout/registration/session',
    payload: { transactionID, secret },
  });
}

async function register(email: string) {
  const started = await startCheckout(t, registrationBody(gm.id, email));
  expect(started.statusCode).toBe(200);
  return started.json() as { transactionID: string; signInSecret: string };
}

describe('signing in after a paid registration', () => {
  it('gives the browser that started the registration a secret, and keeps only its hash', async () => {
    const { transactionID, signInSecret } = await register('hash.only@example.org');
    expect(signInSecret).toMatch(/^[\w-]{43}$/);
    const [row] = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.transactionId, transactionID));
    expect(JSON.stringify(row.details)).not.toContain(signInSecret);
    expect(row.details.signInSecretHash).toEqual(expect.any(String));
  });

  it('gives no secret to other kinds of checkout', async () => {
    const more = await startCheckout(
      t,
      {
        kind: 'dependents',
        memberid: ownId,
        dependents: [{ name: 'Tara Shah', dateOfBirth: '2020-05-05' }],
      },
      member,
    );
    expect(more.statusCode).toBe(200);
    expect(more.json()).not.toHaveProperty('signInSecret');
  });

  it('refuses before the payment is confirmed (402), then signs the new member in once it is', async () => {
    const { transactionID, signInSecret } = await register('auto.signin@example.org');
    const early = await exchange(transactionID, signInSecret);
    expect(early.statusCode).toBe(402);
    expect(early.json().error).toMatchObject({
      code: 'PAYMENT_REQUIRED',
      message: REGISTRATION_NOT_CONFIRMED,
    });

    await payCheckout(t, transactionID);
    const signedIn = await exchange(transactionID, signInSecret);
    expect(signedIn.statusCode).toBe(200);
    const body = signedIn.json();
    expect(body.user).toMatchObject({ email: 'auto.signin@example.org' });
    expect(body.user).not.toHaveProperty('passwordHash');
    // The session is a real member session: it reads the new member's own family
    const me = await t.app.inject({
      url: '/api/user/accTokenmem/me',
      headers: bearer(body.authToken),
    });
    expect(me.statusCode).toBe(200);
    expect(me.json().email).toBe('auto.signin@example.org');
  });

  it('refuses a wrong secret, and the secret of another registration', async () => {
    const first = await register('wrong.secret@example.org');
    const second = await register('other.secret@example.org');
    await payCheckout(t, first.transactionID);
    await payCheckout(t, second.transactionID);
    const wrong = await exchange(first.transactionID, 'not-the-secret');
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error.message).toBe(REGISTRATION_SIGN_IN_REFUSED);
    expect((await exchange(first.transactionID, second.signInSecret)).statusCode).toBe(403);
    // A wrong guess does not spend the right secret
    expect((await exchange(first.transactionID, first.signInSecret)).statusCode).toBe(200);
  });

  it('refuses a second exchange of the same secret, even two at once', async () => {
    const { transactionID, signInSecret } = await register('once.only@example.org');
    await payCheckout(t, transactionID);
    const [a, b] = await Promise.all([
      exchange(transactionID, signInSecret),
      exchange(transactionID, signInSecret),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 403]);
    expect((await exchange(transactionID, signInSecret)).statusCode).toBe(403);
  });

  it('refuses an unknown transaction the same way as a wrong secret', async () => {
    const response = await exchange('no-such-transaction', 'whatever');
    expect(response.statusCode).toBe(403);
    expect(response.json().error.message).toBe(REGISTRATION_SIGN_IN_REFUSED);
  });
});
