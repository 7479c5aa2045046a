import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { createSeededApp, DEMO, outboxTo } from '../modules/auth/auth-test-kit';
import type { TTestApp } from '../test/test-app';
import { redactUrl } from './log-redaction';

let t: TTestApp;
let logged: FastifyInstance;
const lines: string[] = [];

beforeAll(async () => {
  t = await createSeededApp();
  // The app as the server runs it, with its request log written where the test can read it.
  logged = await buildApp({
    config: { ...t.config, logLevel: 'info' },
    database: t.database,
    clock: t.clock,
    logStream: { write: (line: string) => lines.push(line) },
  });
});
afterAll(async () => {
  await logged.close();
  await t.close();
});

describe('the request log keeps secrets out', () => {
  it('logs a reset call without the token of the e-mailed link', async () => {
    await logged.inject({
      method: 'POST',
      url: '/api/user/memresetpass',
      payload: { email: DEMO.member },
    });
    const [mail] = await outboxTo(t, DEMO.member);
    const token = /\/#\/auth\/reset\/member\/([A-Za-z0-9_-]+)/.exec(mail.textBody)?.[1];
    expect(token).toBeDefined();
    lines.length = 0;
    const response = await logged.inject({
      method: 'POST',
      url: `/api/user/memresetpass/${token}`,
      payload: { password: 'a-logged-new-secret' },
    });
    expect(response.statusCode).toBe(200);
    const log = lines.join('');
    expect(log).toContain('/api/user/memresetpass/[redacted]');
    expect(log).not.toContain(token);
  });

  it('logs a download opened with a link without the link', async () => {
    const link = 'secret-download-link-0123456789abcdef';
    lines.length = 0;
    await logged.inject({
      method: 'GET',
      url: `/api/ticketreportdownload/2026-01-01/2026-12-31?link=${link}&x=1`,
    });
    const log = lines.join('');
    expect(log).toContain('/api/ticketreportdownload/2026-01-01/2026-12-31?link=[redacted]&x=1');
    expect(log).not.toContain(link);
  });

  it('leaves other addresses as they are', () => {
    expect(redactUrl('/api/event/12?search=ann')).toBe('/api/event/12?search=ann');
    expect(redactUrl('/api/user/gshresetpass')).toBe('/api/user/gshresetpass');
    expect(redactUrl('/api/user/gshresetpass/abc?link=x')).toBe(
      '/api/user/gshresetpass/[redacted]?link=[redacted]',
    );
  });
});
