import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { RECORD_POLL_INTERVAL_MS, recordOutcomeOf, shouldAskAgain } from './record-outcome';

export type TRecordState<T> =
  | { kind: 'confirming' }
  | { kind: 'recorded'; payment: T }
  /** Never confirmed (declined, cancelled, expired) or unknown. */
  | { kind: 'not-found' }
  /** Still not confirmed after the polling window: maybe slow, maybe a made-up id. */
  | { kind: 'not-confirmed'; retry: () => void }
  | { kind: 'failed'; error: unknown; retry: () => void };

/**
 * A success screen's record call (spec 01 §4: "on opening, each screen records a transaction
 * once"), fired once per transaction id even under React StrictMode's doubled effects; while the
 * provider has not confirmed (402), it asks again every 2 s for about a minute.
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
    retry: shouldAskAgain,
    retryDelay: RECORD_POLL_INTERVAL_MS,
  });
  const { mutate } = mutation;
  // StrictMode runs effects twice on one instance; the ref outlives that, so one call is sent.
  const sentFor = useRef<string | null>(null);

  useEffect(() => {
    if (!transactionId || sentFor.current === transactionId) return;
    sentFor.current = transactionId;
    mutate(transactionId);
  }, [transactionId, mutate]);

  if (!transactionId) return { kind: 'not-found' };
  if (mutation.isSuccess) return { kind: 'recorded', payment: mutation.data };
  if (mutation.isError) {
    const retry = () => mutate(transactionId);
    const outcome = recordOutcomeOf(mutation.error);
    if (outcome === 'closed') return { kind: 'not-found' };
    if (outcome === 'pending') return { kind: 'not-confirmed', retry };
    return { kind: 'failed', error: mutation.error, retry };
  }
  return { kind: 'confirming' };
}
