import type { PunchoutSession } from '@kestrel/shared';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/punchout/session: the start token, exchanged once, for a punch-out session (B2B §17). */
export function startPunchout(startToken: string): Promise<PunchoutSession> {
  return apiRequest<PunchoutSession>('/punchout/session', { method: 'POST', body: { startToken }, auth: false });
}
