import { Suspense, lazy, useState } from 'react';
import { PartErrorBoundary } from '../../../components/ui/part-error-boundary';
import { Spinner } from '../../../components/ui/spinner';
import type { CompanyDetailsFormProps } from './company-details-form';

const loadForm = () => lazy(() => import('./company-details-form').then((m) => ({ default: m.CompanyDetailsForm })));

/**
 * The owner's edit form as a part loaded when opened: members who only read the page never download the form library.
 * A failed load offers a retry; React.lazy remembers failures, so a retry builds a fresh lazy component.
 */
export function CompanyDetailsPart(props: CompanyDetailsFormProps) {
  const [attempt, setAttempt] = useState(0);
  const [Form, setForm] = useState(loadForm);
  const retry = () => {
    setForm(loadForm);
    setAttempt((n) => n + 1);
  };
  return (
    <PartErrorBoundary key={attempt} onRetry={retry}>
      <Suspense fallback={<Spinner label="Loading the form" />}>
        <Form {...props} />
      </Suspense>
    </PartErrorBoundary>
  );
}
