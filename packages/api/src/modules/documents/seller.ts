// Who issues the invoices: the seller block every invoice PDF prints (B2B §6).
export const SELLER = {
  name: 'Kestrel Components',
  address: ['1200 Foundry Way, Suite 400', 'Portland, OR 97209', 'United States'],
  taxId: 'EIN 93-4172058',
  email: 'billing@kestrel-components.example',
} as const;
