import { parseMoney } from '../../domain/money';
import { formatMoney } from '../lib/format';

/**
 * The wire carries money as decimal strings ("154.50"); every amount on screen goes through the
 * one currency formatter. A value the wire schema would never send shows as-is rather than as $0.
 */
export function moneyText(decimal: string): string {
  const negative = decimal.startsWith('-');
  const cents = parseMoney(negative ? decimal.slice(1) : decimal);
  if (cents === null) return decimal;
  return formatMoney(negative ? -cents : cents);
}
