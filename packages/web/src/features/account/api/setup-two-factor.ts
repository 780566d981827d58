import { useMutation } from '@tanstack/react-query';
import type { TwoFactorSetup } from '@kestrel/shared';
import { apiRequest } from '../../../lib/api-client';

/** A new secret for the authenticator app; a setup again before turning it on replaces the last one. */
export function setupTwoFactor(): Promise<TwoFactorSetup> {
  return apiRequest<TwoFactorSetup>('/auth/2fa/setup', { method: 'POST' });
}

export function useSetupTwoFactor() {
  return useMutation({ mutationFn: setupTwoFactor });
}
