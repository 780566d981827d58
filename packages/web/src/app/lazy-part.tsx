// The routes' lazy parts; the loader itself is components/ui/lazy-component.tsx, so features' own lazy parts (a form
// loaded when opened) use the same one. Re-exported here for app/'s files that import it from this place.
import type { ComponentType } from 'react';
import { PageSpinner } from '../components/ui/spinner';
import { lazyComponent } from '../components/ui/lazy-component';

export { lazyComponent, withTimeout } from '../components/ui/lazy-component';

/** A whole route loaded on demand, with the page spinner while it loads. */
export function lazyPart(load: () => Promise<ComponentType>) {
  return lazyComponent(load, <PageSpinner />);
}
