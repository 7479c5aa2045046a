import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEMP_ADMIN_NOT_VALID_MESSAGE } from '../../../domain/contracts/auth';
import { addDays, toCalendarDate } from '../../../domain/dates';
import { adminAccounts, boardMembers, images, members } from '../../db/schema';
import type { TTestApp } from '../../test/test-app';
import { bearer, createSeededApp, latestAudit, signInAs, tokenOf } from '../auth/auth-test-kit';
import { multipartPayload, pngOf, type TFilePart } from '../images/image-test-kit';

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

const today = () => toCalendarDate(t.clock.now(), t.config.timeZone);
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

let sequence = 0;
const freshEmail = (name: string) => `${name}${++sequence}@board.example.org`;

function trustee(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    fName: 'Nila',
    lName: 'Joshi',
    email: freshEmail('nila'),
    contactPhone: '(713) 555-0142',
    memberBoardType: 'Trustee',
    memberID: '',
    validityFrom: '',
    validityTo: '',
    is_staff: 'False',
    ...overrides,
  };
}

function tempAdmin(overrides: Record<string, string> = {}): Record<string, string> {
  return trustee({
    fName: 'Tara',
    email: freshEmail('tara'),
    memberBoardType: 'Temp Admin',
    is_staff: 'True',
    password: 'board-temp-pass',
    validityFrom: today(),
    validityTo: addDays(today(), 10),
    ...overrides,
  });
}

async function send(
  method: 'POST' | 'PUT',
  url: string,
  token: string | null,
  fields: Record<string, string>,
  files: TFilePart[] = [],
) {
  const { payload, headers } = await multipartPayload(fields, files);
  return t.app.inject({
    method,
    url,
    payload,
    headers: { ...headers, ...(token ? bearer(token) : {}) },
  });
}

const imagePart = (content: Buffer, name = 'face.png'): TFilePart => ({
  field: 'image',
  name,
  type: 'image/png',
  content,
});

async function get(url: string, token: string | null) {
  return t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
}

async function remove(id: number, token: string | null) {
  return t.app.inject({
    method: 'DELETE',
    url: `/api/memberBoard/${id}`,
    headers: token ? bearer(token) : {},
  });
}

async function boardCount() {
  const [row] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(boardMembers);
  return row.n;
}

// First: later tests add officers of their own
describe('GET /api/leadership', () => {
  it('shows anyone the nine demo officers in order, with public fields only', async () => {
    const response = await get('/api/leadership', null);
    expect(response.statusCode).toBe(200);
    const officers = response.json().officers.slice(0, 9);
    expect(officers.map((o: { role: string | null }) => o.role)).toEqual([
      'President',
      'Vice President',
      'Secretary',
      'Joint Secretary',
      'Treasurer',
      'Joint Treasurer',
      'Executive Committee',
      'Executive Committee',
      null,
    ]);
    for (const officer of officers) {
      expect(Object.keys(officer).sort()).toEqual(
        ['email', 'id', 'name', 'phone', 'photo', 'role'].sort(),
      );
      expect(officer.phone).toMatch(/^\d{10}$/);
    }
  });

  it('follows the board: a new position shows, a removed entry goes', async () => {
    const fields = trustee({ leadershipRole: 'Youth Coordinator', leadershipOrder: '10' });
    const saved = (await send('POST', '/api/memberBoard', admin, fields)).json().member;
    let officers = (await get('/api/leadership', null)).json().officers;
    expect(officers.find((o: { id: number }) => o.id === saved.id)).toMatchObject({
      role: 'Youth Coordinator',
      name: 'Nila Joshi',
    });
    await remove(saved.id, admin);
    officers = (await get('/api/leadership', null)).json().officers;
    expect(officers.find((o: { id: number }) => o.id === saved.id)).toBeUndefined();
  });
});

describe('GET /api/memberBoard', () => {
  it('lists the board to temporary admins and admins, in both of the spec’s shapes', async () => {
    for (const token of [temp, admin, superUser]) {
      expect((await get('/api/memberBoard', token)).statusCode).toBe(200);
    }
    const rows = (await get('/api/memberBoard', temp)).json();
    expect(rows).toHaveLength(12);
    const executive = rows.find(
      (row: { memberBoardType: string; memberID: unknown }) =>
        row.memberBoardType === 'Excecutive Member' && row.memberID,
    );
    expect(Object.keys(executive.memberID).sort()).toEqual(
      ['MemberId', 'contactPhone', 'memberImage', 'validityFrom', 'validityTo'].sort(),
    );
    const tempRow = rows.find(
      (row: { memberBoardType: string }) => row.memberBoardType === 'Temp Admin',
    );
    expect(tempRow).toMatchObject({
      email: 'temp@example.org',
      contactPhone: '8325550177',
      memberID: null,
      image: null,
    });
  });

  it('refuses members (403) and anonymous callers (401)', async () => {
    expect((await get('/api/memberBoard', member)).statusCode).toBe(403);
    expect((await get('/api/memberBoard', null)).statusCode).toBe(401);
  });
});

