import { describe, expect, it } from 'vitest';
import { parseOrderLines } from './parse-order-lines';

describe('parseOrderLines', () => {
  it('reads comma, tab and space separated lines and skips blank lines and a header', () => {
    const text = 'sku,quantity\nKC-CPU-K7, 2000\n\nkc-fan-120\t500\r\nKC-PSU-650   10\n"KC-X1";"3"';
    expect(parseOrderLines(text)).toEqual([
      { line: 2, text: 'KC-CPU-K7, 2000', sku: 'KC-CPU-K7', quantity: 2000, problem: null },
      { line: 4, text: 'kc-fan-120\t500', sku: 'KC-FAN-120', quantity: 500, problem: null },
      { line: 5, text: 'KC-PSU-650   10', sku: 'KC-PSU-650', quantity: 10, problem: null },
      { line: 6, text: '"KC-X1";"3"', sku: 'KC-X1', quantity: 3, problem: null },
    ]);
  });

  it('refuses a line without a quantity, with extra fields, or with a quantity that is not a whole number', () => {
    const lines = parseOrderLines('KC-CPU-K7\nKC-CPU-K7, 2, 3\nKC-CPU-K7, 2.5\nKC-CPU-K7, 0\nKC-CPU-K7, -4');
    expect(lines.map((l) => [l.line, l.quantity, l.problem])).toEqual([
      [1, null, 'expected a SKU and a quantity, like KC-CPU-K7, 2000'],
      [2, null, 'expected a SKU and a quantity, like KC-CPU-K7, 2000'],
      [3, null, 'quantity must be a whole number'],
      [4, null, 'quantity must be a whole number'],
      [5, null, 'quantity must be a whole number'],
    ]);
  });

  it('treats sku,quantity as a header only on the first line', () => {
    expect(parseOrderLines('KC-A1, 5\nsku,quantity')[1]?.problem).toBe('quantity must be a whole number');
  });
});
