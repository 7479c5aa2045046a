/** What the waiting-list tests share: a sold-out event, joining, the mailed links. Test-only. */
import { and, desc, eq, sql } from 'drizzle-orm';
import { mailOutbox, waitlistEntries } from '../../db/schema';
import { nextClientAddress, type TTestApp } from '../../test/test-app';
import { buyNonMemberTickets, createEvent } from '../payments/payments-test-kit';
import { runWaitlistOffers } from './waitlist-offers';

/** An event of `capacity` seats, all of them sold. */
export async function soldOutEvent(t: TTestApp, capacity = 4) {
  const event = await createEvent(t, { capacity });
  let left = capacity;
  while (left > 0) {
    const take = Math.min(left, 10);
    await buyNonMemberTickets(t, event.id, take);
    left -= take;
  }
  return event;
}

let people = 0;
export function waiter(eventid: number, seats: number, overrides: Record<string, unknown> = {}) {
  people += 1;
  return {
    eventid,
    fname: 'Meera',
    lname: 'Shah',
    email: `meera.shah+${people}@example.net`,
    contact: '(713) 555-0142',
    seats,
    ...overrides,
  };
}

export async function join(t: TTestApp, body: object, remoteAddress = nextClientAddress()) {
  return t.app.inject({
    method: 'POST',
    url: '/api/nonmember/iview',
    payload: body,
    remoteAddress,
  });
}

/** The newest mail to `to` whose text holds a link of `pattern`; answers the token in it. */
export async function tokenMailedTo(t: TTestApp, to: string, pattern: RegExp): Promise<string> {
  const rows = await t.database.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.toAddress, to))
    .orderBy(desc(mailOutbox.id));
  for (const row of rows) {
    const match = pattern.exec(row.textBody);
    if (match) return match[1];
  }
  throw new Error(`no mail to ${to} with ${String(pattern)}`);
}

export const CONFIRM_LINK = /#\/waitlist\/confirm\/([A-Za-z0-9_-]+)/;
export const OFFER_LINK = /#\/viewevent\/\d+\?offer=([A-Za-z0-9_-]+)/;

/** Joins and confirms by the mailed link; answers the entry's e-mail. */
export async function joinConfirmed(t: TTestApp, body: { email: string }): Promise<string> {
  const joined = await join(t, body);
  if (joined.statusCode !== 201)
    throw new Error(`iview answered ${joined.statusCode}: ${joined.body}`);
  const token = await tokenMailedTo(t, body.email, CONFIRM_LINK);
  const confirmed = await t.app.inject({ method: 'POST', url: `/api/waitlist/confirm/${token}` });
  if (confirmed.statusCode !== 200) throw new Error(`confirm answered ${confirmed.statusCode}`);
  return body.email;
}

export async function entryOf(t: TTestApp, eventId: number, email: string) {
  const [row] = await t.database.db
    .select()
    .from(waitlistEntries)
    .where(
      and(
        eq(waitlistEntries.eventId, eventId),
        sql`lower(${waitlistEntries.email}) = ${email.toLowerCase()}`,
      ),
    )
    .orderBy(desc(waitlistEntries.id));
  return row;
}

export function runOffers(t: TTestApp) {
  return runWaitlistOffers({ db: t.database.db, config: t.config, now: t.clock.now() });
}
