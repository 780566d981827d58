// Reads and validates the environment once (docs/product.md §2). A bad value stops the start with a message naming the variable.
import { isIP } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import proxyAddr from '@fastify/proxy-addr';
import {
  API_KEY_PREFIX,
  DEFAULT_MAX_OPEN_ORDERS,
  DEFAULT_ORDER_HOLD_MINUTES,
  DEFAULT_RETURN_DAYS,
  DEFAULT_SEARCH_BUDGET_MS,
  isEmailAddress,
  MAX_TAX_ID_LENGTH,
} from '@kestrel/shared';
import { isCountryCode } from '@kestrel/shared/ship-to';
import { z } from 'zod';
import { s3ConfigFrom, S3ConfigError, s3EnvFields, type S3Config } from './s3-config.js';

export type DatabaseConfig = { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined));

/** `shop@example.com` or `Kestrel Components <shop@example.com>`: the address by the shared e-mail rule. */
function isMailbox(value: string): boolean {
  const named = /^([^<>@",;\r\n]*)<([^<>]*)>$/.exec(value);
  return isEmailAddress(named ? (named[2] ?? '') : value);
}

/** A list proxy-addr takes: addresses, CIDRs, or its names loopback, linklocal and uniquelocal. */
function isProxyList(value: string): boolean {
  if (/^(true|false|\d+)$/.test(value)) return true;
  try {
    proxyAddr.compile(value.split(',').map((entry) => entry.trim()));
    return true;
  } catch {
    return false;
  }
}

const envSchema = z.object({
  PORT: z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(1, 'must be 1-65535')
    .max(65535, 'must be 1-65535')
    .default(3000),
  // The address to listen on: every interface by default; 127.0.0.1 or a private address keeps the port off the others.
  HOST: z
    .string()
    .trim()
    .refine(
      (v) =>
        isIP(v) !== 0 ||
        /^(?=.{1,253}$)[a-zA-Z0-9]([a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(\.[a-zA-Z0-9]([a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/.test(
          v,
        ),
      'must be an IP address (0.0.0.0 for every interface, 127.0.0.1 for this machine alone) or a host name',
    )
    .default('0.0.0.0'),
  DATABASE_URL: z
    .string()
    .trim()
    .refine((v) => /^file:.+/.test(v) || /^postgres(ql)?:\/\/.+/.test(v), 'must be file:PATH or postgres://...')
    // Unset: file:DATA_DIR/store.db, so DATA_DIR moves the database with the rest of the local state.
    .optional(),
  ADMIN_EMAIL: z
    .string()
    .trim()
    .refine(isEmailAddress, 'must be an e-mail address')
    .transform((v) => v.toLowerCase())
    .optional(),
  ADMIN_PASSWORD: z
    .string()
    .min(6, 'must be 6 characters or more')
    .max(128, 'must be at most 128 characters')
    .optional(),
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  // B2B §17: the UNSPSC commodity code every punched-out line carries (the catalogue has no per-product code).
  PUNCHOUT_UNSPSC: z
    .string()
    .trim()
    .regex(/^\d{8}$/, 'must be an 8-digit UNSPSC code')
    .default('43200000'),
  // B2B §13: the country whose tax rate an order without a ship-to pays, and whether reverse charge applies (EU).
  SHOP_COUNTRY: z
    .string()
    .trim()
    .refine(isCountryCode, 'must be an ISO 3166-1 alpha-2 code in upper case, such as US or DE')
    .default('US'),
  // B2B §13: the seller's tax id (VAT number, EIN...) printed on every invoice and credit note.
  SHOP_TAX_ID: z
    .string()
    .trim()
    .max(MAX_TAX_ID_LENGTH, `must be at most ${MAX_TAX_ID_LENGTH} characters`)
    .optional()
    .transform((v) => (v ? v : undefined)),
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_CLIENT_SECRET: optionalText,
  OIDC_ISSUER: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_PUBLISHABLE_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  // Unset: DATA_DIR/uploads.
  UPLOAD_DIR: z.string().trim().min(1).optional(),
  REDIS_URL: z
    .string()
    .trim()
    .regex(/^rediss?:\/\/.+/, 'must be redis://... or rediss://...')
    .optional(),
  SEED_DEMO: z.enum(['0', '1'], { error: 'must be 0 or 1' }).default('1'),
  RATE_LIMIT_PER_MINUTE: z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .optional(),
  TRUST_PROXY: z
    .string()
    .trim()
    .refine(
      isProxyList,
      'must be false, true (one proxy in front: the nearest X-Forwarded-For entry is the client), a whole number N ' +
        "(N proxies in front) or a comma-separated list of the proxies' addresses/CIDRs (e.g. 10.0.0.0/8,loopback)",
    )
    .default('false'),
  MAX_OPEN_ORDERS: z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .default(DEFAULT_MAX_OPEN_ORDERS),
  AUTH_ATTEMPTS_PER_MINUTE: z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .default(30),
  // B2B §14: whole days after a shipment's delivery its units may be asked back; 0 turns returns off.
  RETURN_DAYS: z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(0, 'must be at least 0')
    .default(DEFAULT_RETURN_DAYS),
  ORDER_HOLD_MINUTES: z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .default(DEFAULT_ORDER_HOLD_MINUTES),
  SEARCH_BUDGET_MS: z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(1, 'must be 1-60000')
    .max(60_000, 'must be 1-60000')
    .default(DEFAULT_SEARCH_BUDGET_MS),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  SMTP_URL: z
    .string()
    .trim()
    .regex(/^smtps?:\/\/[^/?#]+/, 'must be smtp://... or smtps://...')
    .refine((v) => URL.canParse(v), 'must be a valid URL')
    .optional(),
  MAIL_FROM: z.string().trim().refine(isMailbox, 'must be an e-mail address, or a name and <address>').optional(),
  MAIL_DIR: z.string().trim().min(1).optional(),
  // One mailbox, no list: a comma would be one malformed address to the mail server, and every order's mail would fail.
  SHOP_NOTIFY_EMAIL: z.string().trim().refine(isEmailAddress, 'must be one e-mail address').optional(),
  WEBHOOK_ALLOW_PRIVATE: z.enum(['true', 'false'], { error: 'must be true or false' }).default('false'),
  // B2B §15: `required` refuses staff calls to staff accounts without two-step sign-in (modules/accounts/two-factor-gate.ts).
  STAFF_2FA: z.enum(['optional', 'required'], { error: 'must be optional or required' }).default('optional'),
  // GET /metrics' bearer token (infra/observability/metrics-plugin.ts); unset, the metrics are open. Printable ASCII,
  // as a scraper sends it in a header; never an API key's prefix, which the key check takes for itself.
  METRICS_TOKEN: z
    .string()
    .trim()
    .regex(/^[\x21-\x7e]{16,}$/, 'must be 16 or more printable ASCII characters without spaces')
    .refine(
      (v) => !v.toLowerCase().startsWith(API_KEY_PREFIX),
      `must not start with ${API_KEY_PREFIX} (that is an API key's prefix)`,
    )
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ...s3EnvFields,
});

export type Env = z.input<typeof envSchema>;

export interface Config {
  port: number;
  /** HOST: the address the server listens on. */
  host: string;
  database: DatabaseConfig;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  authSecret: string | undefined;
  publicUrl: string;
  /** PUNCHOUT_UNSPSC: the 8-digit UNSPSC code of every punched-out line (B2B §17). */
  punchoutUnspsc: string;
  /** SHOP_COUNTRY: the shop's ISO alpha-2 country (B2B §13: the rate of an order without a ship-to; reverse charge). */
  shopCountry: string;
  /** SHOP_TAX_ID: the seller's tax id on invoices and credit notes; undefined: none printed. */
  shopTaxId: string | undefined;
  google: { clientId: string; clientSecret: string; issuer: string } | undefined;
  stripe: { secretKey: string; publishableKey: string | undefined; webhookSecret: string | undefined } | undefined;
  /** The disk image store's folder (unused while `s3` is set); absolute. */
  uploadDir: string;
  /** The S3-compatible image store, when S3_BUCKET is set (infra/s3-config.ts). */
  s3: S3Config | undefined;
  redisUrl: string | undefined;
  seedDemo: boolean;
  rateLimitPerMinute: number | undefined;
  /**
   * Whose X-Forwarded-For to believe for the client address (rate limits), always counted from the right (the client
   * writes the left): nobody (false), N hops (N proxies in front; TRUST_PROXY=true is 1), or these proxies' addresses.
   */
  trustProxy: false | number | string[];
  /**
   * Where local state lives, absolute: the default SQLite file, image folder and mail folder, and the auth secret when
   * AUTH_SECRET is unset. Nothing else is written under the working directory.
   */
  dataDir: string;
  logLevel: string;
  /**
   * The folders this configuration writes to on the local disk, each with the setting that chose it, so a start can
   * say which setting to fix when one cannot be written (infra/local-folders.ts).
   */
  localFolders: LocalFolder[];
  /** METRICS_TOKEN: GET /metrics requires it as a bearer token when set (B2B §8). */
  metricsToken: string | undefined;
  /** How many unpaid orders one buyer may hold (B2B §3). */
  maxOpenOrders: number;
  /** How long a `pending` or `awaiting_approval` order holds its stock before it expires (B2B §4). */
  orderHoldMinutes: number;
  /** RETURN_DAYS (B2B §14): whole days after delivery units may be asked back; 0: no returns. */
  returnDays: number;
  /** How long a catalogue search may run before it is stopped with 503 search_timeout (docs/architecture.md). */
  searchBudgetMs: number;
  /** Sign-in and sign-up attempts one client address may make a minute (docs/product.md §3). */
  authAttemptsPerMinute: number;
  mail: MailConfig;
  /** Webhook receivers on loopback and private networks are allowed (B2B §9; tests, private networks). */
  webhookAllowPrivate: boolean;
  /** STAFF_2FA: whether staff accounts must have two-step sign-in on to make staff calls (B2B §15). */
  staffTwoFactor: 'optional' | 'required';
}

/** Outgoing mail (B2B §6): SMTP when `smtpUrl` is set, otherwise `.eml` files in `dir`. */
export interface MailConfig {
  smtpUrl: string | undefined;
  /** The From header: an address, or a name and <address>. */
  from: string;
  /** Absolute. */
  dir: string;
  /** SHOP_NOTIFY_EMAIL: the shop's own mailbox, told of every new order (B2B §11); none when unset. */
  shopNotify?: string | undefined;
}

/** A folder of local state and the setting (or settings) that put it there. */
export interface LocalFolder {
  setting: string;
  path: string;
}

export class ConfigError extends Error {}

/** Empty strings count as unset, as in most shells' `VAR= cmd`. */
function present(env: Record<string, string | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(env)) if (value !== undefined && value !== '') out[key] = value;
  return out;
}

/** The domain of the default From address: PUBLIC_URL's host name (not an IP address), else `localhost`. */
function mailDomain(publicUrl: string | undefined): string {
  const host = publicUrl ? new URL(publicUrl).hostname : 'localhost';
  return /^[\d.]+$|^\[/.test(host) ? 'localhost' : host;
}

/**
 * TRUST_PROXY as Fastify's trustProxy. Never `true`: that would make the leftmost X-Forwarded-For entry, which the
 * client writes, the client address; `true` here means the one proxy nearest to the app.
 */
function trustedHops(value: string): false | number | string[] {
  if (value === 'false') return false;
  if (value === 'true') return 1;
  if (/^\d+$/.test(value)) return Number(value) || false;
  return value.split(',').map((entry) => entry.trim());
}

/**
 * Config.trustProxy as Fastify's option. A hop count becomes a function: Fastify trusts nobody for a bare number, and
 * `(address, hop) => hop < n` is what proxy-addr does with one (hop 0 is the socket's peer, the nearest proxy). It
 * trusts the nearest n hops whoever they are, so the app must be reachable only through its proxies (docs/operations.md).
 */
export function trustProxyOption(
  trust: Config['trustProxy'],
): false | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
}

export function loadConfig(env: Record<string, string | undefined> = process.env, cwd = process.cwd()): Config {
  const parsed = envSchema.safeParse(present(env));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = issue?.path.join('.') ?? 'environment';
    throw new ConfigError(`Invalid configuration: ${name} ${issue?.message ?? 'is invalid'}`);
  }
  const e = parsed.data;
  const dataDir = resolve(cwd, e.DATA_DIR);
  const databaseUrl = e.DATABASE_URL ?? `file:${join(dataDir, 'store.db')}`;
  const database: DatabaseConfig = databaseUrl.startsWith('file:')
    ? { kind: 'sqlite', file: resolve(cwd, databaseUrl.slice('file:'.length)) }
    : { kind: 'postgres', url: databaseUrl };
  let s3: S3Config | undefined;
  try {
    s3 = s3ConfigFrom(e);
  } catch (error) {
    if (error instanceof S3ConfigError) throw new ConfigError(`Invalid configuration: ${error.message}`);
    throw error;
  }
  const uploadDir = resolve(cwd, e.UPLOAD_DIR ?? join(dataDir, 'uploads'));
  const mailDir = resolve(cwd, e.MAIL_DIR ?? join(dataDir, 'mail'));
  const localFolders: LocalFolder[] = [
    database.kind === 'sqlite' && {
      setting: e.DATABASE_URL ? 'DATABASE_URL' : 'DATA_DIR',
      path: dirname(database.file),
    },
    !e.AUTH_SECRET && { setting: 'DATA_DIR (the auth secret, as AUTH_SECRET is unset)', path: dataDir },
    !s3 && { setting: e.UPLOAD_DIR ? 'UPLOAD_DIR' : 'DATA_DIR', path: uploadDir },
    !e.SMTP_URL && { setting: e.MAIL_DIR ? 'MAIL_DIR' : 'DATA_DIR', path: mailDir },
  ].filter((folder): folder is LocalFolder => Boolean(folder));
  if (e.GOOGLE_CLIENT_ID && !e.GOOGLE_CLIENT_SECRET) {
    throw new ConfigError('Invalid configuration: GOOGLE_CLIENT_SECRET is required when GOOGLE_CLIENT_ID is set');
  }
  return {
    port: e.PORT,
    host: e.HOST,
    database,
    adminEmail: e.ADMIN_EMAIL,
    adminPassword: e.ADMIN_PASSWORD,
    authSecret: e.AUTH_SECRET,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    punchoutUnspsc: e.PUNCHOUT_UNSPSC,
    shopCountry: e.SHOP_COUNTRY,
    shopTaxId: e.SHOP_TAX_ID,
    google:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? {
            clientId: e.GOOGLE_CLIENT_ID,
            clientSecret: e.GOOGLE_CLIENT_SECRET,
            issuer: e.OIDC_ISSUER ?? 'https://accounts.google.com',
          }
        : undefined,
    stripe: e.STRIPE_SECRET_KEY
      ? {
          secretKey: e.STRIPE_SECRET_KEY,
          publishableKey: e.STRIPE_PUBLISHABLE_KEY,
          webhookSecret: e.STRIPE_WEBHOOK_SECRET,
        }
      : undefined,
    uploadDir,
    s3,
    redisUrl: e.REDIS_URL,
    seedDemo: e.SEED_DEMO === '1',
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    trustProxy: trustedHops(e.TRUST_PROXY),
    dataDir,
    logLevel: e.LOG_LEVEL,
    localFolders,
    metricsToken: e.METRICS_TOKEN,
    maxOpenOrders: e.MAX_OPEN_ORDERS,
    orderHoldMinutes: e.ORDER_HOLD_MINUTES,
    returnDays: e.RETURN_DAYS,
    searchBudgetMs: e.SEARCH_BUDGET_MS,
    authAttemptsPerMinute: e.AUTH_ATTEMPTS_PER_MINUTE,
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM ?? `Kestrel Components <no-reply@${mailDomain(e.PUBLIC_URL)}>`,
      dir: mailDir,
      shopNotify: e.SHOP_NOTIFY_EMAIL,
    },
    webhookAllowPrivate: e.WEBHOOK_ALLOW_PRIVATE === 'true',
    staffTwoFactor: e.STAFF_2FA,
  };
}
