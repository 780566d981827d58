import { PageTitle } from '../../../components/ui/page-title';
import { QuotesList } from './quotes-list';

/** The buyer's quotes (B2B §10): their own and, in a company, the company's. */
export function MyQuotesPage() {
  return (
    <>
      <PageTitle lead="Prices you asked the shop for, and its offers: accept one to turn it into an order.">
        My Quotes
      </PageTitle>
      <QuotesList admin={false} />
    </>
  );
}
