// Toasts without paying for react-toastify on the home page: the first message loads the toast part, which mounts
// its own container. react-toastify keeps messages raised before its container is up and shows them once it is.
import type * as ToastPart from './toast-part';

type ToastKind = ToastPart.ToastKind;

let toastPart: Promise<typeof ToastPart> | undefined;

function emit(kind: ToastKind, text: string): void {
  toastPart ??= import('./toast-part');
  toastPart.then(
    (part) => part.showToast(kind, text),
    () => {
      // The part could not be downloaded; the next message tries again.
      toastPart = undefined;
    },
  );
}

export const notify = {
  success: (text: string) => emit('success', text),
  error: (text: string) => emit('error', text),
  info: (text: string) => emit('info', text),
};
