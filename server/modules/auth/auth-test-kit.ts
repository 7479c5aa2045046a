/**
 * What the auth, logs and route-access tests share: a seeded app (DESIGN §7 accounts, password
 * 'samaj-demo') and short ways to sign in and call with a token. Test-only.
 */
import { desc, eq, sql } from 'drizzle-orm';
import { DEMO_PASSWORD } from '../../../domain/constants';
import { auditLogs, mailOutbox } from '../../db/schema';
import { seedDemo } from '../../db/seed';
import { createTestApp, type TTestApp } from '../../test/test-app';

export const DEMO = {
  admin: 'admin@example.org',
  super: 'super@example.org',
  temp: 'temp@example.org',
  member: 'member@example.org',
} as const;

export type TCaller = keyof typeof DEMO;

type TTestAppOptions = NonNullable<Parameters<typeof createTestApp>[0]>;

/**
 * `createSeededApp` for a test file that only runs on PostgreSQL (*.pg.test.ts): throws when the
 * suite is on the embedded database.
 */
export async function createSeededPostgresApp(): Promise<TTestApp> {
  const t = await createSeededApp();
  if (t.database.kind !== 'postgres') {
    await t.close();
    throw new Error('This test needs PostgreSQL: set DATABASE_URL.');
  }
  return t;
}

/** The test app on a database seeded with the demo data; `prepare` runs after the seed. */
export async function createSeededApp(options: TTestAppOptions = {}): Promise<TTestApp> {
  return createTestApp({
    ...options,
    async prepare(database, clock, config) {
      await seedDemo(database.db, {
        clock,
        timeZone: config.timeZone,
        eventPrefix: config.eventPrefix,
      });
      await options.prepare?.(database, clock, config);
    },
  });
}

/** A distinct client address per test keeps the per-address sign-in counters apart. */
let addressCounter = 0;
export function freshAddress(): string {
  addressCounter += 1;
  return `198.51.100.${addressCounter % 250}`;
}

function signInPath(caller: TCaller): string {
  return caller === 'member' ? '/api/memlogin' : '/api/user/signin';
}

export async function signInAs(
  t: TTestApp,
  caller: TCaller,
  options: { email?: string; password?: string; ip?: string } = {},
) {
  return t.app.inject({
    method: 'POST',
    url: signInPath(caller),
    remoteAddress: options.ip ?? freshAddress(),
    payload: { email: options.email ?? DEMO[caller], password: options.password ?? DEMO_PASSWORD },
  });
}

/** Signs in and answers the bearer token; fails the test when sign-in does not succeed. */
export async function tokenOf(
  t: TTestApp,
  caller: TCaller,
  options: { email?: string; password?: string } = {},
) {
  const response = await signInAs(t, caller, options);
  if (response.statusCode !== 200) {
    throw new Error(`sign-in as ${caller} answered ${response.statusCode}: ${response.body}`);
  }
  return response.json().authToken as string;
}

export function bearer(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}` };
}

export async function outboxTo(t: TTestApp, address: string) {
  return t.database.db
    .select()
    .from(mailOutbox)
    .where(eq(sql`lower(${mailOutbox.toAddress})`, address.toLowerCase()))
    .orderBy(desc(mailOutbox.id));
}

/** The newest audit entries, newest first. */
export async function latestAudit(t: TTestApp, count = 1) {
  return t.database.db.select().from(auditLogs).orderBy(desc(auditLogs.id)).limit(count);
}
