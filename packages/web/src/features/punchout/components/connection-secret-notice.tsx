import type { PunchoutConnectionCreated } from '@kestrel/shared';
import { OneTimeSecret } from '../../../components/ui/one-time-secret';
import { ConnectionAddresses } from './connection-addresses';

/** The new connection's shared secret, shown this once (the shop keeps only its hash), with what to give the customer. */
export function ConnectionSecretNotice({
  created,
  onDone,
}: {
  created: PunchoutConnectionCreated;
  onDone: () => void;
}) {
  return (
    <OneTimeSecret
      title={`Connection ${created.name} added: copy its shared secret now`}
      level={2}
      explanation="The shared secret is shown only once: the shop keeps no copy it could show again. Give it to the customer with the addresses below; a lost secret means deleting this connection and adding a new one."
      secret={created.sharedSecret}
      label={`Shared secret of ${created.name}`}
      onDone={onDone}
    >
      <ConnectionAddresses connection={created} />
    </OneTimeSecret>
  );
}
