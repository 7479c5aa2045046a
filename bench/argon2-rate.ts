/**
 * The raw password-hash rate of this machine's core: how many argon2id verifications per second
 * @node-rs/argon2 manages with the app's settings (server/modules/auth/passwords.ts), 8 at a
 * time, for BENCH_SECONDS, and the CPU each took. Started pinned to the server's core by
 * bench/signin-bench.ts.
 */
import { hashPassword, verifyPassword } from '../server/modules/auth/passwords';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const hash = await hashPassword('bench-signin-password');
let done = 0;
const cpuBefore = process.cpuUsage();
const until = performance.now() + seconds * 1000;
await Promise.all(
  Array.from({ length: 8 }, async () => {
    while (performance.now() < until) {
      if (!(await verifyPassword(hash, 'bench-signin-password'))) throw new Error('verify failed');
      done += 1;
    }
  }),
);
const cpu = process.cpuUsage(cpuBefore);
process.send?.({
  ready: { perSecond: done / seconds, cpuMsEach: (cpu.user + cpu.system) / 1000 / done },
});
process.on('message', (message) => {
  if (message === 'stop') process.send?.('stopped', () => process.exit(0));
});
