import {
  SUCCESS_SCREENS,
  ZTableCheckout,
  type TBuyer,
} from '../../../../domain/contracts/payments';
import { PAYMENT_DESCRIPTIONS, TABLE_FOR_TEN_SEATS } from '../../../../domain/constants';
import { fullName, tableForTenNotes, ticketProductNames } from '../../../../domain/display';
import { centsToDecimal } from '../../../../domain/money';
import { priceTable } from '../../../../domain/pricing';
import type { TPaymentRow } from '../../../db/schema';
import {
  admitSeats,
  assertSeatsFit,
  describeTickets,
  eventDetails,
  eventCancelPath,
  issueTicket,
  findSellableEvent,
  newBuyerRow,
  withQuery,
  type TSeatSplit,
} from './ticket-common';
import { defineKind } from './types';

/** What the checkout stored in `details` of a table (the seed writes the same shape). */
interface TTableDetails extends TSeatSplit {
  eventId: number;
  eventName: string;
  buyer: TBuyer;
}

function tableDetails(payment: TPaymentRow): TTableDetails {
  return payment.details as unknown as TTableDetails;
}

/** A table of 10 seats at the table price; the notes say how many adults and kids sit at it. */
export const tableForTenKind = defineKind({
  kind: 'table-for-10',
  body: ZTableCheckout,
  buyers: 'anyone',
  unpaidHold: (input) => ({ email: input.buyer.email, seats: TABLE_FOR_TEN_SEATS }),
  seatEventOf: (input) => input.eventid,
  async price(tx, input, ctx) {
    const { buyer } = input;
    const event = await findSellableEvent(tx, input.eventid, ctx);
    // Told now rather than after the lock; `admit` counts again under it
    assertSeatsFit(event, TABLE_FOR_TEN_SEATS);
    const price = priceTable(event.tablePriceCents);
    const split: TSeatSplit = {
      adults: input.member_adult,
      kidsUnder5: input.member_kids5,
      kids6to13: input.member_kids613,
    };
    return {
      email: buyer.email,
      productName: ticketProductNames(ctx.config.eventPrefix).table,
      description: PAYMENT_DESCRIPTIONS.ticket,
      paymentType: 'Event',
      // DESIGN §3d: a table's `dependent` holds its ticket count; the phone has its own column
      dependent: TABLE_FOR_TEN_SEATS,
      amountCents: price.totalCents,
      serviceCents: price.serviceCents,
      newBuyer: newBuyerRow(buyer, ctx.now),
      eventId: event.id,
      memberName: fullName(buyer.fname, buyer.lname),
      contact: buyer.contact,
      notes: tableForTenNotes(split.adults, split.kidsUnder5, split.kids6to13),
      eventDate: event.eventDate,
      details: { ...eventDetails(event), buyer, ...split } satisfies TTableDetails,
    };
  },
  admit: admitSeats,
  fulfil: (tx, payment) => issueTicket(tx, payment, tableDetails(payment)),
  describe: (db, payment) => describeTickets(db, payment, 1),
  successPath(payment) {
    const details = tableDetails(payment);
    return withQuery(SUCCESS_SCREENS.table.path, {
      email: payment.email,
      eventDate: payment.eventDate,
      eventid: payment.eventId,
      transaction_id: payment.transactionId,
      amount: centsToDecimal(payment.amountCents),
      contact: payment.contact,
      fname: details.buyer?.fname,
      lname: details.buyer?.lname,
      member_adult: details.adults,
      member_kids5: details.kidsUnder5,
      member_kids613: details.kids6to13,
    });
  },
  cancelPath: eventCancelPath,
});
