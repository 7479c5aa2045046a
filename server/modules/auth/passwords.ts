/**
 * Password hashing (argon2id, DESIGN §1). Other modules that store a password (a registration's
 * checkout, a Temp Admin board member) hash it with `hashPassword` too.
 */
import os from 'node:os';
import { hash, verify } from '@node-rs/argon2';
import { Lanes } from '../../lib/lanes';

// The package's `Algorithm` is an ambient const enum that isolatedModules cannot read; 2 is Argon2id.
const ARGON2ID = 2;

/**
 * One hash at a time per core the process may run on (its CPU affinity): the hashes run on
 * libuv's four threads, and four at once on one core each took about 40% more CPU than one
 * after the other (they evict each other's 19 MB of memory from the caches), so sign-ins under
 * load waited longer for the same work.
 */
const hashing = new Lanes(Math.max(1, os.availableParallelism()));

export function hashPassword(password: string): Promise<string> {
  return hashing.run(() => hash(password, { algorithm: ARGON2ID }));
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await hashing.run(() => verify(passwordHash, password));
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
