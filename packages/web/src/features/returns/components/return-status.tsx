import type { ReturnStatus } from '@kestrel/shared';

const LABELS: Record<ReturnStatus, string> = {
  requested: 'Requested',
  authorized: 'Authorized',
  rejected: 'Rejected',
  received: 'Received',
};
// The word carries the meaning; the colour only groups it, with badge styles the shop already uses.
const TONES: Record<ReturnStatus, string> = {
  requested: 'badge-outline',
  authorized: 'badge-primary',
  rejected: 'badge-neutral',
  received: 'badge-success',
};

export function returnStatusLabel(status: ReturnStatus): string {
  return LABELS[status];
}

export function ReturnStatusBadge({ status }: { status: ReturnStatus }) {
  return <span className={`badge badge-sm whitespace-nowrap ${TONES[status]}`}>{returnStatusLabel(status)}</span>;
}
