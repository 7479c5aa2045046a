/**
 * The README's production guide, followed as far as this machine allows: two instances started
 * together on a fresh PostgreSQL database with production settings, a backup taken with
 * `npm run backup` while they serve, and `npm run restore` into another database.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../db/client';
import { members, payments } from '../db/schema';
import { seedDemo } from '../db/seed';
import { systemClock } from '../lib/clock';
import { adminQuery, withDatabase } from '../test/global-setup';
import { freePorts, runCommand, waitHealthy } from './test-processes';

const adminUrl = process.env.DATABASE_URL!;
const suffix = `${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
const live = `samaj_guide_${suffix}`;
const restored = `samaj_guide_r_${suffix}`;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'samaj-guide-test-'));
const token = 'guide-metrics-token-0123456789';
const servers: ChildProcess[] = [];
const ports: number[] = [];

const production = (port: number) => ({
  PATH: process.env.PATH,
  NODE_ENV: 'production',
  DATABASE_URL: withDatabase(adminUrl, live),
  DATA_DIR: path.join(dir, `data-${port}`),
  PUBLIC_URL: 'https://samaj.example.org',
  TRUST_PROXY: '1',
  HOST: '127.0.0.1',
  PORT: String(port),
  METRICS_TOKEN: token,
  LOG_LEVEL: 'warn',
});

afterAll(async () => {
  for (const server of servers) server.kill('SIGTERM');
  await Promise.all(
    servers.map((server) => new Promise((resolve) => server.once('exit', resolve))),
  );
  for (const name of [live, restored])
    await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
  fs.rmSync(dir, { recursive: true, force: true });
}, 60_000);

describe('the production guide on PostgreSQL', () => {
  it('two instances start together, a backup is taken while they serve, and restores elsewhere', async () => {
    await adminQuery(adminUrl, `create database ${live}`);
    ports.push(...(await freePorts(2)));
    for (const port of ports) {
      servers.push(
        spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
          env: production(port),
          stdio: 'ignore',
        }),
      );
    }
    await Promise.all(ports.map((port) => waitHealthy(port)));

    // the association's data (production seeds nothing): the demo, written the way every instance writes it
    const database = await openPostgres(withDatabase(adminUrl, live), 2);
    await seedDemo(database.db, {
      clock: systemClock,
      timeZone: 'America/Chicago',
      eventPrefix: 'Gala',
    });
    const [before] = await database.db.select({ n: count() }).from(payments);
    await database.close();

    const signIn = await fetch(`http://127.0.0.1:${ports[1]}/api/memlogin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'member@example.org', password: 'samaj-demo' }),
    });
    expect(signIn.status).toBe(200);
    const metrics = await fetch(`http://127.0.0.1:${ports[0]}/metrics`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(metrics.status).toBe(200);
    expect(await metrics.text()).toMatch(/samaj_checkouts\{status="payment done"/);

    const file = path.join(dir, 'guide.jsonl.gz');
    const backup = await runCommand('server/ops/backup-cli.ts', [file], production(ports[0]));
    expect(backup).toMatchObject({ code: 0, out: expect.stringMatching(/backup written to/) });

    await adminQuery(adminUrl, `create database ${restored}`);
    const target = { ...production(ports[0]), DATABASE_URL: withDatabase(adminUrl, restored) };
    const restore = await runCommand('server/ops/restore-cli.ts', [file], target);
    expect(restore).toMatchObject({ code: 0, out: expect.stringMatching(/restored .* members/) });
    const again = await runCommand('server/ops/restore-cli.ts', [file], target);
    expect(again).toMatchObject({ code: 1, out: expect.stringMatching(/not empty.*--force/) });

    const copy = await openPostgres(withDatabase(adminUrl, restored), 2);
    try {
      const [after] = await copy.db.select({ n: count() }).from(payments);
      const [people] = await copy.db.select({ n: count() }).from(members);
      expect(after.n).toBe(before.n);
      expect(people.n).toBeGreaterThan(10);
    } finally {
      await copy.close();
    }
  }, 180_000);
});
