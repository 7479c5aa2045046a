import { describe, expect, it } from 'vitest';
import net from 'node:net';
import { eventLoopBusyProbe, othersWaiting } from './busy-probe';

function spin(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // the thread is busy, as with a burst of requests
  }
}

describe('the event loop busy probe', () => {
  it('says busy after the thread ran code all the time, and quiet after it waited', async () => {
    const isBusy = eventLoopBusyProbe();
    await new Promise((resolve) => setTimeout(resolve, 5));
    spin(100);
    expect(isBusy()).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(isBusy()).toBe(false);
  });
});

describe('whether requests are waiting for the thread', () => {
  it('says so when other work took the thread in the next turns of the loop', async () => {
    setImmediate(() => spin(20));
    expect(await othersWaiting()).toBe(true);
  });

  it('sees a request that arrived while the thread was busy, once the loop has polled it', async () => {
    const server = net.createServer((socket) => socket.on('data', () => spin(20)));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as net.AddressInfo;
    const accepted = new Promise((resolve) => server.once('connection', resolve));
    const client = net.connect(port, '127.0.0.1');
    await accepted;
    try {
      client.write('GET / HTTP/1.1\r\n\r\n');
      spin(5); // the request is in the socket now, not yet read by the loop
      expect(await othersWaiting()).toBe(true);
    } finally {
      client.destroy();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('answers no at once on a quiet thread', async () => {
    // A loaded machine may take the core away for a moment: one quiet answer in a few tries
    const answers: boolean[] = [];
    for (let attempt = 0; attempt < 5; attempt += 1) answers.push(await othersWaiting());
    expect(answers).toContain(false);
  });
});
