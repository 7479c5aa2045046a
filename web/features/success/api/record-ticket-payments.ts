import type { TPaymentRecord } from '../../../../domain/contracts/payments';
import { readSession } from '../../../app/session-store';
import { apiFetch } from '../../../lib/api-client';

/*
 * The ticket screens' record calls (spec 01 §7). The spec's payloads carry the whole record, but
 * the server reads only `transactionID` and answers the stored, provider-confirmed payment
 * (DESIGN §4.4), so nothing from the URL is sent as truth.
 */

export function recordNonMemberPayment(transactionID: string): Promise<TPaymentRecord> {
  return apiFetch<TPaymentRecord>('/nonmember/paymentnonmember', {
    method: 'POST',
    body: { transactionID },
  });
}

export function recordTablePayment(transactionID: string): Promise<TPaymentRecord> {
  return apiFetch<TPaymentRecord>('/nonmember/trasactiontable', {
    method: 'POST',
    body: { transactionID },
  });
}

/** A member ticket belongs to a family: the member's login, or staff who bought it for them. */
export function recordMemberTicket(transactionID: string): Promise<TPaymentRecord> {
  return apiFetch<TPaymentRecord>('/nonmember/memberticket', {
    method: 'POST',
    body: { transactionID },
    session: readSession('mem') ? 'mem' : 'admin',
  });
}
