// The Integrations page's keys (B2B §9): the live keys with their scopes and last use, a form to create one (its key
// shown once), and revoke behind a confirmation. On a phone the rows stack as cards, so the page never scrolls sideways.
import { useState } from 'react';
import type { ApiKey } from '@kestrel/shared';
import { ListState } from '../../../components/ui/page-title';
import { Spinner } from '../../../components/ui/spinner';
import { useApiKeys } from '../api/get-api-keys';
import { CreateApiKeyForm } from './create-api-key-form';
import { RevokeApiKeyModal } from './revoke-api-key-modal';

const time = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const when = (iso: string) => time.format(new Date(iso));
const cell = 'max-md:block max-md:border-b-0 max-md:px-0 max-md:py-1';

function CellLabel({ children }: { children: string }) {
  return <span className="mr-1 font-medium md:hidden">{children}:</span>;
}

function KeyRow({ apiKey, onRevoke }: { apiKey: ApiKey; onRevoke: (key: ApiKey) => void }) {
  return (
    <tr className="max-md:block max-md:border-b max-md:border-base-300 max-md:py-3 max-md:last:border-b-0">
      <td className={`${cell} font-medium`}>{apiKey.name}</td>
      <td className={cell}>
        <CellLabel>Scopes</CellLabel>
        {apiKey.scopes.map((scope) => (
          <code key={scope} className="mr-2 whitespace-nowrap">
            {scope}
          </code>
        ))}
      </td>
      <td className={cell}>
        <CellLabel>Created</CellLabel>
        <time dateTime={apiKey.createdAt}>{when(apiKey.createdAt)}</time>
      </td>
      <td className={cell}>
        <CellLabel>Last used</CellLabel>
        {apiKey.lastUsedAt ? <time dateTime={apiKey.lastUsedAt}>{when(apiKey.lastUsedAt)}</time> : 'Never'}
      </td>
      <td className={`${cell} md:text-right`}>
        <button
          type="button"
          className="btn btn-outline btn-error btn-sm"
          aria-label={`Revoke ${apiKey.name}`}
          onClick={() => onRevoke(apiKey)}
        >
          Revoke
        </button>
      </td>
    </tr>
  );
}

export function ApiKeysSection() {
  const keys = useApiKeys();
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  return (
    <section aria-labelledby="api-keys-title" className="flex flex-col gap-4">
      <div>
        <h2 id="api-keys-title" className="text-xl font-semibold">
          API keys
        </h2>
        <p className="mt-1">
          Systems such as your ERP call the shop with <code>Authorization: Bearer kc_…</code>. A key makes only the
          calls its scopes name, as an administrator would.
        </p>
      </div>
      {keys.isPending ? <Spinner label="Loading the API keys" /> : null}
      {keys.isError ? <ListState alert>{keys.error.message}</ListState> : null}
      {keys.data?.length === 0 ? <ListState>No API keys yet.</ListState> : null}
      {keys.data && keys.data.length > 0 ? (
        <div className="w-full rounded-box border border-base-300 bg-base-100 max-md:px-4">
          <table className="table max-md:block">
            <caption className="sr-only">Live API keys</caption>
            <thead className="text-base-content max-md:hidden">
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Scopes</th>
                <th scope="col">Created</th>
                <th scope="col">Last used</th>
                <th scope="col">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="max-md:block">
              {keys.data.map((apiKey) => (
                <KeyRow key={apiKey._id} apiKey={apiKey} onRevoke={setRevoking} />
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <CreateApiKeyForm />
      <RevokeApiKeyModal apiKey={revoking} onClose={() => setRevoking(null)} />
    </section>
  );
}
