import { describe, expect, it } from 'vitest';
import type { TBoardCandidate } from '../../../domain/contracts/board';
import {
  boardFormData,
  candidateLabel,
  candidatesByLastName,
  checkBoardForm,
  EMPTY_BOARD_FORM,
  passwordMatch,
  pickedImageProblem,
  withCandidate,
  withoutCandidate,
  withType,
  type TBoardFormValues,
} from './board-form';

const smith: TBoardCandidate = {
  MemberId: 7,
  MemberFirstName: 'John',
  MemberLastName: 'Smith',
  FamilyPlanId: 'GM0001',
  email: 'john@example.org',
  contactPhone: '3125550199',
  memberImage: null,
  validityFrom: null,
  validityTo: null,
};
const goldsmith = { ...smith, MemberId: 8, MemberFirstName: 'Ana', MemberLastName: 'Goldsmith' };
const patel = { ...smith, MemberId: 9, MemberLastName: 'Patel', FamilyPlanId: null };

const valid: TBoardFormValues = {
  ...EMPTY_BOARD_FORM,
  fName: 'John',
  email: 'john@example.org',
  contactPhone: '(312) 555-0199',
  memberBoardType: 'Trustee',
};

describe('the board form', () => {
  it('labels members "first last (FamilyPlanId)"', () => {
    expect(candidateLabel(smith)).toBe('John Smith (GM0001)');
    expect(candidateLabel(patel)).toBe('John Patel');
  });

  it('finds members by a piece of the last name, any case; empty finds all', () => {
    expect(candidatesByLastName([smith, goldsmith, patel], 'SMI')).toEqual([smith, goldsmith]);
    expect(candidatesByLastName([smith, goldsmith, patel], ' ')).toHaveLength(3);
  });

  it('fills from a member and clears again', () => {
    const filled = withCandidate(EMPTY_BOARD_FORM, smith);
    expect(filled).toMatchObject({
      memberID: 7,
      fName: 'John',
      lName: 'Smith',
      email: 'john@example.org',
      contactPhone: '(312) 555-0199',
    });
    expect(withoutCandidate(filled)).toMatchObject({ memberID: null, fName: '', email: '' });
  });

  it('clears the password when the type leaves Temp Admin', () => {
    const temp = withType({ ...valid, password: 'secret-1', confirmPassword: 'x' }, 'Temp Admin');
    expect(temp.password).toBe('secret-1');
    const trustee = withType(temp, 'Trustee');
    expect([trustee.password, trustee.confirmPassword]).toEqual(['', '']);
    expect(withType(trustee, 'Temp Admin').password).toBe('');
  });

  it('says whether the passwords match, only once one is typed', () => {
    expect(passwordMatch(valid)).toBeNull();
    expect(passwordMatch({ ...valid, password: 'a', confirmPassword: 'a' })).toBe('matched');
    expect(passwordMatch({ ...valid, password: 'a', confirmPassword: 'b' })).toBe('notMatching');
  });

  it('is valid with first name, e-mail, phone and type only', () => {
    expect(checkBoardForm(valid, true).valid).toBe(true);
  });

  it('is invalid without a type, with a short phone or a bad e-mail, with the spec’s words', () => {
    const { valid: ok, problems } = checkBoardForm(
      { ...valid, memberBoardType: '', contactPhone: '(312) 55', email: 'abc' },
      true,
    );
    expect(ok).toBe(false);
    expect(problems.memberBoardType.message).toBe('Type is Required *');
    expect(problems.contactPhone.message).toBe('Invalid Format');
    expect(problems.email.message).toBe('Email is not Valid.');
  });

  it('does not block on a password mismatch, but a new Temp Admin needs a password and dates', () => {
    const temp = {
      ...valid,
      memberBoardType: 'Temp Admin' as const,
      validityFrom: '2026-12-01',
      validityTo: '2026-12-31',
    };
    expect(
      checkBoardForm({ ...temp, password: 'secret-12', confirmPassword: 'x' }, true).valid,
    ).toBe(true);
    expect(checkBoardForm(temp, true).problems.password.message).toBe(
      'A Temp Admin needs a password to sign in.',
    );
    expect(checkBoardForm(temp, false).valid).toBe(true);
    expect(checkBoardForm({ ...temp, password: 'secret-12', validityTo: null }, true).valid).toBe(
      false,
    );
  });

  it('sends the spec’s multipart fields', () => {
    const form = boardFormData(
      { ...valid, memberID: 7, validityFrom: '2026-12-01' },
      { image: null, removeImage: false, adding: true },
    );
    expect(Object.fromEntries(form.entries())).toEqual({
      validityFrom: '2026-12-01',
      validityTo: '',
      fName: 'John',
      lName: '',
      email: 'john@example.org',
      contactPhone: '3125550199',
      memberID: '7',
      memberBoardType: 'Trustee',
      leadershipRole: '',
      leadershipOrder: '',
    });
    const edit = boardFormData(
      { ...valid, memberBoardType: 'Temp Admin', password: 'secret-12' },
      { image: null, removeImage: true, adding: false },
    );
    expect(edit.get('is_staff')).toBe('True');
    expect(edit.get('password')).toBe('secret-12');
    expect(edit.get('removeImage')).toBe('true');
    const trustee = boardFormData(valid, { image: null, removeImage: false, adding: false });
    expect(trustee.get('is_staff')).toBe('False');
    expect(trustee.get('password')).toBeNull();
  });

  it('lets the picker take png, jpg and jpeg up to 5 MB only', () => {
    const file = (name: string, type: string, size = 10) =>
      new File([new Uint8Array(size)], name, { type });
    expect(pickedImageProblem(file('a.png', 'image/png'))).toBeNull();
    expect(pickedImageProblem(file('a.JPG', 'image/jpeg'))).toBeNull();
    expect(pickedImageProblem(file('a.gif', 'image/gif'))).toBe('type');
    expect(pickedImageProblem(file('a.png', 'text/plain'))).toBe('type');
    expect(pickedImageProblem(file('a.png', 'image/png', 5 * 1024 * 1024 + 1))).toBe('size');
  });
});
