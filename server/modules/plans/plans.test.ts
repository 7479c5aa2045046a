import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MAGAZINE_PRICE_CONFLICT_MESSAGE,
  MAGAZINE_PRICE_MESSAGE,
  MAX_DEPENDENTS_MESSAGE,
  MIN_DEPENDENTS_MESSAGE,
  PREFIX_TAKEN_MESSAGE,
  type TPlan,
} from '../../../domain/contracts/plans';
import type { TTestApp } from '../../test/test-app';
import { bearer, createSeededApp, latestAudit, tokenOf } from '../auth/auth-test-kit';

let t: TTestApp;
let admin: string;
let superUser: string;
let temp: string;
let member: string;

beforeAll(async () => {
  t = await createSeededApp();
  [admin, superUser, temp, member] = await Promise.all([
    tokenOf(t, 'admin'),
    tokenOf(t, 'super'),
    tokenOf(t, 'temp'),
    tokenOf(t, 'member'),
  ]);
});
afterAll(() => t?.close());

async function plans(token?: string, query = ''): Promise<TPlan[]> {
  const response = await t.app.inject({
    url: `/api/memberplan${query}`,
    headers: token ? bearer(token) : {},
  });
  expect(response.statusCode).toBe(200);
  return response.json();
}

async function planByPrefix(prefix: string): Promise<TPlan> {
  const plan = (await plans(admin, '?all=true')).find((p) => p.prefix === prefix);
  if (!plan) throw new Error(`no plan ${prefix}`);
  return plan;
}

function put(id: number, body: unknown, token: string | null = admin) {
  return t.app.inject({
    method: 'PUT',
    url: `/api/memberplan/${id}`,
    headers: token ? bearer(token) : {},
    payload: body as object,
  });
}

describe('GET /api/memberplan', () => {
  it('lists the active plans to anyone, with money as decimal strings', async () => {
    const list = await plans();
    expect(list.map((p) => p.prefix)).toEqual(['GM', 'IM', 'SR', 'LM', 'DA']);
    expect(list.every((p) => p.is_active)).toBe(true);
    expect(list.find((p) => p.prefix === 'GM')).toMatchObject({
      MembershipType: 'Family Membership',
      PlanFee: '75.00',
      predependentFee: '10.00',
      haveSpouse: true,
      maxDependent: 6,
      serviceCharge: 3,
      validityType: 'Limited',
    });
    expect(list.find((p) => p.prefix === 'DA')).toMatchObject({
      PlanFee: '15.00',
      PlanType: '15.00',
    });
    expect(list.find((p) => p.prefix === 'LM')).toMatchObject({
      validityFrom: null,
      validityTo: null,
    });
  });

  it('lists inactive plans too with ?all=true, for staff only', async () => {
    expect((await plans(temp, '?all=true')).map((p) => p.prefix)).toContain('ST');
    expect((await plans(superUser, '?all=true')).find((p) => p.prefix === 'ST')?.is_active).toBe(
      false,
    );
    const anonymous = await t.app.inject({ url: '/api/memberplan?all=true' });
    expect(anonymous.statusCode).toBe(401);
    const byMember = await t.app.inject({
      url: '/api/memberplan?all=true',
      headers: bearer(member),
    });
    expect(byMember.statusCode).toBe(403);
  });
});

