// The punch-out bar (B2B §17), on every page of a punch-out session: it says where the cart goes and offers
// "Transfer cart". Its own part, loaded only in such a session, so the home page's scripts stay as they were.
import { TransferCartButton } from '../../components/transfer-cart-button';

export function PunchoutBar() {
  return (
    <aside
      aria-label="Punch-out"
      className="border-b border-info bg-info px-4 py-2 text-info-content"
      data-testid="punchout-bar"
    >
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-2">
        <p className="text-sm">
          <strong>Punch-out</strong>: you are shopping for your procurement system. Fill the cart, then transfer it back
          for approval there.
        </p>
        <TransferCartButton className="btn btn-sm" />
      </div>
    </aside>
  );
}
