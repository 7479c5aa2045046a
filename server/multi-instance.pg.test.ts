/**
 * Several Samaj servers on one PostgreSQL (issue 14): how an association outgrows one machine.
 * Two apps, each with its own connection pool on one database, as two machines behind a load
 * balancer would be, both listening on ports of their own:
 * a session from one works on the other, the outbox sent by both delivers each mail once,
 * buyers split across both never oversell, the timers (the expiry sweep, renewal reminders,
 * waiting-list offers and their lapses) act once, not once per instance, and a member saved
 * through one shows at once in the other's member list (held in its memory).
 *
 * Runs when DATABASE_URL is set (vitest.config.ts selects *.pg.test.ts then):
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx vitest run server/multi-instance.pg.test.ts
 */
import { and, count, eq, inArray, like, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO_PASSWORD } from '../domain/constants';
import { buildApp, type TApp } from './app';
import { loadConfig, type TConfig } from './config';
import { openPostgres, type TDatabase } from './db/client';
import {
  auditLogs,
  events,
  mailOutbox,
  members,
  paymentEvents,
  payments,
  tickets,
} from './db/schema';
import { seedDemo } from './db/seed';
import { TestClock } from './lib/clock';
import { enqueueMail } from './modules/mail/outbox';
import { startOutboxWorker } from './modules/mail/outbox-worker';
import { createRecordingTransport } from './modules/mail/recording-transport';
import { expireLapsedCheckouts } from './modules/payments/expiry-sweeper';
import { adminQuery, withDatabase } from './test/global-setup';
import { nextClientAddress, type TTestApp } from './test/test-app';
import {
  limitedPlan,
  memberEnding,
  remindersOf,
  runReminders,
} from './modules/reminders/reminders-test-kit';
import {
  entryOf,
  joinConfirmed,
  runOffers,
  soldOutEvent,
  waiter,
} from './modules/waitlist/waitlist-test-kit';
import { lapsedDedupeKey } from './modules/waitlist/waitlist-offers';

interface TInstance {
  app: TApp;
  database: TDatabase;
  config: TConfig;
  url: string;
}

/** The instance as the module test kits take an app: its database, configuration and clock. */
function asTestApp(instance: TInstance): TTestApp {
  return {
    app: instance.app,
    database: instance.database,
    config: instance.config,
    clock,
    close: async () => undefined,
  };
}

const clock = new TestClock();
const databaseUrl = process.env.DATABASE_URL ?? '';
const name = `samaj_multi_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
let a: TInstance;
let b: TInstance;

/** How many mails of the outbox `condition` selects. */
async function mailsWhere(condition: SQL | undefined): Promise<number> {
  const [row] = await a.database.db.select({ n: count() }).from(mailOutbox).where(condition);
  return row.n;
}

async function startInstance(target: string, label: string): Promise<TInstance> {
  const config = loadConfig(
    { NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: `.test-data/multi-${label}-${process.pid}` },
    'test',
  );
  const database = await openPostgres(target, 5);
  const app = await buildApp({ config, database, clock, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { app, database, config, url: `http://127.0.0.1:${port}` };
}

beforeAll(async () => {
  const template = inject('pgTemplate');
  if (!template) throw new Error('multi-instance.pg.test.ts needs DATABASE_URL (PostgreSQL).');
  await adminQuery(databaseUrl, `create database ${name} template ${template}`);
  const target = withDatabase(databaseUrl, name);
  a = await startInstance(target, 'a');
  b = await startInstance(target, 'b');
  await seedDemo(a.database.db, { clock, timeZone: 'America/Chicago', eventPrefix: 'Gala' });
});

afterAll(async () => {
  for (const instance of [a, b]) {
    await instance?.app.close();
    await instance?.database.close();
  }
  await adminQuery(databaseUrl, `drop database if exists ${name} with (force)`);
});

