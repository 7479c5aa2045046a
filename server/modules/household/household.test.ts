/**
 * Household sign-in (issue 15): the family's other adults sign in with their own e-mail to the
 * same family and never to another; the main member invites (a single-use, expiring link),
 * sets their rights and revokes; they share the family's one ticket allowance; mail to members
 * reaches the adults who agreed, once.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  HOUSEHOLD_EMAIL_TAKEN_MESSAGE,
  INVITATION_INVALID_MESSAGE,
  NOT_AN_ADULT_MESSAGE,
} from '../../../domain/contracts/household';
import { addDays } from '../../../domain/dates';
import { auditLogs, familyMembers, mailOutbox, members, sessions } from '../../db/schema';
import { bearer, freshAddress, latestAudit, outboxTo, signInAs } from '../auth/auth-test-kit';
import { multipartPayload } from '../images/image-test-kit';
import { callAs, openMembersFixture, type TMembersFixture } from '../members/members-test-kit';
import { createEvent, today } from '../payments/payments-test-kit';

let f: TMembersFixture;
const SPOUSE_EMAIL = 'nita.patel@example.net';
const GROWN_EMAIL = 'kiran.patel@example.net';
const PASSWORD = 'household-pass-1';
let spouseRowId: number;
let grownRowId: number;

beforeAll(async () => {
  f = await openMembersFixture();
  const db = f.t.database.db;
  const [spouse] = await db
    .select()
    .from(familyMembers)
    .where(and(eq(familyMembers.memberId, f.ownId), eq(familyMembers.relation, 'spouse')));
  spouseRowId = spouse.id;
  // A dependent of 20 with an e-mail: an adult of the household too
  const [grown] = await db
    .insert(familyMembers)
    .values({
      memberId: f.ownId,
      relation: 'dependent',
      slot: 3,
      firstName: 'Kiran Patel',
      email: GROWN_EMAIL,
      dateOfBirth: addDays(today(f.t), -(20 * 365 + 10)),
    })
    .returning();
  grownRowId = grown.id;
});

afterAll(async () => {
  await f?.t.close();
});

const post = (url: string, token: string | null, payload?: object) =>
  callAs(f.t, 'POST', url, token, payload);

async function invite(familyMemberId: number, token = f.member) {
  return post('/api/household/invite', token, { familyMemberId });
}

/** The token of the newest invitation mailed to `email`. */
async function invitationToken(email: string): Promise<string> {
  const [mail] = await outboxTo(f.t, email);
  const match = /#\/household\/accept\/([A-Za-z0-9_-]+)/.exec(mail?.textBody ?? '');
  if (!match) throw new Error(`no invitation mailed to ${email}`);
  return match[1];
}

function accept(token: string, password = PASSWORD) {
  return f.t.app.inject({
    method: 'POST',
    url: `/api/household/accept/${token}`,
    payload: { password },
    remoteAddress: freshAddress(),
  });
}

/** Invites and accepts; answers the adult's session token. */
async function joinHousehold(familyMemberId: number, email: string): Promise<string> {
  expect((await invite(familyMemberId)).statusCode).toBe(201);
  const answer = await accept(await invitationToken(email));
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().authToken as string;
}

async function accountIdOf(email: string): Promise<number> {
  const list = await callAs(f.t, 'GET', '/api/household/', f.member);
  const adult = list.json().items.find((item: { email: string }) => item.email === email);
  return adult.account.id as number;
}

