// Profiles: each user keeps one, and only they may read or change it.
import type { Profile } from '@kestrel/shared';
import type { Db } from '../db/create-db.js';
import { findProfile, upsertProfile } from '../repositories/profiles.js';
import type { AuthUser } from './sessions.js';

export interface ProfileInput {
  userName?: string | undefined;
  phone?: string | undefined;
  education?: string | undefined;
  location?: string | undefined;
  linkedinprofile?: string | undefined;
}

export async function getProfile(db: Db, user: Pick<AuthUser, 'id' | 'email'>): Promise<Profile> {
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

/** Saves the fields given; a field left out keeps its saved value (the form always sends all of them). */
export async function saveProfile(db: Db, user: AuthUser, input: ProfileInput): Promise<Profile> {
  const current = await getProfile(db, user);
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
