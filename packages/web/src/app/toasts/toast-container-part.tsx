import { useEffect } from 'react';
import { ToastContainer, toast } from 'react-toastify';
import { TOAST_AUTO_CLOSE_MS } from '@kestrel/shared';
import { attachToastSink } from '../../lib/notify';

// SPEC.md §9: auto-close after 5000 ms, top-right, light theme.
export function ToastContainerPart() {
  useEffect(
    () =>
      attachToastSink(({ kind, text }) => {
        if (kind === 'success') toast.success(text);
        else if (kind === 'error') toast.error(text);
        else toast.info(text);
      }),
    [],
  );
  return <ToastContainer position="top-right" autoClose={TOAST_AUTO_CLOSE_MS} theme="light" newestOnTop />;
}
