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

export function orderLink(publicUrl: string): string {
  return `${publicUrl}/dashboard/myorder`;
}

/** `Order {id} {what} (PO {po})`: the subject of every message about an order. */
export function orderSubject(m: { orderId: string; poNumber: string | null }, what: string): string {
  return `Order ${m.orderId} ${what}${m.poNumber ? ` (PO ${m.poNumber})` : ''}`;
}
