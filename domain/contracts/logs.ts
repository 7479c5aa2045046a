/**
 * The wire contract of the audit log screen (spec 02 §2.6): one entry per sign-in, sign-out and
 * change, listed with a filter, a sort on any column and a paginator of 10/20/50/100.
 */
import { z } from 'zod';
import { MAX_DB_INT, ZLine, ZWhole, ZWholeNumber } from './fields';
import { PAGE_SIZES } from '../constants';

export const AUDIT_USER_TYPES = [
  'Global Admin',
  'Super User',
  'Temp Admin',
  'Member',
  'Anonymous',
] as const;
export type TAuditUserType = (typeof AUDIT_USER_TYPES)[number];

/** Spec 01 §1: the global admin is shown under a fixed label instead of a name. */
export const GLOBAL_ADMIN_LABEL = 'Global Admin';

export const LOG_SORT_COLUMNS = [
  'user',
  'email',
  'userType',
  'ip_address',
  'method_type',
  'logger_message',
  'created_at',
] as const;
export type TLogSortColumn = (typeof LOG_SORT_COLUMNS)[number];

/**
 * Totals are counted only this far, so a log of millions of rows answers at once; the screen
 * shows "10,000+" and offset pages stop here (the default order goes on with `after`).
 */
export const LOG_COUNT_CAP = 10_000;

export const ZLogEntry = z.object({
  id: z.number().int(),
  user: z.string(),
  email: z.string(),
  userType: z.string(),
  ip_address: z.string(),
  method_type: z.string(),
  logger_message: z.string(),
  created_at: z.string(),
});
export type TLogEntry = z.infer<typeof ZLogEntry>;

export const ZLogListQuery = z
  .object({
    filter: ZLine().max(200).optional(),
    sort: z.enum(LOG_SORT_COLUMNS).default('created_at'),
    direction: z.enum(['asc', 'desc']).default('desc'),
    page: ZWhole(1, MAX_DB_INT).default(1),
    pageSize: ZWholeNumber.refine((size) => (PAGE_SIZES as readonly number[]).includes(size), {
      message: `Page size is one of ${PAGE_SIZES.join(', ')}.`,
    }).default(PAGE_SIZES[0]),
    /**
     * The `nextCursor` of the previous page (the id of its last entry): keyset paging for the
     * default newest-first order, as fast on page 50,000 as on page 2.
     */
    after: ZWhole(1, Number.MAX_SAFE_INTEGER).optional(),
  })
  .superRefine((query, ctx) => {
    if (query.after && (query.sort !== 'created_at' || query.direction !== 'desc')) {
      ctx.addIssue({
        code: 'custom',
        path: ['after'],
        message: 'A cursor only goes with the newest-first order.',
      });
    }
    if (!query.after && (query.page - 1) * query.pageSize >= LOG_COUNT_CAP) {
      ctx.addIssue({
        code: 'custom',
        path: ['page'],
        message: `Pages go up to the first ${LOG_COUNT_CAP} entries; narrow the filter to see older ones.`,
      });
    }
  });
export type TLogListQuery = z.input<typeof ZLogListQuery>;
export type TLogListParams = z.output<typeof ZLogListQuery>;

export const ZLogListResponse = z.object({
  items: z.array(ZLogEntry),
  /** Matching entries, counted up to LOG_COUNT_CAP. */
  total: z.number().int(),
  /** True when more than LOG_COUNT_CAP entries match (the total is then a lower bound). */
  totalCapped: z.boolean(),
  /** For the default order only: pass as `after` to get the following page by keyset. */
  nextCursor: z.number().int().nullable(),
});
export type TLogListResponse = z.infer<typeof ZLogListResponse>;
