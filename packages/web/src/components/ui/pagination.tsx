import { Link } from 'react-router';
import { pageWindow } from '../../lib/page-window';

interface PaginationProps {
  page: number;
  pageCount: number;
  /** The address of a page; every page is a real link, so it can be opened in a new tab or shared. */
  href: (page: number) => string;
  /** Called when one of the links is followed (the page moves focus to the top of the results). */
  onNavigate?: () => void;
  label?: string;
}

const button = 'btn btn-sm';

/**
 * Previous, the page numbers and next, as links in a navigation landmark; the current page is marked with
 * aria-current. A phone has no room for the numbers: it shows "Page X of Y" between previous and next instead.
 */
export function Pagination({ page, pageCount, href, onNavigate, label = 'Pagination' }: PaginationProps) {
  if (pageCount <= 1) return null;
  const edge = (to: number, text: string, enabled: boolean) =>
    enabled ? (
      <Link to={href(to)} className={button} onClick={onNavigate} rel={text === 'Next' ? 'next' : 'prev'}>
        {text}
      </Link>
    ) : (
      <span className={`${button} btn-disabled`} aria-disabled="true">
        {text}
      </span>
    );
  return (
    <nav aria-label={label} className="mt-8 flex flex-wrap items-center justify-center gap-2">
      {edge(page - 1, 'Previous', page > 1)}
      <ul className="hidden items-center gap-1 sm:flex">
        {pageWindow(page, pageCount).map((item, index) =>
          item === 'gap' ? (
            <li key={`gap-${index}`} aria-hidden="true" className="px-1">
              …
            </li>
          ) : (
            <li key={item}>
              <Link
                to={href(item)}
                className={`${button} ${item === page ? 'btn-primary' : 'btn-ghost'}`}
                aria-current={item === page ? 'page' : undefined}
                aria-label={`Page ${item}`}
                onClick={onNavigate}
              >
                {item}
              </Link>
            </li>
          ),
        )}
      </ul>
      <p className="px-2 text-sm sm:hidden">
        Page {page} of {pageCount}
      </p>
      {edge(page + 1, 'Next', page < pageCount)}
    </nav>
  );
}
