/**
 * The checks each step runs before the visitor may go on, with the contract's own schemas
 * (the server runs the same ones on checkout). Errors are keyed by the form's paths.
 */
import { MAX_DEPENDENTS } from '../../../domain/constants';
import {
  ZDependentInput,
  ZRegistrationCheckout,
  ZSpouseInput,
} from '../../../domain/contracts/members';
import type { TPlan } from '../../../domain/contracts/plans';
import { spousePayloadOf } from '../membership/spouse-values';
import { fieldErrorsOf, type TFieldErrors, type TFieldWording } from '../../lib/form-errors';
import {
  includesSpouse,
  memberPayloadOf,
  type TRegistrationStep,
  type TRegistrationValues,
} from './registration-form';

export interface TStepContext {
  plan: TPlan | undefined;
  /** Why the e-mail check says the address cannot join; undefined while it may or is unknown. */
  emailProblem: string | undefined;
  wording: TFieldWording;
}

function prefixed(prefix: string, errors: TFieldErrors): TFieldErrors {
  return Object.fromEntries(Object.entries(errors).map(([key, text]) => [`${prefix}${key}`, text]));
}

function memberErrors(values: TRegistrationValues, context: TStepContext): TFieldErrors {
  const { t } = context.wording;
  const member = values.member;
  const parsed = ZRegistrationCheckout.shape.member.safeParse(memberPayloadOf(member));
  const errors: TFieldErrors = parsed.success
    ? {}
    : prefixed('member.', fieldErrorsOf(parsed.error, member, context.wording));
  if (context.emailProblem) errors['member.email'] ??= context.emailProblem;
  if (member.password !== member.confirmPassword) {
    errors['member.confirmPassword'] = t('validation.passwordsDiffer');
  }
  return errors;
}

function familyErrors(values: TRegistrationValues, context: TStepContext): TFieldErrors {
  const { plan, wording } = context;
  let errors: TFieldErrors = {};
  if (includesSpouse(values, plan)) {
    const spouse = ZSpouseInput.safeParse(spousePayloadOf(values.spouse));
    if (!spouse.success) {
      errors = prefixed('spouse.', fieldErrorsOf(spouse.error, values.spouse, wording));
    }
  }
  values.dependents.forEach((dependent, index) => {
    const parsed = ZDependentInput.safeParse(dependent);
    if (!parsed.success) {
      Object.assign(
        errors,
        prefixed(`dependents.${index}.`, fieldErrorsOf(parsed.error, dependent, wording)),
      );
    }
  });
  const limit = Math.min(plan?.maxDependent ?? MAX_DEPENDENTS, MAX_DEPENDENTS);
  if (values.dependents.length > limit) {
    errors.dependents = wording.t('membership.rules.maxDependents', { max: limit });
  }
  return errors;
}

/** The problems that keep the visitor on `step`; empty when they may go on. */
export function checkStep(
  step: TRegistrationStep,
  values: TRegistrationValues,
  context: TStepContext,
): TFieldErrors {
  if (step === 0) {
    return context.plan ? {} : { planId: context.wording.t('registration.plan.required') };
  }
  if (step === 1) return memberErrors(values, context);
  if (step === 2) return familyErrors(values, context);
  return {};
}
