#!/usr/bin/env node
// The multi-instance deployment of docs/deployment.md on this machine's loopback: a fresh PostgreSQL database on the
// running server, a Redis database number of its own, an S3-protocol server (s3rver), three instances started as
// `npm start` starts one, and nginx (deploy/nginx.conf) with its own prefix in a temp folder, never the system nginx.
//
//   node deploy/local.mjs start    start everything, wait until each instance and nginx answer /api/health, and exit
//   node deploy/local.mjs status   what runs and whether it is healthy
//   node deploy/local.mjs restart [N]  restart instance N (1-3), or each in turn, as a rolling upgrade does
//   node deploy/local.mjs stop     stop what start started, drop the database and remove the folder
//
// The fault test (packages/api/test-faults/deployment.test.ts) uses the same code through startDeployment().
// Settings (all optional): KESTREL_LOCAL_DIR (default $TMPDIR/kestrel-local), KESTREL_LOCAL_PORT (nginx, 8080),
// KESTREL_LOCAL_INSTANCE_PORTS (3001,3002,3003), KESTREL_LOCAL_S3_PORT (4568), KESTREL_LOCAL_REDIS_DB (3),
// KESTREL_PG_ADMIN_URL (postgres://postgres@127.0.0.1:5432/postgres). Other variables (SMTP_URL, LOG_LEVEL, ...) pass
// through to the instances.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync, closeSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { startCommand } from '../scripts/start-command.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const require = createRequire(import.meta.url);

const STATE_FILE = 'state.json';
const BUCKET = 'kestrel-images';
// s3rver accepts exactly these credentials unless told otherwise.
const S3_KEY = 'S3RVER';
const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

/** The options every entry point shares, from the environment where the caller gave none. */
function withDefaults(options = {}) {
  const env = process.env;
  const ports = (env['KESTREL_LOCAL_INSTANCE_PORTS'] ?? '3001,3002,3003').split(',').map(Number);
  return {
    dir: options.dir ?? env['KESTREL_LOCAL_DIR'] ?? join(tmpdir(), 'kestrel-local'),
    proxyPort: options.proxyPort ?? Number(env['KESTREL_LOCAL_PORT'] ?? 8080),
    instancePorts: options.instancePorts ?? ports,
    s3Port: options.s3Port ?? Number(env['KESTREL_LOCAL_S3_PORT'] ?? 4568),
    redisDb: options.redisDb ?? Number(env['KESTREL_LOCAL_REDIS_DB'] ?? 3),
    redisBase: options.redisBase ?? 'redis://127.0.0.1:6379',
    pgAdminUrl: options.pgAdminUrl ?? env['KESTREL_PG_ADMIN_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    env: options.env ?? {},
    seedDemo: options.seedDemo ?? true,
    detached: options.detached ?? false,
    s3: options.s3 ?? true,
    healthTimeoutMs: options.healthTimeoutMs ?? 180_000,
  };
}

/**
 * The command `npm start` runs (scripts/start-command.mjs reads it from package.json, so the two never drift), with
 * this node. The instances are started without npm itself in between: npm costs 200-300 ms of every start
 * (bench/results/history.md), and a SIGKILL sent to npm would leave the server it started running.
 */
function instanceCommand() {
  const { env, args } = startCommand();
  return { command: process.execPath, args, env };
}

async function onPg(adminUrl, run) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

async function flushRedis(redisUrl) {
  const { Redis } = await import('ioredis');
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1, lazyConnect: true });
  try {
    await redis.connect();
    await redis.flushdb();
  } finally {
    redis.disconnect();
  }
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** SIGTERM (the instances finish their requests in flight), then SIGKILL after `graceMs`; resolves once it is gone. */
export async function stopPid(pid, graceMs = 12_000) {
  if (!pid || !alive(pid)) return;
  process.kill(pid, 'SIGTERM');
  const deadline = Date.now() + graceMs;
  while (alive(pid) && Date.now() < deadline) await sleep(50);
  if (alive(pid)) process.kill(pid, 'SIGKILL');
  while (alive(pid)) await sleep(20);
}

async function healthy(url) {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(2_000) });
    await res.arrayBuffer();
    return res.status === 200;
  } catch {
    return false;
  }
}

