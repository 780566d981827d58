import { describe, expect, it } from 'vitest';
import { listMessages, type SessionUser } from '@kestrel/shared';
import { listAccess, mayShareLists } from './list-access';

const member = (id: string, role: 'owner' | 'buyer' | 'viewer' | null): SessionUser => ({
  _id: id,
  name: 'Member',
  email: `${id}@kestrel.test`,
  role: 'customer',
  emailVerified: true,
  company: role ? { _id: 'c1', name: 'Acme Mills', role } : null,
});

describe('what a reader may do with a list', () => {
  it('gives the creator of a private list everything', () => {
    expect(listAccess({ shared: false, createdBy: 'u1' }, member('u1', null))).toEqual({
      editLines: true,
      manage: true,
      readOnlyReason: null,
      manageReason: null,
    });
  });

  it('lets a buyer edit the lines of a colleague’s shared list but not rename or delete it', () => {
    expect(listAccess({ shared: true, createdBy: 'u1' }, member('u2', 'buyer'))).toEqual({
      editLines: true,
      manage: false,
      readOnlyReason: null,
      manageReason: "Only the list's creator or a company owner may do that: rename, share or delete it.",
    });
  });

  it('lets an owner manage any shared list', () => {
    expect(listAccess({ shared: true, createdBy: 'u1' }, member('u3', 'owner'))).toMatchObject({
      editLines: true,
      manage: true,
    });
  });

  it('keeps a viewer to reading, saying why, even on a list they created', () => {
    expect(listAccess({ shared: true, createdBy: 'u4' }, member('u4', 'viewer'))).toEqual({
      editLines: false,
      manage: false,
      readOnlyReason: listMessages.viewerRefusal,
      manageReason: listMessages.viewerRefusal,
    });
  });

  it('offers sharing to owners and buyers only', () => {
    const roles = [null, 'viewer', 'buyer', 'owner'] as const;
    expect(roles.map((role) => mayShareLists(member('u', role)))).toEqual([false, false, true, true]);
  });
});
