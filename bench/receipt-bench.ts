/**
 * How many ticket receipts (the PDF each paid buyer is mailed) this machine's one core renders a
 * second. A sold-out sale leaves one receipt per buyer in the outbox, written on the server's own
 * core while the next buyers wait: the rush bench's 300 seats are 300 receipts.
 *
 *   npx tsx bench/receipt-bench.ts
 *
 * The receipts are rendered in this process, pinned to the server's core, one after another for
 * BENCH_SECONDS after a warm-up, with a Latin name and a door code as a ticket's receipt has.
 *
 * Budget (the issue names none; this is the bench's own): >= 100 receipts/s, so a sold-out
 * 300-seat rush costs the server at most 3 s of its core for its receipts. Exits 1 below it.
 */
import { renderReceiptPdf } from '../server/modules/payments/receipt-pdf';
import { pinServerCore } from './http-kit';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const WARM_UP_RECEIPTS = 100;
const BUDGET_PER_SECOND = 100;

pinServerCore();

/** The `n`th buyer's receipt. */
const receipt = (n: number) =>
  renderReceiptPdf({
    orgName: 'Samaj Association',
    title: 'Payment receipt',
    lines: [
      { label: 'Name', value: `Rush Buyer ${n}` },
      { label: 'Event', value: 'Diwali Gala 2026, Sat, Nov 7, 2026' },
      { label: 'Tickets', value: '1' },
      { label: 'Amount', value: '$15.45' },
      { label: 'Transaction', value: `txn_${String(n).padStart(24, '0')}` },
    ],
    doorCode: 'K7QW2M9P',
  });

for (let n = 1; n <= WARM_UP_RECEIPTS; n += 1) await receipt(n);
const cpuBefore = process.cpuUsage();
const t0 = performance.now();
let rendered = 0;
let bytes = 0;
while (performance.now() - t0 < SECONDS * 1000) {
  rendered += 1;
  bytes += (await receipt(WARM_UP_RECEIPTS + rendered)).byteLength;
}
const seconds = (performance.now() - t0) / 1000;
const cpu = process.cpuUsage(cpuBefore);
const perSecond = rendered / seconds;
const within = perSecond >= BUDGET_PER_SECOND;
console.log(`\nTicket receipts rendered on one core, ${SECONDS} s after ${WARM_UP_RECEIPTS}`);
console.table([
  {
    receipts: rendered,
    'receipts/s': perSecond.toFixed(0),
    // All threads: the garbage collector's work is part of a receipt's cost
    'CPU ms each': ((cpu.user + cpu.system) / 1000 / rendered).toFixed(1),
    'KB each': (bytes / 1024 / rendered).toFixed(1),
    budget: `>= ${BUDGET_PER_SECOND}/s: ${within ? 'ok' : 'OVER'}`,
  },
]);
if (!within) {
  console.error('receipt-bench: over budget.');
  process.exitCode = 1;
}
