import { Link } from 'react-router';
import { messages } from '@kestrel/shared';
import { useDocumentTitle } from '../../lib/use-document-title';

export function NotFoundPage() {
  useDocumentTitle(messages.notFoundPage);
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-24 text-center">
      <p className="text-6xl font-bold text-primary" aria-hidden="true">
        404
      </p>
      <h1 className="text-3xl font-semibold">{messages.notFoundPage}</h1>
      <p>The address may be mistyped, or the page has moved.</p>
      <Link to="/" className="btn btn-primary">
        Back to the home page
      </Link>
    </div>
  );
}
