// /dashboard/company (B2B §5): for a customer in no company, "Create a company"; for a member, the company's page:
// its details (owners edit them), the account (terms, credit, balance, what is due), the company's orders, the members and, for owners,
// invites. Owners change and remove members; buyers and viewers read the same page without those controls.
import { useState, type ReactNode } from 'react';
import type { Company } from '@kestrel/shared';
import { Link } from 'react-router';
import { ListState, PageTitle } from '../../../components/ui/page-title';
import { PageSpinner } from '../../../components/ui/spinner';
import { useAuth } from '../../../lib/auth-store';
import { useMyCompany } from '../api/get-my-company';
import { ROLE_LABELS } from '../company-checks';
import { CompanyDetailsPart } from './company-details-part';
import { CreateCompanyForm } from './create-company-form';
import { InvitesSection } from './invites-section';
import { MembersSection } from './members-section';

function Details({ company, roleLabel, owner }: { company: Company; roleLabel: string; owner: boolean }) {
  const [editing, setEditing] = useState(false);
  return (
    <section aria-labelledby="company-details-title" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="company-details-title" className="text-xl font-semibold">
          Details
        </h2>
        {owner && !editing ? (
          <button type="button" className="btn btn-outline btn-sm" onClick={() => setEditing(true)}>
            Edit details
          </button>
        ) : null}
      </div>
      {editing ? (
        <CompanyDetailsPart company={company} onDone={() => setEditing(false)} />
      ) : (
        <dl className="grid grid-cols-1 gap-x-6 gap-y-1 sm:grid-cols-[auto_1fr]">
          <dt className="text-sm font-medium">Name</dt>
          <dd className="break-words">{company.name}</dd>
          <dt className="text-sm font-medium">Tax ID</dt>
          <dd className="break-words">{company.taxId ?? 'None'}</dd>
          <dt className="text-sm font-medium">Billing address</dt>
          <dd className="break-words whitespace-pre-line">{company.billingAddress}</dd>
          <dt className="text-sm font-medium">Your role</dt>
          <dd>{roleLabel}</dd>
        </dl>
      )}
      {owner || editing ? null : <p className="text-sm">Only the company&apos;s owners change its details.</p>}
    </section>
  );
}

/**
 * `account`, `orders` and `locations` are other features' sections, shown to members (app/dashboard/company-page.tsx);
 * `locations` is given the members and whether the reader is an owner.
 */
export function CompanyPage({
  account,
  orders,
  locations,
}: {
  account: ReactNode;
  orders: ReactNode;
  locations?: (members: Company['members'], owner: boolean) => ReactNode;
}) {
  const { user } = useAuth();
  const { data: company, isPending, isError, error } = useMyCompany();

  if (isPending) return <PageSpinner label="Loading your company" />;
  if (isError) {
    return (
      <>
        <PageTitle>Company</PageTitle>
        <ListState alert>{error.message}</ListState>
      </>
    );
  }
  if (!company) {
    return (
      <>
        <PageTitle lead="Order as a team: colleagues see the company's orders, owners approve large orders, and the shop can give your company payment terms and its own prices.">
          Company
        </PageTitle>
        <p className="mb-4 max-w-xl">
          You are not in a company. Create one and you become its owner, then invite your colleagues. To join your
          company&apos;s existing account, ask one of its owners for an invite: it comes by e-mail.
        </p>
        <CreateCompanyForm />
      </>
    );
  }

  const me = company.members.find((member) => member.userId === user?._id);
  const owner = me?.role === 'owner';
  return (
    <>
      <PageTitle
        lead={`You are ${me ? `a${me.role === 'owner' ? 'n' : ''} ${me.role}` : 'a member'} of ${company.name}.`}
      >
        Company
      </PageTitle>
      <div className="flex flex-col gap-10">
        <Details company={company} roleLabel={me ? ROLE_LABELS[me.role] : 'Member'} owner={owner} />
        {account}
        {orders}
        <MembersSection company={company} me={user?._id ?? ''} owner={owner} />
        {locations?.(company.members, owner)}
        {owner ? <InvitesSection /> : null}
        {owner ? (
          <p className="text-sm">
            Orders above a buyer&apos;s spending limit wait in{' '}
            <Link to="/dashboard/approvals" className="link">
              Approvals
            </Link>
            .
          </p>
        ) : null}
      </div>
    </>
  );
}
