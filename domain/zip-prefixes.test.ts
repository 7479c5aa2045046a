import { describe, expect, it } from 'vitest';
import { US_STATES } from './us-states';
import {
  checkZipInState,
  ZIP_FORMAT_MESSAGE,
  ZIP_PREFIX_RANGES,
  ZIP_STATE_MESSAGE,
  ZIP_UNKNOWN_STATE_MESSAGE,
} from './zip-prefixes';

describe('checkZipInState', () => {
  it.each([
    ['77001', 'TX'],
    ['60601', 'IL'],
    ['10001', 'NY'],
    ['77479', 'TX'],
    ['02108', 'MA'],
    ['20500', 'DC'],
    ['99501', 'AK'],
    ['96813', 'HI'],
    ['73301', 'TX'],
    ['05501', 'MA'],
  ])('accepts %s in %s', (zip, state) => {
    expect(checkZipInState(zip, state)).toEqual({ valid: true });
  });

  it.each([
    ['77001', 'IL'],
    ['60601', 'TX'],
    ['10001', 'NJ'],
    ['20100', 'DC'],
    ['05501', 'VT'],
  ])('refuses %s in %s', (zip, state) => {
    expect(checkZipInState(zip, state)).toEqual({ valid: false, message: ZIP_STATE_MESSAGE });
  });

  it.each(['1234', '123456', '7700A', '', ' 77001'])('refuses the malformed zip "%s"', (zip) => {
    expect(checkZipInState(zip, 'TX')).toEqual({ valid: false, message: ZIP_FORMAT_MESSAGE });
  });

  it('accepts a lower-case state code and refuses an unknown one', () => {
    expect(checkZipInState('77001', 'tx').valid).toBe(true);
    expect(checkZipInState('77001', 'XX')).toEqual({
      valid: false,
      message: ZIP_UNKNOWN_STATE_MESSAGE,
    });
  });

  it('has ranges for every state of the state list and no prefix in two states', () => {
    expect(Object.keys(ZIP_PREFIX_RANGES).sort()).toEqual(US_STATES.map((s) => s.value).sort());
    const owner = new Map<number, string>();
    for (const [state, ranges] of Object.entries(ZIP_PREFIX_RANGES)) {
      for (const [from, to] of ranges) {
        expect(from).toBeLessThanOrEqual(to);
        for (let prefix = from; prefix <= to; prefix++) {
          expect(owner.get(prefix), `prefix ${prefix} in ${state}`).toBeUndefined();
          owner.set(prefix, state);
        }
      }
    }
  });
});
