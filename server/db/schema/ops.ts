import { pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

/**
 * Which instance runs a scheduled job (the nightly backup) for a period: the first to insert the
 * (job, period) row runs it, the others see the row and skip, so several instances run it once.
 */
export const scheduledRuns = pgTable(
  'scheduled_runs',
  {
    job: text('job').notNull(),
    period: text('period').notNull(),
    claimedBy: text('claimed_by').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.job, t.period] })],
);
