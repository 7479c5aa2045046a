import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  TCheckoutAnswer,
  TMemberTicketCheckout,
  TNonMemberTicketCheckout,
  TTableCheckout,
} from '../../../../domain/contracts/payments';
import { ApiError, apiFetch } from '../../../lib/api-client';
import { eventKeys } from './get-events';

export type TTicketCheckout = TNonMemberTicketCheckout | TTableCheckout | TMemberTicketCheckout;

/**
 * `POST /api/checkout` for the three ticket kinds; the server prices it and answers where to pay.
 * Member tickets carry the member's login (DESIGN §3c: a member buys for their own family).
 */
export function useStartTicketCheckout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TTicketCheckout) =>
      apiFetch<TCheckoutAnswer>('/checkout', {
        method: 'POST',
        body,
        session: body.kind === 'member-ticket' ? 'mem' : undefined,
      }),
    onError: (error, body) => {
      // Seats or an allowance ran out meanwhile: show the event's current numbers.
      if (error instanceof ApiError && error.code === 'CONFLICT') {
        void queryClient.invalidateQueries({ queryKey: eventKeys.detail(body.eventid) });
      }
    },
  });
}
