import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useLatestProducts } from '../../features/products/api/get-latest-products';
import { ProductCard } from '../../features/products/components/product-card';
import { HomeBanner, HomeStats } from './home-banner';

// Shipping, about and reviews sit below the fold: their code and the reviews call wait until they are near the
// viewport, so the first screen stays inside the page-weight budget.
const HomeBelowFold = lazy(() => import('./home-below-fold').then((m) => ({ default: m.HomeBelowFold })));

function BelowFold() {
  const ref = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const node = ref.current;
    if (!node) return;
    const observer = new IntersectionObserver(([entry]) => entry?.isIntersecting && setNear(true), {
      rootMargin: '300px',
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, []);
  return (
    <div ref={ref} className="min-h-96">
      {near ? (
        <Suspense fallback={null}>
          <HomeBelowFold />
        </Suspense>
      ) : null}
    </div>
  );
}

function LatestProducts() {
  const { data, isPending, isError } = useLatestProducts();
  if (isPending) return <p className="text-center">Loading the latest parts…</p>;
  if (isError) return <p className="text-center">Products could not be loaded right now. Please try again shortly.</p>;
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
      </section>
      <BelowFold />
    </>
  );
}
