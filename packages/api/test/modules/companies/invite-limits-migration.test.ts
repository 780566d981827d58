// Migration 027-company-invite-limits on both databases: links an earlier race left doubled keep only the newest live
// one per address and company (the one the latest mail carries), the unique index then refuses a second live link,
// and the migration goes down and up again.
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { databases } from '../../helpers/databases.js';
import { isUniqueViolation } from '../../../src/infra/db/unique-violation.js';
import { migrationDatabase } from '../../helpers/migration-database.js';

const COMPANY = 'c00000000000000000000001';

describe.each(databases)('migration 027-company-invite-limits on %s', (kind) => {
  const opened = migrationDatabase(kind);

  it('keeps the newest live invite per address and company, then holds one live link', async () => {
    const { db, migrator } = opened;
    expect((await migrator.migrateTo('025-pending-seeds')).error).toBeUndefined();
    await sql`INSERT INTO companies (id, name, tax_id, billing_address, created_at, updated_at)
      VALUES (${COMPANY}, 'Acme', NULL, 'a', '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z')`.execute(db);
    const invite = (id: string, email: string, createdAt: string, acceptedAt: string | null = null) =>
      sql`INSERT INTO company_invites (id, company_id, email, role, spending_limit_cents, token_hash, invited_by,
          created_at, expires_at, accepted_at, accepted_by, revoked_at)
        VALUES (${id}, ${COMPANY}, ${email}, 'buyer', NULL, ${`hash-${id}`}, NULL, ${createdAt},
          '2026-02-01T00:00:00.000Z', ${acceptedAt}, NULL, NULL)`.execute(db);
    // Four live links to ann (two in the same millisecond: the larger id is the newer), one used, one to bob.
    await invite('i1', 'ann@example.com', '2026-01-02T10:00:00.000Z');
    await invite('i2', 'ann@example.com', '2026-01-02T10:00:00.001Z');
    await invite('i3', 'ann@example.com', '2026-01-02T10:00:00.002Z');
    await invite('i4', 'ann@example.com', '2026-01-02T10:00:00.002Z');
    await invite('i5', 'ann@example.com', '2026-01-01T09:00:00.000Z', '2026-01-01T09:30:00.000Z');
    await invite('i6', 'bob@example.com', '2026-01-02T10:00:00.000Z');

    expect((await migrator.migrateTo('027-company-invite-limits')).error).toBeUndefined();
    const rows = await db
      .selectFrom('company_invites')
      .select(['id', 'accepted_at', 'revoked_at'])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { id: 'i1', accepted_at: null, revoked_at: '2026-01-02T10:00:00.000Z' },
      { id: 'i2', accepted_at: null, revoked_at: '2026-01-02T10:00:00.001Z' },
      { id: 'i3', accepted_at: null, revoked_at: '2026-01-02T10:00:00.002Z' },
      { id: 'i4', accepted_at: null, revoked_at: null },
      { id: 'i5', accepted_at: '2026-01-01T09:30:00.000Z', revoked_at: null },
      { id: 'i6', accepted_at: null, revoked_at: null },
    ]);
    const second = await invite('i7', 'ann@example.com', '2026-01-03T00:00:00.000Z').then(
      () => null,
      (error: unknown) => error,
    );
    expect(isUniqueViolation(second)).toBe(true);

    expect((await migrator.migrateTo('025-pending-seeds')).error).toBeUndefined();
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
  });
});
