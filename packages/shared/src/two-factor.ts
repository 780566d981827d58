// Two-step sign-in (B2B §15, issue #52): TOTP codes (RFC 6238: SHA-1, 6 digits, 30 s) and one-use recovery codes.
// The bodies and answers of /api/auth/2fa/*, the sign-in answer that asks for a code, and the texts people see, shared
// by the API (modules/accounts/two-factor*) and the storefront's Security page and code step.
import './zod-setup.js';
import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from './constants.js';
import { messages } from './messages.js';
import { authResponseSchema } from './responses.js';

/** Recovery codes given when two-step sign-in is turned on; each works once. */
export const RECOVERY_CODE_COUNT = 10;
/** A challenge (the step between the password and the code) works this long, for one sign-in. */
export const TWO_FACTOR_CHALLENGE_MINUTES = 5;

/** Six digits: a code from the authenticator app. */
export const TOTP_CODE_PATTERN = /^\d{6}$/;
/** Ten letters and digits in two groups of five (`k7q2m-9xw4p`); typed with or without the dash, any case. */
export const RECOVERY_CODE_PATTERN = /^[a-z2-7]{5}-?[a-z2-7]{5}$/i;

export const twoFactorMessages = {
  codeRequired: 'Enter the 6-digit code from your authenticator app',
  codeInvalid: 'Enter the 6-digit code from your authenticator app',
  codeOrRecoveryInvalid: 'Enter the 6-digit code from your authenticator app or one of your recovery codes',
  challengeRequired: 'challenge is required',
  wrongCode: 'That code is wrong or was already used. Enter the current code from your authenticator app.',
  challengeExpired: 'This sign-in took longer than 5 minutes. Sign in again.',
  alreadyOn: 'Two-step sign-in is already on for this account',
  notOn: 'Two-step sign-in is not on for this account',
  setupFirst: 'Set up two-step sign-in first: scan the QR code, then enter a code',
  required: 'Staff accounts must turn on two-step sign-in before doing this. Turn it on under Sign-in and security.',
  enabled: 'Two-step sign-in is on. Your other sessions are signed out.',
  disabled: 'Two-step sign-in is off.',
  noPassword:
    'This account signs in with Google and has no password: choose one first ("Forgot your password?"), then turn two-step sign-in off with the password and a code.',
} as const;

const totpCode = z
  .string({ error: twoFactorMessages.codeRequired })
  .trim()
  .min(1, twoFactorMessages.codeRequired)
  .regex(TOTP_CODE_PATTERN, twoFactorMessages.codeInvalid);

/** A TOTP code or a recovery code (the sign-in step and turning it off take either). */
const anyCode = z
  .string({ error: twoFactorMessages.codeRequired })
  .trim()
  .min(1, twoFactorMessages.codeRequired)
  .refine((v) => TOTP_CODE_PATTERN.test(v) || RECOVERY_CODE_PATTERN.test(v), twoFactorMessages.codeOrRecoveryInvalid);

export const twoFactorSetupSchema = z.object({
  /** The shared secret, base32 (for typing into an app that cannot scan). */
  secret: z.string(),
  /** otpauth://totp/... for the QR code. */
  otpauthUrl: z.string(),
});
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;

export const twoFactorEnableBodySchema = z.object({ code: totpCode });
export type TwoFactorEnableBody = z.input<typeof twoFactorEnableBodySchema>;
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

export const twoFactorDisableBodySchema = z.object({
  password: z
    .string({ error: messages.login.passwordRequired })
    .min(1, messages.login.passwordRequired)
    .max(PASSWORD_MAX_LENGTH, messages.signup.passwordLong),
  code: anyCode,
});
export type TwoFactorDisableBody = z.input<typeof twoFactorDisableBodySchema>;

/** `GET /api/auth/2fa`: the caller's own state, for the Security page. */
export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  /** Unused recovery codes (0 while off). */
  recoveryCodesLeft: z.number().int(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

/** What sign-in answers for an account with two-step sign-in on: no token yet, a challenge for the code step. */
export const twoFactorChallengeSchema = z.object({ twoFactorRequired: z.literal(true), challenge: z.string() });
export type TwoFactorChallenge = z.infer<typeof twoFactorChallengeSchema>;
export const loginResponseSchema = z.union([authResponseSchema, twoFactorChallengeSchema]);
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const twoFactorVerifyBodySchema = z.object({
  challenge: z
    .string({ error: twoFactorMessages.challengeRequired })
    .min(1, twoFactorMessages.challengeRequired)
    .max(200, twoFactorMessages.challengeExpired),
  code: anyCode,
});
export type TwoFactorVerifyBody = z.input<typeof twoFactorVerifyBodySchema>;
/** The code step's form: the challenge travels beside it. */
export const twoFactorCodeFormSchema = twoFactorVerifyBodySchema.pick({ code: true });
export type TwoFactorCodeForm = z.input<typeof twoFactorCodeFormSchema>;
