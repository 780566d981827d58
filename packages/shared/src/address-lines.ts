// How a B2B §12 address reads as text, one owner for every place that prints it: SPEC's free-text `address` of an
// order placed with a ship-to (so its mails and PDFs), and the storefront's order pages and Manage All Orders.
// The city line follows the country's own habit: the US and Canada write "Boston, MA 02110"; most other countries
// (Germany, France, the Netherlands...) put the postal code first, "10115 Berlin".
export interface AddressParts {
  name: string | null;
  line1: string;
  line2: string | null;
  city: string;
  postalCode: string;
  region: string | null;
  country: string;
}

const CITY_FIRST = new Set(['US', 'CA']);

/** The city, region and postal code as one line, in the country's usual order. */
export function cityLine(a: Pick<AddressParts, 'city' | 'postalCode' | 'region' | 'country'>): string {
  if (CITY_FIRST.has(a.country)) {
    const cityRegion = a.region ? `${a.city}, ${a.region}` : a.city;
    return `${cityRegion} ${a.postalCode}`;
  }
  return [a.postalCode, a.city, a.region].filter(Boolean).join(' ');
}

/** The address on its lines: name, street lines, city line, country code; absent parts left out. */
export function addressLines(a: AddressParts): string[] {
  return [a.name, a.line1, a.line2, cityLine(a), a.country].filter((part): part is string => Boolean(part));
}
