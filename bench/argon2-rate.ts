/**
 * The raw password-hash rate of this machine's core: how many argon2id verifications
 * @node-rs/argon2 manages with the app's settings, and the CPU they took. They go through the
 * server's own `verifyPassword` (server/modules/auth/passwords.ts): 8 are asked for at a time, as
 * the sign-in bench's 8 connections do, and run one at a time per core, as the server runs them.
 * Started pinned to the server's core by bench/signin-bench.ts, which asks for a round of hashing
 * (`{ hashFor: seconds }`) between its rounds of sign-ins, so that both are measured in the same
 * minutes of a machine whose speed drifts.
 */
import { hashPassword, verifyPassword } from '../server/modules/auth/passwords';

export interface THashRound {
  hashes: number;
  seconds: number;
  cpuMs: number;
}

const hash = await hashPassword('bench-signin-password');

async function hashFor(seconds: number): Promise<THashRound> {
  let hashes = 0;
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const until = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (performance.now() < until) {
        if (!(await verifyPassword(hash, 'bench-signin-password')))
          throw new Error('verify failed');
        hashes += 1;
      }
    }),
  );
  const cpu = process.cpuUsage(cpuBefore);
  return {
    hashes,
    seconds: (performance.now() - started) / 1000,
    cpuMs: (cpu.user + cpu.system) / 1000,
  };
}

process.on('message', (message: unknown) => {
  if (message === 'stop') process.send?.('stopped', () => process.exit(0));
  if (typeof message === 'object' && message !== null && 'hashFor' in message) {
    void hashFor(Number(message.hashFor)).then((round) => process.send?.({ hashed: round }));
  }
});
process.send?.({ ready: {} });
