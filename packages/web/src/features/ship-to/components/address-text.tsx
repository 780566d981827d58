// An address on its lines, as the order documents print it (shared addressLines), for lists and cards.
import { addressLines, type AddressAnswer } from '@kestrel/shared';

export function AddressText({ address, phone }: { address: AddressAnswer; phone?: string | null }) {
  return (
    <address className="break-words whitespace-pre-line not-italic">
      {addressLines(address).join('\n')}
      {phone ? `\nPhone ${phone}` : null}
    </address>
  );
}
