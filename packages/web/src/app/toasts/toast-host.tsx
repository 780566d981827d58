import { Suspense, lazy, useSyncExternalStore } from 'react';
import { isToastWanted, subscribeToastDemand } from '../../lib/notify';

// react-toastify is ~10 KB gzip, so it only loads when the first message is raised.
const ToastContainerPart = lazy(() =>
  import('./toast-container-part').then((m) => ({ default: m.ToastContainerPart })),
);

export function ToastHost() {
  const wanted = useSyncExternalStore(subscribeToastDemand, isToastWanted);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ToastContainerPart />
    </Suspense>
  );
}
