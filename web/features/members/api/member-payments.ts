import { queryOptions } from '@tanstack/react-query';
import { ZPaymentHistoryPage } from '../../../../domain/contracts/payments';
import { apiFetch } from '../../../lib/api-client';
import type { TListSession } from './list-members';

/** One member's payments, newest first (`GET /api/nonmember/paymentmemberinformation?memberid=`). */
export const memberPaymentsQuery = (session: TListSession, memberId: number, page: number) =>
  queryOptions({
    queryKey: ['members', 'payments', session, memberId, page],
    queryFn: async ({ signal }) =>
      ZPaymentHistoryPage.parse(
        await apiFetch(
          `/nonmember/paymentmemberinformation?memberid=${memberId}&page=${page}&page_size=10`,
          { session, signal },
        ),
      ),
  });