async function call(
  instance: TInstance,
  path: string,
  init: { method?: string; token?: string; body?: unknown } = {},
): Promise<{ status: number; body: Record<string, unknown> }> {
  const headers: Record<string, string> = {};
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${instance.url}${path}`, {
    method: init.method ?? 'GET',
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : {} };
}

describe('two servers on one PostgreSQL', () => {
  it('lets a session started on one server work on the other', async () => {
    const signedIn = await call(a, '/api/user/signin', {
      method: 'POST',
      body: { email: 'admin@example.org', password: DEMO_PASSWORD },
    });
    expect(signedIn.status).toBe(200);
    const token = signedIn.body.authToken as string;
    // A staff-only read on the other server
    expect((await call(b, '/api/logs/', { token })).status).toBe(200);
    expect((await call(a, '/api/logs/', { token })).status).toBe(200);
    // A made-up token is refused on both alike
    const wrong = `${token.slice(0, -4)}AAAA`;
    expect((await call(b, '/api/logs/', { token: wrong })).status).toBe(401);
  });

  it("shows a member saved through one server in the other's list at once", async () => {
    const signedIn = await call(a, '/api/user/signin', {
      method: 'POST',
      body: { email: 'admin@example.org', password: DEMO_PASSWORD },
    });
    const token = signedIn.body.authToken as string;
    const [member] = await a.database.db.select().from(members).limit(1);
    const notesOf = async (instance: TInstance, memberId: number) => {
      const listed = await call(instance, '/api/listMember', {
        method: 'POST',
        token,
        body: { search: member.email },
      });
      expect(listed.status).toBe(200);
      const rows = listed.body.member as Array<{ MemberId: number; notes: string }>;
      return rows.find((row) => row.MemberId === memberId)?.notes;
    };
    // Both servers hold the roll before the change
    expect(await notesOf(a, member.id)).toBe(member.notes);
    expect(await notesOf(b, member.id)).toBe(member.notes);
    for (const [writer, reader, notes] of [
      [a, b, 'Saved on a'],
      [b, a, 'Saved on b'],
    ] as const) {
      const saved = await call(writer, `/api/memberUpdateLimited/${member.id}`, {
        method: 'PUT',
        token,
        body: { notes },
      });
      expect(saved.status).toBe(200);
      expect(await notesOf(reader, member.id)).toBe(notes);
      expect(await notesOf(writer, member.id)).toBe(notes);
    }
  });

  it('sends 500 outbox mails from both servers, each exactly once', async () => {
    const subjects = Array.from({ length: 500 }, (_, i) => `Multi-instance mail ${i}`);
    for (const subject of subjects) {
      await enqueueMail(a.database.db, { to: 'member@example.org', subject, text: 'Hello.' });
    }
    const transportA = createRecordingTransport();
    const transportB = createRecordingTransport();
    const workerA = startOutboxWorker(a.app.ctx, transportA, { intervalMs: 20, batchSize: 10 });
    const workerB = startOutboxWorker(b.app.ctx, transportB, { intervalMs: 20, batchSize: 10 });
    const ours = like(mailOutbox.subject, 'Multi-instance mail %');
    const deadline = Date.now() + 60_000;
    for (;;) {
      const [left] = await a.database.db
        .select({ n: count() })
        .from(mailOutbox)
        .where(and(ours, inArray(mailOutbox.status, ['pending', 'sending'])));
      if (left.n === 0 || Date.now() > deadline) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await Promise.all([workerA.stop(), workerB.stop()]);

    const sent = [...transportA.sent, ...transportB.sent]
      .map((mail) => mail.subject)
      .filter((subject) => subject.startsWith('Multi-instance mail'));
    expect(sent).toHaveLength(500);
    expect(new Set(sent)).toEqual(new Set(subjects));
    // Both took part
    expect(transportA.sent.length).toBeGreaterThan(0);
    expect(transportB.sent.length).toBeGreaterThan(0);
    const [sentRows] = await b.database.db
      .select({ n: count() })
      .from(mailOutbox)
      .where(and(ours, eq(mailOutbox.status, 'sent')));
    expect(sentRows.n).toBe(500);
  });

  it('sells exactly 20 seats to 60 buyers split across both servers', async () => {
    const [event] = await a.database.db
      .insert(events)
      .values({
        name: 'Twenty seats',
        eventDate: '2026-12-20',
        eventTime: '18:00',
        venue: 'Samaj Hall',
        memberPriceCents: 1000,
        nonMemberPriceCents: 1500,
        tablePriceCents: 12000,
        capacity: 20,
      })
      .returning();
    const buyers = Array.from({ length: 60 }, (_, i) => i);
    // Each buyer checks out on one server and pays on the other, all at once
    const outcomes = await Promise.all(
      buyers.map(async (i) => {
        const [first, second] = i % 2 === 0 ? [a, b] : [b, a];
        const started = await first.app.inject({
          method: 'POST',
          url: '/api/checkout',
          remoteAddress: nextClientAddress(),
          payload: {
            kind: 'nonmember-ticket',
            eventid: event.id,
            ticket: 1,
            buyer: {
              fname: 'Buyer',
              lname: String(i),
              email: `buyer${i}@example.net`,
              contact: '(713) 555-0100',
            },
          },
        });
        if (started.statusCode !== 200) return started.statusCode;
        const paid = await second.app.inject({
          method: 'POST',
          url: `/api/payments/mock/${started.json().transactionID}/confirm`,
          payload: { cardNumber: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' },
        });
        return paid.statusCode === 200 ? 'paid' : paid.statusCode;
      }),
    );
    expect(outcomes.filter((outcome) => outcome === 'paid')).toHaveLength(20);
    expect(outcomes.filter((outcome) => outcome === 409)).toHaveLength(40);

    const [sold] = await b.database.db
      .select({ seats: sql<number>`coalesce(sum(${payments.dependent}), 0)::int` })
      .from(payments)
      .where(and(eq(payments.eventId, event.id), eq(payments.status, 'payment done')));
    expect(Number(sold.seats)).toBe(20);
    const [issued] = await b.database.db
      .select({ n: count() })
      .from(tickets)
      .where(eq(tickets.eventId, event.id));
    expect(issued.n).toBe(20);
    // Both servers' public lists agree: sold out
    for (const instance of [a, b]) {
      const one = await call(instance, `/api/event/${event.id}`);
      expect(one.body.seatsLeft).toBe(0);
    }
  });

  it('runs the expiry sweep once, however many servers sweep at the same moment', async () => {
    const [event] = await a.database.db
      .insert(events)
      .values({
        name: 'Lapsing checkouts',
        eventDate: '2026-12-21',
        eventTime: '18:00',
        venue: 'Samaj Hall',
        memberPriceCents: 1000,
        nonMemberPriceCents: 1500,
        tablePriceCents: 12000,
        capacity: 100,
      })
      .returning();
    for (let i = 0; i < 30; i += 1) {
      const started = await (i % 2 ? a : b).app.inject({
        method: 'POST',
        url: '/api/checkout',
        remoteAddress: nextClientAddress(),
        payload: {
          kind: 'nonmember-ticket',
          eventid: event.id,
          ticket: 1,
          buyer: {
            fname: 'Late',
            lname: String(i),
            email: `late${i}@example.net`,
            contact: '(713) 555-0101',
          },
        },
      });
      expect(started.statusCode).toBe(200);
    }
    clock.advance(31 * 60_000);
    // Each server's minute timer fires together, three minutes running
    const swept: string[][] = [];
    for (let round = 0; round < 3; round += 1) {
      swept.push(
        ...(await Promise.all([
          expireLapsedCheckouts(a.database.db, clock),
          expireLapsedCheckouts(b.database.db, clock),
        ])),
      );
    }
    expect(swept.flat()).toHaveLength(30);
    expect(new Set(swept.flat()).size).toBe(30);

    const ours = await a.database.db
      .select({ id: payments.id, transactionId: payments.transactionId })
      .from(payments)
      .where(eq(payments.eventId, event.id));
    const [expiries] = await a.database.db
      .select({ n: count() })
      .from(paymentEvents)
      .where(
        and(
          inArray(
            paymentEvents.paymentId,
            ours.map((row) => row.id),
          ),
          eq(paymentEvents.type, 'expired'),
        ),
      );
    expect(expiries.n).toBe(30);
    const [logged] = await a.database.db
      .select({ n: count() })
      .from(auditLogs)
      .where(
        inArray(
          auditLogs.loggerMessage,
          ours.map((row) => `Payment ${row.transactionId} expired before it was confirmed`),
        ),
      );
    expect(logged.n).toBe(30);
  });

  it('sends each due renewal reminder once, however many servers run the reminder timer', async () => {
    const plan = await limitedPlan(asTestApp(a));
    const due = await Promise.all(
      [30, 7, -7, 12, 3].map((days) => memberEnding(asTestApp(a), plan, days)),
    );
    // Each server's reminder timer fires together, twice
    const runs = await Promise.all(
      [a, b, a, b].map((instance) => runReminders(asTestApp(instance))),
    );

    const sent = runs.flatMap((run) => run.sent);
    expect(new Set(sent).size).toBe(sent.length);
    const reminders = await remindersOf(
      asTestApp(a),
      due.map((member) => member.id),
    );
    expect(reminders).toHaveLength(due.length);
    expect(reminders.every((reminder) => sent.includes(reminder.id))).toBe(true);
    expect(
      await mailsWhere(
        inArray(
          mailOutbox.toAddress,
          due.map((member) => member.email),
        ),
      ),
    ).toBe(due.length);
  });

  it('offers freed seats to the waiting list once, and lapses the offer once, from both servers', async () => {
    const event = await soldOutEvent(asTestApp(a), 2);
    const first = await joinConfirmed(asTestApp(a), waiter(event.id, 2));
    const second = await joinConfirmed(asTestApp(b), waiter(event.id, 2));
    // Two seats come free: enough for the first in line only
    await a.database.db.update(events).set({ capacity: 4 }).where(eq(events.id, event.id));

    const runs = await Promise.all([a, b, a, b].map((instance) => runOffers(asTestApp(instance))));
    const offered = runs.flatMap((run) => run.offered);
    const firstEntry = await entryOf(asTestApp(a), event.id, first);
    expect(offered).toEqual([firstEntry.id]);
    expect(firstEntry.offers).toBe(1);
    expect((await entryOf(asTestApp(b), event.id, second)).status).toBe('waiting');
    expect(await mailsWhere(like(mailOutbox.dedupeKey, `waitlist-offer:${firstEntry.id}:%`))).toBe(
      1,
    );

    // A day later the offer lapses unused: both servers' timers see it, one lapse is mailed
    clock.advance(24 * 3_600_000 + 60_000);
    const lapses = await Promise.all(
      [a, b, a, b].map((instance) => runOffers(asTestApp(instance))),
    );
    expect(lapses.flatMap((run) => run.expired).filter((id) => id === firstEntry.id)).toHaveLength(
      1,
    );
    expect(await mailsWhere(eq(mailOutbox.dedupeKey, lapsedDedupeKey(firstEntry.id, 1)))).toBe(1);
  });
});
