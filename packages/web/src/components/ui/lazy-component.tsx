import { Suspense, lazy, useState, type ComponentType, type ReactNode } from 'react';
import { CHUNK_LOAD_TIMEOUT_MS } from '@kestrel/shared';
import { PartErrorBoundary } from './part-error-boundary';

/** A script part that has not arrived after CHUNK_LOAD_TIMEOUT_MS counts as failed (docs/product.md §15). */
export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('The page part took too long to load.')), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/**
 * A component loaded on demand (a route part, or a piece of a page such as a dialog), shown in place of `fallback`
 * once it arrives. A part that does not arrive within CHUNK_LOAD_TIMEOUT_MS, or fails, shows a retry (docs/product.md §15);
 * React.lazy remembers a failure forever, so a retry builds a fresh lazy component and remounts the boundary.
 * preload() starts the download ahead (on hover or focus of the button that needs it, or before the first render)
 * and settles when it has arrived or failed. A part that has already arrived renders at once, without a Suspense
 * fallback (React keeps a fallback it has shown for at least 300 ms).
 */
export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>, fallback: ReactNode) {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<ComponentType<P>> | undefined;
  const fetchOnce = () =>
    (pending ??= withTimeout(load(), CHUNK_LOAD_TIMEOUT_MS).then(
      (component) => (loaded = component),
      (error: unknown) => {
        // The next try (a retry, a preload) loads afresh.
        pending = undefined;
        throw error;
      },
    ));
  const make = () => lazy(() => fetchOnce().then((component) => ({ default: component })));
  let Part = make();
  function LazyComponent(props: P) {
    // Decided once per mount: swapping the boundary for the component in a later render would remount it and lose
    // its state (a half-filled form).
    const [ready] = useState(() => loaded);
    const [attempt, setAttempt] = useState(0);
    const retry = () => {
      Part = make();
      setAttempt((n) => n + 1);
    };
    const Loaded = ready ?? Part;
    return (
      <PartErrorBoundary key={attempt} onRetry={retry}>
        {ready ? (
          <Loaded {...props} />
        ) : (
          <Suspense fallback={fallback}>
            <Loaded {...props} />
          </Suspense>
        )}
      </PartErrorBoundary>
    );
  }
  const preload = (): Promise<void> =>
    fetchOnce().then(
      () => undefined,
      () => undefined,
    );
  return Object.assign(LazyComponent, { preload });
}
