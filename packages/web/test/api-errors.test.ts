import { describe, expect, it } from 'vitest';
import { ApiRequestError, parseJson, setUnauthorizedHandler, toApiError } from '../src/lib/api-client';

describe('toApiError: one error shape for every failed call', () => {
  it("reads the backend's { error: { code, message } }", () => {
    const error = toApiError(409, '{"error":{"code":"order_paid","message":"A paid order cannot be deleted"}}', true);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error.status).toBe(409);
    expect(error.code).toBe('order_paid');
    expect(error.message).toBe('A paid order cannot be deleted');
  });

  it('names the status when the body is not the error shape', () => {
    const error = toApiError(502, '<html>Bad gateway</html>', false);
    expect([error.code, error.message]).toEqual(['http_502', 'Request failed (502)']);
  });

  it('signs out only when a call that carried the token is refused with 401', () => {
    let signOuts = 0;
    setUnauthorizedHandler(() => (signOuts += 1));
    toApiError(401, '{"error":{"code":"unauthorized","message":"Sign in again"}}', false);
    expect(signOuts).toBe(0);
    toApiError(403, '{"error":{"code":"forbidden","message":"Not yours"}}', true);
    expect(signOuts).toBe(0);
    toApiError(401, '{"error":{"code":"unauthorized","message":"Sign in again"}}', true);
    expect(signOuts).toBe(1);
  });

  it('parses JSON or gives null', () => {
    expect(parseJson('{"success":true,"data":{"url":"/api/images/a.webp"}}')).toEqual({
      success: true,
      data: { url: '/api/images/a.webp' },
    });
    expect(parseJson('not json')).toBeNull();
  });
});
