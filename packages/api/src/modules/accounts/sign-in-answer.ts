// What a finished sign-in answers (a password without two-step sign-in, or the code step after it): a new session's
// token and the user with their company, the same shape whichever way the person got in.
import type { AuthResponse, UserCompany } from '@kestrel/shared';
import type { FastifyRequest } from 'fastify';
import { toUser } from './identity.js';
import type { SessionService } from './sessions.js';
import type { UserRow } from './users-repository.js';

export async function signInAnswer(
  sessions: SessionService,
  companyOf: (userId: string) => Promise<UserCompany | null>,
  user: UserRow,
  request: FastifyRequest,
): Promise<AuthResponse> {
  return {
    token: await sessions.issueSession(user.id, request.headers['user-agent']),
    user: { ...toUser(user), company: await companyOf(user.id) },
  };
}
