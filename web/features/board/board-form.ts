/**
 * The board form's values (add and edit, spec 02 §2.3, §2.4, §4, §5) and what they become: the
 * contract's input for checking, and the multipart payload of spec 02 §7.2.
 */
import type { TBoardType } from '../../../domain/constants';
import {
  TEMP_ADMIN_PASSWORD_MESSAGE,
  ZBoardMemberForm,
  type TBoardCandidate,
  type TBoardMember,
  type TBoardMemberFormInput,
} from '../../../domain/contracts/board';
import { IMAGE_PICKER_ACCEPT, MAX_IMAGE_BYTES } from '../../../domain/images';
import { formatPhoneInput, normalizePhone } from '../../../domain/phone';

export type TBoardFormValues = {
  memberID: number | null;
  fName: string;
  lName: string;
  email: string;
  /** As shown: (123) 456-7890. */
  contactPhone: string;
  memberBoardType: TBoardType | '';
  password: string;
  confirmPassword: string;
  validityFrom: string | null;
  validityTo: string | null;
  leadershipRole: string;
  leadershipOrder: string;
};

export const EMPTY_BOARD_FORM: TBoardFormValues = {
  memberID: null,
  fName: '',
  lName: '',
  email: '',
  contactPhone: '',
  memberBoardType: '',
  password: '',
  confirmPassword: '',
  validityFrom: null,
  validityTo: null,
  leadershipRole: '',
  leadershipOrder: '',
};

export const isTempAdmin = (values: Pick<TBoardFormValues, 'memberBoardType'>) =>
  values.memberBoardType === 'Temp Admin';

export function formValuesOf(member: TBoardMember): TBoardFormValues {
  return {
    memberID: member.linkedMemberId,
    fName: member.fName,
    lName: member.lName,
    email: member.email,
    contactPhone: formatPhoneInput(member.contactPhone),
    memberBoardType: member.memberBoardType,
    password: '',
    confirmPassword: '',
    validityFrom: member.validityFrom,
    validityTo: member.validityTo,
    leadershipRole: member.leadershipRole ?? '',
    leadershipOrder: member.leadershipOrder === null ? '' : String(member.leadershipOrder),
  };
}

/** Spec 02 §4: choosing a member fills the form from them; the type and the rest stay. */
export function withCandidate(values: TBoardFormValues, candidate: TBoardCandidate) {
  return {
    ...values,
    memberID: candidate.MemberId,
    fName: candidate.MemberFirstName,
    lName: candidate.MemberLastName,
    email: candidate.email,
    contactPhone: formatPhoneInput(candidate.contactPhone),
  };
}

/** An empty search clears what a member filled in. */
export function withoutCandidate(values: TBoardFormValues): TBoardFormValues {
  return { ...values, memberID: null, fName: '', lName: '', email: '', contactPhone: '' };
}

/** Spec 02 §4: every type other than Temp Admin hides the password fields and clears them. */
export function withType(values: TBoardFormValues, type: TBoardType | ''): TBoardFormValues {
  const keepsPassword = type === 'Temp Admin';
  return {
    ...values,
    memberBoardType: type,
    password: keepsPassword ? values.password : '',
    confirmPassword: keepsPassword ? values.confirmPassword : '',
  };
}

/** The dropdown's label: "first last (FamilyPlanId)". */
export function candidateLabel(candidate: TBoardCandidate): string {
  const name = `${candidate.MemberFirstName} ${candidate.MemberLastName}`;
  return candidate.FamilyPlanId ? `${name} (${candidate.FamilyPlanId})` : name;
}

/** Spec 02 §4: members whose last name holds the text (any case); empty: all of them. */
export function candidatesByLastName(
  candidates: readonly TBoardCandidate[],
  term: string,
): TBoardCandidate[] {
  const needle = term.trim().toLowerCase();
  if (!needle) return [...candidates];
  return candidates.filter((candidate) => candidate.MemberLastName.toLowerCase().includes(needle));
}

/** 'matched' / 'notMatching' once a password is typed; advisory only (spec 02 §5). */
export function passwordMatch(values: TBoardFormValues): 'matched' | 'notMatching' | null {
  if (!values.password && !values.confirmPassword) return null;
  return values.password === values.confirmPassword ? 'matched' : 'notMatching';
}

export function contractInputOf(values: TBoardFormValues): TBoardMemberFormInput {
  return {
    fName: values.fName,
    lName: values.lName,
    email: values.email,
    contactPhone: values.contactPhone,
    memberBoardType: values.memberBoardType as TBoardType,
    memberID: values.memberID ?? undefined,
    validityFrom: values.validityFrom ?? undefined,
    validityTo: values.validityTo ?? undefined,
    password: isTempAdmin(values) && values.password ? values.password : undefined,
    leadershipRole: values.leadershipRole,
    leadershipOrder: values.leadershipOrder,
  };
}

/**
 * The contract's check, plus what the server asks of a new sign-in: a Temp Admin without an
 * account yet (added, or turned into one) needs a password.
 */
export function checkBoardForm(values: TBoardFormValues, needsPassword: boolean) {
  const parsed = ZBoardMemberForm.safeParse(contractInputOf(values));
  const problems: Record<string, { code: string; message: string }> = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? '');
      problems[field] ??= { code: issue.code, message: issue.message };
    }
  }
  if (needsPassword && isTempAdmin(values) && !values.password) {
    problems.password ??= { code: 'custom', message: TEMP_ADMIN_PASSWORD_MESSAGE };
  }
  return { valid: Object.keys(problems).length === 0, problems };
}

/** The multipart payload of spec 02 §7.2 (is_staff 'True' / 'False'; on add only 'True'). */
export function boardFormData(
  values: TBoardFormValues,
  options: { image: File | null; removeImage: boolean; adding: boolean },
): FormData {
  const form = new FormData();
  if (options.image) form.append('image', options.image);
  form.append('validityFrom', values.validityFrom ?? '');
  form.append('validityTo', values.validityTo ?? '');
  if (isTempAdmin(values)) form.append('is_staff', 'True');
  else if (!options.adding) form.append('is_staff', 'False');
  form.append('fName', values.fName.trim());
  form.append('lName', values.lName.trim());
  form.append('email', values.email.trim());
  form.append('contactPhone', normalizePhone(values.contactPhone));
  form.append('memberID', values.memberID === null ? '' : String(values.memberID));
  form.append('memberBoardType', values.memberBoardType);
  if (isTempAdmin(values) && values.password) form.append('password', values.password);
  form.append('leadershipRole', values.leadershipRole.trim());
  form.append('leadershipOrder', values.leadershipOrder.trim());
  if (options.removeImage && !options.image) form.append('removeImage', 'true');
  return form;
}

export const IMAGE_ACCEPT = IMAGE_PICKER_ACCEPT;

/** The picker's own check (the server checks the content again): png, jpg, jpeg, 5 MB. */
export function pickedImageProblem(file: File): 'type' | 'size' | null {
  const byName = /\.(png|jpe?g)$/i.test(file.name);
  const byType = file.type === '' || file.type === 'image/png' || file.type === 'image/jpeg';
  if (!byName || !byType) return 'type';
  if (file.size > MAX_IMAGE_BYTES) return 'size';
  return null;
}
