// Servers under test run as child processes, so their CPU, memory and start-up are their own and the load
// generator in this process never shares an event loop with them.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

export interface ServerProcess {
  name: string;
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
  /** Script or arguments given to this same node binary. */
  args: string[];
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

async function answers200(url: string): Promise<boolean> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(1000) });
    await res.arrayBuffer();
    return res.status === 200;
  } catch {
    return false;
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

/** Starts a node process with PORT set and waits until its health path answers 200. */
export async function startServer(spec: ServerSpec): Promise<ServerProcess> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const began = performance.now();
  const child = spawn(process.execPath, spec.args, {
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
  return {
    name: spec.name,
    pid,
    origin,
    startMs,
    rssMiB: () => rssMiBOf(pid),
    output: () => tail,
    stop: () => stopChild(child),
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
