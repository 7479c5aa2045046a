/**
 * The paginator of spec 02 §4, as one model for every list: clamping, which buttons are
 * disabled, rotation or blocks when a maximum number of page links is set, and ellipses that
 * appear only where they hide more than one page.
 */

export interface TPaginatorInput {
  page: number;
  pageSize: number;
  collectionSize: number;
  /** Most page links shown; 0 shows all. */
  maxSize?: number;
  /** Keep the current page in the middle (true) or move in blocks of maxSize (false). */
  rotate?: boolean;
  ellipses?: boolean;
}

export type TPageItem = { kind: 'page'; page: number } | { kind: 'ellipsis'; key: string };

export interface TPaginatorModel {
  page: number;
  pageCount: number;
  items: TPageItem[];
  firstDisabled: boolean;
  previousDisabled: boolean;
  nextDisabled: boolean;
  lastDisabled: boolean;
}

export function pageCountOf(collectionSize: number, pageSize: number): number {
  return Math.max(1, Math.ceil(Math.max(0, collectionSize) / Math.max(1, pageSize)));
}

export function clampPage(page: number, pageCount: number): number {
  return Math.min(Math.max(1, Math.trunc(page) || 1), pageCount);
}

/** Whether moving to `requested` is a real change worth a page-change event. */
export function pageChange(current: number, requested: number, pageCount: number): number | null {
  const next = clampPage(requested, pageCount);
  return next === current ? null : next;
}

function rotatedWindow(page: number, pageCount: number, maxSize: number): [number, number] {
  const leftOffset = Math.floor(maxSize / 2);
  const rightOffset = maxSize % 2 === 0 ? leftOffset - 1 : leftOffset;
  if (page <= leftOffset) return [0, maxSize];
  if (pageCount - page < leftOffset) return [pageCount - maxSize, pageCount];
  return [page - leftOffset - 1, page + rightOffset];
}

function blockWindow(page: number, maxSize: number): [number, number] {
  const start = (Math.ceil(page / maxSize) - 1) * maxSize;
  return [start, start + maxSize];
}

export function buildPaginator(input: TPaginatorInput): TPaginatorModel {
  const { maxSize = 0, rotate = false, ellipses = true } = input;
  const pageCount = pageCountOf(input.collectionSize, input.pageSize);
  const page = clampPage(input.page, pageCount);
  let pages = Array.from({ length: pageCount }, (_, index) => index + 1);
  const items: TPageItem[] = [];

  if (maxSize > 0 && pageCount > maxSize) {
    const [start, end] = rotate
      ? rotatedWindow(page, pageCount, maxSize)
      : blockWindow(page, maxSize);
    pages = pages.slice(start, Math.min(end, pageCount));
    items.push(...pages.map((p) => ({ kind: 'page' as const, page: p })));
    if (ellipses) {
      if (start > 0) {
        if (start > 2) items.unshift({ kind: 'ellipsis', key: 'start' });
        else if (start === 2) items.unshift({ kind: 'page', page: 2 });
        items.unshift({ kind: 'page', page: 1 });
      }
      const shownEnd = Math.min(end, pageCount);
      if (shownEnd < pageCount) {
        if (shownEnd < pageCount - 2) items.push({ kind: 'ellipsis', key: 'end' });
        else if (shownEnd === pageCount - 2) items.push({ kind: 'page', page: pageCount - 1 });
        items.push({ kind: 'page', page: pageCount });
      }
    }
  } else {
    items.push(...pages.map((p) => ({ kind: 'page' as const, page: p })));
  }

  const onFirst = page === 1;
  const onLast = page === pageCount;
  return {
    page,
    pageCount,
    items,
    firstDisabled: onFirst,
    previousDisabled: onFirst,
    nextDisabled: onLast,
    lastDisabled: onLast,
  };
}

/**
 * The paginator's defaults of spec 02 §3, for a list whose screen sets none: enabled, no
 * first/last links, previous/next links, ellipses, every page link (maxSize 0), no rotation,
 * and the third entry of the page-size list as the page size. A screen's own settings win
 * (spec 02 §9: the board, member and log lists show 4 rotating links with first/last).
 */
export const PAGINATOR_DEFAULTS = {
  disabled: false,
  boundaryLinks: false,
  directionLinks: true,
  ellipses: true,
  maxSize: 0,
  rotate: false,
} as const;

/** The §3 default page size: the third entry of the list (the last one of a shorter list). */
export function defaultPageSize(pageSizes: readonly number[]): number {
  const size = pageSizes[2] ?? pageSizes[pageSizes.length - 1];
  if (size === undefined) throw new Error('A page-size list needs at least one entry.');
  return size;
}

/** The settings of spec 02 §9 for the board, member and log lists. */
export const LIST_PAGINATOR = { maxSize: 4, rotate: true, boundaryLinks: true } as const;
