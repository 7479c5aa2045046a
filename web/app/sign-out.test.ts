import { describe, expect, it } from 'vitest';
import { signOutTarget } from './sign-out';

describe('sign-out target', () => {
  it('sends administrators and super users to /auth/login', () => {
    expect(signOutTarget(['ga'])).toBe('/auth/login');
    expect(signOutTarget(['su'])).toBe('/auth/login');
    expect(signOutTarget(['ga', 'mem'])).toBe('/auth/login');
  });

  it('sends members to /auth/memberlogin', () => {
    expect(signOutTarget(['mem'])).toBe('/auth/memberlogin');
  });

  it('sends a visitor without a login to /auth/login', () => {
    expect(signOutTarget([])).toBe('/auth/login');
  });
});
