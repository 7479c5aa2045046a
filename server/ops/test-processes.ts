import { execFile } from 'node:child_process';
import net from 'node:net';
import { promisify } from 'node:util';

/**
 * Ports the system has just handed out and that nothing listens on, for servers a test starts,
 * all different: each is held until the last is handed out. A port made from the process id can
 * be one a real service holds (PostgreSQL's 5432 was one).
 */
export async function freePorts(count: number): Promise<number[]> {
  const probes: net.Server[] = [];
  try {
    for (let i = 0; i < count; i += 1) {
      const probe = net.createServer();
      probes.push(probe);
      await new Promise<void>((resolve, reject) => {
        probe.once('error', reject);
        probe.listen(0, '127.0.0.1', resolve);
      });
    }
    return probes.map((probe) => (probe.address() as net.AddressInfo).port);
  } finally {
    await Promise.all(
      probes.map((probe) => new Promise((resolve) => probe.close(() => resolve(undefined)))),
    );
  }
}

/** One port as `freePorts` hands them out. */
export async function freePort(): Promise<number> {
  const [port] = await freePorts(1);
  return port;
}

/** Waits until the server on `port` answers /api/health (tests that start real servers). */
export async function waitHealthy(port: number, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`)
      .then((response) => response.ok)
      .catch(() => false);
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the server on port ${port} did not become healthy`);
}

/** Runs a TypeScript command (as `npm run` would) and returns its exit code and output. */
export function runCommand(
  script: string,
  args: string[],
  env: Record<string, string | undefined>,
): Promise<{ code: number; out: string }> {
  return promisify(execFile)(process.execPath, ['--import', 'tsx', script, ...args], { env }).then(
    ({ stdout }) => ({ code: 0, out: stdout }),
    (error: { code: number; stdout: string; stderr: string }) => ({
      code: error.code,
      out: error.stdout + error.stderr,
    }),
  );
}
