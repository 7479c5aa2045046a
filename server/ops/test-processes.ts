import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

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
