import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { buildApp } from './app';
import { loadConfig } from './config';
import { TestClock } from './lib/clock';
import { AppError } from './lib/errors';
import { createTestApp, type TTestApp } from './test/test-app';
import { createTestDatabase } from './test/test-database';
import type { TDatabase } from './db/client';

let t: TTestApp;
const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'samaj-web-'));
fs.writeFileSync(
  path.join(webDir, 'index.html'),
  '<!doctype html><title>Samaj</title><div id="root"></div>',
);

beforeAll(async () => {
  t = await createTestApp({
    webDir,
    extend(app) {
      const probe = app.withTypeProvider<ZodTypeProvider>();
      probe.post(
        '/api/test-probe',
        {
          config: { allow: 'public' },
          schema: { body: z.object({ email: z.email(), count: z.number().int().min(1) }) },
        },
        async () => ({ ok: true }),
      );
      probe.get('/api/test-crash', { config: { allow: 'public' } }, async () => {
        throw new Error('secret database password in a stack');
      });
      probe.get(
        '/api/test-nul',
        { config: { allow: 'public' }, schema: { querystring: z.object({ text: z.string() }) } },
        // A field that skipped the shared text rules: the database itself refuses the NUL byte.
        async (request) => app.ctx.db.execute(sql`select ${request.query.text}::text as text`),
      );
      probe.get('/api/test-conflict', { config: { allow: 'public' } }, async () => {
        throw new AppError('CONFLICT', 'Only 2 seats are left.', {
          fields: { ticket: 'Only 2 seats are left.' },
        });
      });
    },
  });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webDir, { recursive: true, force: true });
});

describe('GET /api/health', () => {
  it('answers ok with the database up and the version', async () => {
    const response = await t.app.inject('/api/health');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', db: 'ok', version: 'test' });
  });

  it('answers 503 with db "down" when the database cannot be reached', async () => {
    const database = await createTestDatabase();
    const app = await buildApp({
      config: t.config,
      database,
      clock: new TestClock(),
      logger: false,
    });
    await database.close();
    const response = await app.inject('/api/health');
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ status: 'degraded', db: 'down' });
    await app.close();
  });
});

/**
 * Makes the test database refuse writes (or take them again) while reads go on, as a full disk
 * or a read-only server does. PGlite has one session; on PostgreSQL the setting is made on the
 * database and every connection is ended so the pool's new ones carry it.
 */
async function setReadOnly(database: TDatabase, readOnly: boolean): Promise<void> {
  const value = readOnly ? 'on' : 'off';
  if (database.kind === 'pglite') {
    await database.db.execute(sql.raw(`set default_transaction_read_only = ${value}`));
    return;
  }
  const result = (await database.db.execute(sql`select current_database() as name`)) as unknown as {
    rows: { name: string }[];
  };
  const [{ name }] = result.rows;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(`alter database ${name} set default_transaction_read_only = ${value}`);
    await admin.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [name],
    );
  } finally {
    await admin.end();
  }
}

describe('GET /api/health when the database refuses writes', () => {
  it('answers 503 with db "down" while reads still work, and ok again once writes do', async () => {
    await setReadOnly(t.database, true);
    try {
      await expect
        .poll(async () => (await t.app.inject('/api/health')).statusCode, { timeout: 10_000 })
        .toBe(503);
      expect((await t.app.inject('/api/health')).json()).toMatchObject({
        status: 'degraded',
        db: 'down',
      });
      // Reads alone would have said "ok": the database still answers them.
      const read = (await t.database.db.execute(sql`select 1 as one`)) as unknown as {
        rows: unknown[];
      };
      expect(read.rows).toEqual([{ one: 1 }]);
    } finally {
      await setReadOnly(t.database, false);
    }
    await expect
      .poll(async () => (await t.app.inject('/api/health')).statusCode, { timeout: 10_000 })
      .toBe(200);
  });
});

