import { describe, expect, it } from 'vitest';
import { memberSignInPath } from './sign-in-redirect';

describe('member sign-in path', () => {
  it('carries the requested address as returnUrl', () => {
    expect(memberSignInPath('/member/GM?page=2')).toBe(
      '/auth/memberlogin?returnUrl=%2Fmember%2FGM%3Fpage%3D2',
    );
  });

  it('leaves out a returnUrl that would only lead home', () => {
    expect(memberSignInPath('/')).toBe('/auth/memberlogin');
    expect(memberSignInPath('')).toBe('/auth/memberlogin');
  });
});
