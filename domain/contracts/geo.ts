/**
 * The wire contract of the address helpers (spec 02 §7.1): the state dropdown's list and the zip
 * check the address forms call while typing. Both are public (DESIGN §3c).
 */
import { z } from 'zod';
import { ZLine } from './fields';

/** `GET /api/stateList`: `[{ value: 'TX', label: 'Texas' }, ...]`, the 50 states and DC. */
export const ZStateOption = z.object({ value: z.string(), label: z.string() });
export type TStateOptionWire = z.infer<typeof ZStateOption>;
export const ZStateList = z.array(ZStateOption);

/**
 * `POST /api/ajax/validate_zipcode/`. The zip may come as a number (the spec's form keeps it as
 * one); it is read as its digits, so 7001 stays 4 digits and is refused.
 */
export const ZZipCheckRequest = z.object({
  zipcode: z.union([ZLine().max(10), z.number().int().nonnegative()]).transform(String),
  state: ZLine().max(40),
});
export type TZipCheckRequest = z.input<typeof ZZipCheckRequest>;

/** `message` says why when the zip is not valid for the state. */
export const ZZipCheckResponse = z.object({ valid: z.boolean(), message: z.string().optional() });
export type TZipCheckResponse = z.infer<typeof ZZipCheckResponse>;
