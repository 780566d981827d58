// One order on a page of its own (B2B §11): the buyer's (/dashboard/orders/{id}) and the admin's
// (/dashboard/manage-orders/{id}). Lines, history, note, PO number, documents and the actions its status allows.
// Grid cells take min-w-0; at phone width the lines are cards (components/ui/line-table), so nothing scrolls sideways.
import { useState, type ComponentType, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { deletedMessage, type Order } from '@kestrel/shared';
import { LineTable } from '../../../components/ui/line-table';
import { ListState, PageTitle } from '../../../components/ui/page-title';
import { PageSpinner } from '../../../components/ui/spinner';
import { useOrderingRefusal } from '../../../lib/company-role';
import { formatCount } from '../../../lib/count';
import { formatDollars } from '../../../lib/money';
import { notify } from '../../../lib/notify';
import { ApprovalNotice } from './approval-notice';
import { useOrder } from '../../../lib/order-query';
import { AdminOrderActions, PaymentState, type AdminDialog } from './admin-order-actions';
import { BuyerOrderActions, PaymentCell } from './buyer-order-actions';
import { CancelOrderModal } from './cancel-order-modal';
import { DeleteOrderModal } from './delete-order-modal';
import { MarkPaidModal } from './mark-paid-modal';
import { CreditNotesSummary, DocumentDownloads } from './order-documents';
import { OrderFacts } from './order-facts';
import { ShipToRow } from './ship-to-row';
import { StatusBadge, formatTime, statusLabel } from './order-status';
import { ShipOrderModal } from './ship-order-modal';
import { OrderShipments } from './order-shipments';
import { taxLabel } from '../../../lib/tax-label';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="min-w-0 rounded-box border border-base-300 bg-base-100 p-5" aria-label={title}>
      <h2 className="mb-2 text-lg font-semibold">{title}</h2>
      {children}
    </section>
  );
}

/**
 * B2B §14's units per line, shown once anything shipped, was cancelled or came back: an order that has not left the
 * warehouse keeps §3's five columns.
 */
const PROGRESS = [
  { label: 'Shipped', of: (l: Order['lines'][number]) => l.shippedQuantity },
  { label: 'Cancelled', of: (l: Order['lines'][number]) => l.cancelledQuantity },
  { label: 'Returned', of: (l: Order['lines'][number]) => l.returnedQuantity },
] as const;

function LinesTable({ order }: { order: Order }) {
  const progress = PROGRESS.filter(
    (column) => (column.label === 'Shipped' && order.shipments.length > 0) || order.lines.some((l) => column.of(l) > 0),
  );
  const before = 3 + progress.length;
  return (
    <LineTable
      label="Order lines"
      caption={`Lines of order ${order.number}`}
      compact
      columns={[
        { label: 'SKU' },
        { label: 'Part' },
        { label: 'Quantity', numeric: true },
        ...progress.map((column) => ({ label: column.label, numeric: true })),
        { label: 'Unit price', numeric: true },
        { label: 'Line total', numeric: true },
      ]}
    >
      <tbody>
        {order.lines.map((line, index) => (
          <tr key={`${line.sku}-${index}`}>
            <td className="font-mono break-all" data-label="SKU">
              {line.sku}
            </td>
            <td className="break-words" data-label="Part">
              {line.name}
            </td>
            <td className="text-right tabular-nums" data-label="Quantity">
              {formatCount(line.quantity)}
            </td>
            {progress.map((column) => (
              <td key={column.label} className="text-right tabular-nums" data-label={column.label}>
                {formatCount(column.of(line))}
              </td>
            ))}
            <td className="text-right tabular-nums" data-label="Unit price">
              {formatDollars(line.unitPrice)}
            </td>
            <td className="text-right tabular-nums" data-label="Line total">
              {formatDollars(line.lineTotal)}
            </td>
          </tr>
        ))}
      </tbody>
      <tfoot className="text-base-content">
        {/* B2B §13: the net subtotal and the tax the order was placed with, then its total. */}
        <tr>
          <th scope="row" colSpan={before + 1} className="text-right font-normal">
            Subtotal
          </th>
          <td className="text-right tabular-nums">{formatDollars(order.subtotal)}</td>
        </tr>
        <tr>
          <th scope="row" colSpan={before + 1} className="text-right font-normal">
            {taxLabel(order)}
          </th>
          <td className="text-right tabular-nums">{formatDollars(order.taxTotal)}</td>
        </tr>
        <tr>
          <th scope="row" colSpan={before + 1} className="text-right">
            Total
          </th>
          <td className="text-right font-semibold tabular-nums">{formatDollars(order.price)}</td>
        </tr>
      </tfoot>
    </LineTable>
  );
}

