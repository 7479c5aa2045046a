/** The member ticket summary page (spec 01 §2.4) with what was chosen, as query parameters. */
export const MEMBER_CHECKOUT_ROUTE = '/checkout/member-ticket';

export function memberCheckoutPath(eventId: number, memberId: number, ticket: number): string {
  const query = new URLSearchParams({
    eventid: String(eventId),
    memberid: String(memberId),
    ticket: String(ticket),
  });
  return `${MEMBER_CHECKOUT_ROUTE}?${query.toString()}`;
}
