import { describe, expect, it } from 'vitest';
import {
  buildPaginator,
  clampPage,
  defaultPageSize,
  pageChange,
  pageCountOf,
  PAGINATOR_DEFAULTS,
} from './pagination';
import { BOARD_PAGE_SIZES, PAGE_SIZES } from './constants';

const shown = (model: ReturnType<typeof buildPaginator>) =>
  model.items.map((item) => (item.kind === 'page' ? item.page : '…')).join(' ');

describe('paginator (spec 02 §4)', () => {
  it('counts pages as collection size over page size, rounded up', () => {
    expect(pageCountOf(101, 10)).toBe(11);
    expect(pageCountOf(0, 10)).toBe(1);
  });

  it('clamps the page between 1 and the page count', () => {
    expect(clampPage(0, 5)).toBe(1);
    expect(clampPage(9, 5)).toBe(5);
    expect(buildPaginator({ page: 40, pageSize: 10, collectionSize: 35 }).page).toBe(4);
  });

  it('disables first and previous on page 1, next and last on the last page', () => {
    const first = buildPaginator({ page: 1, pageSize: 10, collectionSize: 35 });
    expect([
      first.firstDisabled,
      first.previousDisabled,
      first.nextDisabled,
      first.lastDisabled,
    ]).toEqual([true, true, false, false]);
    const last = buildPaginator({ page: 4, pageSize: 10, collectionSize: 35 });
    expect([
      last.firstDisabled,
      last.previousDisabled,
      last.nextDisabled,
      last.lastDisabled,
    ]).toEqual([false, false, true, true]);
  });

  it('fires a page change only when the page actually changes', () => {
    expect(pageChange(1, 1, 5)).toBeNull();
    expect(pageChange(1, 0, 5)).toBeNull();
    expect(pageChange(5, 7, 5)).toBeNull();
    expect(pageChange(2, 3, 5)).toBe(3);
  });

  it('rotates up to 4 page links around the current page, with boundary pages and ellipses', () => {
    expect(
      shown(
        buildPaginator({ page: 1, pageSize: 10, collectionSize: 200, maxSize: 4, rotate: true }),
      ),
    ).toBe('1 2 3 4 … 20');
    expect(
      shown(
        buildPaginator({ page: 10, pageSize: 10, collectionSize: 200, maxSize: 4, rotate: true }),
      ),
    ).toBe('1 … 8 9 10 11 … 20');
    expect(
      shown(
        buildPaginator({ page: 20, pageSize: 10, collectionSize: 200, maxSize: 4, rotate: true }),
      ),
    ).toBe('1 … 17 18 19 20');
  });

  it('shows a page instead of an ellipsis that would hide only one page', () => {
    expect(
      shown(
        buildPaginator({ page: 4, pageSize: 10, collectionSize: 70, maxSize: 4, rotate: true }),
      ),
    ).toBe('1 2 3 4 5 6 7');
  });

  it('moves in blocks of the maximum size without rotation', () => {
    expect(shown(buildPaginator({ page: 6, pageSize: 10, collectionSize: 200, maxSize: 5 }))).toBe(
      '1 … 6 7 8 9 10 … 20',
    );
  });

  it('shows every page when no maximum is set', () => {
    expect(shown(buildPaginator({ page: 2, pageSize: 10, collectionSize: 30 }))).toBe('1 2 3');
  });
});

describe('paginator defaults (spec 02 §3)', () => {
  it('are the spec list: enabled, no boundary links, direction links, ellipses, all pages, no rotation', () => {
    expect(PAGINATOR_DEFAULTS).toEqual({
      disabled: false,
      boundaryLinks: false,
      directionLinks: true,
      ellipses: true,
      maxSize: 0,
      rotate: false,
    });
  });

  it('take the third entry of the page-size list as the page size', () => {
    expect(defaultPageSize(PAGE_SIZES)).toBe(50);
    expect(defaultPageSize(BOARD_PAGE_SIZES)).toBe(10);
    expect(defaultPageSize([5, 25])).toBe(25);
    expect(() => defaultPageSize([])).toThrow();
  });

  it('with maxSize 0 show every page link', () => {
    const model = buildPaginator({
      page: 3,
      pageSize: 10,
      collectionSize: 95,
      ...PAGINATOR_DEFAULTS,
    });
    expect(model.items).toHaveLength(10);
  });
});