describe('errors', () => {
  it('answers an unknown /api path with 404 in the error shape', async () => {
    const response = await t.app.inject('/api/no-such-thing');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: { code: 'NOT_FOUND', message: expect.any(String) } });
  });

  it('lists the offending fields of a request that does not validate', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/test-probe',
      payload: { email: 'nope', count: 0 },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.error.code).toBe('VALIDATION');
    expect(Object.keys(body.error.fields).sort()).toEqual(['count', 'email']);
  });

  it('passes an AppError through with its status, code and fields', async () => {
    const response = await t.app.inject('/api/test-conflict');
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      error: {
        code: 'CONFLICT',
        message: 'Only 2 seats are left.',
        fields: { ticket: 'Only 2 seats are left.' },
      },
    });
  });

  it('never lets a stack trace or internal message leave the server', async () => {
    const response = await t.app.inject('/api/test-crash');
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain('secret');
    expect(response.body).not.toContain('at ');
    expect(response.json().error.code).toBe('INTERNAL');
  });

  it('answers a text/plain body with 415 in the error shape', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/test-probe',
      headers: { 'content-type': 'text/plain' },
      payload: '{"email":"a@b.org","count":1}',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({
      error: { code: 'UNSUPPORTED_MEDIA_TYPE', message: expect.any(String) },
    });
  });

  it.each(['application/xml', 'application/x-unknown', 'text/html'])(
    'answers a %s body with 415 in the error shape',
    async (type) => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/test-probe',
        headers: { 'content-type': type },
        payload: '<a/>',
      });
      expect(response.statusCode).toBe(415);
      expect(response.json().error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    },
  );

  it('answers input the database refuses (a NUL byte past the field rules) with 400, not 500', async () => {
    const response = await t.app.inject('/api/test-nul?text=a%00b');
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('VALIDATION');
  });

  it('answers a 20 KB header with 431 in the error shape and with the security headers', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const response = await fetch(`${address}/api/health`, {
      headers: { 'x-padding': 'a'.repeat(20 * 1024) },
    });
    expect(response.status).toBe(431);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(await response.json()).toEqual({
      error: { code: 'VALIDATION', message: 'The request headers are too large.' },
    });
    const fine = await fetch(`${address}/api/health`);
    expect(fine.status).toBe(200);
  });

  it.each([
    ['/api/event/%E0%A4%A', 400],
    [`/api/payments/mock/${'x'.repeat(2000)}`, 414],
  ])(
    'answers the malformed address %s in the error shape with the security headers',
    async (url, status) => {
      const response = await t.app.inject(url);
      expect(response.statusCode).toBe(status);
      expect(response.json()).toEqual({
        error: { code: expect.any(String), message: expect.any(String) },
      });
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    },
  );

  it('refuses a JSON body over the limit with 413', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/test-probe',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.org', count: 1, pad: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().error.code).toBe('PAYLOAD_TOO_LARGE');
  });
});

describe('security headers', () => {
  it('sends a Content-Security-Policy with script-src self on the app', async () => {
    const response = await t.app.inject('/');
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.headers['content-security-policy']).not.toContain("unsafe-inline'; style");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('over plain HTTP sends neither upgrade-insecure-requests nor HSTS', async () => {
    expect(t.config.publicUrl).toMatch(/^http:/);
    const response = await t.app.inject('/');
    expect(response.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('behind an https PUBLIC_URL sends upgrade-insecure-requests and HSTS', async () => {
    const secure = await createTestApp({ env: { PUBLIC_URL: 'https://samaj.example.org' } });
    try {
      const response = await secure.app.inject('/api/health');
      expect(response.headers['content-security-policy']).toContain('upgrade-insecure-requests');
      expect(response.headers['content-security-policy']).toContain("script-src 'self'");
      expect(response.headers['strict-transport-security']).toMatch(/max-age=31536000/);
    } finally {
      await secure.close();
    }
  });

  it('uses a looser policy only under /api/docs', async () => {
    const docs = await t.app.inject('/api/docs');
    expect(docs.headers['content-security-policy']).toContain("'unsafe-inline'");
    const app = await t.app.inject('/api/health');
    expect(app.headers['content-security-policy']).toMatch(/script-src 'self'(;|$)/);
  });
});

describe('OpenAPI', () => {
  it('documents the routes from their schemas at /api/docs/json', async () => {
    const response = await t.app.inject('/api/docs/json');
    expect(response.statusCode).toBe(200);
    expect(response.json().paths['/api/health']).toBeDefined();
  });

  it('serves the documentation UI at /api/docs', async () => {
    const response = await t.app.inject('/api/docs');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('swagger');
  });
});

describe('the web app', () => {
  it('is served at /', async () => {
    const response = await t.app.inject('/');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<div id="root">');
  });

  it('answers every unknown non-API path with the app', async () => {
    const response = await t.app.inject('/some/deep/link');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
  });
});

describe('access rules', () => {
  it('refuses to start with an /api route that declares no access rule', async () => {
    const database = await createTestDatabase();
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }, 'test');
    const app = await buildApp({ config, database, clock: new TestClock(), logger: false });
    expect(() => app.get('/api/unguarded', async () => ({}))).toThrow(/declares no access rule/);
    await app.close();
    await database.close();
  });
});