/** Polls `url` until it answers 200; fails early when `child` exits, with the end of its log. */
async function waitHealthy(url, timeoutMs, child, logFile, everyMs = 25) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child && child.exitCode !== null)
      throw new Error(`${url}: process exited (${child.exitCode})\n${tail(logFile)}`);
    if (await healthy(url)) return;
    if (Date.now() > deadline) throw new Error(`${url} not healthy after ${timeoutMs} ms\n${tail(logFile)}`);
    await sleep(everyMs);
  }
}

function tail(file) {
  try {
    return readFileSync(file, 'utf8').split('\n').slice(-30).join('\n');
  } catch {
    return '';
  }
}

function spawnLogged(command, args, { cwd, env, logFile, detached }) {
  const out = openSync(logFile, 'a');
  const child = spawn(command, args, { cwd, env, stdio: ['ignore', out, out], detached });
  closeSync(out);
  if (detached) child.unref();
  return child;
}

/** deploy/nginx.conf with its tokens filled in; `down` lists instances left out (drained). */
export function nginxConfig(prefix, listen, ports, down = []) {
  const servers = ports
    .map((port, i) => `    server 127.0.0.1:${port} max_fails=1 fail_timeout=2s${down.includes(i) ? ' down' : ''};`)
    .join('\n');
  return readFileSync(join(root, 'deploy/nginx.conf'), 'utf8')
    .replaceAll('@PREFIX@', prefix)
    .replaceAll('@LISTEN@', listen)
    .replace(/^@UPSTREAM_SERVERS@$/m, servers);
}

function nginxArgs(prefix, extra = []) {
  // As root, nginx's workers would run as `nobody`, who cannot use a temp folder root made; this nginx is loopback-only.
  const globals = `daemon off;${process.getuid?.() === 0 ? ' user root;' : ''}`;
  return ['-p', prefix, '-c', join(prefix, 'nginx.conf'), '-e', join(prefix, 'error.log'), '-g', globals, ...extra];
}

/** Finds the s3rver command line (a devDependency), or null when it is not installed. */
function s3rverBin() {
  try {
    const pkgPath = require.resolve('s3rver/package.json', { paths: [root] });
    const pkg = JSON.parse(readFileSync(pkgPath, 'utf8'));
    const bin = typeof pkg.bin === 'string' ? pkg.bin : pkg.bin?.s3rver;
    return bin ? join(pkgPath, '..', bin) : null;
  } catch {
    return null;
  }
}

/**
 * Starts the whole set and waits for it. Resolves with a handle: its URL (nginx), the instances, and kill/start/drain
 * for one instance and stop for all. If anything fails on the way, what was started is stopped before it rejects.
 */
