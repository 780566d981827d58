// One company as the administrator reads it (B2B §5): tax id, billing address with its line breaks, and the members
// with their roles and spending limits. The owners manage members from their own dashboard; this is read-only.
import type { Company } from '@kestrel/shared';
import { formatDollars } from '../../../lib/money';

const roles: Record<Company['members'][number]['role'], string> = {
  owner: 'Owner',
  buyer: 'Buyer',
  viewer: 'Viewer',
};

export function CompanyDetails({ company }: { company: Company }) {
  return (
    <section aria-labelledby="company-details-title" className="flex flex-col gap-3">
      <h2 id="company-details-title" className="text-xl font-semibold">
        Details and members
      </h2>
      <dl className="grid grid-cols-1 gap-x-4 gap-y-1 sm:grid-cols-[10rem_1fr]">
        <dt className="text-sm font-medium">Tax id</dt>
        <dd className="break-all">{company.taxId ?? 'None given'}</dd>
        <dt className="text-sm font-medium">Billing address</dt>
        <dd className="whitespace-pre-line wrap-anywhere">{company.billingAddress}</dd>
      </dl>
      <div className="overflow-x-auto rounded-box border border-base-300 bg-base-100">
        <table className="table table-cards">
          <caption className="px-4 py-2 text-left font-semibold">
            {company.members.length} {company.members.length === 1 ? 'member' : 'members'}
          </caption>
          <thead className="text-base-content">
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Email</th>
              <th scope="col">Role</th>
              <th scope="col" className="text-right">
                Spending limit
              </th>
            </tr>
          </thead>
          <tbody>
            {company.members.map((member) => (
              <tr key={member.userId}>
                <th scope="row" data-label="Name" className="font-normal">
                  {member.name}
                </th>
                <td data-label="Email" className="break-all">
                  {member.email}
                </td>
                <td data-label="Role">{roles[member.role]}</td>
                <td data-label="Spending limit" className="text-right tabular-nums">
                  {member.spendingLimit === null ? 'None' : formatDollars(member.spendingLimit)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
