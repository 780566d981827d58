// The company's members (B2B §5): e-mail, name, role and spending limit for every member; owners change a member's
// role and limit or remove them, each through a dialog. On a phone the rows stack as cards.
import { useState } from 'react';
import type { Company, CompanyMember } from '@kestrel/shared';
import { formatDollars } from '../../../lib/money';
import { ROLE_LABELS } from '../company-checks';
import { ChangeMemberModal, RemoveMemberModal } from './member-dialogs';

const cell = 'max-md:block max-md:px-4 max-md:py-1 max-md:before:font-medium max-md:before:content-[attr(data-label)]';

export function limitLabel(member: Pick<CompanyMember, 'role' | 'spendingLimit'>): string {
  if (member.role === 'viewer') return 'Cannot order';
  if (member.role === 'owner') return 'None (owners approve)';
  return member.spendingLimit === null ? 'None' : formatDollars(member.spendingLimit);
}

export function MembersSection({ company, me, owner }: { company: Company; me: string; owner: boolean }) {
  const [changing, setChanging] = useState<CompanyMember | null>(null);
  const [removing, setRemoving] = useState<CompanyMember | null>(null);
  return (
    <section aria-labelledby="members-title" className="flex flex-col gap-3">
      <h2 id="members-title" className="text-xl font-semibold">
        Members
      </h2>
      {owner ? null : <p className="text-sm">Only the company&apos;s owners change members and send invites.</p>}
      <div className="rounded-box border border-base-300 bg-base-100 md:overflow-x-auto">
        <table className="table max-md:block">
          <caption className="sr-only">Members of {company.name}</caption>
          <thead className="text-base-content max-md:sr-only">
            <tr>
              <th scope="col">Name</th>
              <th scope="col">E-mail</th>
              <th scope="col">Role</th>
              <th scope="col">Spending limit</th>
              {owner ? (
                <th scope="col">
                  <span className="sr-only">Actions</span>
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody className="max-md:block">
            {company.members.map((member) => (
              <tr key={member.userId} className="max-md:block max-md:border-b max-md:border-base-300 max-md:py-2">
                <th scope="row" className={`font-medium ${cell}`}>
                  {member.name}
                  {member.userId === me ? <span className="badge badge-outline badge-sm ml-2">You</span> : null}
                </th>
                <td className={`break-all ${cell}`} data-label="E-mail: ">
                  {member.email}
                </td>
                <td className={cell} data-label="Role: ">
                  {ROLE_LABELS[member.role]}
                </td>
                <td className={`tabular-nums ${cell}`} data-label="Spending limit: ">
                  {limitLabel(member)}
                </td>
                {owner ? (
                  <td className={cell}>
                    <div className="flex flex-wrap gap-2 md:justify-end">
                      <button
                        type="button"
                        className="btn btn-outline btn-sm"
                        aria-label={`Change ${member.name}'s role or limit`}
                        onClick={() => setChanging(member)}
                      >
                        Change
                      </button>
                      <button
                        type="button"
                        className="btn btn-outline btn-error btn-sm"
                        aria-label={member.userId === me ? `Leave ${company.name}` : `Remove ${member.name}`}
                        onClick={() => setRemoving(member)}
                      >
                        {member.userId === me ? 'Leave' : 'Remove'}
                      </button>
                    </div>
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ChangeMemberModal member={changing} onClose={() => setChanging(null)} />
      <RemoveMemberModal
        member={removing}
        companyName={company.name}
        self={removing?.userId === me}
        onClose={() => setRemoving(null)}
      />
    </section>
  );
}
