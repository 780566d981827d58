// Kysely table types. Conventions: ids are newId() strings; money is integer cents; timestamps are ISO-8601 UTC
// strings (`toISOString()`), which sort and compare correctly as text on both SQLite and PostgreSQL.
import type { Role } from '@kestrel/shared';
import type { Generated } from 'kysely';
import type { PaymentTables } from './payment-tables.js';

export interface ProductsTable {
  id: string;
  name: string;
  price_cents: number;
  img: string;
  /** The minimum order quantity (`quantity` in the API). */
  min_quantity: number;
  available_quantity: number;
  description: string;
  created_at: string;
  /** Unique; generated from the id when a client sends none. */
  sku: string;
  category: string;
  pack_size: number;
  max_quantity: number | null;
  /** JSON text: [{ minQuantity, priceCents }] by increasing minQuantity (StoredPriceBreak). */
  price_breaks: string;
  updated_at: string;
}

/** A row of a CSV import being checked (migration 013): a product as the file has it, under that import's id. */
export interface ProductImportRowsTable extends Omit<ProductsTable, 'updated_at'> {
  import_id: string;
}

export interface ReviewsTable {
  id: string;
  user_id: string | null;
  name: string;
  rating: number;
  description: string;
  image: string | null;
  created_at: string;
}

export interface OrdersTable {
  id: string;
  /** SO-{year}-{000001}: unique, in creation order, may skip (migrations/016-order-desk.ts). */
  number: string;
  /** Null once the product is deleted; item_name keeps what was ordered. */
  product_id: string | null;
  user_id: string;
  item_name: string;
  quantity: number;
  unit_price_cents: number;
  total_cents: number;
  email: string;
  user_name: string;
  phone: string;
  address: string;
  /** Set together with transaction_id when the payment is confirmed; an order is paid iff paid_at is set. */
  paid_at: string | null;
  transaction_id: string | null;
  created_at: string;
  po_number: string | null;
  note: string | null;
  status: OrderStatus;
  /** JSON text: [{ status, at }] oldest first. */
  status_history: string;
  payment_terms: 'card' | 'account';
  due_date: string | null;
  expires_at: string | null;
  carrier: string | null;
  tracking_number: string | null;
  invoice_number: string | null;
  company_id: string | null;
  /** Set once a cancelled order's card payment is refunded (migrations/007-order-lifecycle.ts). */
  refunded_at: string | null;
  cancel_reason: string | null;
  /** The reference an administrator gave when recording an on-account payment. */
  paid_reference: string | null;
  /** The credit note of a cancelled or refunded invoiced order, and when it was issued (migrations/017). */
  credit_note_number: string | null;
  credit_note_at: string | null;
  /** B2B §10: the quote whose acceptance placed this order (migrations/022-quotes.ts), or null. */
  quote_id: string | null;
  /** The time of the order's latest change, every write sets it (B2B §9's poll; migrations/018-integration-keys.ts). */
  updated_at: string;
  /**
   * Issue 47 (migrations/028-approval-reasons.ts): the buyer's spending limit an order awaiting approval passed, as it
   * was at placement; and when the owners were reminded before it expires. Optional: the hot order writes leave them
   * out (null).
   */
  approval_limit_cents?: number | null;
  approval_reminded_at?: string | null;
  /** B2B §17 (migrations/036-punchout.ts): 'punchout' for an OrderRequest's order; the database's default 'web'. */
  source?: OrderSource;
  /**
   * B2B §12 (migrations/035-ship-to.ts): the copy of the order's ship-to address at placement, all null for an order
   * placed without one. Optional: writes that place no ship-to leave them out.
   */
  ship_to_location_id?: string | null;
  ship_to_name?: string | null;
  ship_to_line1?: string | null;
  ship_to_line2?: string | null;
  ship_to_city?: string | null;
  ship_to_postal_code?: string | null;
  ship_to_region?: string | null;
  ship_to_country?: string | null;
  /**
   * B2B §13 (migrations/037-tax.ts): the tax decided at placement. `total_cents` is the subtotal plus `tax_cents`;
   * the rate in thousandths of a percent; reverse_charge 0/1. Optional: the hot writes place untaxed orders and leave
   * them out (the defaults: no tax).
   */
  tax_cents?: number;
  /** B2B §14 (migrations/039): the credit notes taken off this unpaid on-account invoice (settlement 'invoice'). */
  credited_cents?: number;
  tax_rate_milli?: number;
  tax_name?: string | null;
  reverse_charge?: number;
  tax_exemption_id?: string | null;
  tax_country?: string | null;
}

