import { punchoutMessages } from '@kestrel/shared';
import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../../lib/api-client';
import { serverField } from './server-field';

describe('the connection form field a server refusal names', () => {
  it('is the e-mail for not_a_buyer, the identity for identity_taken, the company for an unknown company', () => {
    expect(serverField(new ApiRequestError(409, 'not_a_buyer', punchoutMessages.notMember))).toBe('userEmail');
    expect(serverField(new ApiRequestError(409, 'identity_taken', punchoutMessages.identityTaken))).toBe('identity');
    expect(serverField(new ApiRequestError(404, 'not_found', 'Company not found'))).toBe('companyId');
  });

  it('is the field a 400 names first, and none for words that name no field', () => {
    expect(serverField(new ApiRequestError(400, 'validation_error', 'name must be at most 100 characters'))).toBe(
      'name',
    );
    expect(serverField(new ApiRequestError(400, 'validation_error', 'Body "companyId": Invalid input'))).toBe(
      'companyId',
    );
    expect(serverField(new ApiRequestError(400, 'invalid_json', 'The request body is not valid JSON'))).toBeUndefined();
    expect(serverField(new ApiRequestError(500, 'internal', 'Something went wrong'))).toBeUndefined();
    expect(serverField(new Error('offline'))).toBeUndefined();
  });
});
