import { PageTitle } from '../../../components/ui/page-title';
import { QuotesList } from './quotes-list';

/** The shop's queue of quotes (B2B §10): requests waiting for an offer first. */
export function AdminQuotesPage() {
  return (
    <>
      <PageTitle lead="Requests waiting for an offer come first, oldest first.">Quotes</PageTitle>
      <QuotesList admin />
    </>
  );
}
