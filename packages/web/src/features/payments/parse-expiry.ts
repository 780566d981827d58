// The Expiry field is typed as people read it off a card: "MM / YY" (also "MM/YY", "MMYY", "MM/YYYY").

export interface Expiry {
  month: number;
  year: number;
}

/**
 * Reads the month and year, or null when the text is not an expiry at all. Whether the date itself is acceptable
 * (a real month, not in the past) is the processor's call, so its message is the one the customer sees.
 */
export function parseExpiry(text: string): Expiry | null {
  const match = /^\s*(\d{1,2})\s*\/?\s*(\d{2}|\d{4})\s*$/.exec(text);
  if (!match?.[1] || !match[2]) return null;
  return { month: Number(match[1]), year: Number(match[2]) };
}

/** Adds the " / " as the customer types the digits, so "1230" reads "12 / 30". */
export function formatExpiryInput(text: string): string {
  const digits = text.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)} / ${digits.slice(2)}` : digits;
}
