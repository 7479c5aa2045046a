/**
 * A small stand-in for Stripe's API, for tests only: Checkout Sessions (create, retrieve) and
 * refunds, over real HTTP, so the real Stripe SDK is exercised offline (STRIPE_API_BASE points
 * the SDK here). Tests flip a session to paid the way a buyer paying at Stripe would.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface TFakeSession {
  id: string;
  object: 'checkout.session';
  url: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  amount_total: number;
  currency: string;
  customer_email: string;
  client_reference_id: string;
  metadata: Record<string, string>;
  payment_intent: string | null;
  success_url: string;
  cancel_url: string;
  expires_at: number;
}

export interface TFakeRefund {
  id: string;
  object: 'refund';
  payment_intent: string;
  amount: number;
  status: 'succeeded';
  idempotencyKey: string | undefined;
}

export interface TFakeStripe {
  url: string;
  sessions: Map<string, TFakeSession>;
  /** Idempotency keys of session creations, in order. */
  creations: string[];
  /** Refunds made, one per idempotency key (a repeated request answers the first refund). */
  refunds: TFakeRefund[];
  pay(sessionId: string): TFakeSession;
  close(): Promise<void>;
}

function readForm(request: http.IncomingMessage): Promise<URLSearchParams> {
  return new Promise((resolve, reject) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => resolve(new URLSearchParams(body)));
    request.on('error', reject);
  });
}

export async function startFakeStripe(): Promise<TFakeStripe> {
  const sessions = new Map<string, TFakeSession>();
  const byKey = new Map<string, TFakeSession>();
  const creations: string[] = [];
  const refunds: TFakeStripe['refunds'] = [];
  let counter = 0;

  const server = http.createServer(async (request, response) => {
    const send = (status: number, body: unknown) => {
      response.writeHead(status, {
        'content-type': 'application/json',
        'request-id': `req_${++counter}`,
      });
      response.end(JSON.stringify(body));
    };
    const key = request.headers['idempotency-key'] as string | undefined;
    const url = new URL(request.url ?? '/', 'http://fake');
    if (request.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
      const form = await readForm(request);
      const existing = key ? byKey.get(key) : undefined;
      if (existing) return send(200, existing);
      const id = `cs_test_${++counter}`;
      const session: TFakeSession = {
        id,
        object: 'checkout.session',
        url: `https://checkout.stripe.test/c/pay/${id}`,
        status: 'open',
        payment_status: 'unpaid',
        amount_total:
          Number(form.get('line_items[0][price_data][unit_amount]')) *
          Number(form.get('line_items[0][quantity]') ?? 1),
        currency: form.get('line_items[0][price_data][currency]') ?? 'usd',
        customer_email: form.get('customer_email') ?? '',
        client_reference_id: form.get('client_reference_id') ?? '',
        metadata: { transactionID: form.get('metadata[transactionID]') ?? '' },
        payment_intent: null,
        success_url: form.get('success_url') ?? '',
        cancel_url: form.get('cancel_url') ?? '',
        expires_at: Number(form.get('expires_at')),
      };
      sessions.set(id, session);
      if (key) byKey.set(key, session);
      creations.push(key ?? '');
      return send(200, session);
    }
    const retrieve = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(url.pathname);
    if (request.method === 'GET' && retrieve) {
      const session = sessions.get(retrieve[1]);
      return session
        ? send(200, session)
        : send(404, { error: { type: 'invalid_request_error', message: 'No such session' } });
    }
    if (request.method === 'POST' && url.pathname === '/v1/refunds') {
      const form = await readForm(request);
      const intent = form.get('payment_intent') ?? '';
      const session = [...sessions.values()].find((s) => s.payment_intent === intent);
      if (!session)
        return send(400, {
          error: { type: 'invalid_request_error', message: `No such payment_intent: ${intent}` },
        });
      const repeated = key ? refunds.find((refund) => refund.idempotencyKey === key) : undefined;
      if (repeated) return send(200, { ...repeated, idempotencyKey: undefined });
      const refunded = refunds
        .filter((refund) => refund.payment_intent === intent)
        .reduce((sum, refund) => sum + refund.amount, 0);
      const amount = form.has('amount')
        ? Number(form.get('amount'))
        : session.amount_total - refunded;
      if (amount <= 0 || refunded + amount > session.amount_total)
        return send(400, {
          error: { type: 'invalid_request_error', message: 'Refund exceeds the amount charged.' },
        });
      const refund: TFakeRefund = {
        id: `re_${++counter}`,
        object: 'refund',
        payment_intent: intent,
        amount,
        status: 'succeeded',
        idempotencyKey: key,
      };
      refunds.push(refund);
      return send(200, { ...refund, idempotencyKey: undefined });
    }
    send(404, {
      error: {
        type: 'invalid_request_error',
        message: `Unknown ${request.method} ${url.pathname}`,
      },
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    sessions,
    creations,
    refunds,
    pay(sessionId) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`fake stripe: no session ${sessionId}`);
      Object.assign(session, {
        status: 'complete',
        payment_status: 'paid',
        payment_intent: `pi_for_${sessionId}`,
      });
      return session;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
