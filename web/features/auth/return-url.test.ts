import { describe, expect, it } from 'vitest';
import { safeReturnUrl, withReturnUrl } from './return-url';

describe('returnUrl after sign-in', () => {
  it('goes back to the back-office address the guard kept', () => {
    expect(safeReturnUrl('/logs')).toBe('/logs');
    expect(safeReturnUrl('/member/GM?x=1')).toBe('/member/GM?x=1');
  });

  it('goes to the back-office home without one', () => {
    expect(safeReturnUrl(null)).toBe('/');
    expect(safeReturnUrl('')).toBe('/');
  });

  it('never leaves the app or loops back into a sign-in page', () => {
    expect(safeReturnUrl('https://evil.example/')).toBe('/');
    expect(safeReturnUrl('//evil.example/')).toBe('/');
    expect(safeReturnUrl('/\\evil.example/')).toBe('/');
    expect(safeReturnUrl('/auth/login')).toBe('/');
    expect(safeReturnUrl('/auth')).toBe('/');
  });

  it('carries returnUrl from one sign-in page to the other', () => {
    expect(withReturnUrl('/auth/login', '/logs?page=2')).toBe(
      '/auth/login?returnUrl=%2Flogs%3Fpage%3D2',
    );
    expect(withReturnUrl('/auth/login', null)).toBe('/auth/login');
  });
});
