import { z } from 'zod';

/** What the browser needs to know of the server's configuration; nothing secret. */
export const ZPublicSettings = z.object({
  orgName: z.string(),
  /** The association's postal address, on one line. */
  orgAddress: z.string(),
  orgPhone: z.string(),
  orgEmail: z.string(),
  /** The "Like Us" page of the association on a social network. */
  orgSocialUrl: z.string(),
  /** The city the contact page's map shows. */
  orgCity: z.string(),
  /** The map's area around the city: west,south,east,north in degrees. */
  orgMapBbox: z.string(),
  /** The non-profit's registered legal name and tax registration number (donate page, receipts). */
  orgLegalName: z.string(),
  orgTaxId: z.string(),
  eventPrefix: z.string(),
  timeZone: z.string(),
  paymentProvider: z.enum(['mock', 'stripe']),
  version: z.string(),
});
export type TPublicSettings = z.infer<typeof ZPublicSettings>;
