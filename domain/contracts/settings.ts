import { z } from 'zod';

/** What the browser needs to know of the server's configuration; nothing secret. */
export const ZPublicSettings = z.object({
  orgName: z.string(),
  eventPrefix: z.string(),
  timeZone: z.string(),
  paymentProvider: z.enum(['mock', 'stripe']),
  version: z.string(),
});
export type TPublicSettings = z.infer<typeof ZPublicSettings>;
