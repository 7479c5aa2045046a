/**
 * `npm run doctor`: what a volunteer needs to know before (or while) running Samaj, in plain
 * words. Each check says ok, warn (works, but look at it) or fail (fix it; the command exits 1).
 */
import fs from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { sql } from 'drizzle-orm';
import { ConfigError, loadConfig, type TConfig } from '../config';
import { MIGRATIONS_DIR, openDatabase, type TDatabase } from '../db/client';
import { DataDirLockedError, lockDataDir } from '../db/data-dir-lock';
import { rowsOf } from '../db/rows';
import { readJournal } from './migrations';

export type TVerdict = 'ok' | 'warn' | 'fail';
export interface TCheck {
  area: string;
  verdict: TVerdict;
  message: string;
}

const GIB = 1024 ** 3;
const MIB = 1024 ** 2;
const CLOCK_DRIFT_WARN_MS = 30_000;
const CLOCK_DRIFT_FAIL_MS = 5 * 60_000;

function check(area: string, verdict: TVerdict, message: string): TCheck {
  return { area, verdict, message };
}

function configurationChecks(config: TConfig): TCheck[] {
  const checks: TCheck[] = [
    check('Configuration', 'ok', `every setting is valid (NODE_ENV=${config.env})`),
  ];
  if (config.env !== 'production') {
    checks.push(
      check(
        'Configuration',
        'warn',
        'NODE_ENV is not production: set NODE_ENV=production on a live server',
      ),
    );
    return checks;
  }
  if (config.seedDemo) {
    checks.push(
      check(
        'Configuration',
        'fail',
        'SEED_DEMO is on in production: demo accounts with a published password would be created; set SEED_DEMO=false',
      ),
    );
  }
  if (!config.publicUrl.startsWith('https://')) {
    checks.push(
      check(
        'Configuration',
        'fail',
        `PUBLIC_URL is ${config.publicUrl}: set it to the https:// address people use (links in mails and Stripe's return pages use it)`,
      ),
    );
  }
  if (config.trustProxy === false) {
    checks.push(
      check(
        'Configuration',
        'warn',
        "TRUST_PROXY is off: behind a reverse proxy set TRUST_PROXY=1 (one proxy), or every visitor shares the proxy's address for rate limits and the log",
      ),
    );
  }
  return checks;
}

function paymentChecks(config: TConfig): TCheck[] {
  if (config.paymentProvider === 'mock') {
    return [
      check(
        'Payments',
        config.env === 'production' ? 'fail' : 'ok',
        config.env === 'production'
          ? 'PAYMENT_PROVIDER is mock in production: every checkout would be confirmed without money; set PAYMENT_PROVIDER=stripe with its keys'
          : 'the mock provider confirms checkouts without money (fine for trying Samaj out)',
      ),
    ];
  }
  const { secretKey = '', webhookSecret = '' } = config.stripe;
  const checks: TCheck[] = [];
  if (!/^(sk|rk)_(live|test)_/.test(secretKey)) {
    checks.push(
      check(
        'Payments',
        'fail',
        'STRIPE_SECRET_KEY does not look like a Stripe secret key (sk_live_… or sk_test_…)',
      ),
    );
  } else if (config.env === 'production' && secretKey.includes('_test_')) {
    checks.push(
      check('Payments', 'warn', 'STRIPE_SECRET_KEY is a test key: no real money will be taken'),
    );
  }
  if (!webhookSecret.startsWith('whsec_')) {
    checks.push(
      check(
        'Payments',
        'fail',
        'STRIPE_WEBHOOK_SECRET does not look like a webhook signing secret (whsec_…)',
      ),
    );
  }
  if (checks.length === 0) checks.push(check('Payments', 'ok', 'Stripe keys are present'));
  return checks;
}

