/**
 * What the HTTP benchmarks share: the server in a child process pinned to core 0 (this process
 * and its load run on core 1), a Fastify hello-world as the ceiling, a throwaway PostgreSQL
 * database, and autocannon driving load from many loopback addresses.
 *
 * Many addresses: on Linux a connection to 127.0.0.N leaves from 127.0.0.N, so with the server
 * listening on every address and autocannon given one URL per address (it spreads its
 * connections over the URLs), the server sees each connection come from its own client, and the
 * per-address limits count them apart. Nothing is switched off for a benchmark.
 */
import { execFileSync, spawn, type ChildProcess, type Serializable } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import type { TFillName } from './fills';

const ROOT = path.resolve(import.meta.dirname, '..');
const SERVER_CORE = 0;
const LOAD_CORE = 1;
/**
 * Whether the servers get a core of their own, from the cores this process may run on, read
 * before it pins itself to the load's core. Read afterwards it was 1, and from 23 to 27 November
 * every server was started unpinned and inherited the load's core, while core 0 ran PostgreSQL
 * alone or sat idle.
 */
const PINNED = os.availableParallelism() >= 2;

function pinThisProcess(core: number): void {
  if (!PINNED) return;
  execFileSync('taskset', ['-a', '-p', '-c', String(core), String(process.pid)], {
    stdio: 'ignore',
  });
}

/** This process (the load) on one core, every thread of it; the servers get the other. */
export function pinLoadCore(): void {
  pinThisProcess(LOAD_CORE);
}

/** This process on the servers' core, every thread of it: a bench of the server's own work. */
export function pinServerCore(): void {
  pinThisProcess(SERVER_CORE);
}

export interface TChild<T> {
  ready: T;
  /**
   * The CPU seconds (user + system) the child has used so far, asked over IPC: a figure the
   * other work on a shared machine does not change, unlike requests per second.
   */
  cpuSeconds(): Promise<number>;
  /**
   * Sends `message` and answers the value under `key` of the child's first reply carrying it;
   * fails if the child exits first.
   */
  ask<A>(message: unknown, key: string): Promise<A>;
  /** The CPU ticks the child has used so far, its main thread's and all its threads' (Linux). */
  threadTicks(): { main: number; all: number } | undefined;
  stop(): Promise<void>;
}

/**
 * A process's (or thread's) /proc stat line, read once: its parent, and the CPU it and its
 * reaped children used, in clock ticks. The name field may hold spaces, so the fields are
 * counted after it: ppid is field 4 of the line, utime and stime 14 and 15, cutime and cstime
 * 16 and 17.
 */
function statOf(statPath: string): { parent: number; ticks: number; reapedTicks: number } {
  const fields = fs.readFileSync(statPath, 'utf8').split(') ')[1].split(' ');
  return {
    parent: Number(fields[1]),
    ticks: Number(fields[11]) + Number(fields[12]),
    reapedTicks: Number(fields[13]) + Number(fields[14]),
  };
}

/** utime + stime of a /proc stat line, in clock ticks. */
const ticksOf = (statPath: string) => statOf(statPath).ticks;

/** A server sharing the load's core measures the load too: refuse to go on (Linux only). */
function assertOnServerCore(pid: number, script: string): void {
  const status = `/proc/${pid}/status`;
  if (!fs.existsSync(status)) return;
  const allowed = /Cpus_allowed_list:\s*(\S+)/.exec(fs.readFileSync(status, 'utf8'))?.[1];
  if (allowed !== String(SERVER_CORE))
    throw new Error(`${script} runs on cores ${allowed}, not on core ${SERVER_CORE} alone`);
}

/** The scripts `startChild` runs, built together (a build removes what it did not write). */
const CHILD_SCRIPTS = ['bench-server.ts', 'argon2-rate.ts', 'hello-server.ts'] as const;
type TChildScript = (typeof CHILD_SCRIPTS)[number];
/** The folder of the built scripts, once they are built. */
let builtDir: Promise<string> | undefined;

/**
 * `script` as plain JavaScript, built once per benchmark process (scripts/build.mjs): the servers
 * measured run as `npm start` runs the server, without a loader.
 */
async function builtScript(script: TChildScript): Promise<string> {
  builtDir ??= import('../scripts/build.mjs').then(async (build) => {
    await build.buildBenchProcesses([...CHILD_SCRIPTS]);
    return build.BENCH_BUILD_DIR;
  });
  return path.join(await builtDir, script.replace(/\.ts$/, '.js'));
}

