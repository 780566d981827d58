// How messages write money and dates: US dollars with cents, and days in words (UTC), so no reader mistakes
// 03/04 for the 3rd of April.

// Each formatter is made by its first message, not when the module loads: making one reads ICU's locale data out of
// the node binary, about 8 MiB of resident pages a server that has sent no mail yet need not hold (bench/results/history.md).
let dollars: Intl.NumberFormat | undefined;
let days: Intl.DateTimeFormat | undefined;
let counts: Intl.NumberFormat | undefined;

export function money(cents: number): string {
  dollars ??= new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
  return dollars.format(cents / 100);
}

/** An ISO timestamp or YYYY-MM-DD day as "12 March 2026". */
export function day(iso: string): string {
  days ??= new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
  return days.format(new Date(iso));
}

/** A count of units with thousands separators: "12,500". */
export function units(quantity: number): string {
  counts ??= new Intl.NumberFormat('en-US');
  return counts.format(quantity);
}

/** The buyer's page of that order (B2B §11), or the order list when no order is named. */
export function orderLink(publicUrl: string, orderId?: string): string {
  return orderId ? `${publicUrl}/dashboard/orders/${orderId}` : `${publicUrl}/dashboard/myorder`;
}

/** What a message calls an order: its number (B2B §11); messages queued before numbers existed name the id. */
export interface NamedOrder {
  orderId: string;
  orderNumber?: string | undefined;
}
export function orderName(m: NamedOrder): string {
  return m.orderNumber ?? m.orderId;
}

/** `Order {number} {what} (PO {po})`: the subject of every message about an order. */
export function orderSubject(m: NamedOrder & { poNumber: string | null }, what: string): string {
  return `Order ${orderName(m)} ${what}${m.poNumber ? ` (PO ${m.poNumber})` : ''}`;
}
