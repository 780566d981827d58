import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../lib/use-document-title';

/** Every dashboard page opens with one h1 so screen-reader users land on a named page. */
export function PageTitle({ children, lead }: { children: ReactNode; lead?: string }) {
  useDocumentTitle(typeof children === 'string' ? children : 'Dashboard');
  return (
    <div className="mb-6">
      <h1 className="text-2xl font-semibold">{children}</h1>
      {lead ? <p className="mt-1">{lead}</p> : null}
    </div>
  );
}

/** The one way lists say they are loading, empty or failed. */
export function ListState({ children, alert = false }: { children: ReactNode; alert?: boolean }) {
  return (
    <p role={alert ? 'alert' : undefined} className="rounded-box border border-base-300 bg-base-100 p-6 text-center">
      {children}
    </p>
  );
}
