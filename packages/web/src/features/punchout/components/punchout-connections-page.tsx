// The administrator's Punch-out connections (B2B §17): one per customer system, each for a company and acting as one
// of its owners or buyers. The companies to choose from come from the app (the admin-companies feature owns them).
import type { PunchoutConnectionCreated } from '@kestrel/shared';
import { useState } from 'react';
import { ListState, PageTitle } from '../../../components/ui/page-title';
import { PageSpinner } from '../../../components/ui/spinner';
import { usePunchoutConnections } from '../api/get-punchout-connections';
import { ConnectionItem } from './connection-item';
import { ConnectionSecretNotice } from './connection-secret-notice';
import { CreateConnectionForm, type CompanyChoice } from './create-connection-form';

export function PunchoutConnectionsPage({ companies }: { companies: CompanyChoice[] }) {
  const { data, isPending, isError, error } = usePunchoutConnections();
  const [created, setCreated] = useState<PunchoutConnectionCreated | null>(null);
  return (
    <div className="flex flex-col gap-6">
      <PageTitle lead="Customers whose procurement system (SAP Ariba, Coupa, SAP SRM) opens the shop: the buyer fills a cart at the company's prices and transfers it back for approval there; the approved purchase order arrives as an order.">
        Punch-out connections
      </PageTitle>
      {created ? <ConnectionSecretNotice created={created} onDone={() => setCreated(null)} /> : null}
      <CreateConnectionForm companies={companies} onCreated={setCreated} />
      <section aria-labelledby="connections-title" className="flex flex-col gap-3">
        <h2 id="connections-title" className="text-xl font-semibold">
          Connections
        </h2>
        {isPending ? <PageSpinner label="Loading the connections" /> : null}
        {isError ? <ListState alert>{error.message}</ListState> : null}
        {data && data.length === 0 ? <ListState>No connections yet.</ListState> : null}
        {data && data.length > 0 ? (
          <ul aria-label="Punch-out connections" className="flex flex-col gap-3">
            {data.map((connection) => (
              <ConnectionItem key={connection._id} connection={connection} />
            ))}
          </ul>
        ) : null}
      </section>
    </div>
  );
}
