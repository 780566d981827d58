// What the orders module needs of billing (accounts receivable, modules/billing), stated here so that orders never
// imports billing: app.ts hands in the billing service, as it hands in payments. Billing reads companies and infra
// and never orders, so the two stay one way round (issue #48).
import type { Kysely } from 'kysely';
import type { Database } from '../../infra/db/schema.js';

export interface OrderBilling {
  /**
   * B2B §5's credit check inside the order's own transaction, which already holds the company's lock: refuses (409)
   * an overdue account, or a balance plus `addedCents` past the credit limit. At approval the order is already in
   * the balance (addedCents 0) and `orderTotalCents` names its total in the refusal.
   */
  checkCredit(
    trx: Kysely<Database>,
    companyId: string,
    terms: { credit_limit_cents: number | null } | undefined,
    addedCents: number,
    at: string,
    orderTotalCents?: number,
  ): Promise<void>;
}