describe('who may manage the board', () => {
  it('refuses a temporary admin and a member to add, edit or remove (403), anonymous 401', async () => {
    const [someone] = await t.database.db.select().from(boardMembers).limit(1);
    for (const token of [temp, member]) {
      expect((await send('POST', '/api/memberBoard', token, trustee())).statusCode).toBe(403);
      expect(
        (await send('PUT', `/api/memberBoard/${someone.id}`, token, trustee())).statusCode,
      ).toBe(403);
      expect((await remove(someone.id, token)).statusCode).toBe(403);
    }
    expect((await send('POST', '/api/memberBoard', null, trustee())).statusCode).toBe(401);
    expect((await remove(someone.id, null)).statusCode).toBe(401);
    expect(
      await t.database.db.select().from(boardMembers).where(eq(boardMembers.id, someone.id)),
    ).toHaveLength(1);
  });

  it('lets a super user add, and the member list for promoting only to admins', async () => {
    const added = await send('POST', '/api/memberBoard', superUser, trustee());
    expect(added.statusCode, added.body).toBe(201);
    expect((await get('/api/memberBoard/members', admin)).statusCode).toBe(200);
    expect((await get('/api/memberBoard/members', temp)).statusCode).toBe(403);
  });
});

describe('POST /api/memberBoard', () => {
  it('promotes a member with a picture: "Created", the picture resized and served', async () => {
    const { member: candidates } = (await get('/api/memberBoard/members', admin)).json();
    expect(candidates.length).toBeGreaterThan(50);
    const chosen = candidates[0];
    expect(Object.keys(chosen)).toContain('FamilyPlanId');
    const fields = trustee({
      fName: chosen.MemberFirstName,
      lName: chosen.MemberLastName,
      email: freshEmail('promoted'),
      memberID: String(chosen.MemberId),
      validityFrom: '2026-12-01',
      validityTo: '2027-11-30',
      leadershipRole: 'Cultural Secretary',
      leadershipOrder: '12',
    });
    const response = await send('POST', '/api/memberBoard', admin, fields, [
      imagePart(await pngOf(600, 400)),
    ]);
    expect(response.statusCode, response.body).toBe(201);
    const { message, member: saved } = response.json();
    expect(message).toBe('Created');
    expect(saved).toMatchObject({
      fName: chosen.MemberFirstName,
      contactPhone: '7135550142',
      memberBoardType: 'Trustee',
      memberID: { MemberId: chosen.MemberId },
      validityFrom: '2026-12-01',
      validityTo: '2027-11-30',
      leadershipRole: 'Cultural Secretary',
      leadershipOrder: 12,
      hasOwnImage: true,
    });
    expect(saved.image).toMatch(/^\/api\/images\/[A-Za-z0-9_-]{22}\/thumb$/);
    const picture = await get(saved.image, null);
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/webp');
    expect((await latestAudit(t))[0].loggerMessage).toBe(
      `Created board member ${fields.email} (Trustee)`,
    );
  });

  it('refuses a non-image renamed .png with 415 and keeps nothing', async () => {
    const before = await boardCount();
    const [imagesBefore] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(images);
    const response = await send('POST', '/api/memberBoard', admin, trustee(), [
      imagePart(Buffer.from('<?php system($_GET["c"]); ?>'), 'photo.png'),
    ]);
    expect(response.statusCode).toBe(415);
    expect(response.json().error.message).toBe('Only png, jpg and jpeg images can be uploaded.');
    expect(await boardCount()).toBe(before);
    const [imagesAfter] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(images);
    expect(imagesAfter.n).toBe(imagesBefore.n);
  });

  it('removes an uploaded picture again when the form is refused', async () => {
    const [imagesBefore] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(images);
    const response = await send('POST', '/api/memberBoard', admin, trustee({ fName: '' }), [
      imagePart(await pngOf(50, 50)),
    ]);
    expect(response.statusCode).toBe(400);
    const [imagesAfter] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(images);
    expect(imagesAfter.n).toBe(imagesBefore.n);
  });

  it('checks the spec’s rules with its messages', async () => {
    const response = await send(
      'POST',
      '/api/memberBoard',
      admin,
      trustee({ fName: '', email: 'abc', contactPhone: '31255', memberBoardType: '' }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toMatchObject({
      fName: 'First Name is required',
      email: 'Email is not Valid.',
      contactPhone: 'Invalid Format',
      memberBoardType: 'Type is Required *',
    });
    const noEmail = await send('POST', '/api/memberBoard', admin, trustee({ email: '' }));
    expect(noEmail.json().error.fields.email).toBe('Email is required.');
    const backwards = await send(
      'POST',
      '/api/memberBoard',
      admin,
      trustee({ validityFrom: '2027-01-02', validityTo: '2027-01-01' }),
    );
    expect(backwards.json().error.fields.validityTo).toBe(
      'The end date must not be before the start date.',
    );
    const unknownMember = await send(
      'POST',
      '/api/memberBoard',
      admin,
      trustee({ memberID: '987654' }),
    );
    expect(unknownMember.statusCode).toBe(400);
  });

  it('takes the minimum: first name, e-mail, phone and type, as JSON too', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/memberBoard',
      headers: bearer(admin),
      payload: {
        fName: 'Dev',
        email: freshEmail('dev'),
        contactPhone: '8325550100',
        memberBoardType: 'Excecutive Member',
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().member).toMatchObject({ lName: '', image: null, memberID: null });
  });

  it('refuses a second board entry with the same e-mail (any case) with 409', async () => {
    const fields = trustee();
    expect((await send('POST', '/api/memberBoard', admin, fields)).statusCode).toBe(201);
    const again = await send(
      'POST',
      '/api/memberBoard',
      admin,
      trustee({ email: fields.email.toUpperCase() }),
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({
      message: 'A board member with this e-mail already exists.',
      fields: { email: 'A board member with this e-mail already exists.' },
    });
  });

  it('gives Executive Members and Trustees no sign-in', async () => {
    const fields = trustee({ password: 'would-be-password' });
    expect((await send('POST', '/api/memberBoard', admin, fields)).statusCode).toBe(201);
    const signIn = await signInAs(t, 'admin', { email: fields.email, password: fields.password });
    expect(signIn.statusCode).toBe(401);
  });
});

describe('Temp Admins', () => {
  it('become a staff admin account with the window; the look-up answers the dates', async () => {
    const fields = tempAdmin();
    const response = await send('POST', '/api/memberBoard', admin, fields);
    expect(response.statusCode, response.body).toBe(201);
    const [account] = await t.database.db
      .select()
      .from(adminAccounts)
      .where(eq(adminAccounts.email, fields.email));
    expect(account).toMatchObject({
      kind: 'ga',
      isStaff: true,
      validityFrom: fields.validityFrom,
      validityTo: fields.validityTo,
    });
    const lookup = await get(`/api/boardemailtempadmin/${fields.email.toUpperCase()}`, temp);
    expect(lookup.json()).toEqual([
      { validityFrom: fields.validityFrom, validityTo: fields.validityTo },
    ]);
    const signIn = await signInAs(t, 'temp', { email: fields.email, password: fields.password });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().user).toMatchObject({ role: 'tempadmin', is_staff: true });
  });

  it('answers the demo Temp Admin’s window, 30 days either side of today', async () => {
    const lookup = await get('/api/boardemailtempadmin/temp@example.org', admin);
    expect(lookup.json()).toEqual([
      { validityFrom: addDays(today(), -30), validityTo: addDays(today(), 30) },
    ]);
    expect((await get('/api/boardemailtempadmin/nobody@example.org', admin)).json()).toEqual([]);
  });

  it('answers the window the sign-in enforces, also after a super user changed the account', async () => {
    const fields = tempAdmin();
    expect((await send('POST', '/api/memberBoard', admin, fields)).statusCode).toBe(201);
    await t.database.db
      .update(adminAccounts)
      .set({ validityTo: addDays(today(), 1) })
      .where(eq(adminAccounts.email, fields.email));
    expect((await get(`/api/boardemailtempadmin/${fields.email}`, temp)).json()).toEqual([
      { validityFrom: fields.validityFrom, validityTo: addDays(today(), 1) },
    ]);
  });

  it('cannot sign in before the window, can during it, and not after it', async () => {
    const fields = tempAdmin({
      validityFrom: addDays(today(), 2),
      validityTo: addDays(today(), 2),
    });
    expect((await send('POST', '/api/memberBoard', admin, fields)).statusCode).toBe(201);
    const credentials = { email: fields.email, password: fields.password };
    const before = await signInAs(t, 'temp', credentials);
    expect(before.statusCode).toBe(403);
    expect(before.json().error.message).toBe(TEMP_ADMIN_NOT_VALID_MESSAGE);

    const start = t.clock.now();
    try {
      // The test clock starts at 09:00 in the association's time zone: 19:00 on the one valid day
      t.clock.advance(2 * DAY_MS + 10 * HOUR_MS);
      const during = await signInAs(t, 'temp', credentials);
      expect(during.statusCode).toBe(200);
      const token = during.json().authToken as string;
      expect((await get('/api/memberBoard', token)).statusCode).toBe(200);

      // 01:00 the day after: the session is still fresh (admins idle out after 10 hours)
      t.clock.advance(6 * HOUR_MS);
      const session = await get('/api/memberBoard', token);
      expect(session.statusCode).toBe(401);
      expect(session.json().error.message).toBe(TEMP_ADMIN_NOT_VALID_MESSAGE);
      expect((await signInAs(t, 'temp', credentials)).statusCode).toBe(403);
    } finally {
      t.clock.set(start);
    }
  });

  it('need a password and an e-mail of their own', async () => {
    const noPassword = await send('POST', '/api/memberBoard', admin, tempAdmin({ password: '' }));
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json().error.fields.password).toBe(
      'A Temp Admin needs a password to sign in.',
    );
    const adminsEmail = await send(
      'POST',
      '/api/memberBoard',
      admin,
      tempAdmin({ email: 'super@example.org' }),
    );
    expect(adminsEmail.statusCode).toBe(409);
    expect(adminsEmail.json().error.fields.email).toMatch(/admin account/);
    const noWindow = await send(
      'POST',
      '/api/memberBoard',
      admin,
      tempAdmin({ validityFrom: '', validityTo: '' }),
    );
    expect(noWindow.json().error.fields).toMatchObject({
      validityFrom: 'A temporary admin needs a start date.',
      validityTo: 'A temporary admin needs an end date.',
    });
  });
});

