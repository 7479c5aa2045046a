import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import type { TDatabase } from '../db/client';
import { TestClock } from '../lib/clock';
import { createTestDatabase } from '../test/test-database';
import { listBackups, readBackupHeader } from './backup';
import { answerBackupRequests, listenForBackupRequests, requestBackup } from './backup-requests';
import { runNightlyBackup } from './nightly-backup';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'samaj-nightly-test-'));
const backups = path.join(dir, 'backups');
const config = loadConfig(
  {
    NODE_ENV: 'test',
    DATA_DIR: dir,
    BACKUP_DIR: backups,
    BACKUP_KEEP: '2',
    BACKUP_HOUR: '3',
    TIME_ZONE: 'America/Chicago',
  },
  'test',
);
let database: TDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('nightly backup', () => {
  it('waits for BACKUP_HOUR in TIME_ZONE, then one of two instances writes it, once a night', async () => {
    // 02:30 in Chicago: not yet
    const clock = new TestClock('2026-11-23T08:30:00Z');
    expect((await runNightlyBackup(config, database, clock)).ran).toBe(false);
    expect(listBackups(backups)).toEqual([]);
    // 03:10 in Chicago: two instances check at once, one writes
    clock.set('2026-11-23T09:10:00Z');
    const results = await Promise.all([
      runNightlyBackup(config, database, clock),
      runNightlyBackup(config, database, clock),
    ]);
    expect(results.filter((result) => result.ran)).toHaveLength(1);
    expect(listBackups(backups)).toHaveLength(1);
    // later the same night: nothing more
    clock.set('2026-11-23T20:00:00Z');
    expect((await runNightlyBackup(config, database, clock)).ran).toBe(false);
  });

  it('keeps the newest BACKUP_KEEP copies', async () => {
    const clock = new TestClock('2026-11-24T10:00:00Z');
    expect((await runNightlyBackup(config, database, clock)).ran).toBe(true);
    clock.set('2026-11-25T10:00:00Z');
    const third = await runNightlyBackup(config, database, clock);
    expect(third.pruned).toHaveLength(1);
    const kept = listBackups(backups);
    expect(kept.map((file) => path.basename(file))).toEqual([
      'samaj-20261125-100000Z.jsonl.gz',
      'samaj-20261124-100000Z.jsonl.gz',
    ]);
    expect((await readBackupHeader(kept[0])).format).toBe('samaj-backup');
  });

  it('is off without BACKUP_DIR', async () => {
    const off = loadConfig({ NODE_ENV: 'test', DATA_DIR: dir }, 'test');
    const clock = new TestClock('2026-11-26T12:00:00Z');
    expect((await runNightlyBackup(off, database, clock)).ran).toBe(false);
  });
});

describe('backup asked of a running server (embedded database)', () => {
  it('writes the file named in the request when signalled, and answers', async () => {
    const stop = listenForBackupRequests(dir, database, 'test', { error: () => undefined });
    try {
      const file = path.join(dir, 'asked.jsonl.gz');
      const summary = await requestBackup(dir, process.pid, file, 20_000);
      expect(summary.file).toBe(file);
      expect((await readBackupHeader(file)).appVersion).toBe('test');
    } finally {
      stop();
    }
  });

  it('answers a request for a relative path with an error, not a file', async () => {
    const requests = path.join(dir, 'backup-requests');
    fs.mkdirSync(requests, { recursive: true });
    fs.writeFileSync(path.join(requests, 'x.request.json'), JSON.stringify({ file: 'rel.gz' }));
    expect(await answerBackupRequests(dir, database, 'test')).toBe(1);
    const answer = JSON.parse(fs.readFileSync(path.join(requests, 'x.done.json'), 'utf8'));
    expect(answer).toMatchObject({ ok: false, error: expect.stringMatching(/absolute/) });
  });
});
