// A fresh, uniquely named PostgreSQL database per bench run, dropped afterwards even if the run failed.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { POSTGRES_ADMIN_URL } from './paths.js';

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export async function withPostgresDatabase<T>(label: string, use: (url: string) => Promise<T>): Promise<T> {
  const name = `kestrel_bench_${label}_${randomBytes(4).toString('hex')}`;
  await admin(`CREATE DATABASE ${name}`);
  try {
    const url = new URL(POSTGRES_ADMIN_URL);
    url.pathname = `/${name}`;
    return await use(url.toString());
  } finally {
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}

/**
 * Sets a per-database default (new sessions only), e.g. synchronous_commit=off for the comparison run that
 * separates the product's own cost from the disk's commit latency.
 */
export async function setDatabaseDefault(url: string, name: 'synchronous_commit', value: 'on' | 'off'): Promise<void> {
  const database = new URL(url).pathname.slice(1);
  if (!/^kestrel_bench_\w+$/.test(database)) throw new Error(`refusing to change settings of ${database}`);
  await admin(`ALTER DATABASE ${database} SET ${name} = ${value}`);
}

/**
 * Commits per second of one connection updating one row with durable commits: the ceiling for orders on a single
 * product, since each order's row lock lasts until its commit is flushed.
 */
export async function hotRowCommitsPerSecond(url: string, commits = 300): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('CREATE TABLE bench_hot_row (id integer PRIMARY KEY, n integer NOT NULL)');
    await client.query('INSERT INTO bench_hot_row VALUES (1, 0)');
    const began = performance.now();
    for (let i = 0; i < commits; i += 1) await client.query('UPDATE bench_hot_row SET n = n + 1 WHERE id = 1');
    return commits / ((performance.now() - began) / 1000);
  } finally {
    await client.end();
  }
}