export type OrderSource = 'web' | 'punchout';

export type OrderStatus =
  | 'pending'
  | 'awaiting_approval'
  | 'confirmed'
  | 'shipped'
  | 'delivered'
  | 'cancelled'
  | 'expired'
  | 'rejected'
  | 'partially_shipped';

/** The last order number given out (or, on PostgreSQL, reserved by an instance) in each calendar year. */
export interface OrderNumberCountersTable {
  year: number;
  last_number: number;
}

export interface OrderLinesTable {
  order_id: string;
  /** 0-based position in the order as placed. */
  line_no: number;
  /** Null once the product is deleted; sku and name keep what was ordered. */
  product_id: string | null;
  sku: string;
  name: string;
  quantity: number;
  unit_price_cents: number;
  line_total_cents: number;
  /** B2B §14: units received back by a return (migrations/040-returns.ts); absent before it has run. */
  returned_quantity?: Generated<number>;
  /**
   * B2B §14 (migrations/038-shipments.ts): units of this line shipped so far, and cancelled before shipping; the
   * unshipped are quantity - shipped - cancelled. Optional: the hot order writes leave them out (the defaults, 0).
   */
  shipped_quantity?: number;
  cancelled_quantity?: number;
}

/** B2B §14: one shipment of an order, {orderNumber}-S{seq} (migrations/038-shipments.ts). */
export interface ShipmentsTable {
  id: string;
  order_id: string;
  seq: number;
  number: string;
  carrier: string | null;
  tracking_number: string | null;
  shipped_at: string;
  delivered_at: string | null;
}

/** The units of one order line (by its line_no) a shipment took. */
export interface ShipmentLinesTable {
  shipment_id: string;
  line_no: number;
  product_id: string | null;
  sku: string;
  quantity: number;
}

export interface CartLinesTable {
  user_id: string;
  product_id: string;
  quantity: number;
  added_at: string;
}

export interface UsersTable {
  id: string;
  email: string;
  name: string;
  /** Null for accounts that only sign in with an identity provider. */
  password_hash: string | null;
  /** 'customer', or a staff role (B2B §15): 'admin' is the administrator, as SPEC stores it; see shared staff-roles.ts. */
  role: Role;
  created_at: string;
  /** How many of the user's orders reserve stock unpaid (the open-order limit); kept by the order writes. */
  open_orders: Generated<number>;
  /** 1 once the owner proved the mailbox (confirmation or reset link, Google sign-in), else 0 (B2B §7). */
  email_verified: number;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  created_at: string;
  expires_at: string;
  last_seen_at: string;
  revoked_at: string | null;
  /** The User-Agent header at sign-in, cut to 200 characters (the sessions list names devices by it). */
  user_agent: string | null;
  /** B2B §17: the punch-out visit this session is (it may not order); null for every other session. */
  punchout_id?: string | null;
}

/** Scoped keys of the manufacturer's systems (B2B §9); only the key's SHA-256 is kept. */
export interface ApiKeysTable {
  id: string;
  name: string;
  /** JSON text: ["orders:read", ...]. */
  scopes: string;
  key_hash: string;
  created_at: string;
  created_by: string | null;
  last_used_at: string | null;
  revoked_at: string | null;
}

