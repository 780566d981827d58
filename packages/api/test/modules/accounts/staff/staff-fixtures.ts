// Members of staff for the staff-role tests (B2B §15): real accounts signed up through the API, their e-mail
// confirmed in the table (the confirmation link has tests of its own), and their role given by the administrator
// through PUT /api/admin/staff/{email}, the call under test.
import type { StaffRole } from '@kestrel/shared';
import { expect } from 'vitest';
import { call, signUp, type SignedIn } from '../../../helpers/test-app.js';
import type { World } from '../../orders/lifecycle/lifecycle-fixtures.js';

export async function confirmEmail(w: World, who: SignedIn): Promise<void> {
  await w.app.db.updateTable('users').set({ email_verified: 1 }).where('id', '=', who.id).execute();
}

export async function staffMember(w: World, role: StaffRole, name: string, email: string): Promise<SignedIn> {
  const who = await signUp(w.app, name, email);
  await confirmEmail(w, who);
  const res = await call(w.app, 'PUT', `/api/admin/staff/${email}`, w.admin, { role });
  expect([res.statusCode, res.json()]).toEqual([200, { email, name, role, twoFactor: false }]);
  return who;
}

export function roleOf(w: World, email: string) {
  return w.app.db
    .selectFrom('users')
    .select('role')
    .where('email', '=', email)
    .executeTakeFirstOrThrow()
    .then((r) => r.role);
}
