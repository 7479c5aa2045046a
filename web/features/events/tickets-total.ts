import { parseMoney } from '../../../domain/money';
import { formatMoney } from '../../lib/format';
import { priceTickets } from '../../../domain/pricing';

/**
 * The live total beside a ticket form: count x the unit price, as the server will price it.
 * Display only; the checkout answer's amount is what the buyer pays.
 */
export function ticketsTotalText(unitPrice: string, count: number): string {
  const unitCents = parseMoney(unitPrice) ?? 0;
  return formatMoney(
    priceTickets(unitCents, Number.isInteger(count) && count > 0 ? count : 0).totalCents,
  );
}
