/**
 * Demo donations (issue 15): a few dozen gifts over the last 12 months from member families and
 * outside donors, some with a dedication, so the donation report, its spreadsheet and the yearly
 * statements have something to show. Built last, after every other part has drawn from the
 * seed's random stream, so adding them leaves every other demo row exactly as it was.
 */
import { PAYMENT_DESCRIPTIONS } from '../../../domain/constants';
import type { TSeedContext } from './context';
import { DEMO_MEMBER_EMAIL } from './families';
import type { TInsertedFamily } from './membership-payments';
import { confirmedPayment, type TSeedPayment } from './payment-rows';
import type { SeededRandom } from './random';

const DONATION_COUNT = 36;
const AMOUNTS_CENTS = [1000, 2500, 2500, 5000, 5000, 10000, 15100, 25000, 50000] as const;
const DEDICATIONS = [
  '',
  '',
  '',
  'In memory of Kantaben Patel',
  'In honour of our parents’ 50th anniversary',
  'For the Diwali youth programme',
  'In memory of Ramesh Shah',
] as const;
const OUTSIDE_DONORS = [
  ['Helen', 'Morris'],
  ['Carlos', 'Reyes'],
  ['Aiko', 'Tanaka'],
  ['David', 'Okafor'],
] as const;

export function buildDonations(
  ctx: TSeedContext,
  families: readonly TInsertedFamily[],
): TSeedPayment[] {
  const { random } = ctx;
  const rows: TSeedPayment[] = [];
  for (let i = 0; i < DONATION_COUNT; i++) {
    const startedAt = ctx.momentBetween(ctx.windowStart, ctx.today);
    const donor = donorOf(random, families);
    const dedication = random.pick(DEDICATIONS);
    const payment = confirmedPayment(ctx, startedAt, {
      kind: 'donation',
      email: donor.email,
      memberId: donor.memberId,
      productName: 'Donation',
      description: PAYMENT_DESCRIPTIONS.donation,
      paymentType: 'Donation',
      amountCents: random.pick(AMOUNTS_CENTS),
      serviceCents: 0,
      memberName: `${donor.fname} ${donor.lname}`,
      contact: donor.contact,
      details: {
        donor: { fname: donor.fname, lname: donor.lname, email: donor.email },
        dedication,
      },
    });
    rows.push(payment);
  }
  return rows;
}

function donorOf(random: SeededRandom, families: readonly TInsertedFamily[]) {
  // Two gifts in three come from member families, some of them more than once a year; the demo
  // member's own history stays as the other demo journeys know it
  const givers = families
    .filter((family) => family.member.email !== DEMO_MEMBER_EMAIL)
    .slice(0, 15);
  if (random.chance(2 / 3) && givers.length > 0) {
    const family = random.pick(givers);
    return {
      fname: family.member.firstName,
      lname: family.member.lastName,
      email: family.member.email,
      contact: family.member.contactPhone ?? null,
      memberId: family.memberId,
    };
  }
  const [fname, lname] = random.pick(OUTSIDE_DONORS);
  return {
    fname,
    lname,
    email: `${fname}.${lname}@example.net`.toLowerCase(),
    contact: null,
    memberId: null,
  };
}
