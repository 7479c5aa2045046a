import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { count, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openPglite, openPostgres, type TDatabase } from '../db/client';
import { events, images, mailOutbox, members, payments } from '../db/schema';
import { seedDemo } from '../db/seed';
import { TestClock } from '../lib/clock';
import { adminQuery, withDatabase } from '../test/global-setup';
import { createTestDatabase } from '../test/test-database';
import { BackupError, readBackupHeader, restoreBackup, writeBackup } from './backup';
import { readJournal } from './migrations';
import { MIGRATIONS_DIR } from '../db/client';

const clock = new TestClock('2026-11-22T15:00:00Z');
const databaseUrl = process.env.DATABASE_URL;
const PICTURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 255]);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'samaj-backup-test-'));
const opened: TDatabase[] = [];
const dropped: string[] = [];

/** An empty database of the other kind when PostgreSQL is configured: the move in both directions. */
async function emptyDatabase(kind: 'pglite' | 'postgres'): Promise<TDatabase> {
  if (kind === 'pglite') {
    const database = await openPglite({ dataDir: fs.mkdtempSync(path.join(dir, 'pglite-')) });
    opened.push(database);
    return database;
  }
  const name = `samaj_restore_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  await adminQuery(databaseUrl!, `create database ${name}`);
  dropped.push(name);
  const database = await openPostgres(withDatabase(databaseUrl!, name), 3);
  opened.push(database);
  return database;
}

async function counts(database: TDatabase) {
  const [m] = await database.db.select({ n: count() }).from(members);
  const [p] = await database.db.select({ n: count() }).from(payments);
  const [i] = await database.db.select({ n: count() }).from(images);
  const [o] = await database.db.select({ n: count() }).from(mailOutbox);
  return { members: m.n, payments: p.n, images: i.n, outbox: o.n };
}

/** Each event's seats sold as its row keeps them (a trigger counts them as payments change). */
async function seatsSold(database: TDatabase) {
  return database.db
    .select({ id: events.id, seatsSold: events.seatsSold })
    .from(events)
    .orderBy(events.id);
}

async function signIn(database: TDatabase) {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dir }, 'test');
  const app = await buildApp({ config, database, clock, logger: false });
  try {
    return await app.inject({
      method: 'POST',
      url: '/api/memlogin',
      payload: { email: 'member@example.org', password: 'samaj-demo' },
    });
  } finally {
    await app.close();
  }
}

async function firstRow<T>(database: TDatabase, query: SQL): Promise<T> {
  const result = (await database.db.execute(query)) as unknown as { rows: T[] };
  return result.rows[0];
}

let source: TDatabase;
let file: string;
let before: Awaited<ReturnType<typeof counts>>;

beforeAll(async () => {
  source = await createTestDatabase();
  await seedDemo(source.db, { clock, timeZone: 'America/Chicago', eventPrefix: 'Gala' });
  // a picture and a queued mail with an attachment: the bytes the backup must carry
  await source.db.insert(images).values({
    id: 'f'.repeat(64),
    size: 'full',
    mimeType: 'image/png',
    bytes: PICTURE,
    width: 1,
    height: 1,
  });
  await source.db.insert(mailOutbox).values({
    toAddress: 'member@example.org',
    subject: 'Your receipt',
    textBody: 'Thank you',
    attachments: [{ filename: 'r.pdf', contentType: 'application/pdf', contentBase64: 'JVBERi0=' }],
  });
  before = await counts(source);
  file = path.join(dir, 'samaj-test.jsonl.gz');
  await writeBackup(source, file, '9.9.9');
}, 120_000);

afterAll(async () => {
  await source?.close();
  for (const database of opened) await database.close().catch(() => undefined);
  for (const name of dropped)
    await adminQuery(databaseUrl!, `drop database if exists ${name} with (force)`);
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('backup and restore', () => {
  it('writes one gzip file whose header names the schema, version and time', async () => {
    const header = await readBackupHeader(file);
    const journal = readJournal(MIGRATIONS_DIR);
    expect(header).toMatchObject({
      format: 'samaj-backup',
      appVersion: '9.9.9',
      migration: journal.at(-1)!.tag,
      source: source.kind,
    });
    expect(header.tables).toEqual(expect.arrayContaining(['members', 'payments', 'images']));
    expect(before.members).toBeGreaterThan(10);
    expect(before.payments).toBeGreaterThan(10);
  });

  const targets: ('pglite' | 'postgres')[] = databaseUrl ? ['pglite', 'postgres'] : ['pglite'];
  for (const kind of targets) {
    it(`restores into an empty ${kind} database: same rows, same bytes, signing in works`, async () => {
      const target = await emptyDatabase(kind);
      const { rows } = await restoreBackup(target, file);
      expect(rows.members).toBe(before.members);
      expect(await counts(target)).toEqual(before);
      // the restored payments do not count their seats a second time
      const sold = await seatsSold(source);
      expect(sold.some((event) => event.seatsSold > 0)).toBe(true);
      expect(await seatsSold(target)).toEqual(sold);
      const [picture] = await target.db.select().from(images);
      expect(picture.bytes.equals(PICTURE)).toBe(true);
      const [mail] = await target.db.select().from(mailOutbox);
      expect(mail.attachments[0].contentBase64).toBe('JVBERi0=');
      // sequences continue after the restored ids: a new row gets a fresh id
      const { max, next } = await firstRow<{ max: number; next: number }>(
        target,
        sql`select (select max(id)::int from members) as max,
                   nextval(pg_get_serial_sequence('members', 'id'))::int as next`,
      );
      expect(next).toBeGreaterThan(max);
      const response = await signIn(target);
      expect(response.statusCode).toBe(200);
    });
  }

  // on a PostgreSQL run: the other direction, embedded to PostgreSQL
  if (databaseUrl) {
    it('moves an embedded database to PostgreSQL: backup, then restore', async () => {
      const embedded = await emptyDatabase('pglite');
      await restoreBackup(embedded, file);
      const moved = path.join(dir, 'from-pglite.jsonl.gz');
      expect((await writeBackup(embedded, moved, '9.9.9')).rows.members).toBe(before.members);
      expect((await readBackupHeader(moved)).source).toBe('pglite');
      const target = await emptyDatabase('postgres');
      await restoreBackup(target, moved);
      expect(await counts(target)).toEqual(before);
      expect((await signIn(target)).statusCode).toBe(200);
    });
  }

  it('refuses a database that is not empty, and replaces it with --force', async () => {
    const target = await emptyDatabase(databaseUrl ? 'postgres' : 'pglite');
    await restoreBackup(target, file);
    await target.db.delete(mailOutbox);
    await expect(restoreBackup(target, file)).rejects.toThrow(/not empty.*--force/);
    await restoreBackup(target, file, { force: true });
    expect(await counts(target)).toEqual(before);
  });

  it('refuses a file cut short, and leaves nothing half-loaded', async () => {
    const whole = zlib.gunzipSync(fs.readFileSync(file)).toString('utf8').trimEnd().split('\n');
    const cut = path.join(dir, 'cut.jsonl.gz');
    fs.writeFileSync(cut, zlib.gzipSync(whole.slice(0, -2).join('\n') + '\n'));
    const target = await emptyDatabase('pglite');
    await expect(restoreBackup(target, cut)).rejects.toThrow(BackupError);
    const [m] = await target.db.select({ n: count() }).from(members);
    expect(m.n).toBe(0);
  });

  it('refuses a file that is not a backup', async () => {
    const other = path.join(dir, 'other.jsonl.gz');
    fs.writeFileSync(other, zlib.gzipSync('{"hello":1}\n'));
    await expect(readBackupHeader(other)).rejects.toThrow(/not a Samaj backup/);
  });
});
