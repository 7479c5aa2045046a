/**
 * Offline payments (issue 15, DESIGN §3c: global admins and super users). Cash or a cheque is
 * recorded as a payment of the provider 'offline', priced by the purchase's checkout kind exactly
 * as a checkout would price it, and confirmed at once through the card payments' confirmation
 * (confirm.service.ts): the same seats and allowance rules, fulfilment, receipt e-mail and audit,
 * all in one transaction. A purchase that does not fit is refused whole, leaving nothing behind.
 */
import type { TOfflineMethod } from '../../../domain/constants';
import type {
  TOfflinePaymentAnswer,
  TOfflinePurchase,
  TOfflineQuote,
} from '../../../domain/contracts/offline-payments';
import { centsToDecimal, formatMoney } from '../../../domain/money';
import { writeAudit } from '../../lib/audit';
import { assertRole } from '../../lib/auth';
import { conflict } from '../../lib/errors';
import { ALLOW } from '../../lib/access';
import { eventListsChanged } from '../events/event-list-cache';
import { confirmInTransaction, type TPaymentDeps } from './confirm.service';
import { newTransactionId } from './ids';
import { storePayment } from './pending-payment';
import { kindOf } from './kinds';
import { loadPaymentView, presentPayment } from './present-payment';
import { OFFLINE_PROVIDER } from './providers/offline.provider';

export interface TOfflinePayment {
  method: TOfflineMethod;
  /** The cheque's number; null for cash. */
  chequeNumber: string | null;
  purchase: TOfflinePurchase;
}

/** "cash" or "cheque no. 1234", as the audit log and the receipt name the method. */
export function offlineMethodText(method: TOfflineMethod, chequeNumber: string | null): string {
  return method === 'cheque' ? `cheque no. ${chequeNumber ?? ''}` : 'cash';
}

export async function recordOfflinePayment(
  deps: TPaymentDeps,
  request: TOfflinePayment,
): Promise<TOfflinePaymentAnswer> {
  const { app, audit } = deps;
  // The route allows admins only; the service does not trust its caller to have checked
  const principal = assertRole(deps.principal, ALLOW.admins);
  const def = kindOf(request.purchase.kind);
  const offlineDeps: TPaymentDeps = { ...deps, provider: OFFLINE_PROVIDER };
  const now = app.clock.now();
  const kindCtx = { config: app.config, now, principal };
  const method = offlineMethodText(request.method, request.chequeNumber);

  const view = await app.db.transaction(async (tx) => {
    const { newBuyer, ...priced } = await def.price(tx, request.purchase, kindCtx);
    // As a checkout writes it, with its buyer; a ticket's `admit` then locks its event
    const [row] = await storePayment(tx, newBuyer, {
      ...priced,
      transactionId: newTransactionId(),
      kind: def.kind,
      status: 'pending',
      provider: OFFLINE_PROVIDER.name,
      offlineMethod: request.method,
      chequeNumber: request.chequeNumber,
      recordedBy: principal.email,
      language: deps.language ?? 'en',
      // No `expiresAt`: confirmed in this transaction, it never lapses
      createdAt: now,
      updatedAt: now,
    });
    await writeAudit(tx, audit, {
      message: `Offline payment ${row.transactionId} recorded by ${principal.email}: ${method}, ${row.productName}, ${formatMoney(row.amountCents)}`,
    });
    await def.admit?.(tx, row, kindCtx);
    const outcome = await confirmInTransaction(tx, offlineDeps, row.transactionId, now);
    // Admitted and confirmed under the same locks, so only a rule of fulfilment can refuse it here
    if (outcome.result !== 'confirmed') throw conflict(outcome.reason);
    return loadPaymentView(tx, outcome.payment.id);
  });
  eventListsChanged();
  return {
    transactionID: view.payment.transactionId,
    amount: centsToDecimal(view.payment.amountCents),
    payment: presentPayment(view),
  };
}

/** Rolls the quote's transaction back once the purchase is priced: a quote keeps nothing. */
class QuoteComputed extends Error {
  constructor(readonly quote: TOfflineQuote) {
    super('quote computed');
  }
}

/**
 * What `recordOfflinePayment` would collect now, priced by the same kind under the same rules
 * (409 when seats or the allowance do not suffice), so staff confirm the amount before recording.
 * The pricing may write rows (a non-member buyer); they are rolled back.
 */
export async function quoteOfflinePayment(
  deps: TPaymentDeps,
  purchase: TOfflinePurchase,
): Promise<TOfflineQuote> {
  const { app } = deps;
  const principal = assertRole(deps.principal, ALLOW.admins);
  const def = kindOf(purchase.kind);
  const kindCtx = { config: app.config, now: app.clock.now(), principal };
  try {
    await app.db.transaction(async (tx) => {
      const priced = await def.price(tx, purchase, kindCtx);
      throw new QuoteComputed({
        amount: centsToDecimal(priced.amountCents),
        productName: priced.productName,
        email: priced.email,
      });
    });
  } catch (error) {
    if (error instanceof QuoteComputed) return error.quote;
    throw error;
  }
  throw new Error('An offline quote ended without a price.');
}
