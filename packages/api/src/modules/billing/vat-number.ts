// B2B §13's reverse charge needs to know offline whether a tax id is a well-formed VAT number of one EU member state:
// its two-letter prefix, that country's format and its check digits. jsvat (a maintained list of those rules) answers;
// this adapter is the one place that knows it, so the rule reads as `isVatNumberOf(country, taxId)`. No VIES call.
import {
  austria,
  belgium,
  bulgaria,
  checkVAT,
  croatia,
  cyprus,
  czechRepublic,
  denmark,
  estonia,
  finland,
  france,
  germany,
  greece,
  hungary,
  ireland,
  italy,
  latvia,
  lithuania,
  luxembourg,
  malta,
  netherlands,
  poland,
  portugal,
  romania,
  slovakiaRepublic,
  slovenia,
  spain,
  sweden,
  type Country,
} from 'jsvat';

/**
 * The EU member states by ISO alpha-2 code, each with its VAT rules. Greece is GR as a country and EL as a VAT prefix.
 */
const EU_MEMBERS: ReadonlyMap<string, { prefix: string; rules: Country }> = new Map(
  (
    [
      ['AT', austria],
      ['BE', belgium],
      ['BG', bulgaria],
      ['HR', croatia],
      ['CY', cyprus],
      ['CZ', czechRepublic],
      ['DK', denmark],
      ['EE', estonia],
      ['FI', finland],
      ['FR', france],
      ['DE', germany],
      ['GR', greece],
      ['HU', hungary],
      ['IE', ireland],
      ['IT', italy],
      ['LV', latvia],
      ['LT', lithuania],
      ['LU', luxembourg],
      ['MT', malta],
      ['NL', netherlands],
      ['PL', poland],
      ['PT', portugal],
      ['RO', romania],
      ['SK', slovakiaRepublic],
      ['SI', slovenia],
      ['ES', spain],
      ['SE', sweden],
    ] as const
  ).map(([code, rules]) => [code, { prefix: code === 'GR' ? 'EL' : code, rules }]),
);

/** Whether `country` (ISO alpha-2) is an EU member state. */
export function isEuMember(country: string): boolean {
  return EU_MEMBERS.has(country);
}

/**
 * Whether `taxId` is a well-formed VAT number of the EU member state `country`: it starts with that country's prefix
 * (spaces, dots and dashes between its characters allowed, as printed) and passes its format and check digits.
 */
export function isVatNumberOf(country: string, taxId: string): boolean {
  const member = EU_MEMBERS.get(country);
  if (!member) return false;
  const compact = taxId.replace(/[\s.-]/g, '').toUpperCase();
  if (!compact.startsWith(member.prefix)) return false;
  return checkVAT(compact, [member.rules]).isValid;
}
