import { describe, expect, it } from 'vitest';
import { dependentRoom } from './dependent-room';

describe('dependentRoom', () => {
  it('refills a freed, paid-for slot for free', () => {
    expect(dependentRoom({ dependents: 1, dependentsPaid: 2, maxDependent: 6 })).toEqual({
      kind: 'free',
      free: 1,
    });
  });

  it('sells dependents beyond the number paid for, up to the plan limit', () => {
    expect(dependentRoom({ dependents: 2, dependentsPaid: 2, maxDependent: 6 })).toEqual({
      kind: 'paid',
      room: 4,
    });
  });

  it("offers nothing once the plan's limit is reached, and never more than 6", () => {
    expect(dependentRoom({ dependents: 2, dependentsPaid: 2, maxDependent: 2 })).toEqual({
      kind: 'full',
      cap: 2,
    });
    expect(dependentRoom({ dependents: 6, dependentsPaid: 6, maxDependent: 9 })).toEqual({
      kind: 'full',
      cap: 6,
    });
  });
});
