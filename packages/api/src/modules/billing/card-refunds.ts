// Card refunds of partial credits (B2B §14): a credit note of a card order (a partial cancel's, a received return's)
// is written as due inside its transaction (refunds.ts), and refunded here after the commit: the provider is a network
// call no transaction may wait on. The key is the credit note's, so a retry, a second instance or a crash between the
// refund and its record never refunds twice; a refund that fails stays due and the card-refund job retries it.
// The whole order's refund (§4's cancel) is the payments module's own and is recorded refunded when it is made.
import type { Kysely } from 'kysely';
import type { Database } from '../../infra/db/schema.js';
import * as notes from './credit-notes-repository.js';

/** What billing needs of the payment provider (app.ts hands in payments' provider). */
export interface CardRefunder {
  refund(intentId: string, amountCents: number, key: string): Promise<{ id: string }>;
}

export interface CardRefundsDeps {
  db: Kysely<Database>;
  /** Read when a refund is made: payments is built after billing. None: card refunds wait. */
  refunder: () => CardRefunder | undefined;
  now: () => Date;
  log: { error(details: object, message: string): void };
}

/** One refund per credit note, however often retried (a whole order's refund is keyed by its intent instead). */
export function refundKeyForCredit(creditNoteNumber: string): string {
  return `kestrel-refund-${creditNoteNumber}`;
}

/** Credit notes a job run refunds at most. */
const PER_RUN = 100;

export function createCardRefunds({ db, refunder, now, log }: CardRefundsDeps) {
  async function refundDue(numbers: readonly string[] | undefined): Promise<number> {
    const provider = refunder();
    if (!provider || numbers?.length === 0) return 0;
    let made = 0;
    for (const due of await notes.dueCardRefunds(db, numbers, PER_RUN)) {
      if (due.transaction_id === null) continue;
      try {
        const refund = await provider.refund(
          due.transaction_id,
          Number(due.total_cents),
          refundKeyForCredit(due.number),
        );
        await notes.markCreditRefunded(db, due.number, refund.id, now().toISOString());
        made += 1;
      } catch (err) {
        log.error({ err, creditNote: due.number }, 'card refund failed; it stays due and is retried');
      }
    }
    return made;
  }
  return {
    /** Refunds these just-committed credit notes' card refunds; failures are logged and stay due. */
    refundCredits: (numbers: readonly string[]) => refundDue(numbers),
    /** The job's run: every card refund still due, oldest first; answers how many were made. */
    refundAllDue: () => refundDue(undefined),
  };
}

export type CardRefunds = ReturnType<typeof createCardRefunds>;
