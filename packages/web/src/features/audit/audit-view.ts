// The Audit page's view, kept in the address (?actor=&action=&targetType=&targetId=&from=&to=&page=) so a reload, a
// shared link, back and forward show the same entries. Only values the API accepts are read; others are dropped.
import { AUDIT_FILTER_FIELDS, auditFilterFormSchema, type AuditFilterForm } from '@kestrel/shared';

export interface AuditView {
  filters: AuditFilterForm;
  page: number;
}

export const AUDIT_PAGE_SIZE = 25;

export const NO_FILTERS: AuditFilterForm = { actor: '', action: '', targetType: '', targetId: '', from: '', to: '' };

export function readAuditView(params: URLSearchParams): AuditView {
  const filters = { ...NO_FILTERS };
  for (const field of AUDIT_FILTER_FIELDS) {
    const value = params.get(field) ?? '';
    const checked = auditFilterFormSchema.safeParse({ ...NO_FILTERS, [field]: value });
    if (checked.success) filters[field] = value;
  }
  if (!auditFilterFormSchema.safeParse(filters).success) {
    filters.from = '';
    filters.to = '';
  }
  const page = Number(params.get('page') ?? '1');
  return { filters, page: Number.isInteger(page) && page >= 1 && page <= 1_000 ? page : 1 };
}

/** The view as a query string, empty filters and page 1 left out (the same view always makes the same string). */
export function auditViewQuery(view: AuditView): string {
  const params = new URLSearchParams();
  for (const field of AUDIT_FILTER_FIELDS) if (view.filters[field]) params.set(field, view.filters[field]);
  if (view.page > 1) params.set('page', String(view.page));
  return params.toString();
}

/** What the API is asked: the view plus the page size. */
export function auditRequestQuery(view: AuditView): string {
  const query = auditViewQuery(view);
  return `${query ? `${query}&` : ''}pageSize=${AUDIT_PAGE_SIZE}`;
}
