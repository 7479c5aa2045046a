import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZMemberIdParams,
  ZMemberPaymentBody,
  ZMembershipUpdated,
  ZPaymentRecord,
  ZRecordDependentPayment,
  ZRecordMembershipPayment,
  ZRecordMemberTicket,
  ZRecordNonMemberPayment,
  ZRecordTablePayment,
  ZTransactionIdParams,
} from '../../../domain/contracts/payments';
import { ZRecordDonation } from '../../../domain/contracts/donations';
import { ALLOW } from '../../lib/access';
import type { TPaymentProvider } from './providers/types';
import { latestRenewal, readPayment, recordPayment, RECORD_KINDS } from './records.service';
import { paymentDeps } from './request-deps';

const tags = ['payments: success screens'];
const ok = { 200: ZPaymentRecord };

/**
 * The success screens' record calls (spec 01 §3, §7) and the payment reads. All are idempotent
 * and answer 402 for a transaction the provider has not confirmed. Access (DESIGN §3c) is per
 * payment: the transaction id suffices for purchases anyone may make; membership payments need
 * their member or staff.
 */
export function recordRoutes(provider: TPaymentProvider): FastifyPluginAsync {
  return async (instance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();

    const recordCalls = [
      {
        url: '/nonmember/paymentnonmember',
        body: ZRecordNonMemberPayment,
        kinds: RECORD_KINDS.nonMemberTicket,
        summary: 'Record a non-member ticket payment',
      },
      {
        url: '/nonmember/trasactiontable',
        body: ZRecordTablePayment,
        kinds: RECORD_KINDS.table,
        summary: 'Record a table-for-10 payment',
      },
      {
        url: '/nonmember/memberticket',
        body: ZRecordMemberTicket,
        kinds: RECORD_KINDS.memberTicket,
        summary: 'Record a member ticket payment',
      },
      {
        url: '/payment',
        body: ZRecordMembershipPayment,
        kinds: RECORD_KINDS.membership,
        summary: 'Record a registration or renewal payment',
      },
      {
        url: '/donations/record',
        body: ZRecordDonation,
        kinds: RECORD_KINDS.donation,
        summary: 'Record a donation (its success screen)',
      },
    ] as const;
    for (const call of recordCalls) {
      app.post(
        call.url,
        {
          config: { allow: ALLOW.public },
          schema: { tags, summary: call.summary, body: call.body, response: ok },
        },
        async (request) =>
          recordPayment(paymentDeps(request, provider), {
            transactionId: request.body.transactionID,
            kinds: call.kinds,
          }),
      );
    }

    app.post(
      '/payment_dependent',
      {
        config: { allow: ALLOW.memberOrStaff },
        schema: {
          tags,
          summary: 'Record an extra-dependent payment',
          body: ZRecordDependentPayment,
          response: ok,
        },
      },
      async (request) =>
        recordPayment(paymentDeps(request, provider), {
          transactionId: request.body.transactionID,
          kinds: RECORD_KINDS.dependents,
          memberId: request.body.member_id,
        }),
    );

    app.get(
      '/nonmember/paymentnonmember/:id',
      {
        config: { allow: ALLOW.public },
        schema: {
          tags,
          summary: 'A confirmed payment by transaction id, as a one-item list (spec 01 §3)',
          params: ZTransactionIdParams,
          response: { 200: z.array(ZPaymentRecord) },
        },
      },
      async (request) => [
        await readPayment(paymentDeps(request, provider), {
          transactionId: request.params.id,
          kinds: RECORD_KINDS.any,
        }),
      ],
    );

    app.get(
      '/payment/:id',
      {
        config: { allow: ALLOW.public },
        schema: {
          tags,
          summary: 'A confirmed payment by transaction id',
          params: ZTransactionIdParams,
          response: ok,
        },
      },
      async (request) =>
        readPayment(paymentDeps(request, provider), {
          transactionId: request.params.id,
          kinds: RECORD_KINDS.any,
        }),
    );

    app.put(
      '/nonmember/memberrenew/:id',
      {
        config: { allow: ALLOW.memberOrStaff },
        schema: {
          tags,
          summary: "Record the member's renewal payment",
          params: ZMemberIdParams,
          body: ZMemberPaymentBody,
          response: ok,
        },
      },
      async (request) =>
        recordPayment(paymentDeps(request, provider), {
          transactionId: request.body.transactionID,
          kinds: RECORD_KINDS.renewal,
          memberId: request.params.id,
        }),
    );

    app.get(
      '/nonmember/memberrenew/:id',
      {
        config: { allow: ALLOW.memberOrStaff },
        schema: {
          tags,
          summary: "The member's latest confirmed renewal",
          params: ZMemberIdParams,
          response: ok,
        },
      },
      async (request) => latestRenewal(paymentDeps(request, provider), request.params.id),
    );

    app.put(
      '/memberPaymentLimited/:id',
      {
        // A member records their own membership payment; staff any member's (DESIGN §3c)
        config: { allow: ALLOW.memberOrStaff, memberParam: 'id' },
        schema: {
          tags: ['payments: back office'],
          summary: "Record a member's confirmed membership payment (the member's own, or staff)",
          params: ZMemberIdParams,
          body: ZMemberPaymentBody,
          response: { 200: ZMembershipUpdated },
        },
      },
      async (request) => ({
        message: 'MemberShip Updated' as const,
        payment: await recordPayment(paymentDeps(request, provider), {
          transactionId: request.body.transactionID,
          kinds: RECORD_KINDS.memberPayments,
          memberId: request.params.id,
        }),
      }),
    );
  };
}
