/**
 * The ceiling of the HTTP benchmarks: a Fastify hello-world on the same core, started in the same
 * run, so a route's requests/s read as a share of what this machine's Fastify can answer at all.
 */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/hello', async () => ({ hello: 'world' }));
await app.listen({ port: 0, host: '0.0.0.0' });
const address = app.server.address();
process.send?.({ ready: { port: typeof address === 'object' && address ? address.port : 0 } });
process.on('message', (message) => {
  if (message === 'stop')
    void app.close().then(() => process.send?.('stopped', () => process.exit(0)));
});
