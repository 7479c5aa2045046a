import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TDatabase } from '../db/client';
import { images, mailOutbox } from '../db/schema';
import { createTestDatabase } from '../test/test-database';
import { writeBackup } from './backup';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'samaj-snapshot-test-'));
let database: TDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
  // enough pictures that the backup takes a while to read
  for (let i = 0; i < 30; i++) {
    await database.db.insert(images).values({
      id: crypto.randomBytes(32).toString('hex'),
      size: 'full',
      mimeType: 'image/jpeg',
      width: 1,
      height: 1,
      bytes: crypto.randomBytes(512 * 1024),
    });
  }
}, 60_000);

afterAll(async () => {
  await database?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('a backup on PostgreSQL', () => {
  it('lets writes go on while it reads, and holds only what was there when it began', async () => {
    const file = path.join(dir, 'snapshot.jsonl.gz');
    const backup = writeBackup(database, file, 'test');
    // wait until the backup has its snapshot and is reading rows
    const deadline = Date.now() + 10_000;
    for (;;) {
      const result = (await database.db.execute(
        `select count(*)::int as n from pg_stat_activity
          where datname = current_database() and query like '%row_to_json%' and pid <> pg_backend_pid()` as never,
      )) as unknown as { rows: { n: number }[] };
      if (result.rows[0].n > 0) break;
      if (Date.now() > deadline) throw new Error('the backup never started reading');
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const started = Date.now();
    await database.db.insert(mailOutbox).values({
      toAddress: 'late@example.org',
      subject: 'written during the backup',
      textBody: 'x',
    });
    const writeMs = Date.now() - started;
    const summary = await backup;
    expect(writeMs).toBeLessThan(summary.ms); // the write did not wait for the backup
    const text = zlib.gunzipSync(fs.readFileSync(file)).toString('utf8');
    expect(text).not.toMatch(/written during the backup/);
    expect(summary.rows.images).toBe(30);
  });
});
