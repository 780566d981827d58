// What the signed-in reader may do with a list (B2B §16), said before they try so nothing refused is offered. The API
// decides (modules/lists); this only mirrors its rules: a private list is its creator's alone; the company's members
// read a shared one, its owners and buyers edit the lines, its creator and the owners rename, share and delete it,
// and viewers read only.
import { listMessages, type List, type SessionUser } from '@kestrel/shared';

export interface ListAccess {
  /** Change quantities and notes, remove lines, add by SKU. */
  editLines: boolean;
  /** Rename, share or make private, delete. */
  manage: boolean;
  /** Why the lines are read-only, or null when they are not. */
  readOnlyReason: string | null;
  /** Why renaming, sharing and deleting are not offered, or null when they are. */
  manageReason: string | null;
}

export function listAccess(list: Pick<List, 'shared' | 'createdBy'>, user: SessionUser | null): ListAccess {
  const role = user?.company?.role;
  const creator = user !== null && list.createdBy === user._id;
  if (!list.shared) {
    return { editLines: creator, manage: creator, readOnlyReason: null, manageReason: null };
  }
  if (role === 'viewer') {
    return {
      editLines: false,
      manage: false,
      readOnlyReason: listMessages.viewerRefusal,
      manageReason: listMessages.viewerRefusal,
    };
  }
  const manage = creator || role === 'owner';
  return {
    editLines: role === 'owner' || role === 'buyer',
    manage,
    readOnlyReason: null,
    manageReason: manage ? null : `${listMessages.notCreatorOrOwner}: rename, share or delete it.`,
  };
}

/** Whether the reader may share lists at all: a member of a company who is not a viewer. */
export function mayShareLists(user: SessionUser | null): boolean {
  const role = user?.company?.role;
  return role === 'owner' || role === 'buyer';
}
