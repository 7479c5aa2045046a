/**
 * The "[event prefix]" of the ticket screens' titles (spec 01 §2), read from the stored product
 * name ("Gala Event Non Member Tickets" → "Gala"): the server configures the prefix and names every
 * ticket product with it, but offers no call that tells it on its own.
 */
const TICKET_PRODUCT_SUFFIX = / Event (Members Ticket|Non Member Tickets|TableFor10 Tickets)$/;

export function eventPrefixOf(productName: string): string {
  const match = TICKET_PRODUCT_SUFFIX.exec(productName);
  return match ? productName.slice(0, match.index) : '';
}
