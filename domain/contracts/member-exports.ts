/**
 * Member exports (spec 02 §2.7): the addresses, and the query each takes. Global admins and super
 * users only; a browser opens them with a single-use link (`POST /api/downloads`), a script with
 * the bearer header.
 */
import { z } from 'zod';
import { ZLine } from './fields';
import { ZMemberListQuery } from './members';

export const MEMBER_EXPORTS = {
  pdf: '/api/pdf',
  csv: '/api/csv',
  csvActive: '/api/csv/active',
  csvInactive: '/api/csv/inactive',
} as const;
export type TMemberExport = keyof typeof MEMBER_EXPORTS;

export const ZMemberExportQuery = z.object({
  /** A single-use link from `POST /api/downloads`. */
  link: ZLine().max(100).optional(),
  /** The headings' language (en, zh, es, ja, de, fr); else Accept-Language, else English. */
  lang: ZLine().max(35).optional(),
});

/** The PDF takes the member list's filter and search; without them it lists every member. */
export const ZMemberPdfQuery = ZMemberExportQuery.extend({
  search: ZMemberListQuery.shape.search,
  active: z
    .enum(['true', 'false', ''], { error: "Active is 'true', 'false' or empty." })
    .optional(),
  gift: z.enum(['true', 'false', ''], { error: "Gift is 'true', 'false' or empty." }).optional(),
  membertype: z.string().trim().max(20).optional(),
});
export type TMemberPdfQuery = z.input<typeof ZMemberPdfQuery>;
