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

describe('TRUST_PROXY', () => {
  it('trusts no proxy by default', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
  });

  it('takes a hop count or a list of proxy addresses and CIDRs', () => {
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.0.0.0/8,::1' }).trustProxy).toEqual([
      '10.0.0.1',
      '10.0.0.0/8',
      '::1',
    ]);
  });

  it('refuses true with one line saying what to set instead', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(ConfigError);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(
      /TRUST_PROXY=true .*number of proxies .*TRUST_PROXY=1.* addresses/,
    );
  });

  it.each(['yes', '10.0.0.300', '10.0.0.0/33', 'proxy.local'])('refuses %s', (value) => {
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY must be/);
  });
});
