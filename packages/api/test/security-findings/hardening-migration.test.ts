// Migration 015-hardening (#24) on SQLite and PostgreSQL: a link mail queued before the outbox sealed tokens holds its
// token in the clear, so it is given up unsent and blanked (the user asks for a new link); sent rows, other kinds and
// sealed rows stay as they are. Cart lines above MAX_QUANTITY come down to it.
import { MAX_QUANTITY } from '@kestrel/shared';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { UNSEALED_LINK_ERROR } from '../../src/infra/db/migrations/015-hardening.js';
import { databases } from '../helpers/databases.js';
import { migrationDatabase } from '../helpers/migration-database.js';

const AT = '2026-01-01T00:00:00.000Z';

describe.each(databases)('migration 015-hardening on %s', (kind) => {
  const opened = migrationDatabase(kind);

  it('gives up unsealed link mails unsent and brings cart lines down to the bound', async () => {
    const { db, migrator } = opened;
    expect((await migrator.migrateTo('011-account-care')).error).toBeUndefined();
    const mail = (id: string, mailKind: string, status: string, content: string) =>
      sql`INSERT INTO mail_outbox (id, dedupe_key, kind, to_address, subject, message_id, status, attempts,
            next_attempt_at, created_at, content)
          VALUES (${id}, ${`k-${id}`}, ${mailKind}, 'ann@example.com', 'subject', ${`<${id}@x>`}, ${status}, 1,
            ${AT}, ${AT}, ${content})`.execute(db);
    const raw = JSON.stringify({ kind: 'password-reset', data: { name: 'Ann', token: 'raw-token', validMinutes: 30 } });
    const sealed = JSON.stringify({ kind: 'email-verification', data: { name: 'Ann', token: 'sealed.v1.abc' } });
    const order = JSON.stringify({ kind: 'order-shipped', data: { orderId: 'o1' } });
    await mail('m1', 'password-reset', 'queued', raw);
    await mail('m2', 'email-verification', 'failed', raw.replace('password-reset', 'email-verification'));
    await mail('m3', 'password-reset', 'sent', '');
    await mail('m4', 'email-verification', 'queued', sealed);
    await mail('m5', 'order-shipped', 'queued', order);
    await sql`INSERT INTO users (id, email, name, password_hash, role, created_at)
      VALUES ('u1', 'ann@example.com', 'Ann', NULL, 'customer', ${AT})`.execute(db);
    for (const id of ['p1', 'p2']) {
      await sql`INSERT INTO products (id, name, price_cents, img, min_quantity, available_quantity, description,
          created_at, sku, updated_at)
        VALUES (${id}, ${id}, 100, '/x.png', 1, 10, 'd', ${AT}, ${`SKU-${id}`}, ${AT})`.execute(db);
    }
    await sql`INSERT INTO cart_lines (user_id, product_id, quantity, added_at)
      VALUES ('u1', 'p1', ${MAX_QUANTITY * 2 + 3}, ${AT}), ('u1', 'p2', 7, ${AT})`.execute(db);

    expect((await migrator.migrateTo('015-hardening')).error).toBeUndefined();
    const rows = await sql<{ id: string; status: string; content: string; last_error: string | null }>`
      SELECT id, status, content, last_error FROM mail_outbox ORDER BY id`.execute(db);
    expect(rows.rows).toEqual([
      { id: 'm1', status: 'failed', content: '', last_error: UNSEALED_LINK_ERROR },
      { id: 'm2', status: 'failed', content: '', last_error: UNSEALED_LINK_ERROR },
      { id: 'm3', status: 'sent', content: '', last_error: null },
      { id: 'm4', status: 'queued', content: sealed, last_error: null },
      { id: 'm5', status: 'queued', content: order, last_error: null },
    ]);
    const cart = await sql<{ product_id: string; quantity: number }>`
      SELECT product_id, quantity FROM cart_lines ORDER BY product_id`.execute(db);
    expect(cart.rows).toEqual([
      { product_id: 'p1', quantity: MAX_QUANTITY },
      { product_id: 'p2', quantity: 7 },
    ]);
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
  });
});
