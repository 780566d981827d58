import { Suspense, lazy, useState, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { CHUNK_LOAD_TIMEOUT_MS } from '@kestrel/shared';
import { PageSpinner } from '../components/ui/spinner';
import { PartErrorBoundary } from '../components/ui/part-error-boundary';

/** A script part that has not arrived after CHUNK_LOAD_TIMEOUT_MS counts as failed (SPEC.md §7). */
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

type Loader = () => Promise<ComponentType>;

function makeLazy(load: Loader): LazyExoticComponent<ComponentType> {
  return lazy(() => withTimeout(load(), CHUNK_LOAD_TIMEOUT_MS).then((component) => ({ default: component })));
}

/**
 * A route part loaded on demand. React.lazy remembers a failure forever, so a retry builds a fresh lazy component
 * and remounts the boundary. preload() fetches it ahead; once it has arrived the part renders at once, without a
 * Suspense fallback (React keeps a fallback it has shown for at least 300 ms).
 */
export function lazyPart(load: Loader) {
  let loaded: ComponentType | undefined;
  let pending: Promise<ComponentType> | undefined;
  const fetchOnce: Loader = () =>
    (pending ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    ));
  let Part = makeLazy(fetchOnce);
  function LazyPart() {
    // Decided once per mount: swapping the boundary for the component in a later render would remount the page and
    // lose its state (a half-filled form).
    const [ready] = useState(() => loaded);
    const [attempt, setAttempt] = useState(0);
    const retry = () => {
      Part = makeLazy(fetchOnce);
      setAttempt((n) => n + 1);
    };
    if (ready) {
      const Ready = ready;
      return (
        <PartErrorBoundary key={attempt} onRetry={retry}>
          <Ready />
        </PartErrorBoundary>
      );
    }
    return (
      <PartErrorBoundary key={attempt} onRetry={retry}>
        <Suspense fallback={<PageSpinner />}>
          <Part />
        </Suspense>
      </PartErrorBoundary>
    );
  }
  return Object.assign(LazyPart, { preload: fetchOnce });
}

/**
 * A component (not a whole route) loaded on demand, with the same time-out and retry as a route part and its own
 * fallback while it loads. preload() starts the download early (e.g. on hover or focus of the button that needs it).
 */
export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>, fallback: ReactNode) {
  let pending: Promise<ComponentType<P>> | null = null;
  const fetchOnce = () => (pending ??= load());
  const make = () =>
    lazy(() =>
      withTimeout(fetchOnce(), CHUNK_LOAD_TIMEOUT_MS).then(
        (component) => ({ default: component }),
        (error: unknown) => {
          pending = null;
          throw error;
        },
      ),
    );
  let Part = make();
  function LazyComponent(props: P) {
    const [attempt, setAttempt] = useState(0);
    const retry = () => {
      Part = make();
      setAttempt((n) => n + 1);
    };
    const Loaded = Part as ComponentType<P>;
    return (
      <PartErrorBoundary key={attempt} onRetry={retry}>
        <Suspense fallback={fallback}>
          <Loaded {...props} />
        </Suspense>
      </PartErrorBoundary>
    );
  }
  const preload = () => {
    fetchOnce().catch(() => {
      pending = null;
    });
  };
  return Object.assign(LazyComponent, { preload });
}