describe('PUT /api/memberBoard/:id', () => {
  async function addTempAdmin() {
    const fields = tempAdmin();
    const response = await send('POST', '/api/memberBoard', admin, fields);
    expect(response.statusCode, response.body).toBe(201);
    const token = await tokenOf(t, 'temp', { email: fields.email, password: fields.password });
    return { fields, id: response.json().member.id as number, token };
  }

  it('saves a change with "Updated Successfully" and a log entry', async () => {
    const created = (await send('POST', '/api/memberBoard', admin, trustee())).json().member;
    const fields = trustee({
      email: created.email,
      contactPhone: '2815550123',
      memberBoardType: 'Excecutive Member',
      leadershipRole: 'Treasurer',
      leadershipOrder: '5',
    });
    const response = await send('PUT', `/api/memberBoard/${created.id}`, admin, fields);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      message: 'Updated Successfully',
      member: { contactPhone: '2815550123', memberBoardType: 'Excecutive Member' },
    });
    expect((await latestAudit(t))[0].loggerMessage).toBe(
      `Updated board member ${created.email} (Excecutive Member)`,
    );
    expect((await send('PUT', '/api/memberBoard/987654', admin, fields)).statusCode).toBe(404);
  });

  it('replaces the picture: the old one is gone, the new one is served; remove drops it', async () => {
    const first = await send('POST', '/api/memberBoard', admin, trustee(), [
      imagePart(await pngOf(300, 300)),
    ]);
    const saved = first.json().member;
    const replaced = await send(
      'PUT',
      `/api/memberBoard/${saved.id}`,
      admin,
      trustee({ email: saved.email }),
      [imagePart(await pngOf(200, 500))],
    );
    const next = replaced.json().member.image;
    expect(next).not.toBe(saved.image);
    expect((await get(saved.image, null)).statusCode).toBe(404);
    expect((await get(next, null)).statusCode).toBe(200);
    const kept = await send(
      'PUT',
      `/api/memberBoard/${saved.id}`,
      admin,
      trustee({ email: saved.email }),
    );
    expect(kept.json().member.image).toBe(next);
    const dropped = await send(
      'PUT',
      `/api/memberBoard/${saved.id}`,
      admin,
      trustee({ email: saved.email, removeImage: 'true' }),
    );
    expect(dropped.json().member).toMatchObject({ image: null, hasOwnImage: false });
    expect((await get(next, null)).statusCode).toBe(404);
  });

  it('applies a new validity window to a Temp Admin’s live session at once', async () => {
    const { fields, id, token } = await addTempAdmin();
    expect((await get('/api/memberBoard', token)).statusCode).toBe(200);
    const ended = {
      ...fields,
      validityFrom: addDays(today(), -10),
      validityTo: addDays(today(), -1),
    };
    delete (ended as Record<string, string>).password;
    expect((await send('PUT', `/api/memberBoard/${id}`, admin, ended)).statusCode).toBe(200);
    const refused = await get('/api/memberBoard', token);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error.message).toBe(TEMP_ADMIN_NOT_VALID_MESSAGE);
    const reopened = { ...ended, validityTo: addDays(today(), 3) };
    expect((await send('PUT', `/api/memberBoard/${id}`, admin, reopened)).statusCode).toBe(200);
    expect((await get('/api/memberBoard', token)).statusCode).toBe(200);
  });

  it('ends a Temp Admin’s sessions when the password changes; the new one works', async () => {
    const { fields, id, token } = await addTempAdmin();
    const changed = { ...fields, password: 'a-brand-new-pass' };
    const response = await send('PUT', `/api/memberBoard/${id}`, admin, changed);
    expect(response.statusCode, response.body).toBe(200);
    expect((await latestAudit(t))[0].loggerMessage).toBe(
      `Updated board member ${fields.email} (Temp Admin); password replaced`,
    );
    expect((await get('/api/memberBoard', token)).statusCode).toBe(401);
    const old = await signInAs(t, 'temp', { email: fields.email, password: fields.password });
    expect(old.statusCode).toBe(401);
    const fresh = await signInAs(t, 'temp', { email: fields.email, password: changed.password });
    expect(fresh.statusCode).toBe(200);
  });

  it('removes the sign-in when the type changes away from Temp Admin', async () => {
    const { fields, id, token } = await addTempAdmin();
    const asTrustee = { ...fields, memberBoardType: 'Trustee', is_staff: 'False', password: '' };
    const response = await send('PUT', `/api/memberBoard/${id}`, admin, asTrustee);
    expect(response.statusCode, response.body).toBe(200);
    expect((await latestAudit(t))[0].loggerMessage).toBe(
      `Updated board member ${fields.email} (Trustee); sign-in removed`,
    );
    expect((await get('/api/memberBoard', token)).statusCode).toBe(401);
    const signIn = await signInAs(t, 'temp', { email: fields.email, password: fields.password });
    expect(signIn.statusCode).toBe(401);
    expect(
      await t.database.db.select().from(adminAccounts).where(eq(adminAccounts.email, fields.email)),
    ).toEqual([]);
    expect((await get(`/api/boardemailtempadmin/${fields.email}`, admin)).json()).toEqual([]);

    // Back to Temp Admin: a password is needed again, then the sign-in returns
    const back = { ...fields, password: '' };
    const refused = await send('PUT', `/api/memberBoard/${id}`, admin, back);
    expect(refused.statusCode).toBe(400);
    const restored = await send('PUT', `/api/memberBoard/${id}`, admin, fields);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(
      (await signInAs(t, 'temp', { email: fields.email, password: fields.password })).statusCode,
    ).toBe(200);
  });
});