async function mailCheck(config: TConfig): Promise<TCheck> {
  if (!config.smtpUrl) {
    return check(
      'Mail',
      config.env === 'production' ? 'warn' : 'ok',
      `no SMTP_URL: mails are written as .eml files under ${path.join(config.dataDir, 'mail')}, not sent`,
    );
  }
  const transport = nodemailer.createTransport({
    url: config.smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 15_000,
  } as never);
  const host = new URL(config.smtpUrl).host;
  try {
    await transport.verify();
    return check('Mail', 'ok', `the SMTP server at ${host} accepts our connection and sign-in`);
  } catch (error) {
    return check(
      'Mail',
      'fail',
      `the SMTP server at ${host} cannot be used: ${(error as Error).message}`,
    );
  } finally {
    transport.close();
  }
}

async function databaseChecksOn(database: TDatabase, where: string): Promise<TCheck[]> {
  const checks: TCheck[] = [];
  const before = Date.now();
  const [clock] = rowsOf<{ now: Date | string; has_drizzle: number }>(
    await database.db.execute(
      sql`select now() as now, (select count(*)::int from pg_namespace where nspname = 'drizzle') as has_drizzle`,
    ),
  );
  const after = Date.now();
  const dbNow = new Date(clock.now).getTime();
  // writable: a temporary table in a transaction that is rolled back leaves nothing behind
  await database.db
    .transaction(async (tx) => {
      await tx.execute(sql`create temporary table samaj_doctor_probe (x int) on commit drop`);
      await tx.execute(sql`insert into samaj_doctor_probe values (1)`);
      tx.rollback();
    })
    .catch((error: unknown) => {
      if ((error as Error).message !== 'Rollback') throw error;
    });
  checks.push(check('Database', 'ok', `${where} is reachable and writable`));
  const journal = readJournal(MIGRATIONS_DIR);
  let applied = 0;
  if (clock.has_drizzle) {
    const [recorded] = rowsOf<{ n: number }>(
      await database.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`),
    );
    applied = recorded.n;
  }
  if (applied > journal.length) {
    checks.push(
      check(
        'Database',
        'fail',
        `the database has ${applied} schema migrations but this version knows ${journal.length}: it was upgraded by a newer Samaj; run that version`,
      ),
    );
  } else if (applied < journal.length) {
    checks.push(
      check(
        'Database',
        'warn',
        `${journal.length - applied} schema migration(s) will be applied at the next start (${applied} of ${journal.length} applied); take a backup first`,
      ),
    );
  } else {
    checks.push(check('Database', 'ok', `the schema is up to date (${applied} migrations)`));
  }
  if (database.kind === 'postgres') {
    checks.push(clockCheck(dbNow - (before + after) / 2, 'the database server'));
  }
  return checks;
}

/** Compares with the database server's clock when there is one; otherwise only sees the year is sane. */
function clockCheck(driftMs: number | undefined, against = ''): TCheck {
  const now = new Date();
  if (now.getUTCFullYear() < 2025 || now.getUTCFullYear() > 2100) {
    return check(
      'Clock',
      'fail',
      `this machine's clock says ${now.toISOString()}: set the time (NTP)`,
    );
  }
  if (driftMs === undefined) {
    return check(
      'Clock',
      'ok',
      `this machine's clock reads ${now.toISOString()} (keep NTP on: checkouts and sessions expire by it)`,
    );
  }
  const seconds = Math.round(Math.abs(driftMs) / 1000);
  if (Math.abs(driftMs) > CLOCK_DRIFT_FAIL_MS) {
    return check(
      'Clock',
      'fail',
      `this machine's clock and ${against} differ by ${seconds} s: expiries and sessions go wrong; enable NTP (timedatectl set-ntp true)`,
    );
  }
  if (Math.abs(driftMs) > CLOCK_DRIFT_WARN_MS) {
    return check(
      'Clock',
      'warn',
      `this machine's clock and ${against} differ by ${seconds} s; enable NTP`,
    );
  }
  return check(
    'Clock',
    'ok',
    `this machine's clock agrees with ${against} (within ${Math.max(seconds, 1)} s)`,
  );
}

