// Which field of the connection form a server refusal is about, so its words stand next to that field: the 409s name
// the user or the identity, an unknown company is the company's, and a 400 names its field first ("userEmail must…").
import type { PunchoutConnectionCreate } from '@kestrel/shared';
import { ApiRequestError } from '../../../lib/api-client';

export type ConnectionField = keyof PunchoutConnectionCreate;

const BY_CODE: Partial<Record<string, ConnectionField>> = {
  not_a_buyer: 'userEmail',
  identity_taken: 'identity',
  not_found: 'companyId',
};
const FIELDS: ConnectionField[] = ['name', 'protocol', 'companyId', 'userEmail', 'identity'];

/** The field a refusal names, or undefined when it is about the whole form (or not a refusal at all). */
export function serverField(error: unknown): ConnectionField | undefined {
  if (!(error instanceof ApiRequestError)) return undefined;
  const byCode = BY_CODE[error.code];
  if (byCode) return byCode;
  if (error.status !== 400) return undefined;
  return FIELDS.find((field) => error.message.startsWith(`${field} `) || error.message.includes(`"${field}"`));
}
