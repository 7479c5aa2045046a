import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from '../../test/test-app';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp({
    env: {
      ORG_NAME: 'Samaj of Springfield',
      ORG_ADDRESS: '12 Elm Street, Springfield, IL 62701',
      ORG_PHONE: '(217) 555-0100',
      ORG_EMAIL: 'hello@springfield-samaj.org',
      ORG_SOCIAL_URL: 'https://social.example/springfield-samaj',
      ORG_CITY: 'Springfield, IL',
      ORG_MAP_BBOX: '-89.8,39.7,-89.5,39.9',
      ORG_LEGAL_NAME: 'Samaj of Springfield, Inc.',
      ORG_TAX_ID: '37-7654321',
      EVENT_PREFIX: 'Diwali',
      TIME_ZONE: 'America/New_York',
    },
  });
});
afterAll(() => t.close());

describe('GET /api/settings', () => {
  it("tells anyone the association's name, address, phone, e-mail, social page, city, event prefix and time zone, and nothing secret", async () => {
    const response = await t.app.inject('/api/settings');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      orgName: 'Samaj of Springfield',
      orgAddress: '12 Elm Street, Springfield, IL 62701',
      orgPhone: '(217) 555-0100',
      orgEmail: 'hello@springfield-samaj.org',
      orgSocialUrl: 'https://social.example/springfield-samaj',
      orgCity: 'Springfield, IL',
      orgMapBbox: '-89.8,39.7,-89.5,39.9',
      orgLegalName: 'Samaj of Springfield, Inc.',
      orgTaxId: '37-7654321',
      eventPrefix: 'Diwali',
      timeZone: 'America/New_York',
      paymentProvider: 'mock',
      version: 'test',
    });
  });
});

describe('the association settings', () => {
  it('refuses a bad ORG_EMAIL, ORG_SOCIAL_URL or ORG_MAP_BBOX with one line naming it', async () => {
    const { loadConfig } = await import('../../config');
    expect(() => loadConfig({ ORG_EMAIL: 'nope' })).toThrow(/ORG_EMAIL/);
    expect(() => loadConfig({ ORG_SOCIAL_URL: 'facebook' })).toThrow(/ORG_SOCIAL_URL/);
    expect(() => loadConfig({ ORG_MAP_BBOX: '1,2,3' })).toThrow(/ORG_MAP_BBOX/);
  });
});
