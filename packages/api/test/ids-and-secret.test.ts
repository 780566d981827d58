// newId() ordering and format; the generated auth secret kept once in the data folder with mode 0600.
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { newId } from '../src/infra/db/ids.js';
import { AUTH_SECRET_FILE, loadAuthSecret } from '../src/modules/accounts/auth-secret.js';

describe('newId', () => {
  it('makes 24 lowercase hex characters that sort in creation order, even within one millisecond', () => {
    const ids = Array.from({ length: 5000 }, () => newId());
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{24}$/);
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('starts with the time in milliseconds and stays increasing if the clock steps back', () => {
    const at = Date.parse('2030-01-01T00:00:00Z');
    const first = newId(at);
    expect(first.slice(0, 12)).toBe(at.toString(16).padStart(12, '0'));
    const second = newId(at - 5000);
    expect(second > first).toBe(true);
  });
});

describe('loadAuthSecret', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kestrel-secret-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('uses AUTH_SECRET when set and writes nothing', () => {
    const configured = 'c'.repeat(40);
    expect(loadAuthSecret(configured, join(dir, 'unused'))).toBe(configured);
    expect(() => statSync(join(dir, 'unused'))).toThrow();
  });

  it('generates a secret once, keeps it with mode 0600, and reads the same one back', () => {
    const data = join(dir, 'data');
    const secret = loadAuthSecret(undefined, data);
    expect(secret.length).toBeGreaterThanOrEqual(32);
    const file = join(data, AUTH_SECRET_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8').trim()).toBe(secret);
    expect(loadAuthSecret(undefined, data)).toBe(secret);
  });
});
