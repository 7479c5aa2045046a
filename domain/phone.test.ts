import { describe, expect, it } from 'vitest';
import { formatPhone, formatPhoneInput, isValidPhone, normalizePhone } from './phone';

describe('phone display (spec 01 §5, 02 §5): 8 characters or fewer unchanged, no trailing dash', () => {
  it.each([
    ['3125550147', '(312) 555-0147'],
    ['+1 312-555-0147 ext', '(131) 255-5014'],
    ['312.555.0147', '(312) 555-0147'],
    ['312-555-01', '(312) 555-01'],
    ['(312) 555', '(312) 555'],
    ['312-555-0', '(312) 555-0'],
    ['(312) 55 x', '(312) 55'],
    ['31255', '31255'],
    ['312', '312'],
    ['12345678', '12345678'],
    ['31', '31'],
    ['', ''],
    ['ext. 12', 'ext. 12'],
    ['extension 1', 'extension 1'],
  ])('shows %j as %j', (stored, shown) => {
    expect(formatPhone(stored)).toBe(shown);
  });

  it('leaves a missing value empty', () => {
    expect(formatPhone(null)).toBe('');
  });
});

describe('phone as you type (spec 02 §5)', () => {
  it.each([
    ['31', '31'],
    ['312', '(312) '],
    ['3125', '(312) 5'],
    ['312555', '(312) 555-'],
    ['31255501479999', '(312) 555-0147'],
    ['(312) 555-0147', '(312) 555-0147'],
  ])('formats %j as %j', (typed, shown) => {
    expect(formatPhoneInput(typed)).toBe(shown);
  });

  it('is valid at 10 digits and keeps only the first 10', () => {
    expect(isValidPhone('(312) 555-014')).toBe(false);
    expect(isValidPhone('(312) 555-0147')).toBe(true);
    expect(normalizePhone('312 555 0147 99')).toBe('3125550147');
  });
});
