// API keys (B2B §9): created by an administrator with scopes, shown once, kept as a SHA-256, revocable. A key's
// row is read at most every KEY_RECHECK_MS per process (as sessions are, ADR 001), so a revocation on one instance is
// refused by every other within that time, and by this one at once; the last use is written at most once a
// minute per key, so a busy integration costs no write per request.
import { changedFields, recordAudit, type AuditContext } from '../audit/index.js';
import { createHash, randomBytes } from 'node:crypto';
import { API_KEY_PREFIX, API_KEY_SCOPES, type ApiKey, type ApiKeyCreated, type ApiKeyScope } from '@kestrel/shared';
import type { Db } from '../../infra/db/create-db.js';
import { newId } from '../../infra/db/ids.js';
import { notFound } from '../../infra/errors.js';
import * as repo from './repository.js';

/**
 * Half a second, not one: B2B §9 says "within a second", and a request in flight when the remembered row turns a second
 * old would otherwise be answered just past it (measured: 1,010 ms in a loaded test run).
 */
export const KEY_RECHECK_MS = 500;
export const KEY_TOUCH_MS = 60_000;
/** Past this many keys the memory starts over (there are a handful in practice). */
const CHECKED_KEY_LIMIT = 1_000;

/** Who calls with a key: the key itself, acting as an administrator within its scopes. */
export interface ApiKeyCaller {
  id: string;
  name: string;
  scopes: ApiKeyScope[];
}

export interface ApiKeysService {
  /** `audit`: the administrator (or key) creating it, recorded in the insert's transaction (B2B §15). */
  create(
    input: { name: string; scopes: ApiKeyScope[] },
    createdBy: string,
    audit: AuditContext | null,
  ): Promise<ApiKeyCreated>;
  list(): Promise<ApiKey[]>;
  /** 404 when there is no live key of this id. */
  revoke(id: string, audit: AuditContext | null): Promise<void>;
  /** The caller of a key, or undefined when it is unknown or revoked. */
  authenticate(key: string): Promise<ApiKeyCaller | undefined>;
}

interface CheckedKey {
  caller: ApiKeyCaller;
  lastUsedAtMs: number;
  checkedAtMs: number;
}

export const hashKey = (key: string) => createHash('sha256').update(key, 'utf8').digest('hex');

function scopesOf(json: string): ApiKeyScope[] {
  const parsed: unknown = JSON.parse(json);
  return API_KEY_SCOPES.filter((scope) => Array.isArray(parsed) && parsed.includes(scope));
}

export function createApiKeysService(db: Db, now: () => number = Date.now): ApiKeysService {
  const checked = new Map<string, CheckedKey>();
  /** Bumped by every revocation; a lookup that started before one must not store what it read. */
  let generation = 0;

  return {
    async create({ name, scopes }, createdBy, audit) {
      const at = now();
      const id = newId(at);
      // 32 random bytes: far beyond guessing, so a fast hash is enough to keep it (no salt, no slow KDF needed).
      const key = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
      await db.transaction().execute(async (trx) => {
        await repo.insertApiKey(trx, {
          id,
          name,
          scopes: JSON.stringify(scopes),
          key_hash: hashKey(key),
          created_at: new Date(at).toISOString(),
          created_by: createdBy,
          last_used_at: null,
          revoked_at: null,
        });
        // Never the key itself: the entry names the key and its scopes.
        await recordAudit(trx, audit, {
          action: 'apiKey.created',
          targetType: 'apiKey',
          targetId: id,
          summary: `Created API key ${name}`,
          changes: changedFields(null, { name, scopes }),
        });
      });
      return { _id: id, name, scopes, key };
    },

    async list() {
      return (await repo.listLiveApiKeys(db)).map((row) => ({
        _id: row.id,
        name: row.name,
        scopes: scopesOf(row.scopes),
        createdAt: row.created_at,
        lastUsedAt: row.last_used_at,
      }));
    },

    async revoke(id, audit) {
      const revoked = await db.transaction().execute(async (trx) => {
        const row = await repo.findApiKey(trx, id);
        if (!row || !(await repo.revokeApiKey(trx, id, new Date(now()).toISOString()))) return false;
        await recordAudit(trx, audit, {
          action: 'apiKey.revoked',
          targetType: 'apiKey',
          targetId: id,
          summary: `Revoked API key ${row.name}`,
          changes: { revoked: [false, true] },
        });
        return true;
      });
      generation++;
      checked.clear();
      if (!revoked) throw notFound('API key');
    },

    async authenticate(key) {
      const hash = hashKey(key);
      const at = now();
      let entry = checked.get(hash);
      if (!entry || at - entry.checkedAtMs >= KEY_RECHECK_MS || at < entry.checkedAtMs) {
        const started = generation;
        const row = await repo.findApiKeyByHash(db, hash);
        if (!row || row.revoked_at !== null) return undefined;
        entry = {
          caller: { id: row.id, name: row.name, scopes: scopesOf(row.scopes) },
          lastUsedAtMs: row.last_used_at === null ? -Infinity : Date.parse(row.last_used_at),
          checkedAtMs: at,
        };
        if (started === generation) {
          if (checked.size >= CHECKED_KEY_LIMIT) checked.clear();
          checked.set(hash, entry);
        }
      }
      if (at - entry.lastUsedAtMs >= KEY_TOUCH_MS) {
        entry.lastUsedAtMs = at;
        await repo.touchApiKey(db, entry.caller.id, new Date(at).toISOString());
      }
      return entry.caller;
    },
  };
}