describe('household sign-in', () => {
  let spouse: string;

  it('the spouse accepts the invitation, signs in to the family and not to another', async () => {
    spouse = await joinHousehold(spouseRowId, SPOUSE_EMAIL);
    const me = await callAs(f.t, 'GET', '/api/user/accTokenmem/me', spouse);
    expect(me.json()).toMatchObject({
      MemberId: f.ownId,
      email: SPOUSE_EMAIL,
      firstName: 'Nita',
      household: { mayEditFamily: false, mayBuyTickets: false, mailOptIn: false },
    });
    // A fresh sign-in with the spouse's own e-mail and password
    const signIn = await signInAs(f.t, 'member', { email: SPOUSE_EMAIL, password: PASSWORD });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().user.MemberId).toBe(f.ownId);

    const own = await callAs(f.t, 'GET', '/api/membersfamilylist/me', spouse);
    expect(own.statusCode).toBe(200);
    expect(own.json().memberfamily[0].MemberId).toBe(f.ownId);
    expect((await callAs(f.t, 'GET', `/api/membersIndiApi/${f.ownId}`, spouse)).statusCode).toBe(
      200,
    );
    for (const url of [
      `/api/membersfamilylist/${f.other.id}`,
      `/api/membersIndiApi/${f.other.id}`,
      `/api/family/?memberId=${f.other.id}`,
      `/api/nonmember/paymentmemberinformation?memberid=${f.other.id}`,
    ]) {
      const response = await callAs(f.t, 'GET', url, spouse);
      expect(response.statusCode, url).toBe(403);
    }
    const [entry] = await f.t.database.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.loggerMessage, 'Accepted the household invitation and set a password'));
    expect(entry.email).toBe(SPOUSE_EMAIL);
  });

  it('refuses an invitation used twice, and an expired one', async () => {
    // The spouse's link was used above
    const [mail] = await outboxTo(f.t, SPOUSE_EMAIL);
    const used = /#\/household\/accept\/([A-Za-z0-9_-]+)/.exec(mail.textBody ?? '')![1];
    const again = await accept(used, 'another-pass-1');
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toBe(INVITATION_INVALID_MESSAGE);

    expect((await invite(grownRowId)).statusCode).toBe(201);
    const token = await invitationToken(GROWN_EMAIL);
    f.t.clock.advance(8 * 24 * 60 * 60 * 1000);
    try {
      const late = await accept(token);
      expect(late.statusCode).toBe(400);
    } finally {
      f.t.clock.advance(-8 * 24 * 60 * 60 * 1000);
    }
  });

  it('enforces what the main member allows', async () => {
    const event = await createEvent(f.t);
    const ticket = { kind: 'member-ticket', eventid: event.id, memberid: f.ownId, ticket: 1 };
    const details = {
      MemberFirstName: 'Rajesh',
      MemberLastName: 'Patel',
      email: 'member@example.org',
      contactPhone: '2815550142',
      street: '4521 Sweetwater Blvd',
      city: 'Sugar Land',
      state: 'TX',
      zipcode: '77479',
    };
    expect((await callAs(f.t, 'PUT', '/api/memberupdate/me', spouse, details)).statusCode).toBe(
      403,
    );
    expect((await post('/api/checkout', spouse, ticket)).statusCode).toBe(403);
    const family = await callAs(f.t, 'PUT', `/api/family/${spouseRowId}`, spouse, {
      relation: 'spouse',
      spouseFirstName: 'Nita',
      spouseLastName: 'Patel',
    });
    expect(family.statusCode).toBe(403);
    // Never theirs, whatever they are allowed: invitations, rights, deleting, renewing
    expect((await invite(grownRowId, spouse)).statusCode).toBe(403);
    const id = await accountIdOf(SPOUSE_EMAIL);
    const rights = { mayEditFamily: true, mayBuyTickets: true };
    expect((await callAs(f.t, 'PUT', `/api/household/${id}`, spouse, rights)).statusCode).toBe(403);
    expect(
      (await callAs(f.t, 'PUT', `/api/deletememberfamily/me`, spouse, { name: 'dep1' })).statusCode,
    ).toBe(403);
    const renewal = { kind: 'renewal', memberid: f.ownId, planId: 1 };
    expect((await post('/api/checkout', spouse, renewal)).statusCode).toBe(403);

    const granted = await callAs(f.t, 'PUT', `/api/household/${id}`, f.member, rights);
    expect(granted.statusCode, granted.body).toBe(200);
    expect((await post('/api/checkout', spouse, ticket)).statusCode).toBe(200);
    const changed = await callAs(f.t, 'PUT', `/api/family/${spouseRowId}`, spouse, {
      relation: 'spouse',
      spouseFirstName: 'Nita',
      spouseLastName: 'Patel',
      spouseemail: SPOUSE_EMAIL,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const edited = await callAs(f.t, 'PUT', '/api/memberupdate/me', spouse, details);
    expect(edited.statusCode, edited.body).toBe(200);
    const [entry] = await latestAudit(f.t, 1);
    expect(entry.email).toBe(SPOUSE_EMAIL);
    const logged = await f.t.database.db
      .select()
      .from(auditLogs)
      .where(
        eq(
          auditLogs.loggerMessage,
          `Household permissions of Nita Patel (${SPOUSE_EMAIL}): edit family yes, buy member tickets yes`,
        ),
      );
    expect(logged).toHaveLength(1);
  });

  it('shares the family one ticket allowance between its adults', async () => {
    const grown = await joinHousehold(grownRowId, GROWN_EMAIL);
    const grownId = await accountIdOf(GROWN_EMAIL);
    await callAs(f.t, 'PUT', `/api/household/${grownId}`, f.member, {
      mayEditFamily: false,
      mayBuyTickets: true,
    });
    // Headcount 5: the member, the spouse, two children and the grown dependent
    const event = await createEvent(f.t);
    const buy = (token: string, count: number) =>
      post('/api/checkout', token, {
        kind: 'member-ticket',
        eventid: event.id,
        memberid: f.ownId,
        ticket: count,
      });
    expect((await buy(spouse, 3)).statusCode).toBe(200);
    expect((await buy(grown, 3)).statusCode).toBe(409);
    expect((await buy(grown, 2)).statusCode).toBe(200);
    expect((await buy(f.member, 1)).statusCode).toBe(409);
  });

  it('mails members and the adults who agreed, each address once', async () => {
    const optIn = await callAs(f.t, 'PUT', '/api/household/mail', f.member, { mailOptIn: true });
    expect(optIn.statusCode).toBe(403);
    const spouseSession = (
      await signInAs(f.t, 'member', { email: SPOUSE_EMAIL, password: PASSWORD })
    ).json().authToken as string;
    const agreed = await callAs(f.t, 'PUT', '/api/household/mail', spouseSession, {
      mailOptIn: true,
    });
    expect(agreed.statusCode).toBe(200);
    await f.t.database.db.delete(mailOutbox);
    const { payload, headers } = await multipartPayload(
      {
        compose_to: 'member@example.org',
        compose_cc: SPOUSE_EMAIL,
        editor_subject: 'Annual meeting',
        editor_value: 'See you.',
        include_household: 'true',
      },
      [],
    );
    const sent = await f.t.app.inject({
      method: 'POST',
      url: '/api/memmail',
      payload,
      headers: { ...headers, ...bearer(f.admin) },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json().recipients).toBe(2);
    const [row] = await f.t.database.db.select().from(mailOutbox);
    const everyone = [row.toAddress, row.cc ?? ''].join(',').toLowerCase();
    expect(everyone.split(SPOUSE_EMAIL).length - 1).toBe(1);
    // The grown dependent did not agree
    expect(everyone).not.toContain(GROWN_EMAIL);

    // Without the option, only the addresses typed
    const plain = await multipartPayload(
      { compose_to: 'member@example.org', editor_subject: 'Hi', editor_value: '.' },
      [],
    );
    const only = await f.t.app.inject({
      method: 'POST',
      url: '/api/memmail',
      payload: plain.payload,
      headers: { ...plain.headers, ...bearer(f.admin) },
    });
    expect(only.json().recipients).toBe(1);
  });

  it('resets and changes a household password with the member services', async () => {
    await f.t.database.db.delete(mailOutbox);
    const asked = await post('/api/user/memresetpass', null, { email: GROWN_EMAIL });
    expect(asked.statusCode).toBe(202);
    const [mail] = await outboxTo(f.t, GROWN_EMAIL);
    const token = /#\/auth\/reset\/member\/([A-Za-z0-9_-]+)/.exec(mail.textBody ?? '')![1];
    const reset = await post(`/api/user/memresetpass/${token}`, null, {
      password: 'reset-pass-22',
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const signIn = await signInAs(f.t, 'member', { email: GROWN_EMAIL, password: 'reset-pass-22' });
    expect(signIn.statusCode).toBe(200);
    const session = signIn.json().authToken as string;
    const changed = await post('/api/user/passupdatemem/me', session, {
      currentPassword: 'reset-pass-22',
      newPassword: 'changed-pass-33',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    // The family's main member keeps their own password
    expect((await signInAs(f.t, 'member')).statusCode).toBe(200);
    const [demo] = await f.t.database.db.select().from(members).where(eq(members.id, f.ownId));
    expect(demo.email).toBe('member@example.org');
    expect(
      (await signInAs(f.t, 'member', { email: GROWN_EMAIL, password: 'changed-pass-33' }))
        .statusCode,
    ).toBe(200);
  });

  it('invites only adults with an e-mail, and only at the main member of the family', async () => {
    const [child] = await f.t.database.db
      .select()
      .from(familyMembers)
      .where(and(eq(familyMembers.memberId, f.ownId), eq(familyMembers.slot, 2)));
    await f.t.database.db
      .update(familyMembers)
      .set({ email: 'riya.patel@example.net' })
      .where(eq(familyMembers.id, child.id));
    const young = await invite(child.id);
    expect(young.statusCode).toBe(400);
    expect(young.json().error.message).toBe(NOT_AN_ADULT_MESSAGE);
    // Another family's member cannot reach this family's people
    const otherToken = (await signInAs(f.t, 'member', { email: f.other.email })).json()
      .authToken as string;
    expect((await invite(grownRowId, otherToken)).statusCode).toBe(404);
    // Staff do not manage a family's sign-ins
    expect((await invite(grownRowId, f.admin)).statusCode).toBe(403);
  });

  it('refuses an e-mail another sign-in already has', async () => {
    // The spouse's e-mail is a household sign-in now: nobody may join with it
    const check = await callAs(f.t, 'GET', `/api/membercheckemail/${SPOUSE_EMAIL}`, null);
    expect(check.json().available).toBe(false);
    // A family member whose e-mail is another member's cannot get a sign-in
    const [other] = await f.t.database.db
      .select()
      .from(familyMembers)
      .where(and(eq(familyMembers.memberId, f.ownId), eq(familyMembers.slot, 1)));
    await f.t.database.db
      .update(familyMembers)
      .set({ email: f.other.email, dateOfBirth: addDays(today(f.t), -(30 * 365)) })
      .where(eq(familyMembers.id, other.id));
    const refused = await invite(other.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(HOUSEHOLD_EMAIL_TAKEN_MESSAGE);
    // And the main member cannot take a household adult's e-mail for themself
    const taken = await callAs(f.t, 'PUT', '/api/memberupdate/me', f.member, {
      MemberFirstName: 'Rajesh',
      MemberLastName: 'Patel',
      email: SPOUSE_EMAIL,
      contactPhone: '2815550142',
      street: '4521 Sweetwater Blvd',
      city: 'Sugar Land',
      state: 'TX',
      zipcode: '77479',
    });
    expect(taken.statusCode, taken.body).toBe(409);
  });

  it('revoking ends the adult sessions at once', async () => {
    const id = await accountIdOf(SPOUSE_EMAIL);
    expect((await callAs(f.t, 'GET', '/api/household/', spouse)).statusCode).toBe(200);
    const revoked = await callAs(f.t, 'DELETE', `/api/household/${id}`, f.member);
    expect(revoked.statusCode).toBe(200);
    expect((await callAs(f.t, 'GET', '/api/household/', spouse)).statusCode).toBe(401);
    const live = await f.t.database.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.kind, 'hh'), eq(sessions.subjectId, id)));
    expect(live.every((row) => row.revokedAt !== null)).toBe(true);
    expect(
      (await signInAs(f.t, 'member', { email: SPOUSE_EMAIL, password: PASSWORD })).statusCode,
    ).toBe(401);
    const logged = await f.t.database.db
      .select()
      .from(auditLogs)
      .where(
        eq(
          auditLogs.loggerMessage,
          `Revoked the household sign-in of Nita Patel (${SPOUSE_EMAIL})`,
        ),
      );
    expect(logged).toHaveLength(1);
  });
});
