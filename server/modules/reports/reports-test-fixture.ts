/** The report tests' fixture: payments on the day Chicago moved its clocks forward. Test-only. */
import type { TTestApp } from '../../test/test-app';
import { createEvent, demoMemberId, insertPayment } from '../payments/payments-test-kit';

/** 2024-03-10: 23 hours long in Chicago. */
export const DAY = '2024-03-10';
export const txn = (suffix: string) => `txn_report_${suffix}`.padEnd(28, 'x');

/**
 * Confirmed ticket payments just before, at, inside, at the end of and just after DAY in
 * Chicago, a pending one inside, a row whose name is a formula, and one renewal.
 */
export async function seedReportDay(t: TTestApp): Promise<void> {
  const event = await createEvent(t, { name: 'Holi 2024', eventDate: '2024-03-15' });
  const ticket = (
    suffix: string,
    createdAt: string,
    extra: Partial<Parameters<typeof insertPayment>[1]> = {},
  ) =>
    insertPayment(t, {
      kind: 'nonmember-ticket',
      transactionId: txn(suffix),
      status: 'payment done',
      eventId: event.id,
      eventDate: event.eventDate,
      paymentType: 'Event',
      productName: 'Gala Event Non Member Tickets',
      description: 'payment',
      dependent: 2,
      amountCents: 3000,
      email: `${suffix}@example.net`,
      memberName: `Buyer ${suffix}`,
      createdAt: new Date(createdAt),
      ...extra,
    });
  await ticket('before', '2024-03-10T05:59:00Z'); // Mar 9, 23:59 CST
  await ticket('first', '2024-03-10T06:00:00Z'); // Mar 10, 00:00 CST
  await ticket('table', '2024-03-10T18:00:00Z', {
    kind: 'table-for-10',
    productName: 'Gala Event TableFor10 Tickets',
    dependent: 10,
    amountCents: 12000,
  });
  await ticket('formula', '2024-03-10T20:00:00Z', {
    memberName: '=HYPERLINK("http://evil.example","x")',
    email: '+1@example.net',
  });
  await ticket('pending', '2024-03-10T21:00:00Z', { status: 'pending' });
  await ticket('last', '2024-03-11T04:59:00Z'); // Mar 10, 23:59 CDT
  await ticket('after', '2024-03-11T05:00:00Z'); // Mar 11, 00:00 CDT
  await insertPayment(t, {
    kind: 'renewal',
    transactionId: txn('renewal'),
    status: 'payment done',
    memberId: await demoMemberId(t),
    productName: 'Family Membership',
    description: 'renew payment',
    amountCents: 15450,
    createdAt: new Date('2024-03-10T16:00:00Z'),
  });
}
