// The one builder of a test world: the real app on a fresh database, the admin signed in, the people a test needs
// signed up and the products it orders added through HTTP (as a shop gets them), and a company with its members
// arranged in the database when the test is about what companies do. Every shared world (the lifecycle's, the
// companies', the quotes', the lists', the returns', the webhooks') is a plan handed to it.
import type { NewProduct } from '../../src/modules/catalog/index.js';
import type { BuildOptions } from '../../src/app.js';
import type { CompanyRole } from '@kestrel/shared';
import type { DatabaseKind } from './databases.js';
import { ADMIN, addProduct, createTestApp, logIn, signUp, type SignedIn, type TestApp } from './test-app.js';

export interface WorldPlan<P extends string, U extends string> {
  /** Settings the app reads from its environment (a limit, a mail server). */
  env?: Record<string, string>;
  /** More of the app's build options (a clock, a resolver). */
  options?: BuildOptions;
  /** Who signs up, in this order: each by name and e-mail address (keys are names, not numbers, to keep the order). */
  people?: Record<U, readonly [name: string, email: string]>;
  /** What the admin adds, in this order, after the people. */
  products?: Record<P, Partial<NewProduct>>;
}

export interface BuiltWorld<P extends string, U extends string> {
  t: TestApp;
  admin: SignedIn;
  people: Record<U, SignedIn>;
  /** Each product's id. */
  products: Record<P, string>;
}

/** Builds the world a plan describes; entries are created one at a time so ids and mails come in the plan's order. */
export async function buildWorld<P extends string, U extends string>(
  kind: DatabaseKind,
  plan: WorldPlan<P, U>,
): Promise<BuiltWorld<P, U>> {
  const t = await createTestApp(kind, plan.env, plan.options);
  try {
    const admin = await logIn(t.app, ADMIN.email, ADMIN.password);
    const people = {} as Record<U, SignedIn>;
    for (const [key, [name, email]] of Object.entries(plan.people ?? {}) as [U, readonly [string, string]][]) {
      people[key] = await signUp(t.app, name, email);
    }
    const products = {} as Record<P, string>;
    for (const [key, fields] of Object.entries(plan.products ?? {}) as [P, Partial<NewProduct>][]) {
      products[key] = await addProduct(t.app, admin, fields);
    }
    return { t, admin, people, products };
  } catch (error) {
    // The test's afterAll never sees this app: its database is dropped here.
    await t.close();
    throw error;
  }
}

export interface CompanyPlan {
  id: string;
  name: string;
  paymentTerms: 'card' | 'net15' | 'net30' | 'net60';
  creditLimitCents: number | null;
  members: Array<{ who: SignedIn; role: CompanyRole; spendingLimitCents?: number | null }>;
}

const ARRANGED_AT = '2026-01-01T00:00:00.000Z';

/** A company and its members, written straight to the database (its own tests cover creating one through HTTP). */
export async function arrangeCompany(t: TestApp, company: CompanyPlan): Promise<void> {
  await t.app.db
    .insertInto('companies')
    .values({
      id: company.id,
      name: company.name,
      billing_address: '1 Dock Road',
      payment_terms: company.paymentTerms,
      credit_limit_cents: company.creditLimitCents,
      created_at: ARRANGED_AT,
      updated_at: ARRANGED_AT,
    })
    .execute();
  if (company.members.length === 0) return;
  await t.app.db
    .insertInto('company_members')
    .values(
      company.members.map(({ who, role, spendingLimitCents }) => ({
        user_id: who.id,
        company_id: company.id,
        role,
        spending_limit_cents: spendingLimitCents ?? null,
        joined_at: ARRANGED_AT,
      })),
    )
    .execute();
}