function OrderDetails({ order, admin }: { order: Order; admin: boolean }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
      <dt className="font-medium">Placed</dt>
      <dd>
        <time dateTime={order.createdAt}>{formatTime(order.createdAt)}</time>
      </dd>
      <dt className="font-medium">PO number</dt>
      <dd className="break-words">{order.poNumber ?? 'None'}</dd>
      {admin ? (
        <>
          <dt className="font-medium">Customer</dt>
          <dd className="break-all">
            {order.userName} ({order.email})
          </dd>
        </>
      ) : null}
      <dt className="font-medium">Phone</dt>
      <dd>{order.phone}</dd>
      <ShipToRow order={order} />
      <dt className="font-medium">Payment</dt>
      <dd>
        <PaymentState order={order} />
      </dd>
      <dt className="font-medium">Note</dt>
      <dd className="break-words whitespace-pre-line">{order.note ?? 'None'}</dd>
    </dl>
  );
}

function History({ order }: { order: Order }) {
  // An on-account payment changes no status, so its step (issue 47: with the reference recorded) is added by its time.
  const paid =
    order.paidAt && order.paymentTerms === 'account'
      ? [{ label: `Paid${order.paidReference ? `, reference ${order.paidReference}` : ''}`, at: order.paidAt }]
      : [];
  const steps = [...order.statusHistory.map((s) => ({ label: statusLabel(s.status), at: s.at })), ...paid].sort(
    (a, b) => a.at.localeCompare(b.at),
  );
  return (
    <ol className="flex flex-col gap-1 text-sm">
      {steps.map((step, index) => (
        <li key={`${step.label}-${index}`} className="break-words">
          {step.label}: <time dateTime={step.at}>{formatTime(step.at)}</time>
        </li>
      ))}
    </ol>
  );
}

/** What the app composes into the page from other features: the order's returns (B2B §14). */
export interface OrderPageParts {
  returns?: ComponentType<{ order: Order; admin: boolean }>;
}

export function OrderPage({ admin, returns: Returns }: { admin: boolean } & OrderPageParts) {
  const { id = '' } = useParams();
  const { data: order, isPending, isError, error } = useOrder(id);
  const [dialog, setDialog] = useState<AdminDialog>(null);
  const [deleting, setDeleting] = useState<Order | null>(null);
  const [cancelling, setCancelling] = useState<Order | null>(null);
  const close = () => setDialog(null);
  const showing = (kind: NonNullable<AdminDialog>['kind']) => (dialog?.kind === kind ? dialog.order : null);
  const back = admin ? '/dashboard/manageorder' : '/dashboard/myorder';
  const refusal = useOrderingRefusal();

  if (isPending) return <PageSpinner label="Loading the order" />;
  if (isError) {
    return (
      <>
        <PageTitle>Order</PageTitle>
        <ListState alert>{error.message}</ListState>
      </>
    );
  }
  return (
    <>
      <PageTitle lead={`${order.itemName}, ${formatDollars(order.price)}`}>{`Order ${order.number}`}</PageTitle>
      <p className="-mt-4 mb-4 flex flex-wrap items-center gap-3 text-sm">
        <StatusBadge status={order.status} />
        <Link to={back} className="link">
          {admin ? 'Back to Manage All Orders' : 'Back to My Order'}
        </Link>
      </p>
      <div className="grid gap-4 lg:grid-cols-2">
        <Section title="Details">
          <ApprovalNotice order={order} />
          <OrderDetails order={order} admin={admin} />
          <OrderFacts order={order} besideDetails documentButtons={!admin} />
        </Section>
        <Section title="Actions">
          {admin ? (
            // The documents' downloads too (#47): the Documents section below points here.
            <div className="flex flex-col gap-3">
              <AdminOrderActions order={order} open={setDialog} />
              <DocumentDownloads order={order} />
            </div>
          ) : (
            <div className="flex flex-col gap-3">
              {refusal ? <p className="text-sm">{refusal}</p> : null}
              <PaymentCell order={order} onDelete={setDeleting} />
              <BuyerOrderActions order={order} onCancel={setCancelling} />
            </div>
          )}
        </Section>
        <div className="min-w-0 lg:col-span-2">
          <Section title="Lines">
            <LinesTable order={order} />
          </Section>
        </div>
        <div className="min-w-0 lg:col-span-2">
          <Section title="Shipments">
            <OrderShipments order={order} admin={admin} />
          </Section>
        </div>
        {Returns ? (
          <div className="min-w-0 lg:col-span-2">
            <Section title="Returns">
              <Returns order={order} admin={admin} />
            </Section>
          </div>
        ) : null}
        <Section title="History">
          <History order={order} />
        </Section>
        <Section title="Documents">
          {order.invoiceNumber ? (
            <p className="text-sm">Invoice {order.invoiceNumber}: download it with the actions above.</p>
          ) : (
            <p className="text-sm">The invoice comes once the order is paid or confirmed on account.</p>
          )}
          <CreditNotesSummary order={order} />
        </Section>
      </div>
      <ShipOrderModal order={showing('ship')} onClose={close} />
      <MarkPaidModal order={showing('mark-paid')} onClose={close} />
      <CancelOrderModal
        order={showing('cancel') ?? cancelling}
        onClose={() => {
          close();
          setCancelling(null);
        }}
      />
      <DeleteOrderModal
        order={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={(deleted) => notify.success(deletedMessage(deleted.itemName))}
      />
    </>
  );
}
