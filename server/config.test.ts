import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('configuration', () => {
  it('has working defaults for npm start', () => {
    const config = loadConfig({}, '1.2.3');
    expect(config).toMatchObject({
      port: 3000,
      paymentProvider: 'mock',
      seedDemo: true,
      timeZone: 'America/Chicago',
      eventPrefix: 'Gala',
    });
    expect(config.publicUrl).toBe('http://localhost:3000');
  });

  it('turns the demo seed off in production unless asked', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).seedDemo).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', SEED_DEMO: 'true' }).seedDemo).toBe(true);
  });

  it.each([
    [{ PORT: 'abc' }, /^Invalid configuration: PORT /],
    [{ PAYMENT_PROVIDER: 'paypal' }, /^Invalid configuration: PAYMENT_PROVIDER /],
    [{ TIME_ZONE: 'Mars/Olympus' }, /TIME_ZONE must be an IANA time zone/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL must be a postgres:\/\/ URL/],
    [{ PAYMENT_PROVIDER: 'stripe' }, /STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are required/],
  ])('stops with one line naming the variable for %j', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});
