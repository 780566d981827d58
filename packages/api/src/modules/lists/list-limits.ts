// The limits of requisition lists (B2B §16): at most MAX_PRIVATE_LISTS private lists per person and MAX_SHARED_LISTS
// shared per company. Counted inside the transaction that writes the list, after the person's or the company's row is
// locked (PostgreSQL; SQLite runs one write transaction at a time), so two lists created at once cannot both pass.
import { MAX_PRIVATE_LISTS, MAX_SHARED_LISTS, listMessages } from '@kestrel/shared';
import type { Db } from '../../infra/db/create-db.js';
import { AppError } from '../../infra/errors.js';
import { lockUserRow } from '../accounts/index.js';
import { lockCompany, type Membership } from '../companies/index.js';
import * as repo from './repository.js';

/**
 * Inside a transaction: where a list of `owner` shared or not now goes, once its limit allows one more there. The
 * person's row (private) or the company's (shared) is locked first, so the count is of committed lists only.
 */
export async function roomFor(
  trx: Db,
  postgres: boolean,
  owner: string,
  membership: Membership | undefined,
  shared: boolean,
): Promise<string | null> {
  if (!shared) {
    await lockUserRow(trx, owner);
    if ((await repo.countPrivateLists(trx, owner)) >= MAX_PRIVATE_LISTS) {
      throw new AppError(409, 'too_many_lists', listMessages.tooManyPrivate);
    }
    return null;
  }
  if (!membership) throw new AppError(400, 'validation_error', listMessages.sharedWithoutCompany);
  await lockCompany(trx, membership.companyId, postgres);
  if ((await repo.countSharedLists(trx, membership.companyId)) >= MAX_SHARED_LISTS) {
    throw new AppError(409, 'too_many_lists', listMessages.tooManyShared);
  }
  return membership.companyId;
}
