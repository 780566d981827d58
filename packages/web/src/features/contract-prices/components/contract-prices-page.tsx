// TEMPORARY admin page for contract prices (B2B §5), until the admin company page (co-core's Companies page) exists:
// the company is picked by its id. At the merge, ContractPricesSection moves onto that page and this route goes.
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageTitle } from '../../../components/ui/page-title';
import { ContractPricesSection } from './contract-prices-section';

const COMPANY_ID = /^[0-9a-f]{24}$/;

export function ContractPricesPage() {
  const [params, setParams] = useSearchParams();
  const companyId = params.get('company') ?? '';
  const [draft, setDraft] = useState(companyId);
  return (
    <div className="flex flex-col gap-6">
      <PageTitle lead="Set what one company's members pay: a contract price per product, beside the list price.">
        Contract prices
      </PageTitle>
      <form
        className="flex flex-wrap items-end gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          setParams({ company: draft.trim() });
        }}
      >
        <label className="flex flex-col gap-1 text-sm">
          Company id
          <input className="input input-sm w-72 font-mono" value={draft} onChange={(e) => setDraft(e.target.value)} />
        </label>
        <button type="submit" className="btn btn-sm">
          Show
        </button>
      </form>
      {COMPANY_ID.test(companyId) ? <ContractPricesSection companyId={companyId} /> : null}
    </div>
  );
}
