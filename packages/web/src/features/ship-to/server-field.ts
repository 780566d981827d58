// Which form field a server refusal names (B2B §12: every address message starts with the field's path in the body,
// `address.line1 must be…`, `shipTo.address.region is required for US`, `label is required`), so the message is shown
// next to that field rather than above the form. Plain code without the country lists: the checkout uses it too.
export type AddressFormField =
  'title' | 'phone' | `address.${'name' | 'line1' | 'line2' | 'city' | 'postalCode' | 'region' | 'country'}`;

const FIELDS: Record<string, AddressFormField> = {
  name: 'title',
  label: 'title',
  phone: 'phone',
  'address.name': 'address.name',
  'address.line1': 'address.line1',
  'address.line2': 'address.line2',
  'address.city': 'address.city',
  'address.postalCode': 'address.postalCode',
  'address.region': 'address.region',
  'address.country': 'address.country',
};

export function serverField(message: string): AddressFormField | null {
  const part = /^(?:shipTo\.)?([\w.]+)/.exec(message)?.[1];
  return (part && FIELDS[part]) || null;
}