/** Single-use tokens of mailed links (B2B §7); only the token's SHA-256 is kept. */
export interface AccountTokensTable {
  id: string;
  user_id: string;
  purpose: 'password-reset' | 'email-verification';
  /** SHA-256 (hex) of the token the link carries. */
  token_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface ProfilesTable {
  user_id: string;
  user_name: string;
  phone: string;
  education: string;
  location: string;
  linkedinprofile: string;
  updated_at: string;
}

/** One message of the mail outbox (migrations/006-mail-outbox.ts; modules/mail). */
export interface MailOutboxTable {
  id: string;
  /** Unique: the event that caused the message (`order-placed:{orderId}`), so it never queues twice. */
  dedupe_key: string;
  kind: string;
  to_address: string;
  subject: string;
  /**
   * JSON of the message's kind and data (MailContent), rendered into its bodies at delivery; '' once a message that
   * held a live secret was sent (migrations/010-mail-content.ts).
   */
  content: string;
  /** The Message-ID header, the same on every attempt, so a resend after a crash is recognisably the same message. */
  message_id: string;
  status: MailStatus;
  /** Delivery attempts started (counted when a run claims the row). */
  attempts: number;
  next_attempt_at: string;
  /** The delivery run holding the row, until `claimed_until`; null when nobody does. */
  claimed_by: string | null;
  claimed_until: string | null;
  last_error: string | null;
  sent_at: string | null;
  created_at: string;
}

export type MailStatus = 'queued' | 'sent' | 'failed';

/** The last invoice number given out in a year (migrations/008-invoice-numbers.ts; modules/documents). */
export interface InvoiceCountersTable {
  year: number;
  last_number: number;
}

/** The last credit note number given out in a year (migrations/017-credit-notes.ts; modules/documents). */
export interface CreditNoteCountersTable {
  year: number;
  last_number: number;
}

/** One credit note (migrations/039-credit-notes.ts; modules/billing/credits.ts): several per order. */
export interface CreditNotesTable {
  number: string;
  order_id: string;
  company_id: string | null;
  reason: 'cancellation' | 'return';
  /** JSON text of CreditNoteLine[]; null: every line of the order (the notes written before migration 039). */
  lines: string | null;
  subtotal_cents: number | string;
  tax_cents: number | string;
  total_cents: number | string;
  settlement: 'card' | 'invoice' | 'balance';
  refund_id: string | null;
  refunded_at: string | null;
  created_at: string;
}

/** The last quote number given out in a year (migrations/022-quotes.ts; modules/quotes). */
export interface QuoteCountersTable {
  year: number;
  last_number: number;
}

/** The last return (RMA) number given out in a year (migrations/040-returns.ts; modules/returns). */
export interface ReturnCountersTable {
  year: number;
  last_number: number;
}

export type ReturnStatusName = 'requested' | 'authorized' | 'rejected' | 'received';

/** B2B §14: a return of delivered units of one order (migrations/040-returns.ts; modules/returns). */
export interface ReturnsTable {
  id: string;
  number: string;
  order_id: string;
  order_number: string;
  user_id: string;
  email: string;
  user_name: string;
  company_id: string | null;
  status: ReturnStatusName;
  note: string | null;
  reject_reason: string | null;
  refund_total_cents: Generated<number>;
  credit_note_number: string | null;
  created_at: string;
  updated_at: string;
}

export interface ReturnLinesTable {
  return_id: string;
  line_no: number;
  product_id: string;
  sku: string;
  name: string;
  quantity: number;
  reason: string;
  received_quantity: Generated<number>;
  restocked_quantity: Generated<number>;
}

/** A start-up seed not yet done (migrations/025-pending-seeds.ts; seed/index.ts). */
export interface PendingSeedsTable {
  name: string;
  /** While an instance seeds: until when it holds the seed (ISO time); null when nobody does. */
  claimed_until: string | null;
}

export type QuoteStatusName = 'requested' | 'offered' | 'accepted' | 'declined' | 'cancelled' | 'rejected' | 'expired';

/** A request for a price and the shop's offer (B2B §10, migrations/022-quotes.ts). */
export interface QuotesTable {
  id: string;
  /** Q-{year}-{000001}, gap-free. */
  number: string;
  user_id: string;
  email: string;
  user_name: string;
  company_id: string | null;
  /** As stored: an `offered` quote past valid_until reads as expired before the job marks it. */
  status: QuoteStatusName;
  note: string | null;
  valid_until: string | null;
  order_id: string | null;
  reason: string | null;
  created_at: string;
  updated_at: string;
}

export interface QuoteLinesTable {
  quote_id: string;
  line_no: number;
  product_id: string | null;
  sku: string;
  name: string;
  quantity: number;
  list_unit_price_cents: number;
  target_price_cents: number | null;
  unit_price_cents: number | null;
}

export interface QuoteMessagesTable {
  id: string;
  quote_id: string;
  author: 'buyer' | 'seller';
  user_id: string | null;
  name: string;
  text: string;
  at: string;
}

/** Two-step sign-in (B2B §15): on for the account exactly when enabled_at is set. */
export interface TwoFactorTable {
  user_id: string;
  /** The base32 TOTP secret, sealed with the app's key (infra/sealed.ts). */
  secret_sealed: string;
  enabled_at: string | null;
  /** The 30-second step of the last code accepted: that code and earlier ones are refused (one use each). */
  last_step: number | null;
  created_at: string;
}

/** One recovery code of an account with two-step sign-in (migrations/034-two-factor-steps.ts). */
export interface TwoFactorRecoveryCodesTable {
  user_id: string;
  /** HMAC-SHA-256 (hex) of the code under a key derived from the auth secret. */
  code_hash: string;
  used_at: string | null;
}

/** The step between a right password and the code: one sign-in, five minutes. */
export interface TwoFactorChallengesTable {
  /** SHA-256 (hex) of the challenge the client holds. */
  id_hash: string;
  user_id: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/**
 * One entry of the audit trail (B2B §15, migration 033): append-only, written in the transaction of the change it
 * records. `changes` is JSON text of { field: [before, after] } in the API's names, or null.
 */
export interface AuditEntriesTable {
  id: string;
  at: string;
  actor_type: 'user' | 'apiKey';
  actor_id: string;
  /** The person's e-mail; null for an API key. */
  actor_email: string | null;
  actor_name: string;
  action: string;
  target_type: string;
  target_id: string | null;
  summary: string;
  changes: string | null;
  request_id: string;
}

export interface Database extends PaymentTables {
  products: ProductsTable;
  product_import_rows: ProductImportRowsTable;
  reviews: ReviewsTable;
  orders: OrdersTable;
  order_lines: OrderLinesTable;
  cart_lines: CartLinesTable;
  users: UsersTable;
  sessions: SessionsTable;
  account_tokens: AccountTokensTable;
  profiles: ProfilesTable;
  mail_outbox: MailOutboxTable;
  invoice_counters: InvoiceCountersTable;
  credit_note_counters: CreditNoteCountersTable;
  credit_notes: CreditNotesTable;
  api_keys: ApiKeysTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_messages: WebhookMessagesTable;
  webhook_attempts: WebhookAttemptsTable;
  order_number_counters: OrderNumberCountersTable;
  companies: CompaniesTable;
  company_members: CompanyMembersTable;
  company_invites: CompanyInvitesTable;
  company_prices: CompanyPricesTable;
  quote_counters: QuoteCountersTable;
  return_counters: ReturnCountersTable;
  returns: ReturnsTable;
  return_lines: ReturnLinesTable;
  quotes: QuotesTable;
  quote_lines: QuoteLinesTable;
  quote_messages: QuoteMessagesTable;
  pending_seeds: PendingSeedsTable;
  requisition_lists: RequisitionListsTable;
  requisition_list_lines: RequisitionListLinesTable;
  two_factor: TwoFactorTable;
  two_factor_recovery_codes: TwoFactorRecoveryCodesTable;
  two_factor_challenges: TwoFactorChallengesTable;
  audit_entries: AuditEntriesTable;
  company_locations: CompanyLocationsTable;
  address_book_entries: AddressBookEntriesTable;
  punchout_connections: PunchoutConnectionsTable;
  punchout_visits: PunchoutVisitsTable;
  punchout_orders: PunchoutOrdersTable;
  tax_rates: TaxRatesTable;
  shipments: ShipmentsTable;
  shipment_lines: ShipmentLinesTable;
}

/** B2B §13's rate table (migrations/037-tax.ts): region '' for the country's own row; the rate in thousandths of a %. */
export interface TaxRatesTable {
  position: number;
  country: string;
  region: Generated<string>;
  rate_milli: number;
  name: string;
}

/** A procurement system's connection (B2B §17, migrations/036-punchout.ts); only the secret's SHA-256 is kept. */
export interface PunchoutConnectionsTable {
  id: string;
  name: string;
  protocol: 'cxml' | 'oci';
  company_id: string;
  user_id: string;
  identity: string | null;
  secret_hash: string;
  created_at: string;
  created_by: string;
}

/** One punch-out: its start token (as a hash), where the transfer goes back to, and the session it became. */
export interface PunchoutVisitsTable {
  id: string;
  connection_id: string;
  start_hash: string;
  start_expires_at: string;
  buyer_cookie: string | null;
  return_url: string;
  target: string | null;
  /** JSON [{ sku, quantity }]: an edit's lines, put in the cart when the session starts; null: an empty cart. */
  cart_lines: string | null;
  created_at: string;
  started_at: string | null;
  session_id: string | null;
  ended_at: string | null;
}

/** An OrderRequest's orderID, claimed once per connection, and the order it placed. */
export interface PunchoutOrdersTable {
  connection_id: string;
  order_ref: string;
  order_id: string;
  created_at: string;
}

/** A receiver of webhooks (B2B §9, migrations/019-webhooks.ts). */
export interface WebhookEndpointsTable {
  id: string;
  url: string;
  description: string | null;
  /** JSON array of event names, or ["*"]. */
  events: string;
  /** `whsec_` + base64 of the key's bytes. */
  secret: string;
  enabled: Generated<number>;
  failing_since: string | null;
  disabled_reason: string | null;
  created_at: string;
  updated_at: string;
}

export type WebhookMessageStatus = 'queued' | 'delivered' | 'failed';

/** The webhooks outbox: one event for one endpoint, with its delivery state (claimed under a lease as mail is). */
export interface WebhookMessagesTable {
  id: string;
  event_id: string;
  endpoint_id: string;
  type: string;
  body: string;
  status: Generated<WebhookMessageStatus>;
  attempts: Generated<number>;
  next_attempt_at: string;
  claimed_by: string | null;
  claimed_until: string | null;
  created_at: string;
  finished_at: string | null;
}

/** One delivery attempt (the delivery log). */
export interface WebhookAttemptsTable {
  id: string;
  endpoint_id: string;
  event_id: string;
  type: string;
  attempt: number;
  status: number | null;
  error: string | null;
  at: string;
  next_attempt_at: string | null;
}

export type PaymentTermsName = 'card' | 'net15' | 'net30' | 'net60';
export type CompanyRole = 'owner' | 'buyer' | 'viewer';

/** A buying company (B2B §5, migrations/020-companies.ts). Limits in cents; null means none. */
export interface CompaniesTable {
  id: string;
  name: string;
  tax_id: string | null;
  billing_address: string;
  payment_terms: Generated<PaymentTermsName>;
  credit_limit_cents: number | null;
  created_at: string;
  updated_at: string;
  /** B2B §13 (migrations/037-tax.ts): 0/1, and the exemption certificate's id (required when exempt). */
  tax_exempt?: Generated<number>;
  tax_exemption_id?: string | null;
}

/** A user's place in a company: at most one per user. */
export interface CompanyMembersTable {
  user_id: string;
  company_id: string;
  role: CompanyRole;
  spending_limit_cents: number | null;
  joined_at: string;
  /** B2B §12: the JSON array of the locations this member may order to; null (or absent): all of them. */
  location_ids?: string | null;
}

/** The columns of a B2B §12 address (migrations/035-ship-to.ts), mapped to the shared shape by ship-to/address-rows.ts. */
export interface AddressRow {
  /** The address's own `name` (an attention line), apart from the location's name or the entry's label. */
  address_name: string | null;
  line1: string;
  line2: string | null;
  city: string;
  postal_code: string;
  region: string | null;
  country: string;
}

/** What a company location and an address book entry share. */
interface AddressColumns extends AddressRow {
  id: string;
  phone: string | null;
  /** 1 for the one default of its owner, else 0. */
  is_default: number;
  created_at: string;
  updated_at: string;
}
export interface CompanyLocationsTable extends AddressColumns {
  company_id: string;
  name: string;
}
export interface AddressBookEntriesTable extends AddressColumns {
  user_id: string;
  label: string;
}

/** A mailed, single-use invitation; only the SHA-256 of its token is kept. */
export interface CompanyInvitesTable {
  id: string;
  company_id: string;
  email: string;
  role: CompanyRole;
  spending_limit_cents: number | null;
  token_hash: string;
  invited_by: string | null;
  created_at: string;
  expires_at: string;
  accepted_at: string | null;
  accepted_by: string | null;
  revoked_at: string | null;
}

/** A company's contract price for one product. */
export interface CompanyPricesTable {
  company_id: string;
  product_id: string;
  price_cents: number;
  updated_at: string;
}

/** A requisition list (B2B §16, migrations/030-requisition-lists.ts); company_id null: private to created_by. */
export interface RequisitionListsTable {
  id: string;
  name: string;
  created_by: string;
  company_id: string | null;
  created_at: string;
  updated_at: string;
}

/** One product on a list; sku and name as last written (a deleted product's line still names it). */
export interface RequisitionListLinesTable {
  list_id: string;
  product_id: string;
  position: number;
  sku: string;
  name: string;
  quantity: number;
  note: string | null;
}
