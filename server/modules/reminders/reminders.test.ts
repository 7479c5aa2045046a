/**
 * Renewal reminders (issue 15): due at 30 and 7 days before the end and 7 days after, each sent
 * once, one per member after a long gap; the link renews its own member only, once, until it
 * expires, and reads nothing else; the grace period keeps member prices, then ends.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  REMINDER_LINK_EXPIRED_MESSAGE,
  REMINDER_LINK_OTHER_MEMBER_MESSAGE,
  REMINDER_LINK_USED_MESSAGE,
} from '../../../domain/contracts/reminders';
import { mailOutbox, members, renewalReminders } from '../../db/schema';
import type { TTestApp } from '../../test/test-app';
import { bearer, latestAudit } from '../auth/auth-test-kit';
import {
  checkout,
  createEvent,
  createSeededApp,
  payMock,
  staffHeaders,
} from '../payments/payments-test-kit';
import {
  limitedPlan,
  mailedToken,
  memberEnding,
  remindersOf,
  runReminders,
  todayOf,
} from './reminders-test-kit';

const DAY_MS = 24 * 3_600_000;
let t: TTestApp;
beforeAll(async () => {
  t = await createSeededApp();
});
afterAll(async () => {
  await t.close();
});

const renewalBody = (memberid: number, planId: number, reminder?: string) => ({
  kind: 'renewal',
  memberid,
  planId,
  dependents: 0,
  ...(reminder ? { reminder } : {}),
});

async function linkView(token: string) {
  return t.app.inject({ method: 'POST', url: '/api/renewal-link', payload: { token } });
}

describe('sending the reminders', () => {
  it('sends the 30-day, 7-day and 7-days-after reminders when due, each once', async () => {
    const plan = await limitedPlan(t);
    const in30 = await memberEnding(t, plan, 30);
    const in7 = await memberEnding(t, plan, 7);
    const ended7 = await memberEnding(t, plan, -7);
    const in31 = await memberEnding(t, plan, 31);
    const ids = [in30.id, in7.id, ended7.id, in31.id];

    await runReminders(t);
    const sent = await remindersOf(t, ids);
    expect(Object.fromEntries(sent.map((row) => [row.memberId, row.kind]))).toEqual({
      [in30.id]: 'before-30',
      [in7.id]: 'before-7',
      [ended7.id]: 'after-7',
    });
    const [mail] = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, in7.email));
    expect(mail.subject).toContain('7 days');
    expect(mail.textBody).toContain('#/renewmember/link?token=');
    // The token is stored hashed only
    const token = await mailedToken(t, in7.email);
    expect(sent.some((row) => row.tokenHash === token)).toBe(false);

    await runReminders(t);
    expect(await remindersOf(t, ids)).toHaveLength(3);
    expect(
      (await latestAudit(t, 50)).some((entry) =>
        entry.loggerMessage.startsWith('Renewal reminders sent:'),
      ),
    ).toBe(true);
  });

  it('after a long gap sends only the most relevant reminder per member, and caps a run', async () => {
    const plan = await limitedPlan(t);
    const a = await memberEnding(t, plan, 40);
    const b = await memberEnding(t, plan, 41);
    await runReminders(t);
    expect(await remindersOf(t, [a.id, b.id])).toHaveLength(0);

    // Down for five weeks: the memberships now end in 5 and 6 days
    t.clock.advance(35 * DAY_MS);
    const capped = await runReminders(t, 1);
    expect(capped.sent).toHaveLength(1);
    while ((await runReminders(t, 1)).sent.length > 0);
    const sent = await remindersOf(t, [a.id, b.id]);
    expect(sent.map((row) => row.kind)).toEqual(['before-7', 'before-7']);
    t.clock.advance(-35 * DAY_MS);
  });
});

describe('the reminder link', () => {
  it('shows the renewal, renews through checkout without a sign-in, then is refused', async () => {
    const plan = await limitedPlan(t);
    const member = await memberEnding(t, plan, 7);
    await runReminders(t);
    const token = await mailedToken(t, member.email);

    const view = await linkView(token);
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json().member).toMatchObject({ MemberId: member.id, planId: plan.id });
    expect(view.json().member).not.toHaveProperty('email');

    const started = await checkout(t, renewalBody(member.id, plan.id, token));
    expect(started.statusCode, started.body).toBe(200);
    const transactionID = started.json().transactionID as string;
    expect((await payMock(t, transactionID)).statusCode).toBe(200);

    const [renewed] = await t.database.db.select().from(members).where(eq(members.id, member.id));
    expect(renewed.validityTo).toBe(plan.validityTo);
    const [reminder] = await remindersOf(t, [member.id]);
    expect(reminder.renewalTransactionId).toBe(transactionID);
    expect(reminder.renewedAt).not.toBeNull();
    expect(
      (await latestAudit(t, 10)).some((entry) =>
        entry.loggerMessage.includes('renewed through the renewal reminder link'),
      ),
    ).toBe(true);
    // The success screen reads the payment without a sign-in, by its transaction id
    const record = await t.app.inject({
      method: 'POST',
      url: '/api/payment',
      payload: { transactionID },
    });
    expect(record.statusCode, record.body).toBe(200);

    const again = await linkView(token);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(REMINDER_LINK_USED_MESSAGE);
    const twice = await checkout(t, renewalBody(member.id, plan.id, token));
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe(REMINDER_LINK_USED_MESSAGE);
  });

  it('refuses a second payment started from the link before the first was paid', async () => {
    const plan = await limitedPlan(t);
    const member = await memberEnding(t, plan, 6);
    await runReminders(t);
    const token = await mailedToken(t, member.email);
    const first = (await checkout(t, renewalBody(member.id, plan.id, token))).json();
    const second = (await checkout(t, renewalBody(member.id, plan.id, token))).json();
    expect((await payMock(t, first.transactionID)).statusCode).toBe(200);
    const late = await payMock(t, second.transactionID);
    expect(late.statusCode).not.toBe(200);
    expect(late.body).toContain(REMINDER_LINK_USED_MESSAGE);
  });

  it('renews only its own member', async () => {
    const plan = await limitedPlan(t);
    const member = await memberEnding(t, plan, 7);
    const other = await memberEnding(t, plan, 90);
    await runReminders(t);
    const token = await mailedToken(t, member.email);
    const response = await checkout(t, renewalBody(other.id, plan.id, token));
    expect(response.statusCode).toBe(403);
    expect(response.json().error.message).toBe(REMINDER_LINK_OTHER_MEMBER_MESSAGE);
    const [untouched] = await t.database.db.select().from(members).where(eq(members.id, other.id));
    expect(untouched.validityTo).toBe(other.validityTo);
  });

  it('gives no session: the family, the member and other purchases stay closed', async () => {
    const plan = await limitedPlan(t);
    const member = await memberEnding(t, plan, 7);
    await runReminders(t);
    const token = await mailedToken(t, member.email);
    for (const url of [
      `/api/membersfamilylist/${member.id}`,
      `/api/membersIndiApi/${member.id}`,
      '/api/user/accTokenmem/me',
    ]) {
      const response = await t.app.inject({ url, headers: bearer(token) });
      expect(response.statusCode, url).toBe(401);
    }
    const event = await createEvent(t);
    const tickets = await checkout(t, {
      kind: 'member-ticket',
      eventid: event.id,
      memberid: member.id,
      ticket: 1,
      reminder: token,
    });
    expect(tickets.statusCode).toBe(401);
    const dependents = await checkout(t, {
      kind: 'dependents',
      memberid: member.id,
      dependents: [{ name: 'Anya Shah', dateOfBirth: '2016-01-01' }],
      reminder: token,
    });
    expect([400, 401]).toContain(dependents.statusCode);
  });

  it('expires 14 days after it was sent', async () => {
    const plan = await limitedPlan(t);
    const member = await memberEnding(t, plan, 7);
    await runReminders(t);
    const token = await mailedToken(t, member.email);
    t.clock.advance(14 * DAY_MS + 60_000);
    try {
      const view = await linkView(token);
      expect(view.statusCode).toBe(403);
      expect(view.json().error.message).toBe(REMINDER_LINK_EXPIRED_MESSAGE);
      const response = await checkout(t, renewalBody(member.id, plan.id, token));
      expect(response.statusCode).toBe(403);
    } finally {
      t.clock.advance(-(14 * DAY_MS + 60_000));
    }
  });

  it('refuses a token nobody was sent', async () => {
    const view = await linkView('A'.repeat(43));
    expect(view.statusCode).toBe(404);
  });
});

describe('the grace period', () => {
  it('keeps member prices for RENEWAL_GRACE_DAYS after the end, then not', async () => {
    expect(t.config.renewal.graceDays).toBe(14);
    const plan = await limitedPlan(t);
    const lapsed = await memberEnding(t, plan, -3);
    const longGone = await memberEnding(t, plan, -15);
    const event = await createEvent(t);
    const headers = await staffHeaders(t);
    const body = (memberid: number) => ({
      kind: 'member-ticket',
      eventid: event.id,
      memberid,
      ticket: 1,
    });
    const inGrace = await checkout(t, body(lapsed.id), headers);
    expect(inGrace.statusCode, inGrace.body).toBe(200);
    const after = await checkout(t, body(longGone.id), headers);
    expect(after.statusCode).toBe(409);
    expect(todayOf(t) > lapsed.validityTo).toBe(true);
  });
});

describe('the staff view', () => {
  it('lists who was reminded and who renewed, with filters and pages', async () => {
    const plan = await limitedPlan(t);
    const member = await memberEnding(t, plan, 7);
    await runReminders(t);
    const token = await mailedToken(t, member.email);
    const started = await checkout(t, renewalBody(member.id, plan.id, token));
    await payMock(t, started.json().transactionID);

    const headers = await staffHeaders(t, 'temp');
    const list = await t.app.inject({
      url: `/api/renewal-reminders?search=${encodeURIComponent(member.email)}`,
      headers,
    });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().total).toBe(1);
    expect(list.json().items[0]).toMatchObject({
      memberId: member.id,
      kind: 'before-7',
      renewed: true,
    });
    expect(list.json().items[0].renewedThroughLinkAt).not.toBeNull();
    const notRenewed = await t.app.inject({
      url: `/api/renewal-reminders?renewed=no&search=${encodeURIComponent(member.email)}`,
      headers,
    });
    expect(notRenewed.json().total).toBe(0);
    const page = await t.app.inject({
      url: '/api/renewal-reminders?pageSize=10&page=1&kind=before-7',
      headers,
    });
    expect(page.json().items.every((item: { kind: string }) => item.kind === 'before-7')).toBe(
      true,
    );
    const rows = await t.database.db.select().from(renewalReminders);
    expect(rows.length).toBeGreaterThan(0);
  });

  it('lets admins send the due reminders at once, not temporary admins', async () => {
    const plan = await limitedPlan(t);
    const member = await memberEnding(t, plan, 30);
    const temp = await t.app.inject({
      method: 'POST',
      url: '/api/renewal-reminders/run',
      headers: await staffHeaders(t, 'temp'),
    });
    expect(temp.statusCode).toBe(403);
    const admin = await t.app.inject({
      method: 'POST',
      url: '/api/renewal-reminders/run',
      headers: await staffHeaders(t, 'admin'),
    });
    expect(admin.statusCode).toBe(200);
    expect(admin.json().sent).toBeGreaterThanOrEqual(1);
    expect(await remindersOf(t, [member.id])).toHaveLength(1);
  });
});
