import { describe, expect, it } from 'vitest';
import { returnableLines } from './returnable';

const lines = [
  { productId: 'p1', sku: 'A-1', name: 'Bracket' },
  { productId: 'p2', sku: 'B-2', name: 'Screw' },
];
const shipment = (deliveredAt: string | null, quantities: [string, number][]) => ({
  deliveredAt,
  lines: quantities.map(([productId, quantity]) => ({ productId, sku: productId, quantity })),
});
const rma = (
  status: 'requested' | 'authorized' | 'rejected' | 'received',
  productId: string,
  quantity: number,
  receivedQuantity = 0,
) => ({
  orderId: 'o1',
  status,
  lines: [{ productId, quantity, receivedQuantity }],
});

describe('returnableLines', () => {
  it('offers the units of delivered shipments only', () => {
    const order = {
      _id: 'o1',
      lines,
      shipments: [
        shipment('2026-12-01T10:00:00Z', [['p1', 4]]),
        shipment(null, [
          ['p1', 6],
          ['p2', 10],
        ]),
      ],
    };
    expect(returnableLines(order, [])).toEqual([{ productId: 'p1', sku: 'A-1', name: 'Bracket', max: 4 }]);
  });

  it('takes off what open returns ask and what received ones got back, not what was rejected or not received', () => {
    const order = {
      _id: 'o1',
      lines,
      shipments: [
        shipment('2026-12-01T10:00:00Z', [
          ['p1', 10],
          ['p2', 10],
        ]),
      ],
    };
    const returns = [
      rma('requested', 'p1', 3),
      rma('rejected', 'p1', 5),
      rma('received', 'p2', 4, 1),
      rma('authorized', 'p2', 2),
    ];
    expect(returnableLines(order, returns).map((line) => [line.productId, line.max])).toEqual([
      ['p1', 7],
      ['p2', 7],
    ]);
  });

  it('leaves out a line with nothing left and a deleted product, and ignores the returns of another order', () => {
    const order = {
      _id: 'o1',
      lines: [...lines, { productId: null, sku: 'GONE', name: 'Deleted' }],
      shipments: [
        shipment('2026-12-01T10:00:00Z', [
          ['p1', 2],
          ['p2', 2],
        ]),
      ],
    };
    const returns = [rma('authorized', 'p1', 2), { ...rma('requested', 'p2', 2), orderId: 'o2' }];
    expect(returnableLines(order, returns).map((line) => line.productId)).toEqual(['p2']);
  });
});
