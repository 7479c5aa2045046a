import { describe, expect, it } from 'vitest';
import type { TMember, TMemberFilterResponse } from '../../../../domain/contracts/members';
import { withChange } from './update-member-limited';

const row = (id: number) => ({ MemberId: id, giftrecieved: '', notes: '' }) as TMember;
const page: TMemberFilterResponse = {
  member: [row(1), row(2)],
  total: 2,
  page: 1,
  pageSize: 10,
  state: [],
};

describe('the optimistic gift and notes change', () => {
  it("changes only the named member's fields, at once", () => {
    const next = withChange(page, { memberId: 2, giftrecieved: 'received' });
    expect(next?.member.map((m) => m.giftrecieved)).toEqual(['', 'received']);
    expect(withChange(page, { memberId: 1, notes: 'Called' })?.member[0].notes).toBe('Called');
    expect(page.member[1].giftrecieved).toBe('');
    expect(withChange(undefined, { memberId: 1, notes: 'x' })).toBeUndefined();
  });
});
