import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { RECORD_RETRY, recordOutcomeOf } from './record-outcome';

export type TRecordState<T> =
  | { kind: 'confirming' }
  | { kind: 'recorded'; payment: T }
  /** Never confirmed (declined, cancelled, expired): nothing was charged. */
  | { kind: 'not-found' }
  /** No payment has this transaction id (made up or mistyped): nothing to wait for. */
  | { kind: 'unknown' }
  /** Charged, then given back because the purchase could no longer be completed. */
  | { kind: 'refunded' }
  /** Still not confirmed after the polling window: maybe slow, maybe a made-up id. */
  | { kind: 'not-confirmed'; retry: () => void }
  | { kind: 'failed'; error: unknown; retry: () => void };

/**
 * A success screen's record call (spec 01 §4: "on opening, each screen records a transaction
 * once"), fired once per transaction id even under React StrictMode's doubled effects; while the
 * provider has not confirmed (402, pending), it asks again every 2 s for about a minute. An unknown
 * transaction id stops at once, after one call.
 *
 * `screen` names the record call (e.g. 'nonmember'); `record` sends it for a transaction id.
 */
export function useRecordOnce<T>(
  screen: string,
  transactionId: string,
  record: (transactionId: string) => Promise<T>,
): TRecordState<T> {
  const mutation = useMutation({
    mutationKey: ['payments', 'record', screen, transactionId],
    mutationFn: record,
    ...RECORD_RETRY,
  });
  const { mutate } = mutation;
  // StrictMode runs effects twice on one instance; the ref outlives that, so one call is sent.
  const sentFor = useRef<string | null>(null);

  useEffect(() => {
    if (!transactionId || sentFor.current === transactionId) return;
    sentFor.current = transactionId;
    mutate(transactionId);
  }, [transactionId, mutate]);

  if (!transactionId) return { kind: 'unknown' };
  if (mutation.isSuccess) return { kind: 'recorded', payment: mutation.data };
  if (mutation.isError) {
    const retry = () => mutate(transactionId);
    const outcome = recordOutcomeOf(mutation.error);
    switch (outcome) {
      case 'closed':
        return { kind: 'not-found' };
      case 'unknown':
        return { kind: 'unknown' };
      case 'refunded':
        return { kind: 'refunded' };
      case 'pending':
        return { kind: 'not-confirmed', retry };
      default:
        return { kind: 'failed', error: mutation.error, retry };
    }
  }
  return { kind: 'confirming' };
}
