/**
 * `npm run backup` and `npm run restore` on the embedded database, as a volunteer runs them: the
 * server keeps the data directory, so the backup is asked of it; a restore goes to another one.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client';
import { readBackupHeader } from './backup';
import { freePort, runCommand, waitHealthy } from './test-processes';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'samaj-backup-cli-test-'));
let port: number;
const live = path.join(dir, 'live');
const copy = path.join(dir, 'copy');
const env = (dataDir: string) => ({
  PATH: process.env.PATH,
  DATA_DIR: dataDir,
  PORT: String(port),
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
});
let server: ChildProcess | undefined;

afterAll(async () => {
  if (server && server.exitCode === null) {
    server.kill('SIGTERM');
    await new Promise((resolve) => server!.once('exit', resolve));
  }
  fs.rmSync(dir, { recursive: true, force: true });
}, 60_000);

describe('npm run backup / restore on the embedded database', () => {
  it('asks the running server for the backup, restores it elsewhere, refuses the live directory', async () => {
    port = await freePort();
    server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: env(live),
      stdio: 'ignore',
    });
    await waitHealthy(port);

    const file = path.join(dir, 'live.jsonl.gz');
    const backup = await runCommand('server/ops/backup-cli.ts', [file], env(live));
    expect(backup.code).toBe(0);
    expect(backup.out).toMatch(/holds the data directory; asking it to write the backup/);
    expect(backup.out).toMatch(/backup written to .*live\.jsonl\.gz/);
    expect((await readBackupHeader(file)).source).toBe('pglite');
    // the server still serves after answering
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);

    const intoLive = await runCommand('server/ops/restore-cli.ts', [file, '--force'], env(live));
    expect(intoLive).toMatchObject({
      code: 1,
      out: expect.stringMatching(/in use by another Samaj server/),
    });

    const restore = await runCommand('server/ops/restore-cli.ts', [file], env(copy));
    expect(restore).toMatchObject({
      code: 0,
      out: expect.stringMatching(/restored .* \d+ members/),
    });
    const database = await openDatabase({ dataDir: copy });
    try {
      const result = (await database.db.execute(
        'select count(*)::int as n from members' as never,
      )) as unknown as { rows: { n: number }[] };
      const restored = Number(/(\d+) members/.exec(restore.out)![1]);
      expect(restored).toBeGreaterThan(10);
      expect(result.rows[0].n).toBe(restored);
    } finally {
      await database.close();
    }
  }, 180_000);
});
