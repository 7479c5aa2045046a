/**
 * The one-time secret a registration's checkout answers (spec 01 §4: joining signs the new
 * member in). Kept in this tab's sessionStorage only, so only the browser tab that started the
 * checkout can exchange it, once, on the success screen, after the payment is confirmed.
 */
import { ZMemberSignInResponse, type TMemberSignInResponse } from '../../domain/contracts/auth';
import { apiFetch } from './api-client';

const KEY_PREFIX = 'samaj-registration-sign-in:';

export function keepSignInSecret(transactionID: string, secret: string | undefined): void {
  if (!secret) return;
  try {
    sessionStorage.setItem(KEY_PREFIX + transactionID, secret);
  } catch {
    // Storage disabled: the new member signs in with their password instead.
  }
}

export function signInSecretOf(transactionID: string): string | null {
  try {
    return sessionStorage.getItem(KEY_PREFIX + transactionID);
  } catch {
    return null;
  }
}

export function forgetSignInSecret(transactionID: string): void {
  try {
    sessionStorage.removeItem(KEY_PREFIX + transactionID);
  } catch {
    // Nothing kept, nothing to forget.
  }
}

/** Exchanges the secret for the member's login; the server accepts it once. */
export async function exchangeSignInSecret(
  transactionID: string,
  secret: string,
): Promise<TMemberSignInResponse> {
  return ZMemberSignInResponse.parse(
    await apiFetch('/checkout/registration/session', {
      method: 'POST',
      body: { transactionID, secret },
    }),
  );
}
