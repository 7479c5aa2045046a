import { SUCCESS_SCREENS, ZMemberTicketCheckout } from '../../../../domain/contracts/payments';
import { fullName, ticketProductNames } from '../../../../domain/display';
import { centsToDecimal } from '../../../../domain/money';
import { priceTickets } from '../../../../domain/pricing';
import { conflict } from '../../../lib/errors';
import {
  allowanceMessage,
  assertAllowance,
  familyHeadcount,
  findMember,
  isMembershipActive,
  memberTicketsHeld,
  MEMBERSHIP_NOT_ACTIVE_MESSAGE,
} from './member-allowance';
import {
  admitSeats,
  assertSeatsFit,
  describeTickets,
  eventDetails,
  eventCancelPath,
  issueTicket,
  findSellableEvent,
  withQuery,
} from './ticket-common';
import { defineKind } from './types';

/** Tickets for a member's own family, up to its headcount, at the event's member price. */
export const memberTicketKind = defineKind({
  kind: 'member-ticket',
  body: ZMemberTicketCheckout,
  buyers: 'family',
  memberIdOf: (input) => input.memberid,
  seatEventOf: (input) => input.eventid,
  async price(tx, input, ctx) {
    const event = await findSellableEvent(tx, input.eventid, ctx);
    const member = await findMember(tx, input.memberid);
    if (!isMembershipActive(member, ctx.now, ctx.config))
      throw conflict(MEMBERSHIP_NOT_ACTIVE_MESSAGE);
    // Told now rather than after the lock; `admit` counts again under it
    await assertAllowance(tx, member.id, event.id, input.ticket, ctx.now);
    assertSeatsFit(event, input.ticket);
    const price = priceTickets(event.memberPriceCents, input.ticket);
    return {
      email: member.email,
      productName: ticketProductNames(ctx.config.eventPrefix).member,
      // Spec 01 §3: a member ticket's description holds the event id
      description: String(event.id),
      paymentType: 'Event',
      dependent: input.ticket,
      amountCents: price.totalCents,
      serviceCents: price.serviceCents,
      memberId: member.id,
      eventId: event.id,
      memberName: fullName(member.firstName, member.lastName),
      contact: member.contactPhone,
      eventDate: event.eventDate,
      details: { ...eventDetails(event), memberId: member.id, tickets: input.ticket },
    };
  },
  async admit(tx, payment, ctx) {
    if (payment.memberId === null || payment.eventId === null)
      throw new Error(`Payment ${payment.transactionId} names no member or no event.`);
    await admitSeats(tx, payment, ctx);
    // Under the event's lock, which this family's other checkouts of the event queue on too
    await assertAllowance(tx, payment.memberId, payment.eventId, payment.dependent, ctx.now, {
      excludeTransactionId: payment.transactionId,
    });
  },
  // Under the event's lock, which marking the payment paid took with its seats
  async guard(tx, payment, ctx) {
    if (payment.memberId === null || payment.eventId === null)
      throw new Error(`Payment ${payment.transactionId} names no member or no event.`);
    const headcount = await familyHeadcount(tx, payment.memberId);
    const held = await memberTicketsHeld(tx, payment.memberId, payment.eventId, ctx.now, {
      confirmedOnly: true,
      excludeTransactionId: payment.transactionId,
    });
    return payment.dependent > headcount - held ? allowanceMessage(headcount - held) : null;
  },
  fulfil: (tx, payment) => issueTicket(tx, payment),
  describe: (db, payment) => describeTickets(db, payment, payment.dependent),
  successPath: (payment) =>
    withQuery(SUCCESS_SCREENS.memberTicket.path, {
      email: payment.email,
      eventDate: payment.eventDate,
      transaction_id: payment.transactionId,
      eventid: payment.eventId,
      amount: centsToDecimal(payment.amountCents),
      memberid: payment.memberId,
      ticket: payment.dependent,
    }),
  cancelPath: eventCancelPath,
});
