// The HttpOnly cookie that ties a sign-in in progress to the browser that started it. SameSite=Lax still sends it
// on the provider's top-level redirect back to us; scoped to the Google sign-in paths, it rides on nothing else.
import type { FastifyReply, FastifyRequest } from 'fastify';

export const FLOW_COOKIE = 'kestrel_oidc';
const COOKIE_PATH = '/api/auth/google';
const BINDING_PATTERN = /^[\w-]{43}$/;

/** The binding this browser already holds (kept, so sign-ins in two tabs do not undo each other), if well-formed. */
export function readFlowCookie(request: FastifyRequest): string | undefined {
  const header = request.headers.cookie ?? '';
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1 || part.slice(0, eq).trim() !== FLOW_COOKIE) continue;
    const value = part.slice(eq + 1).trim();
    if (BINDING_PATTERN.test(value)) return value;
  }
  return undefined;
}

/**
 * Not cleared after a sign-in: another tab may be signing in with the same binding. It expires with the flows it
 * protects and is useless without a live row in oidc_states.
 */
export function setFlowCookie(reply: FastifyReply, binding: string, secure: boolean, maxAgeSeconds: number): void {
  reply.header('set-cookie', serialize(binding, secure, maxAgeSeconds));
}

function serialize(value: string, secure: boolean, maxAgeSeconds: number): string {
  const attributes = [`${FLOW_COOKIE}=${value}`, `Path=${COOKIE_PATH}`, `Max-Age=${maxAgeSeconds}`, 'HttpOnly'];
  attributes.push('SameSite=Lax');
  if (secure) attributes.push('Secure');
  return attributes.join('; ');
}
