/**
 * Checkout kind `registration` (DESIGN §3b, §3d): someone not signed in joins with a family.
 * Nothing but the pending payment exists until the payment is confirmed; its `details` hold the
 * family and the password, already hashed. Fulfilment creates the active member, its spouse and
 * dependents and its FamilyPlanId, in the confirming transaction.
 */
import { eq } from 'drizzle-orm';
import { SUCCESS_SCREENS } from '../../../domain/contracts/payments';
import { formatReceiptDateTime } from '../../../domain/dates';
import {
  EMAIL_PAYMENT_IN_PROGRESS_MESSAGE,
  EMAIL_TAKEN_MESSAGE,
  emailPaymentInProgressMessage,
  ZRegistrationCheckout,
  type TDependentInput,
  type TSpouseInput,
} from '../../../domain/contracts/members';
import { centsToDecimal } from '../../../domain/money';
import { priceMembership } from '../../../domain/pricing';
import { members, payments, type TPaymentRow } from '../../db/schema';
import { conflict } from '../../lib/errors';
import { hashPassword } from '../auth/passwords';
import { assertBirthDatesNotFuture, assertFamilyFitsPlan } from '../family/family-rules';
import { freeDependentSlots, insertDependents, insertSpouse } from '../family/family-rows';
import { emailHolder, isEmailTaken } from '../members/member-email';
import { assertPlanOffered, findPlan, priceOfPlan, validityFor } from '../plans/plan-rules';
import { withQuery } from '../payments/kinds/ticket-common';
import { defineKind } from '../payments/kinds/types';
import { nextFamilyPlanId } from './family-plan-id';
import { countOf, membershipPurchase, todayOf } from './membership-common';

/** What a registration checkout keeps in `payments.details` until it is paid. */
interface TRegistrationDetails {
  planId: number;
  member: {
    MemberFirstName: string;
    MemberLastName: string;
    email: string;
    passwordHash: string;
    contactPhone: string;
    street: string;
    city: string;
    state: string;
    zipcode: string;
    dateOfBirth: string | null;
  };
  spouse: TSpouseInput | null;
  dependents: TDependentInput[];
}

function detailsOf(payment: TPaymentRow): TRegistrationDetails {
  // `details` is jsonb; this kind's own `price` wrote it, parsed by ZRegistrationCheckout
  return payment.details as unknown as TRegistrationDetails;
}

const EMAIL_TAKEN_MEANWHILE = 'This e-mail address was registered meanwhile.';

export const registrationKind = defineKind({
  kind: 'registration',
  body: ZRegistrationCheckout,
  buyers: 'anonymous',
  // A registration holds no seat, but it holds its e-mail and is one of the client's open checkouts
  unpaidHold: (input) => ({ email: input.member.email, seats: 0 }),
  async price(tx, input, ctx) {
    const today = todayOf(ctx);
    assertBirthDatesNotFuture(
      {
        'member.dateOfBirth': input.member.dateOfBirth,
        'spouse.spousedateOfBirth': input.spouse?.spousedateOfBirth,
        ...Object.fromEntries(
          input.dependents.map((d, i) => [`dependents.${i}.dateOfBirth`, d.dateOfBirth]),
        ),
      },
      today,
    );
    const plan = await findPlan(tx, input.planId);
    assertPlanOffered(plan, today);
    assertFamilyFitsPlan(plan, {
      spouse: input.spouse !== null,
      dependents: input.dependents.length,
    });
    const { password, ...member } = input.member;
    const holder = await emailHolder(tx, member.email, ctx.now);
    if (holder?.by === 'member')
      throw conflict(EMAIL_TAKEN_MESSAGE, { email: EMAIL_TAKEN_MESSAGE });
    if (holder?.by === 'checkout') {
      // The real person may be the one who started it: say so, and when it lets go (issue 8)
      const lapses = formatReceiptDateTime(holder.until, ctx.config.timeZone);
      throw conflict(emailPaymentInProgressMessage(lapses), {
        email: EMAIL_PAYMENT_IN_PROGRESS_MESSAGE,
      });
    }
    const details: TRegistrationDetails = {
      planId: plan.id,
      member: { ...member, passwordHash: await hashPassword(password) },
      spouse: input.spouse,
      dependents: input.dependents,
    };
    const buyer = {
      id: null,
      email: member.email,
      firstName: member.MemberFirstName,
      lastName: member.MemberLastName,
      contactPhone: member.contactPhone,
    };
    const price = priceMembership(priceOfPlan(plan), input.dependents.length);
    return membershipPurchase('registration', plan, buyer, input.dependents.length, price, {
      ...details,
    });
  },
  // Whoever pays first gets the e-mail; another checkout may have been paid for it meanwhile
  async recheck(tx, payment, ctx) {
    const taken = await isEmailTaken(tx, detailsOf(payment).member.email, ctx.now, {
      exceptPaymentId: payment.id,
    });
    return taken ? EMAIL_TAKEN_MEANWHILE : null;
  },
  async fulfil(tx, payment, ctx) {
    const details = detailsOf(payment);
    const plan = await findPlan(tx, details.planId);
    const { member } = details;
    const [created] = await tx
      .insert(members)
      .values({
        familyPlanId: await nextFamilyPlanId(tx, plan.prefix),
        planId: plan.id,
        firstName: member.MemberFirstName,
        lastName: member.MemberLastName,
        email: member.email,
        passwordHash: member.passwordHash,
        contactPhone: member.contactPhone,
        street: member.street,
        city: member.city,
        state: member.state,
        zipcode: member.zipcode,
        dateOfBirth: member.dateOfBirth,
        isActive: true,
        ...validityFor(plan, todayOf(ctx)),
        dependentsPaid: details.dependents.length,
        createdAt: ctx.now,
        updatedAt: ctx.now,
      })
      .returning({ id: members.id });
    if (details.spouse) await insertSpouse(tx, created.id, details.spouse, ctx.now);
    await insertDependents(tx, created.id, details.dependents, freeDependentSlots([]), ctx.now);
    // The hash now lives on the member; a payment row outlives password changes and must not keep it
    const { passwordHash: _hash, ...memberWithoutSecret } = member;
    await tx
      .update(payments)
      .set({ memberId: created.id, details: { ...details, member: memberWithoutSecret } })
      .where(eq(payments.id, payment.id));
  },
  async describe(_db, payment) {
    const { spouse, dependents } = detailsOf(payment);
    const family = [
      spouse ? 'spouse' : null,
      dependents.length ? countOf(dependents.length, 'dependent', 'dependents') : null,
    ];
    const who = [payment.memberName, ...family].filter(Boolean).join(', ');
    return `${payment.productName}, new membership: ${who}`;
  },
  successPath: (payment) =>
    withQuery(SUCCESS_SCREENS.registration.path, {
      email: payment.email,
      membershipplan: payment.productName,
      dependent: payment.dependent,
      transaction_id: payment.transactionId,
      amount: centsToDecimal(payment.amountCents),
    }),
  cancelPath: () => '/mregister',
});
