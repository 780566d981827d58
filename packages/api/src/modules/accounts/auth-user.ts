// Who a request is signed in as: what a checked session answers (sessions.ts) and every service authorizes with.
import type { Role } from '@kestrel/shared';

export interface AuthUser {
  id: string;
  email: string;
  name: string;
  role: Role;
  emailVerified: boolean;
  sessionId: string;
  /** B2B §17: the punch-out visit this session is; such a session may not place an order. Absent otherwise. */
  punchoutId?: string;
}
