import { verify } from '@node-rs/argon2';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../domain/constants';
import { DEMO_PASSWORD_HASH } from './seed/demo-password';

describe('the precomputed demo password hash', () => {
  it(`verifies '${DEMO_PASSWORD}'`, async () => {
    expect(await verify(DEMO_PASSWORD_HASH, DEMO_PASSWORD)).toBe(true);
  });

  it('refuses any other password', async () => {
    expect(await verify(DEMO_PASSWORD_HASH, 'samaj-demo ')).toBe(false);
  });

  it('is argon2id', () => {
    expect(DEMO_PASSWORD_HASH.startsWith('$argon2id$')).toBe(true);
  });
});
