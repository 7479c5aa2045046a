import { SUCCESS_SCREENS, ZNonMemberTicketCheckout } from '../../../../domain/contracts/payments';
import { PAYMENT_DESCRIPTIONS } from '../../../../domain/constants';
import { fullName, ticketProductNames } from '../../../../domain/display';
import { priceTickets } from '../../../../domain/pricing';
import {
  admitSeats,
  assertSeatsFit,
  assertSeatsFree,
  describeTickets,
  eventDetails,
  eventCancelPath,
  issueTicket,
  findSellableEvent,
  newBuyerRow,
  withQuery,
} from './ticket-common';
import { defineKind } from './types';
import { OFFER_DETAILS_KEY } from '../../waitlist/waitlist-holds';
import { offerForCheckout } from '../../waitlist/waitlist.service';

/** Tickets for someone without a membership: count x the event's non-member price. */
export const nonMemberTicketKind = defineKind({
  kind: 'nonmember-ticket',
  body: ZNonMemberTicketCheckout,
  buyers: 'anyone',
  unpaidHold: (input) => ({
    email: input.buyer.email,
    seats: input.ticket,
    offerToken: input.offer,
  }),
  seatEventOf: (input) => (input.offer ? null : input.eventid),
  async price(tx, input, ctx) {
    const { buyer } = input;
    const event = await findSellableEvent(tx, input.eventid, ctx);
    // A waiting-list offer's seats are this buyer's to use (issue 9)
    const offer = input.offer
      ? await offerForCheckout(tx, input.offer, event.id, input.buyer.email, ctx.now)
      : null;
    // Told now rather than after the lock; `admit` counts again under it. The offer's own seats
    // were counted as taken with the event: counted again without them
    if (offer) await assertSeatsFree(tx, event.id, input.ticket, ctx, { offerEntryId: offer.id });
    else assertSeatsFit(event, input.ticket);
    const price = priceTickets(event.nonMemberPriceCents, input.ticket);
    return {
      email: buyer.email,
      productName: ticketProductNames(ctx.config.eventPrefix).nonMember,
      description: PAYMENT_DESCRIPTIONS.ticket,
      paymentType: 'Event',
      dependent: input.ticket,
      amountCents: price.totalCents,
      serviceCents: price.serviceCents,
      newBuyer: newBuyerRow(buyer, ctx.now),
      eventId: event.id,
      memberName: fullName(buyer.fname, buyer.lname),
      contact: buyer.contact,
      eventDate: event.eventDate,
      details: {
        ...eventDetails(event),
        tickets: input.ticket,
        buyer,
        ...(offer ? { [OFFER_DETAILS_KEY]: offer.id } : {}),
      },
    };
  },
  admit: admitSeats,
  fulfil: (tx, payment) => issueTicket(tx, payment),
  describe: (db, payment) => describeTickets(db, payment, payment.dependent),
  successPath: (payment) =>
    withQuery(SUCCESS_SCREENS.nonmember.path, {
      email: payment.email,
      transaction_id: payment.transactionId,
      eventid: payment.eventId,
      nonmemberid: payment.nonMemberId,
      eventDate: payment.eventDate,
    }),
  cancelPath: eventCancelPath,
});
