import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TPlan } from '../domain/contracts/plans';
import { bearer, createSeededApp, tokenOf } from './modules/auth/auth-test-kit';
import type { TTestApp } from './test/test-app';

/**
 * Inputs the database would refuse (a NUL byte, an id past its integer column, an amount past
 * its cents) answer 400 in the error shape, never 500; numeric strings are digits, never coerced.
 */
let t: TTestApp;
let admin: string;
beforeAll(async () => {
  t = await createSeededApp();
  admin = await tokenOf(t, 'admin');
});
afterAll(() => t?.close());

const buyer = { fname: 'Asha', lname: 'Patel', email: 'asha@example.org', contact: '5125550100' };

async function firstEventId(): Promise<number> {
  const [event] = (await t.app.inject('/api/event')).json();
  return event.id;
}

function expectValidation(response: { statusCode: number; json(): unknown }) {
  expect(response.statusCode).toBe(400);
  expect((response.json() as { error: { code: string } }).error.code).toBe('VALIDATION');
}

describe('ids and counts', () => {
  it.each(['2147483648', '99999999999999999999', '0', '-1'])(
    'answers GET /api/event/%s with 400',
    async (id) => {
      expectValidation(await t.app.inject(`/api/event/${id}`));
    },
  );

  it('still answers the largest id an integer column holds with 404', async () => {
    const response = await t.app.inject('/api/event/2147483647');
    expect(response.statusCode).toBe(404);
  });

  it.each(['0x05', '1e1', '5.0', '+5', ' 5'])(
    'refuses the numeric string "%s" instead of coercing it',
    async (id) => {
      expectValidation(await t.app.inject(`/api/event/${encodeURIComponent(id)}`));
    },
  );

  it('refuses "1e1" tickets and an event id past the column in a checkout body', async () => {
    const eventid = await firstEventId();
    const base = { kind: 'nonmember-ticket', eventid, ticket: 1, buyer };
    for (const payload of [
      { ...base, ticket: '1e1' },
      { ...base, ticket: '0x05' },
      { ...base, eventid: 2147483648 },
    ]) {
      expectValidation(await t.app.inject({ method: 'POST', url: '/api/checkout', payload }));
    }
  });

  it('refuses a page number that is not decimal digits', async () => {
    for (const page of ['1e1', '0x02', '99999999999']) {
      expectValidation(
        await t.app.inject({ url: `/api/members?page=${page}`, headers: bearer(admin) }),
      );
    }
  });
});

describe('amounts', () => {
  it('refuses a plan fee beyond what the database holds with 400, not 500', async () => {
    const plans: TPlan[] = (
      await t.app.inject({ url: '/api/memberplan?all=true', headers: bearer(admin) })
    ).json();
    const plan = plans.find((p) => p.prefix !== 'DA')!;
    for (const fee of ['10000000000', 10000000000, '1000000.01']) {
      const response = await t.app.inject({
        method: 'PUT',
        url: `/api/memberplan/${plan.id}`,
        headers: bearer(admin),
        payload: { ...plan, PlanFee: fee },
      });
      expectValidation(response);
      expect(response.json().error.fields).toHaveProperty('PlanFee');
    }
    const atMost = await t.app.inject({
      method: 'PUT',
      url: `/api/memberplan/${plan.id}`,
      headers: bearer(admin),
      payload: { ...plan, PlanFee: '1000000.00' },
    });
    expect(atMost.statusCode).toBe(200);
    await t.app.inject({
      method: 'PUT',
      url: `/api/memberplan/${plan.id}`,
      headers: bearer(admin),
      payload: plan,
    });
  });

  it('refuses a service charge written as "0x05" or "1e1"', async () => {
    const plans: TPlan[] = (
      await t.app.inject({ url: '/api/memberplan?all=true', headers: bearer(admin) })
    ).json();
    const plan = plans.find((p) => p.prefix !== 'DA')!;
    for (const serviceCharge of ['0x05', '1e1']) {
      const response = await t.app.inject({
        method: 'PUT',
        url: `/api/memberplan/${plan.id}`,
        headers: bearer(admin),
        payload: { ...plan, serviceCharge },
      });
      expectValidation(response);
      expect(response.json().error.fields).toHaveProperty('serviceCharge');
    }
  });
});

describe('control characters in text', () => {
  it('answers a NUL byte in a buyer name with 400 naming the field', async () => {
    const eventid = await firstEventId();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/checkout',
      payload: {
        kind: 'nonmember-ticket',
        eventid,
        ticket: 1,
        buyer: { ...buyer, fname: 'a\u0000b' },
      },
    });
    expectValidation(response);
    expect(response.json().error.fields).toHaveProperty('buyer.fname');
  });

  it.each(['a%00b', 'a%01b', 'a%0Ab'])('answers ?search=%s with 400', async (term) => {
    expectValidation(
      await t.app.inject({ url: `/api/members?search=${term}`, headers: bearer(admin) }),
    );
  });

  it('answers a NUL byte in a transaction id or an e-mail look-up with 400', async () => {
    expectValidation(await t.app.inject('/api/payments/mock/abc%00def'));
    expectValidation(await t.app.inject('/api/membercheckemail/a%00b%40example.org'));
  });

  it('keeps ordinary text, accents and apostrophes', async () => {
    const response = await t.app.inject({
      url: `/api/members?search=${encodeURIComponent("O'Brien Zoë")}`,
      headers: bearer(admin),
    });
    expect(response.statusCode).toBe(200);
  });
});
