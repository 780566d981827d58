// Profiles: each user keeps one, and only they may read or change it.
import type { Profile } from '@kestrel/shared';
import type { Db } from '../../infra/db/create-db.js';
import { findProfile, upsertProfile } from './repository.js';
import type { AccountsService, AuthUser } from '../accounts/index.js';

export interface ProfileInput {
  userName?: string | undefined;
  phone?: string | undefined;
  education?: string | undefined;
  location?: string | undefined;
  linkedinprofile?: string | undefined;
}

async function readProfile(db: Db, user: Pick<AuthUser, 'id' | 'email'>): Promise<Profile> {
  const row = await findProfile(db, user.id);
  return {
    email: user.email,
    userName: row?.user_name ?? '',
    phone: row?.phone ?? '',
    education: row?.education ?? '',
    location: row?.location ?? '',
    linkedinprofile: row?.linkedinprofile ?? '',
  };
}

async function writeProfile(db: Db, user: AuthUser, input: ProfileInput): Promise<Profile> {
  const current = await readProfile(db, user);
  const next: Profile = {
    email: user.email,
    userName: input.userName ?? current.userName,
    phone: input.phone ?? current.phone,
    education: input.education ?? current.education,
    location: input.location ?? current.location,
    linkedinprofile: input.linkedinprofile ?? current.linkedinprofile,
  };
  await upsertProfile(db, {
    user_id: user.id,
    user_name: next.userName,
    phone: next.phone,
    education: next.education,
    location: next.location,
    linkedinprofile: next.linkedinprofile,
    updated_at: new Date().toISOString(),
  });
  return next;
}

export interface ProfilesService {
  /** Your own profile only (`email` names whose: anyone else's is refused). */
  getProfile(caller: AuthUser, email: string): Promise<Profile>;
  /** Saves the fields given; a field left out keeps its saved value (the form always sends all of them). */
  saveProfile(caller: AuthUser, email: string, input: ProfileInput): Promise<Profile>;
}

export function createProfilesService(db: Db, accounts: Pick<AccountsService, 'requireOwnEmail'>): ProfilesService {
  return {
    getProfile(caller, email) {
      accounts.requireOwnEmail(caller, email);
      return readProfile(db, caller);
    },
    saveProfile(caller, email, input) {
      accounts.requireOwnEmail(caller, email);
      return writeProfile(db, caller, input);
    },
  };
}
