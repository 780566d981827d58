// A migrated database of either kind and a mail service over it, with a clock the test moves and a log it reads.
import { migrate, openDatabase, type OpenDatabase } from '../../../src/infra/db/create-db.js';
import { createSealer } from '../../../src/infra/sealed.js';
import {
  createMailService,
  type MailService,
  type OutgoingMail,
  type RetryPolicy,
} from '../../../src/modules/mail/index.js';
import { createTestDatabase, type DatabaseKind, type TestDatabase } from '../../helpers/databases.js';
import { TEST_SECRET, testConfig } from '../../helpers/test-app.js';

export const SITE = { name: 'Kestrel Components', publicUrl: 'https://shop.example.com' };
export const FROM = 'Kestrel Components <orders@shop.example.com>';
/** The outbox's sealer as an app with the tests' AUTH_SECRET has it. */
export const SEALER = createSealer(TEST_SECRET, 'mail-outbox');

export interface LogLine {
  level: 'warn' | 'error';
  details: Record<string, unknown>;
  message: string;
}

export interface MailFixture {
  db: TestDatabase;
  database: OpenDatabase;
  clock: { now: Date };
  logs: LogLine[];
  /** A mail service over this database: SMTP when smtpUrl is given, .eml files in db.dir/mail otherwise. */
  service(smtpUrl?: string, retry?: Partial<RetryPolicy>, database?: OpenDatabase): MailService;
  /** Another connection (pool, or SQLite handle) to the same database, as a second instance would have. */
  reopen(): Promise<OpenDatabase>;
  close(): Promise<void>;
}

export async function mailFixture(kind: DatabaseKind): Promise<MailFixture> {
  const db = await createTestDatabase(kind);
  const config = testConfig(db);
  const database = openDatabase(config.database);
  await migrate(database.db);
  const clock = { now: new Date('2026-03-02T09:00:00.000Z') };
  const logs: LogLine[] = [];
  const services: MailService[] = [];
  const opened: OpenDatabase[] = [database];
  return {
    db,
    database,
    clock,
    logs,
    service(smtpUrl, retry = {}, on = database) {
      const service = createMailService({
        database: on,
        config: { ...config.mail, smtpUrl, from: FROM },
        site: SITE,
        sealer: SEALER,
        now: () => clock.now,
        retry,
        log: {
          warn: (details, message) => logs.push({ level: 'warn', details: { ...details }, message }),
          error: (details, message) => logs.push({ level: 'error', details: { ...details }, message }),
        },
      });
      services.push(service);
      return service;
    },
    async reopen() {
      const another = openDatabase(config.database);
      opened.push(another);
      return another;
    },
    async close() {
      for (const s of services) await s.close();
      for (const o of opened) await o.db.destroy();
      await db.drop();
    },
  };
}

/** A password-reset message to `to`, keyed by `key`. */
export function resetMail(to: string, key: string, token = 'tok-123'): OutgoingMail {
  return { to, dedupeKey: key, content: { kind: 'password-reset', data: { name: 'Ada', token, validMinutes: 30 } } };
}

/** An order-shipped message for order `orderId`. */
export function shippedMail(to: string, orderId: string): OutgoingMail {
  return {
    to,
    dedupeKey: `order-shipped:${orderId}`,
    content: {
      kind: 'order-shipped',
      data: { orderId, buyerName: 'Ada Lovelace', poNumber: 'PO-7', carrier: 'DHL', trackingNumber: 'JD0146000' },
    },
  };
}
