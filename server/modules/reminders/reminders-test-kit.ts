/** What the renewal reminder tests share: a Limited plan, members ending on a chosen day. Test-only. */
import { and, eq, inArray } from 'drizzle-orm';
import { addDays, toCalendarDate } from '../../../domain/dates';
import {
  mailOutbox,
  members,
  membershipPlans,
  renewalReminders,
  type TMembershipPlanRow,
} from '../../db/schema';
import type { TTestApp } from '../../test/test-app';
import { sendDueReminders, type TReminderRun } from './reminder-scheduler';

export function todayOf(t: TTestApp): string {
  return toCalendarDate(t.clock.now(), t.config.timeZone);
}

let plans = 0;
/** A Limited plan whose current window runs a year from a month ago: renewals move onto it. */
export async function limitedPlan(t: TTestApp): Promise<TMembershipPlanRow> {
  plans += 1;
  const today = todayOf(t);
  const [plan] = await t.database.db
    .insert(membershipPlans)
    .values({
      membershipType: `Reminder Plan ${plans}`,
      prefix: `R${String(plans % 100).padStart(2, '0')}${String(Math.floor(Math.random() * 1000)).padStart(3, '0')}`,
      planFeeCents: 5000,
      maxDependent: 4,
      haveSpouse: true,
      validityType: 'Limited',
      validityFrom: addDays(today, -30),
      validityTo: addDays(today, 335),
    })
    .returning();
  return plan;
}

let people = 0;
/** A member of `plan` whose membership ends `daysLeft` days from today (negative: ended). */
export async function memberEnding(
  t: TTestApp,
  plan: TMembershipPlanRow,
  daysLeft: number,
): Promise<{ id: number; email: string; validityTo: string }> {
  people += 1;
  const validityTo = addDays(todayOf(t), daysLeft);
  const email = `renewing.${people}.${Math.random().toString(36).slice(2, 7)}@example.net`;
  const [row] = await t.database.db
    .insert(members)
    .values({
      firstName: 'Nila',
      lastName: `Shah${people}`,
      email,
      passwordHash: 'not-a-real-hash',
      planId: plan.id,
      isActive: true,
      validityFrom: addDays(validityTo, -364),
      validityTo,
    })
    .returning();
  return { id: row.id, email, validityTo };
}

export function runReminders(t: TTestApp, perRun = t.config.renewal.perRun): Promise<TReminderRun> {
  return sendDueReminders({
    db: t.database.db,
    config: { ...t.config, renewal: { ...t.config.renewal, perRun } },
    now: t.clock.now(),
  });
}

export async function remindersOf(t: TTestApp, memberIds: number[]) {
  return t.database.db
    .select()
    .from(renewalReminders)
    .where(inArray(renewalReminders.memberId, memberIds))
    .orderBy(renewalReminders.id);
}

/** The token of the newest reminder mailed to `email`, read from the mail's link. */
export async function mailedToken(t: TTestApp, email: string): Promise<string> {
  const mails = await t.database.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, email)))
    .orderBy(mailOutbox.id);
  const text = mails.at(-1)?.textBody ?? '';
  const token = /#\/renewmember\/link\?token=([A-Za-z0-9_-]{43})/.exec(text)?.[1];
  if (!token) throw new Error(`No reminder link mailed to ${email}.`);
  return token;
}
