// Migrations are listed in code, not found by a folder scan, because the server is bundled into one file by esbuild.
// Add a new one as NNN-name.ts and list it here; names sort in the order they run.
import type { Migration, MigrationProvider } from 'kysely';
import { initial } from './001-initial.js';
import { paymentsMigration } from './002-payments.js';
import { oidcStatesMigration } from '../oidc-states-table.js';
import { catalogueMigration } from './004-catalogue.js';
import { orderLinesMigration } from './005-order-lines.js';
import { mailOutboxMigration } from './006-mail-outbox.js';
import { orderLifecycleMigration } from './007-order-lifecycle.js';
import { invoiceNumbersMigration } from './008-invoice-numbers.js';
import { paymentRefundsMigration } from './009-payment-refunds.js';
import { mailContentMigration } from './010-mail-content.js';
import { accountCareMigration } from './011-account-care.js';
import { searchPrefixesMigration } from './012-search-prefixes.js';
import { productImportRowsMigration } from './013-product-import-rows.js';
import { paymentSweepMigration } from './014-payment-sweep.js';
import { hardeningMigration } from './015-hardening.js';
import { creditNotesMigration } from './017-credit-notes.js';
import { integrationKeysMigration } from './018-integration-keys.js';
import { webhooksMigration } from './019-webhooks.js';
import { companiesMigration } from './020-companies.js';
import { statsMigration } from './021-stats.js';
import { quotesMigration } from './022-quotes.js';
import { orderWriteIndexesMigration } from './023-order-write-indexes.js';
import { quoteListIndexesMigration } from './024-quote-list-indexes.js';
import { pendingSeedsMigration } from './025-pending-seeds.js';
import { quoteThreadBoundsMigration } from './026-quote-thread-bounds.js';
import { orderDeskMigration } from './016-order-desk.js';
import { companyInviteLimitsMigration } from './027-company-invite-limits.js';
import { approvalReasonsMigration } from './028-approval-reasons.js';
import { requisitionListsMigration } from './030-requisition-lists.js';
import { twoFactorMigration } from './031-two-factor.js';
import { auditTrailMigration } from './033-audit-trail.js';
import { twoFactorStepsMigration } from './034-two-factor-steps.js';
import { shipToMigration } from './035-ship-to.js';
import { punchoutMigration } from './036-punchout.js';
import { taxMigration } from './037-tax.js';
import { shipmentsMigration } from './038-shipments.js';
import { severalCreditNotesMigration } from './039-credit-notes.js';
import { returnsMigration } from './040-returns.js';

const migrations: Record<string, Migration> = {
  '001-initial': initial,
  '002-payments': paymentsMigration,
  '003-oidc-states': oidcStatesMigration,
  '004-catalogue': catalogueMigration,
  '005-order-lines': orderLinesMigration,
  '006-mail-outbox': mailOutboxMigration,
  '007-order-lifecycle': orderLifecycleMigration,
  '008-invoice-numbers': invoiceNumbersMigration,
  '009-payment-refunds': paymentRefundsMigration,
  '010-mail-content': mailContentMigration,
  '011-account-care': accountCareMigration,
  '012-search-prefixes': searchPrefixesMigration,
  '013-product-import-rows': productImportRowsMigration,
  '014-payment-sweep': paymentSweepMigration,
  '015-hardening': hardeningMigration,
  '017-credit-notes': creditNotesMigration,
  '018-integration-keys': integrationKeysMigration,
  '019-webhooks': webhooksMigration,
  '016-order-desk': orderDeskMigration,
  '020-companies': companiesMigration,
  '021-stats': statsMigration,
  '022-quotes': quotesMigration,
  '023-order-write-indexes': orderWriteIndexesMigration,
  '024-quote-list-indexes': quoteListIndexesMigration,
  '025-pending-seeds': pendingSeedsMigration,
  '026-quote-thread-bounds': quoteThreadBoundsMigration,
  '027-company-invite-limits': companyInviteLimitsMigration,
  '028-approval-reasons': approvalReasonsMigration,
  '030-requisition-lists': requisitionListsMigration,
  '031-two-factor': twoFactorMigration,
  '033-audit-trail': auditTrailMigration,
  '034-two-factor-steps': twoFactorStepsMigration,
  '035-ship-to': shipToMigration,
  '036-punchout': punchoutMigration,
  '037-tax': taxMigration,
  '038-shipments': shipmentsMigration,
  '039-credit-notes': severalCreditNotesMigration,
  '040-returns': returnsMigration,
};

/** Every migration of this build, by name. */
export const MIGRATION_NAMES = Object.keys(migrations);

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
