import { randomBytes, randomInt } from 'node:crypto';

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';
// Door codes are read aloud and typed: no 0/O, 1/I/L, U (the seed uses the same alphabet)
const DOOR_CODE = 'ABCDEFGHJKMNPQRSTVWXYZ23456789';

/**
 * 'txn_' + 24 base32 characters (120 random bits). The id alone lets an anonymous buyer read
 * their purchase, so it must be unguessable: never a counter, never Math.random.
 */
export function newTransactionId(): string {
  const bytes = randomBytes(24);
  let id = 'txn_';
  for (const byte of bytes) id += BASE32[byte & 31];
  return id;
}

/** 'XXXX-XXXX', shown at the door. */
export function newDoorCode(): string {
  const pick = () => DOOR_CODE[randomInt(DOOR_CODE.length)];
  let code = '';
  for (let i = 0; i < 8; i++) code += (i === 4 ? '-' : '') + pick();
  return code;
}