async function databaseChecks(config: TConfig): Promise<TCheck[]> {
  if (config.databaseUrl) {
    const host = new URL(config.databaseUrl).host;
    let database: TDatabase | undefined;
    try {
      database = await openDatabase(config);
      return await databaseChecksOn(database, `PostgreSQL at ${host}`);
    } catch (error) {
      return [
        check(
          'Database',
          'fail',
          `PostgreSQL at ${host} cannot be used: ${(error as Error).message}`,
        ),
      ];
    } finally {
      await database?.close().catch(() => undefined);
    }
  }
  let release: () => void;
  try {
    release = await lockDataDir(config.dataDir);
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      return [
        check(
          'Database',
          'ok',
          `the embedded database in ${config.dataDir} is held by the running server (checked by that server's /api/health)`,
        ),
      ];
    }
    return [
      check(
        'Database',
        'fail',
        `the data directory ${config.dataDir} cannot be used: ${(error as Error).message}`,
      ),
    ];
  }
  let database: TDatabase | undefined;
  try {
    database = await openDatabase(config);
    return await databaseChecksOn(database, `the embedded database in ${config.dataDir}`);
  } catch (error) {
    return [
      check(
        'Database',
        'fail',
        `the embedded database in ${config.dataDir} cannot be used: ${(error as Error).message}`,
      ),
    ];
  } finally {
    await database?.close().catch(() => undefined);
    release();
  }
}

function diskChecks(config: TConfig): TCheck[] {
  const checks: TCheck[] = [];
  const places = [['DATA_DIR', config.dataDir]];
  if (config.backup.dir) places.push(['BACKUP_DIR', config.backup.dir]);
  for (const [name, dir] of places) {
    try {
      fs.mkdirSync(dir, { recursive: true });
      const probe = path.join(dir, `.doctor-${process.pid}`);
      fs.writeFileSync(probe, 'ok');
      fs.rmSync(probe);
      const stat = fs.statfsSync(dir);
      const free = stat.bavail * stat.bsize;
      const words = `${name} (${dir}) is writable with ${(free / GIB).toFixed(1)} GiB free`;
      if (free < 200 * MIB) checks.push(check('Disk', 'fail', `${words}: free some space now`));
      else if (free < GIB) checks.push(check('Disk', 'warn', `${words}: less than 1 GiB left`));
      else checks.push(check('Disk', 'ok', words));
    } catch (error) {
      checks.push(
        check('Disk', 'fail', `${name} (${dir}) cannot be written: ${(error as Error).message}`),
      );
    }
  }
  if (!config.backup.dir) {
    checks.push(
      check(
        'Backup',
        config.env === 'production' ? 'warn' : 'ok',
        'no BACKUP_DIR: no nightly backup is written (set BACKUP_DIR, and copy its files off this machine)',
      ),
    );
  } else {
    checks.push(
      check(
        'Backup',
        'ok',
        `a backup is written to ${config.backup.dir} each night after ${config.backup.hour}:00, the newest ${config.backup.keep} kept`,
      ),
    );
  }
  return checks;
}

/** Runs every check against the settings in `env`; never throws. */
export async function runDoctor(env: Record<string, string | undefined>): Promise<TCheck[]> {
  let config: TConfig;
  try {
    config = loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return [check('Configuration', 'fail', error.message)];
    throw error;
  }
  const checks = [
    ...configurationChecks(config),
    ...(await databaseChecks(config)),
    await mailCheck(config),
    ...paymentChecks(config),
    ...diskChecks(config),
  ];
  if (!checks.some((c) => c.area === 'Clock')) checks.push(clockCheck(undefined));
  return checks;
}

export function formatChecks(checks: TCheck[]): string {
  const mark: Record<TVerdict, string> = { ok: 'ok  ', warn: 'WARN', fail: 'FAIL' };
  const lines = checks.map((c) => `${mark[c.verdict]}  ${c.area.padEnd(13)} ${c.message}`);
  const fails = checks.filter((c) => c.verdict === 'fail').length;
  const warns = checks.filter((c) => c.verdict === 'warn').length;
  lines.push(
    '',
    fails > 0
      ? `${fails} problem(s) to fix${warns ? `, ${warns} warning(s)` : ''}.`
      : `No problems${warns ? `, ${warns} warning(s)` : ''}.`,
  );
  return lines.join('\n');
}
