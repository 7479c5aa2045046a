/**
 * Yearly donation statements (issue 15): every donor (by e-mail, case aside) with a confirmed
 * donation in a calendar year of TIME_ZONE gets one statement of all their gifts of that year and
 * the total. Admins send them to every donor in one step; each statement is enqueued in the outbox
 * with the dedupe key `donation-statement:<year>:<email>`, so pressing twice, or two admins at
 * once, mails each donor once per year.
 */
import { and, asc, eq, like, sql } from 'drizzle-orm';
import { PAYMENT_STATUS_DONE, type TLanguageCode } from '../../../domain/constants';
import type { TStatementPreview, TStatementsSent } from '../../../domain/contracts/donations';
import { centsToDecimal } from '../../../domain/money';
import type { TDbOrTx } from '../../db/client';
import { mailOutbox, payments } from '../../db/schema';
import { writeAudit, type TAuditContext } from '../../lib/audit';
import type { TAppContext } from '../../lib/context';
import { enqueueMail } from '../mail/outbox';
import { dedicationOf } from '../payments/kinds/donation.kind';
import { buildDonationStatement, type TStatementGift } from './donation-receipt';
import { refundedCentsOf, refundTotals } from '../payments/refunded-cents';

const STATEMENT_KEY_PREFIX = 'donation-statement';

export function statementDedupeKey(year: number, email: string): string {
  return `${STATEMENT_KEY_PREFIX}:${year}:${email.trim().toLowerCase()}`;
}

interface TDonorYear {
  email: string;
  donorName: string;
  /** The language of the donor's latest gift: the statement is written in it. */
  language: TLanguageCode;
  gifts: TStatementGift[];
}

/**
 * The year's confirmed donations grouped by donor e-mail, gifts oldest first, each at what the donor
 * kept given: the gift less any part refunded (a gift refunded in full is no longer 'payment done').
 */
async function donorsOfYear(db: TDbOrTx, year: number, timeZone: string): Promise<TDonorYear[]> {
  const from = sql`(${`${year}-01-01`}::date::timestamp at time zone ${timeZone})`;
  const to = sql`(${`${year + 1}-01-01`}::date::timestamp at time zone ${timeZone})`;
  const refunded = refundTotals(db);
  const rows = await db
    .select({
      email: payments.email,
      memberName: payments.memberName,
      language: payments.language,
      amountCents: payments.amountCents,
      refundedCents: refundedCentsOf(refunded),
      confirmedAt: payments.confirmedAt,
      createdAt: payments.createdAt,
      details: payments.details,
    })
    .from(payments)
    .leftJoin(refunded, eq(refunded.paymentId, payments.id))
    .where(
      and(
        eq(payments.kind, 'donation'),
        eq(payments.status, PAYMENT_STATUS_DONE),
        sql`${payments.confirmedAt} >= ${from} and ${payments.confirmedAt} < ${to}`,
      ),
    )
    .orderBy(asc(payments.confirmedAt), asc(payments.id));
  const byEmail = new Map<string, TDonorYear>();
  for (const row of rows) {
    const key = row.email.trim().toLowerCase();
    const donor = byEmail.get(key) ?? {
      email: row.email.trim(),
      donorName: '',
      language: row.language,
      gifts: [],
    };
    donor.donorName = row.memberName ?? donor.donorName;
    donor.language = row.language;
    donor.gifts.push({
      amountCents: row.amountCents - Number(row.refundedCents),
      confirmedAt: row.confirmedAt ?? row.createdAt,
      dedication: dedicationOf(row),
    });
    byEmail.set(key, donor);
  }
  return [...byEmail.values()];
}

async function statementsAlreadySent(db: TDbOrTx, year: number): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(mailOutbox)
    .where(like(mailOutbox.dedupeKey, `${STATEMENT_KEY_PREFIX}:${year}:%`));
  return Number(row?.count ?? 0);
}

/** What "Send yearly statements" would do for the year, for its confirmation. */
export async function previewStatements(
  app: TAppContext,
  year: number,
): Promise<TStatementPreview> {
  const donors = await donorsOfYear(app.db, year, app.config.timeZone);
  const totalCents = donors.reduce(
    (sum, donor) => sum + donor.gifts.reduce((gifts, gift) => gifts + gift.amountCents, 0),
    0,
  );
  return {
    year,
    donors: donors.length,
    alreadySent: await statementsAlreadySent(app.db, year),
    total: centsToDecimal(totalCents),
  };
}

/** Enqueues the year's statement for every donor not yet sent theirs, in one transaction. */
export async function sendStatements(
  app: TAppContext,
  audit: TAuditContext,
  year: number,
): Promise<TStatementsSent> {
  return app.db.transaction(async (tx) => {
    const donors = await donorsOfYear(tx, year, app.config.timeZone);
    const now = app.clock.now();
    let sent = 0;
    for (const donor of donors) {
      const mail = buildDonationStatement({ ...donor, year, config: app.config });
      const id = await enqueueMail(tx, mail, {
        dedupeKey: statementDedupeKey(year, donor.email),
        now,
      });
      if (id !== null) sent += 1;
    }
    const alreadySent = donors.length - sent;
    await writeAudit(tx, audit, {
      message: `Yearly donation statements for ${year}: ${sent} sent, ${alreadySent} already sent before, ${donors.length} donors`,
    });
    return { year, donors: donors.length, sent, alreadySent };
  });
}
