import { describe, expect, it } from 'vitest';
import { pageRange } from './Paginator';

describe('the rows a page shows', () => {
  it('counts from 1, both ends included', () => {
    expect(pageRange(1, 10, 57)).toEqual({ from: 1, to: 10 });
    expect(pageRange(2, 10, 57)).toEqual({ from: 11, to: 20 });
  });

  it('ends at the last row on the last page', () => {
    expect(pageRange(6, 10, 57)).toEqual({ from: 51, to: 57 });
  });

  it('shows nothing for an empty list', () => {
    expect(pageRange(1, 10, 0)).toBeNull();
  });
});
