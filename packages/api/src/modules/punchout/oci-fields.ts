// The cart as SAP OCI 4.0's NEW_ITEM fields (B2B §17): one set per line, numbered from 1, prices per 1 unit.
import { money, type OrderMessageLine } from './cxml-documents.js';

export function ociFields(lines: OrderMessageLine[]): Array<[string, string]> {
  return lines.flatMap((line, index): Array<[string, string]> => {
    const n = index + 1;
    return [
      [`NEW_ITEM-DESCRIPTION[${n}]`, line.name],
      [`NEW_ITEM-QUANTITY[${n}]`, String(line.quantity)],
      [`NEW_ITEM-UNIT[${n}]`, 'EA'],
      [`NEW_ITEM-PRICE[${n}]`, money(line.unitCents)],
      [`NEW_ITEM-PRICEUNIT[${n}]`, '1'],
      [`NEW_ITEM-CURRENCY[${n}]`, 'USD'],
      [`NEW_ITEM-VENDORMAT[${n}]`, line.sku],
      [`NEW_ITEM-EXT_PRODUCT_ID[${n}]`, line.productId],
    ];
  });
}
