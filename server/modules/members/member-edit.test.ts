import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TMember } from '../../../domain/contracts/members';
import { images, members, membershipPlans } from '../../db/schema';
import { jpegOf, multipartPayload, pngOf } from '../images/image-test-kit';
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

  it('takes the spec’s multipart form fields without an image, an empty file part being no image', async () => {
    const form = await multipartPayload(
      { ...details, city: 'Katy', zipcode: '77449', user_token: 'ignored' },
      [
        {
          field: 'memberImage',
          name: '',
          type: 'application/octet-stream',
          content: Buffer.alloc(0),
        },
      ],
    );
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/memberupdate/me',
      headers: { ...bearer(member), ...form.headers },
      payload: form.payload,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().member).toMatchObject({ city: 'Katy', memberImage: null });
  });
});

describe('PUT /api/memberupdate/:id with a profile image', () => {
  const imageCount = async () =>
    Number((await t.database.db.select({ n: count() }).from(images))[0].n);

  const upload = async (
    token: string,
    id: number | 'me',
    file: { name: string; type: string; content: Buffer },
    fields: object = details,
  ) => {
    const form = await multipartPayload(fields as Record<string, string>, [
      { field: 'memberImage', ...file },
    ]);
    return t.app.inject({
      method: 'PUT',
      url: `/api/memberupdate/${id}`,
      headers: { ...bearer(token), ...form.headers },
      payload: form.payload,
    });
  };

  it('stores a png as a 160x160 profile image under a generated name and serves it', async () => {
    const response = await upload(member, 'me', {
      name: 'my holiday photo.png',
      type: 'image/png',
      content: await pngOf(640, 480),
    });
    expect(response.statusCode, response.body).toBe(200);
    const url: string = response.json().member.memberImage;
    expect(url).toMatch(/^\/api\/images\/[A-Za-z0-9_-]{22}\/thumb$/);
    expect(url).not.toContain('holiday');
    const served = await t.app.inject({ url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['cache-control']).toContain('immutable');
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([160, 160]);
    expect((await latestAudit(t))[0].loggerMessage).toBe(
      `Updated member ${ownId} (Rajesh Patel): new profile image`,
    );
  });

  it('replaces the old image: a new upload is a new address, the old one is gone', async () => {
    const first = (
      await upload(temp, ownId, {
        name: 'a.jpg',
        type: 'image/jpeg',
        content: await jpegOf(300, 300),
      })
    ).json().member.memberImage;
    const before = await imageCount();
    const second = (
      await upload(temp, ownId, {
        name: 'b.jpeg',
        type: 'image/jpeg',
        content: await jpegOf(200, 400),
      })
    ).json().member.memberImage;
    expect(second).not.toBe(first);
    expect(await imageCount()).toBe(before);
    expect((await t.app.inject({ url: first })).statusCode).toBe(404);
    expect((await t.app.inject({ url: second })).statusCode).toBe(200);
  });

  it('refuses a script renamed .png (415), keeping the details and storing nothing', async () => {
    const before = await imageCount();
    const response = await upload(
      member,
      'me',
      {
        name: 'avatar.png',
        type: 'image/png',
        content: Buffer.from('#!/bin/sh\necho pwned\n'),
      },
      { ...details, city: 'Pearland', zipcode: '77581' },
    );
    expect(response.statusCode).toBe(415);
    expect(response.json().error).toMatchObject({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: 'Only png, jpg and jpeg images can be uploaded.',
    });
    expect(await imageCount()).toBe(before);
    const [row] = await t.database.db.select().from(members).where(eq(members.id, ownId));
    expect(row.city).not.toBe('Pearland');
  });

  it('refuses an image over 5 MB (413) and a file in another field', async () => {
    const large = await upload(member, 'me', {
      name: 'big.png',
      type: 'image/png',
      content: Buffer.alloc(5 * 1024 * 1024 + 1),
    });
    expect(large.statusCode).toBe(413);
    const form = await multipartPayload(details as Record<string, string>, [
      { field: 'photo', name: 'a.png', type: 'image/png', content: await pngOf(10, 10) },
    ]);
    const other = await t.app.inject({
      method: 'PUT',
      url: '/api/memberupdate/me',
      headers: { ...bearer(member), ...form.headers },
      payload: form.payload,
    });
    expect(other.statusCode).toBe(415);
  });

  it("refuses a member uploading to another family's record, leaving no image behind", async () => {
    const before = await imageCount();
    const response = await upload(member, other.id, {
      name: 'x.png',
      type: 'image/png',
      content: await pngOf(50, 50),
    });
    expect(response.statusCode).toBe(403);
    expect(await imageCount()).toBe(before);
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
