// SQL of the sandbox processor's intents (its stand-in for Stripe's own database).
import { paymentIntentStatusSchema } from '@kestrel/shared';
import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../infra/db/create-db.js';
import type { CardDecline } from './card-rules.js';
import type { ProviderIntent } from './payment-provider.js';
import type { SandboxIntentsTable, SandboxRefundsTable } from '../../infra/db/payment-tables.js';

export type SandboxIntentRow = Selectable<SandboxIntentsTable>;

export function toProviderIntent(row: SandboxIntentRow): ProviderIntent {
  const code = row.last_error_code;
  const message = row.last_error_message;
  return {
    id: row.id,
    clientSecret: row.client_secret,
    // Rows are only written by this module, so anything unexpected is read as "still needs a card".
    status: paymentIntentStatusSchema.catch('requires_payment_method').parse(row.status),
    amountCents: Number(row.amount_cents),
    currency: row.currency,
    orderId: row.order_id,
    lastPaymentError:
      code && message
        ? { code, ...(row.last_error_decline_code ? { decline_code: row.last_error_decline_code } : {}), message }
        : null,
  };
}

export function findIntent(db: Db, id: string): Promise<SandboxIntentRow | undefined> {
  return db.selectFrom('sandbox_intents').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findIntentByKey(db: Db, key: string): Promise<SandboxIntentRow | undefined> {
  return db.selectFrom('sandbox_intents').selectAll().where('idempotency_key', '=', key).executeTakeFirst();
}

/** Inserts unless an intent with the same idempotency key exists (then the caller reads that one). */
export async function insertIntentOnce(db: Db, row: Insertable<SandboxIntentsTable>): Promise<void> {
  await db
    .insertInto('sandbox_intents')
    .values(row)
    .onConflict((oc) => oc.column('idempotency_key').doNothing())
    .execute();
}

/** The one successful charge; answers false when the intent no longer awaits a card. */
export async function recordCharge(
  db: Db,
  id: string,
  amountCents: number,
  last4: string,
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable('sandbox_intents')
    .set({
      status: 'succeeded',
      amount_received: amountCents,
      card_last4: last4,
      last_error_code: null,
      last_error_decline_code: null,
      last_error_message: null,
      updated_at: at,
    })
    .where('id', '=', id)
    .where('status', '=', 'requires_payment_method')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A declined attempt: the intent keeps awaiting a card and remembers why, as Stripe's last_payment_error. */
export async function recordDecline(db: Db, id: string, error: CardDecline, at: string): Promise<boolean> {
  const result = await db
    .updateTable('sandbox_intents')
    .set({
      last_error_code: error.code,
      last_error_decline_code: error.declineCode ?? null,
      last_error_message: error.message,
      updated_at: at,
    })
    .where('id', '=', id)
    .where('status', '=', 'requires_payment_method')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Voids an intent still awaiting a card; a charge racing it is the same conditional row update, so one of them wins. */
export async function recordCancel(db: Db, id: string, at: string): Promise<void> {
  await db
    .updateTable('sandbox_intents')
    .set({ status: 'canceled', updated_at: at })
    .where('id', '=', id)
    .where('status', '=', 'requires_payment_method')
    .execute();
}

/** The one refund of a charged intent; a second call finds refund_id set and changes nothing. */
export async function recordRefund(db: Db, id: string, refundId: string, amountCents: number, at: string) {
  await db
    .updateTable('sandbox_intents')
    .set({ refund_id: refundId, amount_refunded: amountCents, updated_at: at })
    .where('id', '=', id)
    .where('status', '=', 'succeeded')
    .where('refund_id', 'is', null)
    .execute();
}

/** A partial refund made under `key` (sandbox_refunds), if any. */
export function findPartRefund(db: Db, key: string) {
  return db.selectFrom('sandbox_refunds').selectAll().where('key', '=', key).executeTakeFirst();
}

/**
 * Records a partial refund once per key: the key's row and the intent's raised amount_refunded in one transaction,
 * the raise only where it stays within what was charged. 'too_large' and 'taken' (the key is used) change nothing.
 */
export async function recordPartRefund(
  db: Db,
  refund: Insertable<SandboxRefundsTable>,
): Promise<'made' | 'too_large' | 'taken'> {
  return db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('sandbox_refunds')
      .values(refund)
      .onConflict((oc) => oc.column('key').doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return 'taken';
    const raised = await trx
      .updateTable('sandbox_intents')
      .set((eb) => ({
        amount_refunded: eb('amount_refunded', '+', refund.amount_cents),
        updated_at: refund.created_at,
      }))
      .where('id', '=', refund.intent_id)
      .where('status', '=', 'succeeded')
      .where((eb) => eb(eb('amount_refunded', '+', refund.amount_cents), '<=', eb.ref('amount_received')))
      .executeTakeFirst();
    if (Number(raised.numUpdatedRows) === 1) return 'made';
    await trx.deleteFrom('sandbox_refunds').where('key', '=', refund.key).execute();
    return 'too_large';
  });
}
