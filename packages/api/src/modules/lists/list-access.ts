// Who may do what with a requisition list (B2B §16), decided here and nowhere else. A private list is its creator's
// alone: anyone else, a company owner or an administrator included, is told it does not exist. A shared list is its
// company's: members read it, owners and buyers edit its lines, its creator and the owners rename, share or delete it;
// a viewer reads only. Someone outside the company gets 404, as for every other company record (B2B conventions).
import { listMessages } from '@kestrel/shared';
import { AppError, forbidden } from '../../infra/errors.js';
import type { Membership } from '../companies/index.js';
import type { ListRow } from './repository.js';

/** read: see it, add it to one's cart; edit: change its lines; manage: rename, share or unshare, delete. */
export type ListAction = 'read' | 'edit' | 'manage';

export const listNotFound = () => new AppError(404, 'not_found', listMessages.notFound);

/** Throws 404 when the caller may not see the list, 403 when they see it but may not do `action`. */
export function authorizeList(
  list: Pick<ListRow, 'created_by' | 'company_id'>,
  userId: string,
  membership: Pick<Membership, 'companyId' | 'role'> | undefined,
  action: ListAction,
): void {
  if (list.company_id === null) {
    if (list.created_by !== userId) throw listNotFound();
    return;
  }
  if (membership?.companyId !== list.company_id) throw listNotFound();
  if (action === 'read') return;
  if (membership.role === 'viewer') throw forbidden(listMessages.viewerRefusal);
  if (action === 'manage' && membership.role !== 'owner' && list.created_by !== userId) {
    throw forbidden(listMessages.notCreatorOrOwner);
  }
}
