import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TMember } from '../../../domain/contracts/members';
import { membershipPlans } from '../../db/schema';
import type { TTestApp } from '../../test/test-app';
import { bearer, latestAudit } from '../auth/auth-test-kit';
import { callAs, openMembersFixture } from './members-test-kit';

let t: TTestApp;
let admin: string;
let temp: string;
let member: string;
let ownId: number;
let other: { id: number; email: string };

beforeAll(async () => {
  ({ t, admin, temp, member, ownId, other } = await openMembersFixture());
});
afterAll(() => t?.close());

const call = (
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  token: string | null,
  payload?: object,
) => callAs(t, method, url, token, payload);

async function planId(prefix: string): Promise<number> {
  const [plan] = await t.database.db
    .select()
    .from(membershipPlans)
    .where(eq(membershipPlans.prefix, prefix));
  return plan.id;
}

const details = {
  MemberFirstName: 'Rajesh',
  MemberLastName: 'Patel',
  email: 'member@example.org',
  contactPhone: '(281) 555-0199 ext 12',
  street: '12 Main St',
  city: 'Houston',
  state: 'TX',
  zipcode: '77001',
};

describe('PUT /api/memberupdate/:id', () => {
  it('saves the member’s own details, keeping the first 10 digits of the phone', async () => {
    const response = await call('PUT', '/api/memberupdate/me', member, details);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      message: 'Member Updated',
      member: {
        MemberId: ownId,
        contactPhone: '2815550199',
        street: '12 Main St',
        zipcode: '77001',
      },
    });
    expect((await latestAudit(t))[0].loggerMessage).toBe(`Updated member ${ownId} (Rajesh Patel)`);
  });

  it('checks the zip against the state and the required fields with the spec messages', async () => {
    const wrongState = await call('PUT', '/api/memberupdate/me', member, {
      ...details,
      state: 'IL',
    });
    expect(wrongState.statusCode).toBe(400);
    expect(wrongState.json().error.fields).toEqual({
      zipcode: 'This zip code is not in the chosen state.',
    });
    const empty = await call('PUT', '/api/memberupdate/me', member, {
      ...details,
      street: ' ',
      city: '',
      zipcode: '',
    });
    expect(empty.json().error.fields).toMatchObject({
      street: 'Please enter your Address.',
      city: 'Please enter your city.',
      zipcode: 'Please enter your Zipcode.',
    });
    const shortPhone = await call('PUT', '/api/memberupdate/me', member, {
      ...details,
      contactPhone: '555-0199',
    });
    expect(shortPhone.json().error.fields).toEqual({ contactPhone: 'Invalid Format' });
  });

  it("refuses an e-mail another member uses (409) and another member's record (403)", async () => {
    const taken = await call('PUT', '/api/memberupdate/me', member, {
      ...details,
      email: other.email.toUpperCase(),
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.fields).toEqual({
      email: 'This e-mail address is already registered.',
    });
    expect((await call('PUT', `/api/memberupdate/${other.id}`, member, details)).statusCode).toBe(
      403,
    );
    expect((await call('PUT', '/api/memberupdate/me', null, details)).statusCode).toBe(401);
  });

  it('lets staff edit any member', async () => {
    const response = await call('PUT', `/api/memberupdate/${ownId}`, temp, {
      ...details,
      city: 'Sugar Land',
      zipcode: 77479,
    });
    expect(response.json().member).toMatchObject({ city: 'Sugar Land', zipcode: '77479' });
  });

  it('takes the spec’s multipart form fields, but no image yet', async () => {
    const form = new FormData();
    for (const [key, value] of Object.entries({
      ...details,
      city: 'Katy',
      zipcode: '77449',
      user_token: 'ignored',
    })) {
      form.append(key, value);
    }
    const request = new Request('http://x', { method: 'POST', body: form });
    const headers = {
      ...bearer(member),
      'content-type': request.headers.get('content-type') as string,
    };
    const payload = Buffer.from(await request.arrayBuffer());
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/memberupdate/me',
      headers,
      payload,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().member.city).toBe('Katy');

    form.append(
      'memberImage',
      new Blob([Uint8Array.from([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' }),
      'me.png',
    );
    const withImage = new Request('http://x', { method: 'POST', body: form });
    const refused = await t.app.inject({
      method: 'PUT',
      url: '/api/memberupdate/me',
      headers: {
        ...bearer(member),
        'content-type': withImage.headers.get('content-type') as string,
      },
      payload: Buffer.from(await withImage.arrayBuffer()),
    });
    expect(refused.statusCode).toBe(415);
  });
});

describe('POST /api/members', () => {
  const newFamily = async (overrides: object = {}) => ({
    planId: await planId('GM'),
    member: { ...details, email: 'walkin@example.org', dateOfBirth: '1980-05-01' },
    spouse: { spouseFirstName: 'Asha', spouseLastName: 'Shah', spousedateOfBirth: '1982-02-03' },
    dependents: [{ name: 'Kiran Shah', dateOfBirth: '2015-07-09' }],
    ...overrides,
  });

  it('enters a family by hand: inactive, no FamilyPlanId and nothing paid until its first payment', async () => {
    const response = await call('POST', '/api/members', temp, await newFamily());
    expect(response.statusCode).toBe(201);
    const created: TMember = response.json().member;
    expect(response.json().message).toBe('Member Created');
    expect(created).toMatchObject({
      FamilyPlanId: null,
      is_active: false,
      prefix: 'GM',
      dependentsPaid: 0,
      validityTo: null,
    });
    const family = await call('GET', `/api/membersfamilylist/${created.MemberId}`, temp);
    expect(family.json().memberfamily[0]).toMatchObject({
      spouseFirstName: 'Asha',
      dependname1: 'Kiran Shah',
      dependname2: null,
    });
  });

  it('refuses a taken e-mail (409), a spouse or too many dependents for the plan, a future birth date', async () => {
    const taken = await call(
      'POST',
      '/api/members',
      admin,
      await newFamily({ member: { ...details } }),
    );
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.fields).toEqual({
      email: 'This e-mail address is already registered.',
    });
    const individual = await planId('IM');
    const member2 = { ...details, email: 'solo@example.org' };
    const spouse = await call(
      'POST',
      '/api/members',
      admin,
      await newFamily({ planId: individual, member: member2 }),
    );
    expect(spouse.json().error).toMatchObject({
      code: 'VALIDATION',
      message: 'This membership plan does not include a spouse.',
    });
    const two = [
      { name: 'A', dateOfBirth: '2015-01-01' },
      { name: 'B', dateOfBirth: '2016-01-01' },
    ];
    const many = await call(
      'POST',
      '/api/members',
      admin,
      await newFamily({ planId: individual, member: member2, spouse: null, dependents: two }),
    );
    expect(many.json().error.message).toBe('A maximum of 1 dependents is allowed.');
    const future = await call(
      'POST',
      '/api/members',
      admin,
      await newFamily({ member: member2, dependents: [{ name: 'A', dateOfBirth: '2099-01-01' }] }),
    );
    expect(future.json().error.fields).toEqual({
      'dependents.0.dateOfBirth': 'A date of birth cannot be in the future.',
    });
    const seven = Array.from({ length: 7 }, (_, i) => ({
      name: `Child ${i}`,
      dateOfBirth: '2015-01-01',
    }));
    const tooMany = await call(
      'POST',
      '/api/members',
      admin,
      await newFamily({ member: member2, dependents: seven }),
    );
    expect(tooMany.json().error.fields).toEqual({
      dependents: 'A maximum of 6 dependents is allowed.',
    });
  });

  it('is for staff only', async () => {
    expect((await call('POST', '/api/members', member, await newFamily())).statusCode).toBe(403);
    expect((await call('POST', '/api/members', null, await newFamily())).statusCode).toBe(401);
  });
});
