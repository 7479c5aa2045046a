/**
 * `POST /api/nonmember/paydata`: what a non-member purchase would cost now, priced by the very
 * functions checkout prices with (domain/pricing.ts) from the event's stored prices. Nothing is
 * written or held: the quote is for the form's live total; checkout decides again.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { TABLE_FOR_TEN_SEATS } from '../../../domain/constants';
import type { TPayQuote } from '../../../domain/contracts/events';
import type { ZPayQuoteRequest } from '../../../domain/contracts/events';
import { centsToDecimal } from '../../../domain/money';
import { priceTable, priceTickets } from '../../../domain/pricing';
import type { TConfig } from '../../config';
import type { TDbOrTx } from '../../db/client';
import { events } from '../../db/schema';
import { conflict, notFound } from '../../lib/errors';
import { notOnSaleReason } from '../payments/kinds/ticket-common';
import { seatsLeftOf, seatsTaken } from './seats';
import type { z } from 'zod';

export async function quoteNonMemberPurchase(
  db: TDbOrTx,
  request: z.output<typeof ZPayQuoteRequest>,
  ctx: { now: Date; config: TConfig },
): Promise<TPayQuote> {
  const [event] = await db
    .select()
    .from(events)
    .where(and(eq(events.id, request.eventid), isNull(events.deletedAt)));
  if (!event) throw notFound('event');
  const reason = notOnSaleReason(event, ctx);
  if (reason) throw conflict(reason);
  const seatsLeft = seatsLeftOf(event.capacity, await seatsTaken(db, event.id, ctx.now));
  const isTable = request.kind === 'table-for-10';
  const seats = isTable ? TABLE_FOR_TEN_SEATS : request.ticket;
  const unitCents = isTable ? event.tablePriceCents : event.nonMemberPriceCents;
  const price = isTable ? priceTable(unitCents) : priceTickets(unitCents, seats);
  return {
    kind: request.kind,
    eventid: event.id,
    seats,
    unitPrice: centsToDecimal(unitCents),
    amount: centsToDecimal(price.totalCents),
    seatsLeft,
    fits: seats <= seatsLeft,
  };
}