describe('PUT /api/memberplan/:id', () => {
  it('replaces the plan and answers "MemberShip Updated" with the stored plan, logging the change', async () => {
    const gm = await planByPrefix('GM');
    const response = await put(gm.id, {
      ...gm,
      PlanFee: '80',
      predependentFee: 12.5,
      maxDependent: 5,
      serviceCharge: 2.5,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      message: 'MemberShip Updated',
      plan: {
        ...gm,
        PlanFee: '80.00',
        predependentFee: '12.50',
        maxDependent: 5,
        serviceCharge: 2.5,
      },
    });
    expect(await planByPrefix('GM')).toMatchObject({ PlanFee: '80.00', maxDependent: 5 });
    const [entry] = await latestAudit(t);
    expect(entry.loggerMessage).toContain(
      'Updated membership plan GM (Family Membership): PlanFee 75.00 → 80.00',
    );
    expect(entry.email).toBe('admin@example.org');
    await put(gm.id, gm);
  });

  it('refuses a seventh dependent with "A maximum of 6 dependents is allowed."', async () => {
    const gm = await planByPrefix('GM');
    const response = await put(gm.id, { ...gm, maxDependent: 7 });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual({
      code: 'VALIDATION',
      message: MAX_DEPENDENTS_MESSAGE,
      fields: { maxDependent: 'A maximum of 6 dependents is allowed.' },
    });
  });

  it('refuses no dependents with "At least 1 dependent is required."', async () => {
    const gm = await planByPrefix('GM');
    const response = await put(gm.id, { ...gm, maxDependent: 0 });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(MIN_DEPENDENTS_MESSAGE);
    expect(response.json().error.fields).toEqual({
      maxDependent: 'At least 1 dependent is required.',
    });
    expect((await planByPrefix('GM')).maxDependent).toBe(6);
  });

  it.each(['-1', '12.345', 'abc', ''])('refuses the magazine price "%s"', async (price) => {
    const da = await planByPrefix('DA');
    const response = await put(da.id, { ...da, PlanType: price });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      message: MAGAZINE_PRICE_MESSAGE,
      fields: { PlanType: MAGAZINE_PRICE_MESSAGE },
    });
  });

  it('sets the magazine price, which is also the magazine plan fee, from PlanType or from PlanFee', async () => {
    const da = await planByPrefix('DA');
    const byPrice = await put(da.id, { ...da, PlanType: 20.5 });
    expect(byPrice.json().plan).toMatchObject({ PlanType: '20.50', PlanFee: '20.50' });
    const byFee = await put(da.id, { ...byPrice.json().plan, PlanFee: '18' });
    expect(byFee.json().plan).toMatchObject({ PlanType: '18.00', PlanFee: '18.00' });
    const both = await put(da.id, { ...byFee.json().plan, PlanFee: '10.00', PlanType: '11.00' });
    expect(both.statusCode).toBe(400);
    expect(both.json().error.message).toBe(MAGAZINE_PRICE_CONFLICT_MESSAGE);
    const free = await put(da.id, { ...byFee.json().plan, PlanType: '0' });
    expect(free.json().plan).toMatchObject({ PlanType: '0.00', PlanFee: '0.00' });
    await put(da.id, { ...da });
    expect(await planByPrefix('DA')).toMatchObject({ PlanType: '15.00', PlanFee: '15.00' });
  });

  it('needs both validity dates, in order, for a Limited plan and clears them for an Unlimited one', async () => {
    const im = await planByPrefix('IM');
    const missing = await put(im.id, { ...im, validityTo: null });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields).toEqual({
      validityTo: 'A limited plan needs an end date.',
    });
    const reversed = await put(im.id, {
      ...im,
      validityFrom: '2027-01-02',
      validityTo: '2027-01-01',
    });
    expect(reversed.json().error.fields).toEqual({
      validityTo: 'The end date must not be before the start date.',
    });
    const badDate = await put(im.id, { ...im, validityFrom: '2027-02-30' });
    expect(badDate.json().error.fields).toEqual({ validityFrom: 'Use the form YYYY-MM-DD.' });
    const unlimited = await put(im.id, { ...im, validityType: 'Unlimited' });
    expect(unlimited.json().plan).toMatchObject({
      validityType: 'Unlimited',
      validityFrom: null,
      validityTo: null,
    });
    const moved = await put(im.id, { ...im, validityFrom: '2027-01-01', validityTo: '2027-12-31' });
    expect(moved.json().plan).toMatchObject({
      validityType: 'Limited',
      validityFrom: '2027-01-01',
      validityTo: '2027-12-31',
    });
    await put(im.id, im);
  });

  it('keeps prefixes unique (409) and in capitals', async () => {
    const im = await planByPrefix('IM');
    const taken = await put(im.id, { ...im, prefix: 'gm' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toEqual({
      code: 'CONFLICT',
      message: PREFIX_TAKEN_MESSAGE,
      fields: { prefix: PREFIX_TAKEN_MESSAGE },
    });
    const bad = await put(im.id, { ...im, prefix: 'I-M' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.prefix).toBeDefined();
  });

  it('answers 404 for an unknown plan and 400 when the body names another plan', async () => {
    const gm = await planByPrefix('GM');
    expect((await put(9999, { ...gm, id: undefined })).statusCode).toBe(404);
    const other = await put(gm.id, { ...gm, id: gm.id + 1 });
    expect(other.statusCode).toBe(400);
  });

  it('lets a super user edit plans, but not a temporary admin, a member or an anonymous caller', async () => {
    const sr = await planByPrefix('SR');
    expect((await put(sr.id, sr, superUser)).statusCode).toBe(200);
    expect((await put(sr.id, { ...sr, PlanFee: '1.00' }, temp)).statusCode).toBe(403);
    expect((await put(sr.id, { ...sr, PlanFee: '1.00' }, member)).statusCode).toBe(403);
    expect((await put(sr.id, { ...sr, PlanFee: '1.00' }, null)).statusCode).toBe(401);
    expect((await planByPrefix('SR')).PlanFee).toBe('35.00');
  });
});
