import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestSmtpServer } from '../modules/mail/test-smtp-server';
import { runDoctor, type TCheck } from './doctor-checks';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'samaj-doctor-test-'));
const databaseUrl = process.env.DATABASE_URL;
const smtp = new TestSmtpServer();
const base = { DATA_DIR: dir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) };

const failures = (checks: TCheck[]) =>
  checks.filter((c) => c.verdict === 'fail').map((c) => `${c.area}: ${c.message}`);

beforeAll(async () => {
  await smtp.start();
});

afterAll(async () => {
  await smtp.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('npm run doctor', () => {
  it('finds nothing to fix in a working setup, with SMTP verified', async () => {
    const checks = await runDoctor({ ...base, SMTP_URL: smtp.url });
    expect(failures(checks)).toEqual([]);
    const areas = new Set(checks.map((c) => c.area));
    for (const area of ['Configuration', 'Database', 'Mail', 'Payments', 'Disk', 'Clock'])
      expect(areas).toContain(area);
    expect(checks.find((c) => c.area === 'Mail')?.message).toMatch(/accepts our connection/);
    expect(checks.find((c) => c.area === 'Database')?.message).toMatch(/reachable and writable/);
  });

  it('says in plain words what a production install must change', async () => {
    const checks = await runDoctor({
      ...base,
      NODE_ENV: 'production',
      SEED_DEMO: 'true',
      PUBLIC_URL: 'http://samaj.example.org',
      SMTP_URL: 'smtp://127.0.0.1:1',
    });
    expect(failures(checks)).toEqual([
      expect.stringMatching(/^Configuration: SEED_DEMO is on in production/),
      expect.stringMatching(
        /^Configuration: PUBLIC_URL is http:\/\/samaj.example.org: set it to the https/,
      ),
      expect.stringMatching(/^Mail: the SMTP server at 127.0.0.1:1 cannot be used/),
      expect.stringMatching(/^Payments: PAYMENT_PROVIDER is mock in production/),
    ]);
  });

  it('checks the shape of the Stripe keys', async () => {
    const checks = await runDoctor({
      ...base,
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'pk_live_wrongkind',
      STRIPE_WEBHOOK_SECRET: 'whsec_abc',
    });
    expect(failures(checks)).toEqual([
      expect.stringMatching(/^Payments: STRIPE_SECRET_KEY does not look like/),
    ]);
  });

  it('reports a settings error and an unreachable database', async () => {
    expect(failures(await runDoctor({ ...base, PORT: 'eighty' }))).toEqual([
      expect.stringMatching(/^Configuration: Invalid configuration: PORT/),
    ]);
    const checks = await runDoctor({ ...base, DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' });
    expect(failures(checks)).toEqual([
      expect.stringMatching(/^Database: PostgreSQL at 127.0.0.1:1 cannot be used/),
    ]);
  });

  it('exits 1 from the command line when something fails, 0 otherwise', async () => {
    const run = (env: Record<string, string>) =>
      promisify(execFile)(process.execPath, ['--import', 'tsx', 'server/ops/doctor.ts'], {
        env: { PATH: process.env.PATH, ...env },
      }).then(
        ({ stdout }) => ({ code: 0, stdout }),
        (error: { code: number; stdout: string }) => ({ code: error.code, stdout: error.stdout }),
      );
    const bad = await run({ ...base, NODE_ENV: 'production', PUBLIC_URL: 'http://x.org' });
    expect(bad.code).toBe(1);
    expect(bad.stdout).toMatch(/FAIL {2}Configuration PUBLIC_URL/);
    expect(bad.stdout).toMatch(/problem\(s\) to fix/);
    const good = await run(base);
    expect(good.code).toBe(0);
    expect(good.stdout).toMatch(/No problems/);
  });

  it('runs as `npm start -- --check` too, starting nothing', async () => {
    const result = await promisify(execFile)(process.execPath, ['scripts/start.mjs', '--check'], {
      env: { PATH: process.env.PATH, ...base, NODE_ENV: 'production', PUBLIC_URL: 'http://x.org' },
    }).catch((error: { code: number; stdout: string }) => error);
    expect((result as { code?: number }).code).toBe(1);
    expect(result.stdout).toMatch(/FAIL {2}Configuration PUBLIC_URL/);
  });
});
