/**
 * Which 5-digit ZIP codes can belong to a state: the USPS assigns the first three digits of a ZIP
 * code by state (DESIGN §3d: checked from this table, never by a network look-up). A prefix
 * range is inclusive. Territories and military (AA/AE/AP) prefixes are left out: the state list
 * offers the 50 states and DC only. A few places served across a state line (Fishers Island NY
 * under 063) are not listed; a member there is the rare exception an admin can still correct.
 */

type TRange = readonly [from: number, to: number];

export const ZIP_PREFIX_RANGES: Readonly<Record<string, readonly TRange[]>> = {
  AK: [[995, 999]],
  AL: [[350, 369]],
  AR: [[716, 729]],
  AZ: [[850, 865]],
  CA: [[900, 961]],
  CO: [[800, 816]],
  CT: [[60, 69]],
  DC: [
    [200, 200],
    [202, 205],
    [569, 569],
  ],
  DE: [[197, 199]],
  FL: [
    [320, 339],
    [341, 349],
  ],
  GA: [
    [300, 319],
    [398, 399],
  ],
  HI: [[967, 968]],
  IA: [[500, 528]],
  ID: [[832, 838]],
  IL: [[600, 629]],
  IN: [[460, 479]],
  KS: [[660, 679]],
  KY: [[400, 427]],
  LA: [[700, 714]],
  MA: [
    [10, 27],
    [55, 55],
  ],
  MD: [[206, 219]],
  ME: [[39, 49]],
  MI: [[480, 499]],
  MN: [[550, 567]],
  MO: [[630, 658]],
  MS: [[386, 397]],
  MT: [[590, 599]],
  NC: [[270, 289]],
  ND: [[580, 588]],
  NE: [[680, 693]],
  NH: [[30, 38]],
  NJ: [[70, 89]],
  NM: [[870, 884]],
  NV: [[889, 898]],
  NY: [
    [5, 5],
    [100, 149],
  ],
  OH: [[430, 459]],
  OK: [
    [730, 731],
    [734, 749],
  ],
  OR: [[970, 979]],
  PA: [[150, 196]],
  RI: [[28, 29]],
  SC: [[290, 299]],
  SD: [[570, 577]],
  TN: [[370, 385]],
  TX: [
    [733, 733],
    [750, 799],
    [885, 885],
  ],
  UT: [[840, 847]],
  VA: [
    [201, 201],
    [220, 246],
  ],
  VT: [
    [50, 54],
    [56, 59],
  ],
  WA: [[980, 994]],
  WI: [[530, 549]],
  WV: [[247, 268]],
  WY: [[820, 831]],
};

export const ZIP_FORMAT_MESSAGE = 'A zip code has 5 digits.';
export const ZIP_STATE_MESSAGE = 'This zip code is not in the chosen state.';
export const ZIP_UNKNOWN_STATE_MESSAGE = 'Please enter your State.';

export type TZipCheck = { valid: true } | { valid: false; message: string };

/** Whether `zipcode` (5 digits) can be in `state` (two-letter code), with the reason when not. */
export function checkZipInState(zipcode: string, state: string): TZipCheck {
  if (!/^\d{5}$/.test(zipcode)) return { valid: false, message: ZIP_FORMAT_MESSAGE };
  const ranges = ZIP_PREFIX_RANGES[state.toUpperCase()];
  if (!ranges) return { valid: false, message: ZIP_UNKNOWN_STATE_MESSAGE };
  const prefix = Number(zipcode.slice(0, 3));
  const inState = ranges.some(([from, to]) => prefix >= from && prefix <= to);
  return inState ? { valid: true } : { valid: false, message: ZIP_STATE_MESSAGE };
}