export async function startDeployment(options = {}) {
  const o = withDefaults(options);
  if (existsSync(join(o.dir, STATE_FILE))) {
    throw new Error(`${o.dir} holds a running set (run: node deploy/local.mjs stop), or remove the folder`);
  }
  mkdirSync(join(o.dir, 'logs'), { recursive: true });
  mkdirSync(join(o.dir, 'nginx'), { recursive: true });
  const id = randomBytes(5).toString('hex');
  const state = {
    dir: o.dir,
    database: `kestrel_local_${id}`,
    databaseUrl: '',
    redisUrl: `${o.redisBase}/${o.redisDb}`,
    authSecret: randomBytes(32).toString('hex'),
    adminEmail: 'admin@example.com',
    adminPassword: `local-${randomBytes(9).toString('base64url')}`,
    url: `http://127.0.0.1:${o.proxyPort}`,
    s3: /** @type {null | { endpoint: string; bucket: string; pid: number | undefined }} */ (null),
    nginxPid: /** @type {number | undefined} */ (undefined),
    instances: o.instancePorts.map((port, index) => ({ index, port, url: `http://127.0.0.1:${port}`, pid: 0 })),
    down: /** @type {number[]} */ ([]),
  };
  const pgUrl = new URL(o.pgAdminUrl);
  pgUrl.pathname = `/${state.database}`;
  state.databaseUrl = pgUrl.toString();
  /** @type {Map<number, import('node:child_process').ChildProcess>} */
  const children = new Map();
  let nginxChild;
  let s3Child;
  const save = () => writeFileSync(join(o.dir, STATE_FILE), `${JSON.stringify(state, null, 2)}\n`);
  const { command, args } = instanceCommand();

  const logOf = (instance) => instanceLog(o, instance);

  /** Spawns instance `index` and waits for its /api/health; resolves with milliseconds from spawn to the first 200. */
  const startInstance = async (index, timeoutMs = o.healthTimeoutMs) => {
    const instance = state.instances[index];
    if (!instance) throw new Error(`no instance ${index}`);
    const started = performance.now();
    const child = spawnLogged(command, args, {
      cwd: root,
      env: instanceEnv(o, state, instance),
      logFile: logOf(instance),
      detached: o.detached,
    });
    children.set(index, child);
    instance.pid = child.pid ?? 0;
    save();
    await waitHealthy(`${instance.url}/api/health`, timeoutMs, child, logOf(instance), 5);
    return Math.round(performance.now() - started);
  };

  const stopAll = async () => {
    if (nginxChild?.pid) await stopPid(nginxChild.pid, 5_000);
    await Promise.all([...children.values()].map((child) => stopPid(child.pid ?? 0)));
    if (s3Child?.pid) await stopPid(s3Child.pid, 5_000);
    await onPg(o.pgAdminUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${state.database} WITH (FORCE)`)).catch(
      () => undefined,
    );
    await flushRedis(state.redisUrl).catch(() => undefined);
    rmSync(o.dir, { recursive: true, force: true });
  };

  try {
    save();
    await onPg(o.pgAdminUrl, (c) => c.query(`CREATE DATABASE ${state.database}`));
    await flushRedis(state.redisUrl);

    const s3bin = o.s3 ? s3rverBin() : null;
    if (s3bin) {
      const s3dir = join(o.dir, 's3');
      mkdirSync(s3dir, { recursive: true });
      const endpoint = `http://127.0.0.1:${o.s3Port}`;
      s3Child = spawnLogged(
        process.execPath,
        [
          s3bin,
          '--address',
          '127.0.0.1',
          '--port',
          String(o.s3Port),
          '--directory',
          s3dir,
          '--configure-bucket',
          BUCKET,
        ],
        { cwd: root, env: process.env, logFile: join(o.dir, 'logs', 's3rver.log'), detached: o.detached },
      );
      state.s3 = { endpoint, bucket: BUCKET, pid: s3Child.pid };
      save();
      // Any HTTP answer (403 to an unsigned request) means it listens.
      const deadline = Date.now() + 30_000;
      for (;;) {
        if (s3Child.exitCode !== null) throw new Error(`s3rver exited\n${tail(join(o.dir, 'logs', 's3rver.log'))}`);
        const up = await fetch(endpoint).then(
          () => true,
          () => false,
        );
        if (up) break;
        if (Date.now() > deadline) throw new Error('s3rver did not start in 30 s');
        await sleep(50);
      }
    } else if (o.s3) {
      console.warn('s3rver is not installed (npm install): images stay on each instance, not shared');
    }

    // The first instance alone: it builds what `npm start` finds missing or stale and migrates the new database, so
    // the other two neither build side by side nor wait on the migration lock.
    await startInstance(0);
    await Promise.all(state.instances.slice(1).map((instance) => startInstance(instance.index)));

    const prefix = join(o.dir, 'nginx');
    const ports = state.instances.map((i) => i.port);
    writeFileSync(join(prefix, 'nginx.conf'), nginxConfig(prefix, `127.0.0.1:${o.proxyPort}`, ports));
    nginxChild = spawnLogged('nginx', nginxArgs(prefix), {
      cwd: prefix,
      env: process.env,
      logFile: join(o.dir, 'logs', 'nginx.log'),
      detached: o.detached,
    });
    state.nginxPid = nginxChild.pid;
    save();
    await waitHealthy(`${state.url}/api/health`, 15_000, nginxChild, join(o.dir, 'logs', 'nginx.log'));
  } catch (error) {
    await stopAll();
    throw error;
  }

  return {
    url: state.url,
    dir: o.dir,
    databaseUrl: state.databaseUrl,
    redisUrl: state.redisUrl,
    s3: state.s3 ? { endpoint: state.s3.endpoint, bucket: state.s3.bucket } : null,
    admin: { email: state.adminEmail, password: state.adminPassword },
    instances: state.instances.map((i) => ({ index: i.index, port: i.port, url: i.url })),
    logOf: (index) => logOf(state.instances[index]),
    /** Signals instance `index` and resolves once it has exited. */
    async kill(index, signal = 'SIGKILL') {
      const child = children.get(index);
      if (!child || child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((done) => child.once('exit', done));
      child.kill(signal);
      await exited;
    },
    start: startInstance,
    /** Leaves instance `index` out of nginx's rotation (or puts it back) and reloads nginx, which keeps serving. */
    drain(index, drained = true) {
      state.down = drained ? [...new Set([...state.down, index])] : state.down.filter((i) => i !== index);
      reloadNginx(o, state);
      save();
    },
    stop: stopAll,
  };
}

/** The environment of instance `instance` of the set `state` (what `start` and `restart` give it). */
function instanceEnv(o, state, instance) {
  return {
    ...process.env,
    ...instanceCommand().env,
    ...o.env,
    PORT: String(instance.port),
    // nginx reaches them on loopback; nothing else on the network should.
    HOST: '127.0.0.1',
    DATABASE_URL: state.databaseUrl,
    REDIS_URL: state.redisUrl,
    AUTH_SECRET: state.authSecret,
    PUBLIC_URL: state.url,
    // nginx connects from loopback: its X-Forwarded-For and X-Request-Id are believed, nobody else's.
    TRUST_PROXY: '127.0.0.1,::1',
    ADMIN_EMAIL: state.adminEmail,
    ADMIN_PASSWORD: state.adminPassword,
    SEED_DEMO: o.seedDemo ? '1' : '0',
    // Each instance has its own folders: what they must share (images) goes through S3, so nothing works by accident
    // of one disk. Mail files go to one folder, as a shared mail server would get them.
    DATA_DIR: join(o.dir, `instance-${instance.index + 1}`),
    UPLOAD_DIR: join(o.dir, `instance-${instance.index + 1}`, 'uploads'),
    MAIL_DIR: join(o.dir, 'mail'),
    ...(state.s3
      ? {
          S3_BUCKET: state.s3.bucket,
          S3_ENDPOINT: state.s3.endpoint,
          S3_REGION: 'us-east-1',
          S3_ACCESS_KEY_ID: S3_KEY,
          S3_SECRET_ACCESS_KEY: S3_KEY,
          S3_FORCE_PATH_STYLE: 'true',
        }
      : {}),
  };
}

function instanceLog(o, instance) {
  return join(o.dir, 'logs', `instance-${instance.index + 1}.log`);
}

/** Writes the set's nginx.conf with the drained instances marked `down` and reloads the set's nginx. */
function reloadNginx(o, state) {
  const prefix = join(o.dir, 'nginx');
  const ports = state.instances.map((i) => i.port);
  writeFileSync(join(prefix, 'nginx.conf'), nginxConfig(prefix, `127.0.0.1:${o.proxyPort}`, ports, state.down));
  const reload = spawnSync('nginx', nginxArgs(prefix, ['-s', 'reload']), { encoding: 'utf8' });
  if (reload.status !== 0) throw new Error(`nginx reload failed: ${reload.stderr}`);
}

/**
 * The rolling upgrade of docs/deployment.md on a running set, one instance at a time: drain it in nginx, stop it with
 * SIGTERM, start it again with the same environment (the code on disk now: `npm start` rebuilds what changed), wait
 * for its health, put it back. The new pids go into state.json, so `stop` stops them.
 */
export async function restartFromState(indexes, options = {}) {
  const o = withDefaults(options);
  const file = join(o.dir, STATE_FILE);
  if (!existsSync(file)) throw new Error(`nothing running from ${o.dir}`);
  const state = JSON.parse(readFileSync(file, 'utf8'));
  const save = () => writeFileSync(file, `${JSON.stringify(state, null, 2)}\n`);
  const { command, args } = instanceCommand();
  for (const index of indexes) {
    const instance = state.instances[index];
    if (!instance) throw new Error(`no instance ${index + 1}: the set has ${state.instances.length}`);
    state.down = [...new Set([...state.down, index])];
    reloadNginx(o, state);
    await stopPid(instance.pid);
    const started = performance.now();
    const child = spawnLogged(command, args, {
      cwd: root,
      env: instanceEnv(o, state, instance),
      logFile: instanceLog(o, instance),
      detached: true,
    });
    instance.pid = child.pid ?? 0;
    save();
    await waitHealthy(`${instance.url}/api/health`, o.healthTimeoutMs, child, instanceLog(o, instance), 5);
    state.down = state.down.filter((i) => i !== index);
    reloadNginx(o, state);
    save();
    console.log(
      `instance ${index + 1}: pid ${instance.pid}, healthy ${Math.round(performance.now() - started)} ms after its start`,
    );
  }
}

/** Stops a set that `start` left running, from its state file (also what is left by a start that was interrupted). */
export async function stopFromState(options = {}) {
  const o = withDefaults(options);
  const file = join(o.dir, STATE_FILE);
  if (!existsSync(file)) return false;
  const state = JSON.parse(readFileSync(file, 'utf8'));
  if (state.nginxPid) await stopPid(state.nginxPid, 5_000);
  await Promise.all(state.instances.map((i) => stopPid(i.pid)));
  if (state.s3?.pid) await stopPid(state.s3.pid, 5_000);
  await onPg(o.pgAdminUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${state.database} WITH (FORCE)`));
  await flushRedis(state.redisUrl).catch(() => undefined);
  rmSync(o.dir, { recursive: true, force: true });
  return true;
}

async function status(options = {}) {
  const o = withDefaults(options);
  const file = join(o.dir, STATE_FILE);
  if (!existsSync(file)) {
    console.log(`nothing running from ${o.dir}`);
    return 1;
  }
  const state = JSON.parse(readFileSync(file, 'utf8'));
  const line = (name, pid, ok) => console.log(`${name.padEnd(12)} pid ${String(pid ?? '-').padEnd(8)} ${ok}`);
  let bad = 0;
  const check = async (name, pid, url) => {
    const ok = pid && alive(pid) ? ((await healthy(url)) ? 'healthy' : 'UNHEALTHY') : 'NOT RUNNING';
    if (ok !== 'healthy') bad++;
    line(name, pid, `${ok}  ${url}`);
  };
  await check('nginx', state.nginxPid, `${state.url}/api/health`);
  for (const i of state.instances) await check(`instance ${i.index + 1}`, i.pid, `${i.url}/api/health`);
  if (state.s3) line('s3rver', state.s3.pid, alive(state.s3.pid) ? `running  ${state.s3.endpoint}` : 'NOT RUNNING');
  console.log(`database     ${state.databaseUrl}\nredis        ${state.redisUrl}\nfolder       ${state.dir}`);
  return bad ? 1 : 0;
}

async function main(command) {
  if (command === 'start') {
    const started = performance.now();
    const set = await startDeployment({ detached: true });
    console.log(`Kestrel on ${set.url} (nginx) in ${Math.round(performance.now() - started)} ms`);
    for (const i of set.instances) console.log(`  instance ${i.index + 1}: ${i.url}  log ${set.logOf(i.index)}`);
    console.log(`  database ${set.databaseUrl}\n  redis ${set.redisUrl}`);
    console.log(`  images ${set.s3 ? `${set.s3.endpoint}/${set.s3.bucket} (s3rver)` : 'on each instance (no s3rver)'}`);
    console.log(`  admin ${set.admin.email} / ${set.admin.password}\nStop with: node deploy/local.mjs stop`);
    return 0;
  }
  if (command === 'stop') {
    const stopped = await stopFromState();
    console.log(stopped ? 'stopped' : 'nothing to stop');
    return 0;
  }
  if (command === 'status') return status();
  if (command === 'restart') {
    const file = join(withDefaults().dir, STATE_FILE);
    if (!existsSync(file)) {
      console.error(`nothing running from ${withDefaults().dir}`);
      return 1;
    }
    const count = JSON.parse(readFileSync(file, 'utf8')).instances.length;
    const asked = process.argv[3];
    if (asked !== undefined && !/^[1-9]\d*$/.test(asked)) {
      console.error(`usage: node deploy/local.mjs restart [N], N from 1 to ${count}`);
      return 2;
    }
    const all = Array.from({ length: count }, (_, i) => i);
    await restartFromState(asked === undefined ? all : [Number(asked) - 1]);
    return 0;
  }
  console.error('usage: node deploy/local.mjs start|stop|status|restart [N]');
  return 2;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main(process.argv[2]).then(
    (code) => process.exit(code),
    (error) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
