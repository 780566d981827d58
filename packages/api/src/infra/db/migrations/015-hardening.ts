// Hardening (#24, docs/reliability.md). The outbox now keeps a link mail's token sealed (modules/mail/stored-content.ts)
// and this migration leaves no raw token behind: a password-reset or e-mail-confirmation message written before it and
// not yet sent is given up unsent ('failed', its content blanked), since sealing needs the auth secret, which a
// migration does not have. Its link would have worked for whoever read the row; the user asks for a new one (the
// forgot-password form, or "resend" for a confirmation), which is sealed. Sent ones were blanked at delivery already.
// Cart lines above the quantity bound (MAX_QUANTITY; nothing refused them before) are brought down to it.
import { sql, type Kysely, type Migration } from 'kysely';

/** MAX_QUANTITY of @kestrel/shared when this migration was written: a migration does not follow later changes. */
const MAX_QUANTITY = 10_000_000;
export const UNSEALED_LINK_ERROR =
  'Queued before links were sealed in the outbox (migration 015); not sent. Ask for a new link.';

export const hardeningMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`UPDATE mail_outbox
      SET status = 'failed', content = '', claimed_by = NULL, claimed_until = NULL, last_error = ${UNSEALED_LINK_ERROR}
      WHERE kind IN ('password-reset', 'email-verification') AND status <> 'sent'
        AND content NOT LIKE '%"token":"sealed.v1.%'`.execute(db);
    await sql`UPDATE cart_lines SET quantity = ${MAX_QUANTITY} WHERE quantity > ${MAX_QUANTITY}`.execute(db);
  },

  // Nothing to undo: the tokens are gone on purpose, and the carts' quantities were never orderable.
  async down() {},
};
