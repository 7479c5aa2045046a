import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { buildApp } from './app';
import { loadConfig } from './config';
import { TestClock } from './lib/clock';
import { AppError } from './lib/errors';
import { createTestApp, type TTestApp } from './test/test-app';
import { createTestDatabase } from './test/test-database';

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
