import { Suspense, lazy, useDeferredValue, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useLatestProducts } from '../../features/products/api/get-latest-products';
import { ProductCard } from '../../features/products/components/product-card';
import { HomeBanner, HomeStats } from './home-banner';

// Shipping, about and reviews sit below the fold: their code and the reviews call wait until the first screen is
// usable, then load when the visitor scrolls near them or the browser is idle, whichever comes first (so find-in-page
// and screen readers get them without scrolling).
const HomeBelowFold = lazy(() => import('./home-below-fold').then((m) => ({ default: m.HomeBelowFold })));

function BelowFold() {
  const ref = useRef<HTMLDivElement>(null);
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    const node = ref.current;
    if (!node) return;
    const want = () => setWanted(true);
    const observer = new IntersectionObserver(([entry]) => entry?.isIntersecting && want(), { rootMargin: '300px' });
    observer.observe(node);
    // Safari has no requestIdleCallback; a short timer stands in for it there.
    const hasIdle = 'requestIdleCallback' in window;
    const idle = hasIdle ? window.requestIdleCallback(want, { timeout: 3000 }) : window.setTimeout(want, 1500);
    return () => {
      observer.disconnect();
      if (hasIdle) window.cancelIdleCallback(idle);
      else window.clearTimeout(idle);
    };
  }, []);
  return (
    <div ref={ref} className="min-h-96">
      {wanted ? (
        <Suspense fallback={null}>
          <HomeBelowFold />
        </Suspense>
      ) : null}
    </div>
  );
}

function LatestProducts() {
  const { data: answer, isError } = useLatestProducts();
  // Drawn from a deferred copy, as the catalogue's results are (catalog-page.tsx): a transition, in slices.
  const data = useDeferredValue(answer);
  if (isError) return <p className="text-center">Products could not be loaded right now. Please try again shortly.</p>;
  if (!data) return <p className="text-center">Loading the latest parts…</p>;
  return (
    <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {data.map((product, index) => (
        <li key={product._id}>
          <ProductCard product={product} eager={index === 0}>
            <Link to={`/purchase/${product._id}`} className="btn btn-primary" aria-label={`Purchase ${product.name}`}>
              Purchase
            </Link>
          </ProductCard>
        </li>
      ))}
    </ul>
  );
}

export function HomePage() {
  return (
    <>
      <HomeBanner />
      <HomeStats />
      <section id="latest-products" aria-labelledby="latest-title" className="mx-auto max-w-6xl px-4 py-14">
        <h2 id="latest-title" className="text-center text-3xl font-semibold">
          Latest products
        </h2>
        <LatestProducts />
        <p className="mt-8 text-center">
          <Link to="/products" className="btn btn-outline btn-primary">
            Browse the whole catalogue
          </Link>
        </p>
      </section>
      <BelowFold />
    </>
  );
}
