/**
 * The registration stepper's values, the checkout payload they become (ZRegistrationCheckout),
 * and where a field lives: the server names fields by path ('member.email',
 * 'dependents.0.name'), sometimes bare ('email'), and each belongs to one step.
 */
import type { TRegistrationCheckout } from '../../../domain/contracts/members';
import type { TPlan } from '../../../domain/contracts/plans';
import { dependentPayloadsOf, type TDependentValues } from '../membership/dependent-values';
import { EMPTY_SPOUSE, spousePayloadOf, type TSpouseValues } from '../membership/spouse-values';

export type TMemberValues = {
  MemberFirstName: string;
  MemberLastName: string;
  email: string;
  password: string;
  confirmPassword: string;
  contactPhone: string;
  street: string;
  city: string;
  state: string;
  zipcode: string;
  dateOfBirth: string;
};

export type TRegistrationValues = {
  planId: number | null;
  member: TMemberValues;
  withSpouse: boolean;
  spouse: TSpouseValues;
  dependents: TDependentValues[];
};

export const REGISTRATION_STEPS = ['plan', 'member', 'family', 'review'] as const;
export type TRegistrationStep = 0 | 1 | 2 | 3;

export const EMPTY_REGISTRATION: TRegistrationValues = {
  planId: null,
  member: {
    MemberFirstName: '',
    MemberLastName: '',
    email: '',
    password: '',
    confirmPassword: '',
    contactPhone: '',
    street: '',
    city: '',
    state: '',
    zipcode: '',
    dateOfBirth: '',
  },
  withSpouse: false,
  spouse: EMPTY_SPOUSE,
  dependents: [],
};

/** The member's fields as the contract takes them: no confirmation, no empty date. */
export function memberPayloadOf(member: TMemberValues): TRegistrationCheckout['member'] {
  const { confirmPassword: _confirmation, dateOfBirth, ...rest } = member;
  return { ...rest, dateOfBirth: dateOfBirth || null };
}

/** A spouse is sent only when the plan has one and the visitor chose to add them. */
export function includesSpouse(values: TRegistrationValues, plan: TPlan | undefined): boolean {
  return !!plan?.haveSpouse && values.withSpouse;
}

export function registrationPayloadOf(
  values: TRegistrationValues,
  plan: TPlan,
): TRegistrationCheckout {
  return {
    kind: 'registration',
    planId: plan.id,
    member: memberPayloadOf(values.member),
    spouse: includesSpouse(values, plan) ? spousePayloadOf(values.spouse) : null,
    dependents: dependentPayloadsOf(values.dependents),
  };
}

const MEMBER_FIELDS = new Set<string>(Object.keys(EMPTY_REGISTRATION.member));
const SPOUSE_FIELDS = new Set<string>(Object.keys(EMPTY_REGISTRATION.spouse));

/** A server field name as the form keys its errors: 'email' -> 'member.email'. */
export function formFieldOf(serverField: string): string {
  if (MEMBER_FIELDS.has(serverField)) return `member.${serverField}`;
  if (SPOUSE_FIELDS.has(serverField)) return `spouse.${serverField}`;
  if (serverField === 'spouse' || serverField === 'relation') return 'spouse';
  return serverField;
}

/** The step that shows a field; anything unknown is told on the review step. */
export function stepOfField(field: string): TRegistrationStep {
  const group = field.split('.')[0];
  if (group === 'planId') return 0;
  if (group === 'member') return 1;
  if (group === 'spouse' || group === 'dependents') return 2;
  return 3;
}

/** The first step that has a problem, so the visitor lands where the fix is. */
export function firstStepWithProblem(fields: Iterable<string>): TRegistrationStep | null {
  let first: TRegistrationStep | null = null;
  for (const field of fields) {
    const step = stepOfField(field);
    if (first === null || step < first) first = step;
  }
  return first;
}
