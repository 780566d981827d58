// An order's status history (B2B §4): JSON text [{ status, at }], oldest first, one step per status change.
import type { OrderStatus } from '@kestrel/shared';

export interface HistoryStep {
  status: OrderStatus;
  at: string;
}

export function parseHistory(json: string): HistoryStep[] {
  const parsed: unknown = JSON.parse(json);
  return Array.isArray(parsed) ? (parsed as HistoryStep[]) : [];
}

/** The history with one more step, as the text to store. */
export function withStep(json: string, status: OrderStatus, at: string): string {
  return JSON.stringify([...parseHistory(json), { status, at }]);
}
