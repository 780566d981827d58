// Toasts without paying for react-toastify on the home page: messages wait in a queue until the first one asks
// for the (lazily loaded) container, which then drains the queue and takes every later message directly.
export type ToastKind = 'success' | 'error' | 'info';
export interface ToastMessage {
  kind: ToastKind;
  text: string;
}
type Sink = (message: ToastMessage) => void;

const queue: ToastMessage[] = [];
let sink: Sink | null = null;
let wanted = false;
const listeners = new Set<() => void>();

function emit(kind: ToastKind, text: string): void {
  if (sink) {
    sink({ kind, text });
    return;
  }
  queue.push({ kind, text });
  if (!wanted) {
    wanted = true;
    listeners.forEach((listener) => listener());
  }
}

export const notify = {
  success: (text: string) => emit('success', text),
  error: (text: string) => emit('error', text),
  info: (text: string) => emit('info', text),
};

/** The toast host subscribes here and mounts the container once a message is waiting. */
export function subscribeToastDemand(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function isToastWanted(): boolean {
  return wanted;
}

/** Called by the mounted container: later messages go straight to it; queued ones are replayed in order. */
export function attachToastSink(next: Sink): () => void {
  sink = next;
  queue.splice(0).forEach(next);
  return () => {
    if (sink === next) sink = null;
  };
}
