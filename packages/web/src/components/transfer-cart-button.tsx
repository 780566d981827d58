// "Transfer cart" (B2B §17): the punch-out's one way out. A cart with a line the server would refuse is not sent;
// the buyer is taken to the cart, where each such line says what is wrong.
import { useState } from 'react';
import { punchoutMessages } from '@kestrel/shared';
import { useNavigate } from 'react-router';
import { cartProblems, postTransfer } from '../lib/punchout-transfer';
import { notify } from '../lib/notify';
import { BusyButton } from './ui/busy-button';

export function TransferCartButton({ className = 'btn btn-primary' }: { className?: string }) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const transfer = async () => {
    setBusy(true);
    try {
      const problems = await cartProblems();
      if (problems > 0) {
        notify.error(punchoutMessages.cartHasProblems);
        void navigate('/cart');
        setBusy(false);
        return;
      }
      // The browser leaves the shop here; busy stays on until it does.
      postTransfer();
    } catch (error) {
      notify.error(error instanceof Error ? error.message : String(error));
      setBusy(false);
    }
  };
  return (
    <BusyButton busy={busy} className={className} onClick={() => void transfer()}>
      Transfer cart
    </BusyButton>
  );
}