export async function startChild<T>(
  script: TChildScript,
  env: Record<string, string>,
  nodeArgs: string[] = [],
): Promise<TChild<T>> {
  const args = [...nodeArgs, await builtScript(script)];
  // The server logs every request to stdout as in production; here stdout is /dev/null (or the
  // file BENCH_LOG_FILE names), so the log costs what it costs there and does not flood the screen.
  const logFd = fs.openSync(process.env.BENCH_LOG_FILE ?? '/dev/null', 'a');
  const child: ChildProcess = spawn(
    PINNED ? 'taskset' : process.execPath,
    PINNED ? ['-c', String(SERVER_CORE), process.execPath, ...args] : args,
    { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', logFd, 'inherit', 'ipc'] },
  );
  fs.closeSync(logFd);
  // A bench that throws (or is interrupted) must not leave its server running on the core
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  child.once('exit', () => process.off('exit', killOnExit));
  const ready = await new Promise<T>((resolve, reject) => {
    const early = (code: number | null) =>
      reject(new Error(`${script} exited with ${code} before ready`));
    child.once('exit', early);
    child.on('message', (message: { ready?: T }) => {
      if (message && typeof message === 'object' && message.ready) {
        child.off('exit', early);
        resolve(message.ready);
      }
    });
  });
  const pid = child.pid;
  if (PINNED && pid !== undefined) assertOnServerCore(pid, script);
  function ask<A>(message: unknown, key: string): Promise<A> {
    return new Promise<A>((resolve, reject) => {
      const exited = (code: number | null) => {
        child.off('message', answer);
        reject(new Error(`${script} exited with ${code} before answering ${key}`));
      };
      const answer = (reply: Record<string, unknown> | null) => {
        if (typeof reply !== 'object' || reply === null || !(key in reply)) return;
        child.off('message', answer);
        child.off('exit', exited);
        resolve(reply[key] as A);
      };
      child.on('message', answer);
      child.once('exit', exited);
      child.send(message as Serializable);
    });
  }
  return {
    ready,
    threadTicks: () => {
      try {
        return {
          main: ticksOf(`/proc/${pid}/task/${pid}/stat`),
          all: ticksOf(`/proc/${pid}/stat`),
        };
      } catch {
        return undefined; // not Linux
      }
    },
    ask,
    cpuSeconds: async () => {
      const cpu = await ask<{ user: number; system: number }>('cpu', 'cpu');
      return (cpu.user + cpu.system) / 1e6;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.send('stop');
      }),
  };
}

export interface TServer {
  port: number;
  /** A super user's bearer token. */
  token: string;
  fillSeconds: number;
}

/** The real app on `databaseUrl` (PostgreSQL) or on PGlite in a fresh data directory, filled. */
export function startServer(options: {
  databaseUrl?: string;
  fills: TFillName[];
  /** Write a CPU profile of the server into this folder when it stops. */
  profileDir?: string;
}): Promise<TChild<TServer>> {
  const env: Record<string, string> = { BENCH_FILLS: options.fills.join(',') };
  if (options.databaseUrl) env.BENCH_DATABASE_URL = options.databaseUrl;
  const nodeArgs = options.profileDir ? ['--cpu-prof', `--cpu-prof-dir=${options.profileDir}`] : [];
  return startChild<TServer>('bench-server.ts', env, nodeArgs);
}

export function startHello(): Promise<TChild<{ port: number }>> {
  return startChild<{ port: number }>('hello-server.ts', {});
}

/** A fresh PostgreSQL database on DATABASE_URL's server for one run; dropped by `drop()`. */
export async function throwawayPostgres(
  url: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `samaj_bench_${process.pid}_${Date.now()}`;
  const admin = async (text: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  return {
    url: target.toString(),
    drop: () => admin(`drop database if exists ${name} with (force)`),
  };
}

/**
 * The CPU seconds the PostgreSQL server at `url` has used so far, all its processes' (the
 * postmaster, every backend, the ones that have ended): on the benchmarks' machine it takes its
 * share of the two cores, which the server's own figure leaves out. Undefined when the server
 * is not on this machine (or not Linux). Every database of the server counts, so run alone.
 */
export async function postgresCpu(url: string): Promise<(() => number) | undefined> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let postmaster: number;
  try {
    const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
    // Read while the connection is open: its backend ends with it
    postmaster = statOf(`/proc/${rows[0].pid}/stat`).parent;
  } catch {
    return undefined; // another machine's server, or no /proc
  } finally {
    await client.end();
  }
  return () => {
    const own = statOf(`/proc/${postmaster}/stat`);
    let ticks = own.ticks + own.reapedTicks;
    for (const entry of fs.readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const stat = statOf(`/proc/${entry}/stat`);
        if (stat.parent === postmaster) ticks += stat.ticks;
      } catch {
        // ended meanwhile: its time is now the postmaster's reaped children's
      }
    }
    return ticks / 100; // USER_HZ, 100 on Linux
  };
}

/** The databases a run covers: PGlite, and PostgreSQL when DATABASE_URL is set. */
export function databases(): Array<{ label: 'PGlite' | 'PostgreSQL'; url?: string }> {
  const list: Array<{ label: 'PGlite' | 'PostgreSQL'; url?: string }> = [{ label: 'PGlite' }];
  if (process.env.DATABASE_URL) list.push({ label: 'PostgreSQL', url: process.env.DATABASE_URL });
  // BENCH_ONLY=PGlite or BENCH_ONLY=PostgreSQL runs one of them
  const only = process.env.BENCH_ONLY;
  return only ? list.filter((entry) => entry.label === only) : list;
}

