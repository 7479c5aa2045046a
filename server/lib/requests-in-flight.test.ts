import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { countRequestsInFlight } from './requests-in-flight';

describe('the count of requests in flight', () => {
  let server: http.Server | undefined;

  afterEach(async () => {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
    server = undefined;
  });

  /** A server whose answers wait until released; answers its port and the release. */
  async function holdingServer() {
    const held: http.ServerResponse[] = [];
    server = http.createServer((_request, response) => {
      held.push(response);
    });
    const inFlight = countRequestsInFlight(server);
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    return { port, inFlight, held };
  }

  it('counts a request from its arrival until its answer has gone', async () => {
    const { port, inFlight, held } = await holdingServer();
    expect(inFlight()).toBe(0);
    const answers = [1, 2].map(() => fetch(`http://127.0.0.1:${port}/`).then((res) => res.text()));
    await vi.waitFor(() => expect(inFlight()).toBe(2));

    held[0].end('one');
    await vi.waitFor(() => expect(inFlight()).toBe(1));
    held[1].end('two');
    expect(await Promise.all(answers)).toEqual(['one', 'two']);
    await vi.waitFor(() => expect(inFlight()).toBe(0));
  });

  it('stops counting a request whose client went away before the answer', async () => {
    const { port, inFlight } = await holdingServer();
    const request = http.get(`http://127.0.0.1:${port}/`);
    request.on('error', () => undefined);
    await vi.waitFor(() => expect(inFlight()).toBe(1));
    request.destroy();
    await vi.waitFor(() => expect(inFlight()).toBe(0));
  });
});
