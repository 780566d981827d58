// Punch-out from procurement systems (B2B §17): the administrator's connections and the start of a punch-out session.
// The cXML and OCI documents themselves are the API's (modules/punchout); only the JSON calls are schemas here.
import './zod-setup.js';
import { z } from 'zod';
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN, SINGLE_LINE_PATTERN, singleLineMessage } from './constants.js';
import { idSchema } from './id.js';

export const PUNCHOUT_PROTOCOLS = ['cxml', 'oci'] as const;
export type PunchoutProtocol = (typeof PUNCHOUT_PROTOCOLS)[number];
export const MAX_PUNCHOUT_NAME_LENGTH = 100;
export const MAX_PUNCHOUT_IDENTITY_LENGTH = 200;
/** Where an order came from (B2B §17): a procurement system's OrderRequest, or anything else. */
export const ORDER_SOURCES = ['web', 'punchout'] as const;
export type OrderSource = (typeof ORDER_SOURCES)[number];

export const punchoutMessages = {
  nameRequired: 'name is required',
  protocolInvalid: `protocol must be one of ${PUNCHOUT_PROTOCOLS.join(', ')}`,
  userEmailInvalid: 'userEmail must be an e-mail address',
  identityRequired: 'identity is required for a cXML connection (the From/Sender identity its system sends)',
  notMember: 'userEmail must be an owner or buyer of that company',
  identityTaken: 'Another connection already uses this identity',
  startTokenInvalid: 'This punch-out start link is unknown, expired or already used',
  punchoutOrdering: 'In a punch-out session the order comes from your procurement system: transfer the cart instead',
  notPunchout: 'This is not a punch-out session',
  cartHasProblems: 'Fix the cart lines marked with a problem before transferring the cart',
} as const;

/** `POST /api/admin/punchout`. */
export const punchoutConnectionCreateSchema = z
  .object({
    name: z
      .string({ error: punchoutMessages.nameRequired })
      .trim()
      .min(1, punchoutMessages.nameRequired)
      .max(MAX_PUNCHOUT_NAME_LENGTH, `name must be at most ${MAX_PUNCHOUT_NAME_LENGTH} characters`)
      .regex(SINGLE_LINE_PATTERN, singleLineMessage('name')),
    protocol: z.enum(PUNCHOUT_PROTOCOLS, { error: punchoutMessages.protocolInvalid }),
    companyId: idSchema,
    userEmail: z
      .string({ error: punchoutMessages.userEmailInvalid })
      .trim()
      .toLowerCase()
      .max(EMAIL_MAX_LENGTH, punchoutMessages.userEmailInvalid)
      .regex(EMAIL_PATTERN, punchoutMessages.userEmailInvalid),
    identity: z
      .string()
      .trim()
      .min(1, punchoutMessages.identityRequired)
      .max(MAX_PUNCHOUT_IDENTITY_LENGTH, `identity must be at most ${MAX_PUNCHOUT_IDENTITY_LENGTH} characters`)
      .regex(SINGLE_LINE_PATTERN, singleLineMessage('identity'))
      .optional(),
  })
  .refine((c) => c.protocol !== 'cxml' || c.identity !== undefined, {
    path: ['identity'],
    message: punchoutMessages.identityRequired,
  });
export type PunchoutConnectionCreate = z.input<typeof punchoutConnectionCreateSchema>;

/** `GET /api/admin/punchout`: a connection, never its secret. */
export const punchoutConnectionSchema = z.object({
  _id: idSchema,
  name: z.string(),
  protocol: z.enum(PUNCHOUT_PROTOCOLS),
  companyId: idSchema,
  companyName: z.string(),
  userEmail: z.string(),
  /** The cXML From/Sender identity; null for OCI. */
  identity: z.string().nullable(),
  createdAt: z.string(),
  /** The addresses the customer's system is configured with. */
  setupUrl: z.string(),
  orderUrl: z.string().nullable(),
});
export type PunchoutConnection = z.infer<typeof punchoutConnectionSchema>;

/** The answer to a created connection: the only time `sharedSecret` is ever shown. */
export const punchoutConnectionCreatedSchema = punchoutConnectionSchema.extend({ sharedSecret: z.string() });
export type PunchoutConnectionCreated = z.infer<typeof punchoutConnectionCreatedSchema>;

/** `POST /api/punchout/session`. */
export const punchoutSessionStartSchema = z.object({
  startToken: z.string({ error: 'startToken is required' }).min(1, 'startToken is required').max(200),
});

export const punchoutSessionSchema = z.object({
  token: z.string(),
  connection: z.object({ name: z.string(), protocol: z.enum(PUNCHOUT_PROTOCOLS) }),
});
export type PunchoutSession = z.infer<typeof punchoutSessionSchema>;
