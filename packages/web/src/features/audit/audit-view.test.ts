import { describe, expect, it } from 'vitest';
import { auditRequestQuery, auditViewQuery, readAuditView } from './audit-view';

describe('the Audit page view in the address', () => {
  it('reads the filters the API accepts and writes them back in one order', () => {
    const view = readAuditView(
      new URLSearchParams('to=2026-03-31&actor=boss%40example.com&page=3&action=order.shipped'),
    );
    expect(view).toEqual({
      filters: {
        actor: 'boss@example.com',
        action: 'order.shipped',
        targetType: '',
        targetId: '',
        from: '',
        to: '2026-03-31',
      },
      page: 3,
    });
    expect(auditViewQuery(view)).toBe('actor=boss%40example.com&action=order.shipped&to=2026-03-31&page=3');
    expect(auditRequestQuery({ ...view, page: 1 })).toBe(
      'actor=boss%40example.com&action=order.shipped&to=2026-03-31&pageSize=25',
    );
  });

  it('drops what the API would refuse: a bad action, a bad date, from after to, a bad page', () => {
    expect(readAuditView(new URLSearchParams('action=DROP&from=2026-02-30&page=-2'))).toEqual({
      filters: { actor: '', action: '', targetType: '', targetId: '', from: '', to: '' },
      page: 1,
    });
    expect(readAuditView(new URLSearchParams('from=2026-04-02&to=2026-04-01')).filters).toMatchObject({
      from: '',
      to: '',
    });
  });
});
