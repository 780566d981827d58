// Servers under test run as child processes, so their CPU, memory and start-up are their own and the load
// generator (a process of its own, load-worker.ts) never shares an event loop with them.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

export interface ServerProcess {
  name: string;
  /** The server's own process: for `npm start`, the node process npm starts, not npm. */
  pid: number;
  origin: string;
  /** Milliseconds from spawn to the first 200 on the health path. */
  startMs: number;
  /** Resident memory now, in MiB, from /proc/<pid>/status. */
  rssMiB(): Promise<number>;
  /** The last few kilobytes the process printed, for error messages. */
  output(): string;
  stop(): Promise<void>;
}

export interface ServerSpec {
  name: string;
  /** Script or arguments given to this same node binary, or to npm when `npm` is set. */
  args: string[];
  /** Run `npm <args>` (e.g. `npm start`) instead of node: spawn-to-200 then includes npm's own start. */
  npm?: boolean;
  env?: Record<string, string>;
  cwd?: string;
  healthPath?: string;
  timeoutMs?: number;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export async function rssMiBOf(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
  if (!match?.[1]) throw new Error(`no VmRSS for pid ${pid}`);
  return Number(match[1]) / 1024;
}

/** Resident memory split: anonymous (heaps, stacks) and file-backed (the node binary, native addons), in MiB. */
export async function rssSplitMiBOf(pid: number): Promise<{ rss: number; anon: number; file: number }> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+)\\s+kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rss: kib('VmRSS') / 1024, anon: kib('RssAnon') / 1024, file: kib('RssFile') / 1024 };
}

async function answers200(url: string): Promise<boolean> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(1000) });
    await res.arrayBuffer();
    return res.status === 200;
  } catch {
    return false;
  }
}

function childrenOf(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ').filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

function commandName(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return '';
  }
}

/**
 * The server under npm: the first node process below `pid` (npm's process is named `npm ...`, a shell `sh`).
 * `npm start` execs node, which runs the server in-process; the server's own node children (the SQLite reader process
 * it starts once listening, the picture child of a first start) are below it and are not the server.
 */
export function serverPidUnder(pid: number): number | undefined {
  for (const child of childrenOf(pid)) {
    if (commandName(child) === 'node') return child;
    const deeper = serverPidUnder(child);
    if (deeper !== undefined) return deeper;
  }
  return undefined;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Waits until `pid` has exited; SIGKILL after `ms`. */
async function waitGone(pid: number, ms: number): Promise<void> {
  const deadline = performance.now() + ms;
  while (isAlive(pid)) {
    if (performance.now() > deadline) process.kill(pid, 'SIGKILL');
    await sleep(20);
  }
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const killer = setTimeout(() => child.kill('SIGKILL'), 5000);
    child.once('exit', () => {
      clearTimeout(killer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** Starts a node process (or `npm <args>`) with PORT set and waits until its health path answers 200. */
export async function startServer(spec: ServerSpec): Promise<ServerProcess> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const began = performance.now();
  const child = spawn(spec.npm ? 'npm' : process.execPath, spec.args, {
    cwd: spec.cwd,
    env: { ...process.env, NODE_ENV: 'production', ...spec.env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let tail = '';
  const keep = (chunk: Buffer) => {
    tail = (tail + chunk.toString('utf8')).slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const pid = child.pid;
  if (pid === undefined) throw new Error(`${spec.name}: spawn failed`);

  const deadline = began + (spec.timeoutMs ?? 30_000);
  const healthUrl = origin + (spec.healthPath ?? '/api/health');
  while (!(await answers200(healthUrl))) {
    if (child.exitCode !== null) throw new Error(`${spec.name} exited with ${child.exitCode}: ${tail.slice(-600)}`);
    if (performance.now() > deadline) {
      await stopChild(child);
      throw new Error(`${spec.name} did not answer 200 on ${healthUrl} in time: ${tail.slice(-600)}`);
    }
    await sleep(10);
  }
  const startMs = performance.now() - began;
  const serverPid = spec.npm ? serverPidUnder(pid) : pid;
  if (serverPid === undefined) {
    await stopChild(child);
    throw new Error(`${spec.name}: no node process under npm (pid ${pid})`);
  }
  return {
    name: spec.name,
    pid: serverPid,
    origin,
    startMs,
    rssMiB: () => rssMiBOf(serverPid),
    output: () => tail,
    async stop() {
      // npm forwards SIGTERM to the server; the server is also waited for itself, so that its port and database are
      // free before the next start (a launcher that dies first must not leave it running).
      await stopChild(child);
      if (serverPid !== pid && isAlive(serverPid)) process.kill(serverPid, 'SIGTERM');
      await waitGone(serverPid, 5000);
    },
  };
}

/** Starts a server, runs `use` with it and always stops it. */
export async function withServer<T>(spec: ServerSpec, use: (server: ServerProcess) => Promise<T>): Promise<T> {
  const server = await startServer(spec);
  try {
    return await use(server);
  } finally {
    await server.stop();
  }
}
