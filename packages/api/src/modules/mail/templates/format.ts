// How messages write money and dates: US dollars with cents, and days in words (UTC), so no reader mistakes
// 03/04 for the 3rd of April.

const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const days = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

export function money(cents: number): string {
  return dollars.format(cents / 100);
}

/** An ISO timestamp or YYYY-MM-DD day as "12 March 2026". */
export function day(iso: string): string {
  return days.format(new Date(iso));
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
