import { createRoot } from 'react-dom/client';
import { ToastContainer, toast } from 'react-toastify';
import { TOAST_AUTO_CLOSE_MS } from '@kestrel/shared';

// Loaded on the first toast (see notify.ts). The container lives in a root of its own at the end of <body>, outside
// the router, so toasts survive any navigation. docs/product.md §11: auto-close after 5000 ms, top-right, light theme.
const host = document.createElement('div');
document.body.append(host);
createRoot(host).render(
  <ToastContainer position="top-right" autoClose={TOAST_AUTO_CLOSE_MS} theme="light" newestOnTop />,
);

export type ToastKind = 'success' | 'error' | 'info';

export function showToast(kind: ToastKind, text: string): void {
  toast[kind](text);
}
