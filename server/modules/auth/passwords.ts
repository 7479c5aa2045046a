/**
 * Password hashing (argon2id, DESIGN §1). Other modules that store a password (a registration's
 * checkout, a Temp Admin board member) hash it with `hashPassword` too.
 */
import { hash, verify } from '@node-rs/argon2';

// The package's `Algorithm` is an ambient const enum that isolatedModules cannot read; 2 is Argon2id.
const ARGON2ID = 2;

export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: ARGON2ID });
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    // A damaged or foreign hash in the row must read as a wrong password, not a 500.
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the time of a real verification when the e-mail is unknown, so the answer's timing
 * does not tell which addresses have an account.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('samaj-no-such-account-password');
  await verifyPassword(await dummyHash, password);
  return false;
}
