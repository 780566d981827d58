import { lazyComponent } from '../../../components/ui/lazy-component';
import { Spinner } from '../../../components/ui/spinner';
import type { CompanyDetailsFormProps } from './company-details-form';

/**
 * The owner's edit form as a part loaded when opened: members who only read the page never download the form library.
 * A failed or timed-out load offers a retry (lazyComponent).
 */
export const CompanyDetailsPart = lazyComponent<CompanyDetailsFormProps>(
  () => import('./company-details-form').then((m) => m.CompanyDetailsForm),
  <Spinner label="Loading the form" />,
);
