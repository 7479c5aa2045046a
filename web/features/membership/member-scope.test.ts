import { describe, expect, it } from 'vitest';
import { memberScopeOf, scopeQuery } from './member-scope';

describe('memberScopeOf', () => {
  it('gives a signed-in member their own membership', () => {
    expect(memberScopeOf(null, ['mem'])).toEqual({ id: 'me', session: 'mem', staff: false });
  });

  it('gives staff the member named by ?memberid=', () => {
    expect(memberScopeOf('42', ['ga'])).toEqual({ id: 42, session: 'admin', staff: true });
    expect(memberScopeOf('7', ['su'])).toEqual({ id: 7, session: 'admin', staff: true });
  });

  it('keeps a member on their own membership whatever id the address names', () => {
    expect(memberScopeOf('42', ['mem'])).toEqual({ id: 'me', session: 'mem', staff: false });
  });

  it('has nobody to show for staff without a member, a malformed id, or no login', () => {
    expect(memberScopeOf(null, ['ga'])).toBeNull();
    expect(memberScopeOf('4x', ['su'])).toBeNull();
    expect(memberScopeOf('0', ['ga'])).toBeNull();
    expect(memberScopeOf('42', [])).toBeNull();
  });

  it('carries the member along for staff only', () => {
    expect(scopeQuery({ id: 42, session: 'admin', staff: true })).toBe('?memberid=42');
    expect(scopeQuery({ id: 'me', session: 'mem', staff: false })).toBe('');
  });
});