/** `count` loopback addresses from 127.0.0.2 on: one client each. */
export function loopbackAddresses(count: number, first = 2): string[] {
  return Array.from({ length: count }, (_, i) => {
    const n = first + i;
    return `127.0.${Math.floor(n / 250)}.${(n % 250) + (n >= 250 ? 1 : 0)}`;
  });
}

export interface TLoad {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  requests: number;
  non2xx: number;
  errors: number;
}

/** Drives `connections` connections spread over `addresses` at the server for `seconds`. */
export async function cannon(options: {
  port: number;
  path: string;
  method?: 'GET' | 'POST';
  body?: unknown;
  headers?: Record<string, string>;
  connections: number;
  seconds: number;
  addresses: string[];
  /** Bodies sent in turn, one per request, instead of `body`. */
  bodies?: unknown[];
}): Promise<TLoad> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.body !== undefined || options.bodies) headers['content-type'] = 'application/json';
  const result = await autocannon({
    // autocannon spreads its connections over a list of URLs; its types know one URL only.
    url: options.addresses.map(
      (address) => `http://${address}:${options.port}${options.path}`,
    ) as unknown as string,
    method: options.method ?? 'GET',
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    headers,
    connections: options.connections,
    duration: options.seconds,
    requests: options.bodies ? [{ setupRequest: nextBody(options.bodies) }] : undefined,
    timeout: 10,
  });
  // Nothing answered in the time is no latency at all: it reads as over any budget.
  const answered = result.requests.total > 0;
  return {
    requestsPerSecond: result.requests.total / options.seconds,
    p50: answered ? result.latency.p50 : Infinity,
    p99: answered ? result.latency.p99 : Infinity,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

function nextBody(bodies: unknown[]) {
  let turn = 0;
  return <T extends { body?: unknown }>(request: T): T => {
    turn = (turn + 1) % bodies.length;
    return { ...request, body: JSON.stringify(bodies[turn]) };
  };
}

const WARM_ROUND_SECONDS = 2;
const WARM_MAX_SECONDS = 60;
/** Below this share of the server's CPU, its other threads are mostly collecting garbage. */
const SETTLED_SHARE = 0.1;
const SETTLED_STEP = 0.03;

/**
 * A warm-up before measuring: JIT, plans and caches settle. Given the server, it goes on in
 * rounds of 2 s until the server's threads other than the main one took less than a tenth of its
 * CPU in a round, or no less than in the round before (at most 60 s): V8 compiles PGlite's
 * WebAssembly engine on those threads, hot function by hot function, and on a freshly started
 * server that took most of its core for the first 15–20 s of load. A server that has been up a
 * while has done that, so the figures are of the server in service; the seconds it took are
 * answered, to print beside them. Not for sign-in, whose password hashes run on those threads.
 */
export async function warm(
  options: Parameters<typeof cannon>[0],
  server?: Pick<TChild<unknown>, 'threadTicks'>,
): Promise<number> {
  const seconds = Math.min(WARM_ROUND_SECONDS, options.seconds);
  let spent = 0;
  let lastShare = 1;
  for (;;) {
    const before = server?.threadTicks();
    await cannon({ ...options, seconds });
    spent += seconds;
    const after = server?.threadTicks();
    if (!before || !after || spent >= WARM_MAX_SECONDS) return spent;
    const all = after.all - before.all;
    const share = all > 0 ? (all - (after.main - before.main)) / all : 0;
    // Settled: little besides the main thread, or as little as a round ago (a request that
    // makes much garbage keeps the collector's threads busy for good)
    if (share < SETTLED_SHARE || lastShare - share < SETTLED_STEP) return spent;
    lastShare = share;
  }
}

/**
 * A warm-up's judge of settling: fed each round's cost (CPU per request), it answers true once
 * `patience` rounds in a row have come no more than `drop` (a share) below the best round yet.
 */
export function settlingWatch(patience: number, drop: number): (cost: number) => boolean {
  let best = Infinity;
  let roundsWithoutGain = 0;
  return (cost) => {
    roundsWithoutGain = cost > best * (1 - drop) ? roundsWithoutGain + 1 : 0;
    best = Math.min(best, cost);
    return roundsWithoutGain >= patience;
  };
}

export function formatLoad(load: TLoad): Record<string, string> {
  return {
    'req/s': load.requestsPerSecond.toFixed(0),
    'p50 ms': load.p50.toFixed(1),
    'p99 ms': load.p99.toFixed(1),
    requests: String(load.requests),
    'non-2xx': String(load.non2xx),
    errors: String(load.errors),
  };
}
