/**
 * Renewal reminders (issue 15): 30 and 7 days before a membership ends, and 7 days after, its
 * member gets an e-mail with a one-click renewal link.
 *
 * Every instance runs this on a timer. The reminder row is the claim: its unique index on
 * (member, end date, kind) lets one insert win however many instances race, and the mail is
 * written in the same transaction as the row, so a reminder is sent once or not at all. After
 * downtime only the most relevant reminder is due per member (domain/membership-status
 * `dueReminder`), and a run sends at most RENEWAL_REMINDERS_PER_RUN; the next run goes on.
 */
import { and, gte, isNotNull, lte, sql, eq } from 'drizzle-orm';
import type { TLanguageCode } from '../../../domain/constants';
import { addDays, toCalendarDate } from '../../../domain/dates';
import {
  dueReminder,
  REMINDER_CATCH_UP_DAYS,
  type TRenewalReminderKind,
} from '../../../domain/membership-status';
import type { TConfig } from '../../config';
import type { TDb } from '../../db/client';
import { members, membershipPlans, renewalReminders } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import type { TClock } from '../../lib/clock';
import { hashToken, newToken } from '../auth/sessions';
import { enqueueMail } from '../mail/outbox';
import { reminderMail } from './reminder-mail';

/** How long a reminder's link works (it also stops once the renewal is paid). */
export const REMINDER_LINK_DAYS = 14;
const DAY_MS = 24 * 3_600_000;

export interface TReminderDeps {
  db: TDb;
  config: TConfig;
  now: Date;
}

export interface TReminderRun {
  /** The ids of the reminders this run sent. */
  sent: number[];
}

interface TCandidate {
  memberId: number;
  email: string;
  firstName: string;
  lastName: string;
  validityTo: string;
  planName: string | null;
  language: string | null;
  sentKinds: string[] | null;
}

/** Members whose end date is inside the reminders' window, with the kinds already sent for it. */
async function candidates(db: TDb, today: string): Promise<TCandidate[]> {
  return db
    .select({
      memberId: members.id,
      email: members.email,
      firstName: members.firstName,
      lastName: members.lastName,
      validityTo: sql<string>`${members.validityTo}`,
      planName: membershipPlans.membershipType,
      // The language the member last paid in, the one language the app stores for them
      language: sql<
        string | null
      >`(select p.language from payments p where p.member_id = ${members.id} order by p.created_at desc limit 1)`,
      sentKinds: sql<
        string[] | null
      >`(select array_agg(r.kind) from ${renewalReminders} r where r.member_id = ${members.id} and r.validity_to = ${members.validityTo})`,
    })
    .from(members)
    .leftJoin(membershipPlans, eq(members.planId, membershipPlans.id))
    .where(
      and(
        eq(members.isActive, true),
        isNotNull(members.validityTo),
        gte(members.validityTo, addDays(today, -(7 + REMINDER_CATCH_UP_DAYS))),
        lte(members.validityTo, addDays(today, 30)),
      ),
    )
    .orderBy(members.validityTo, members.id);
}

/** Inserts the claim and writes the mail in one transaction; null when another run had it. */
async function sendOne(
  deps: TReminderDeps,
  member: TCandidate,
  kind: TRenewalReminderKind,
): Promise<number | null> {
  const { db, config, now } = deps;
  const token = newToken();
  const language = (member.language ?? 'en') as TLanguageCode;
  const linkExpiresAt = new Date(now.getTime() + REMINDER_LINK_DAYS * DAY_MS);
  return db.transaction(async (tx) => {
    const [claimed] = await tx
      .insert(renewalReminders)
      .values({
        memberId: member.memberId,
        validityTo: member.validityTo,
        kind,
        email: member.email,
        language,
        tokenHash: hashToken(token),
        linkExpiresAt,
        sentAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: renewalReminders.id });
    if (!claimed) return null;
    const mail = reminderMail(config, {
      kind,
      language,
      to: member.email,
      firstName: member.firstName,
      lastName: member.lastName,
      planName: member.planName ?? '',
      validityTo: member.validityTo,
      linkExpiresAt,
      token,
    });
    await enqueueMail(
      tx,
      { to: member.email, ...mail },
      { dedupeKey: `renewal-reminder:${claimed.id}`, now },
    );
    return claimed.id;
  });
}

const KIND_LABELS: Record<TRenewalReminderKind, string> = {
  'before-30': '30 days before',
  'before-7': '7 days before',
  'after-7': '7 days after',
};

/** One run: the reminder due per member, each once, at most RENEWAL_REMINDERS_PER_RUN. */
export async function sendDueReminders(deps: TReminderDeps): Promise<TReminderRun> {
  const today = toCalendarDate(deps.now, deps.config.timeZone);
  const due: { member: TCandidate; kind: TRenewalReminderKind }[] = [];
  for (const member of await candidates(deps.db, today)) {
    const kind = dueReminder(member.validityTo, today);
    if (kind && !(member.sentKinds ?? []).includes(kind)) due.push({ member, kind });
    if (due.length >= deps.config.renewal.perRun) break;
  }
  const sent: number[] = [];
  const counts: Partial<Record<TRenewalReminderKind, number>> = {};
  for (const { member, kind } of due) {
    const id = await sendOne(deps, member, kind);
    if (id === null) continue;
    sent.push(id);
    counts[kind] = (counts[kind] ?? 0) + 1;
  }
  if (sent.length > 0) {
    const summary = Object.entries(counts)
      .map(([kind, n]) => `${KIND_LABELS[kind as TRenewalReminderKind]}: ${n}`)
      .join(', ');
    await writeAudit(
      deps.db,
      {
        actor: { user: 'System', email: '', userType: 'Anonymous', ipAddress: '' },
        method: 'SWEEP',
        at: deps.now,
      },
      { message: `Renewal reminders sent: ${sent.length} (${summary})` },
    );
  }
  return { sent };
}

interface TReminderLog {
  error(details: object, message: string): void;
}

/** Runs every RENEWAL_REMINDER_CHECK_SECONDS, and once soon after start (catching up on downtime). */
export function startRenewalReminders(
  db: TDb,
  config: TConfig,
  clock: TClock,
  log: TReminderLog,
  kickMail: () => void = () => undefined,
): () => void {
  let running = false;
  const run = () => {
    if (running) return;
    running = true;
    sendDueReminders({ db, config, now: clock.now() })
      .then((result) => {
        if (result.sent.length > 0) kickMail();
      })
      .catch((err: unknown) => log.error({ err }, 'renewal reminders failed'))
      .finally(() => {
        running = false;
      });
  };
  const first = setTimeout(run, 10_000);
  first.unref();
  const timer = setInterval(run, config.renewal.checkSeconds * 1000);
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