describe('DELETE /api/memberBoard/:id', () => {
  it('removes the entry with the spec’s message, its picture, and a Temp Admin’s sign-in', async () => {
    const fields = tempAdmin();
    const created = await send('POST', '/api/memberBoard', admin, fields, [
      imagePart(await pngOf(100, 100)),
    ]);
    const saved = created.json().member;
    const token = await tokenOf(t, 'temp', { email: fields.email, password: fields.password });
    const response = await remove(saved.id, superUser);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Deleted Record successfully !!' });
    expect((await latestAudit(t))[0].loggerMessage).toBe(
      `Deleted board member ${fields.email} (Temp Admin); sign-in removed`,
    );
    expect((await get(saved.image, null)).statusCode).toBe(404);
    expect((await get('/api/memberBoard', token)).statusCode).toBe(401);
    expect(
      (await signInAs(t, 'temp', { email: fields.email, password: fields.password })).statusCode,
    ).toBe(401);
    expect((await remove(saved.id, admin)).statusCode).toBe(404);
  });
});

describe('the demo data', () => {
  it('links each officer to a member', async () => {
    const rows = await t.database.db
      .select({ memberId: boardMembers.memberId })
      .from(boardMembers)
      .innerJoin(members, eq(members.id, boardMembers.memberId));
    expect(rows.length).toBeGreaterThanOrEqual(11);
  });
});
