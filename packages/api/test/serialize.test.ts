// Answers leave through their response schemas: what a schema does not name never goes out.
import { orderSchema, productSchema } from '@kestrel/shared';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compileSerializer } from '../src/infra/http/serialize.js';

const order = {
  _id: '0123456789abcdef01234567',
  number: 'SO-2026-000001',
  productId: null,
  itemName: 'Fan',
  inputQuantity: 10,
  quantity: 10,
  email: 'a@example.com',
  userName: 'A',
  phone: '1',
  address: 'Street 1',
  price: 12.5,
  paid: false,
  transactionId: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  lines: [
    {
      productId: null,
      sku: 'KC-FAN',
      name: 'Fan',
      quantity: 10,
      unitPrice: 1.25,
      lineTotal: 12.5,
      shippedQuantity: 0,
      cancelledQuantity: 0,
      returnedQuantity: 0,
    },
  ],
  poNumber: null,
  note: 'Leave at the gate',
  status: 'pending',
  statusHistory: [{ status: 'pending', at: '2026-01-01T00:00:00.000Z' }],
  paymentTerms: 'card',
  dueDate: null,
  expiresAt: null,
  carrier: null,
  trackingNumber: null,
  shipments: [],
  invoiceNumber: null,
  companyId: null,
  refunded: false,
  cancelReason: null,
  creditNoteNumber: null,
  quoteId: null,
  source: 'web',
  shipTo: null,
  subtotal: 12.5,
  taxName: null,
  taxRate: 0,
  taxTotal: 0,
  reverseCharge: false,
  taxExemptionId: null,
  updatedAt: '2026-01-01T00:00:00.000Z',
};

describe('compileSerializer', () => {
  it('writes exactly the fields the schema names, dropping anything else', () => {
    const serialize = compileSerializer(orderSchema);
    const leaked = { ...order, user_id: 'secret-row-field', password_hash: 'argon2...' };
    expect(JSON.parse(serialize(leaked))).toEqual(order);
    expect(serialize(leaked)).not.toContain('secret');
  });

  it('writes nullable fields both ways, in arrays too', () => {
    const serialize = compileSerializer(orderSchema.array());
    const paid = { ...order, productId: 'abcdefabcdefabcdefabcdef', paid: true, transactionId: 'pi_1' };
    expect(JSON.parse(serialize([order, paid]))).toEqual([order, paid]);
  });

  it('keeps a field whose name is a JSON Schema keyword', () => {
    const serialize = compileSerializer(z.object({ format: z.string(), pattern: z.number() }));
    expect(serialize({ format: 'csv', pattern: 2, extra: true })).toBe('{"format":"csv","pattern":2}');
  });

  it('refuses to send an answer that lacks a required field', () => {
    const serialize = compileSerializer(productSchema);
    expect(() => serialize({ _id: '0123456789abcdef01234567' })).toThrow(/required/);
  });
});
