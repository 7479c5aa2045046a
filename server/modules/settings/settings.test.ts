import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from '../../test/test-app';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp({
    env: {
      ORG_NAME: 'Samaj of Springfield',
      EVENT_PREFIX: 'Diwali',
      TIME_ZONE: 'America/New_York',
    },
  });
});
afterAll(() => t.close());

describe('GET /api/settings', () => {
  it('tells anyone the association name, event prefix and time zone, and nothing secret', async () => {
    const response = await t.app.inject('/api/settings');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      orgName: 'Samaj of Springfield',
      eventPrefix: 'Diwali',
      timeZone: 'America/New_York',
      paymentProvider: 'mock',
      version: 'test',
    });
  });
});
