import { Link } from 'react-router';
import { useLatestProducts } from '../../features/products/api/get-latest-products';
import { ProductCard } from '../../features/products/components/product-card';
import { ReviewsGrid } from '../../features/reviews/components/reviews-grid';
import { HomeBanner, HomeStats } from './home-banner';
import { AboutSection, ShippingSection } from './home-info-sections';

function LatestProducts() {
  const { data, isPending, isError } = useLatestProducts();
  if (isPending) return <p className="text-center">Loading the latest parts…</p>;
  if (isError) return <p className="text-center">Products could not be loaded right now. Please try again shortly.</p>;
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {data.map((product) => (
        <li key={product._id}>
          <ProductCard product={product}>
            <Link to={`/purchase/${product._id}`} className="btn btn-primary" aria-label={`Purchase ${product.name}`}>
              Purchase
            </Link>
          </ProductCard>
        </li>
      ))}
    </ul>
  );
}

function Section({
  id,
  title,
  lead,
  children,
}: {
  id: string;
  title: string;
  lead?: string;
  children: React.ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="mx-auto max-w-6xl px-4 py-14">
      <h2 id={id} className="text-center text-3xl font-semibold">
        {title}
      </h2>
      {lead ? <p className="mx-auto mt-2 max-w-2xl text-center">{lead}</p> : null}
      <div className="mt-8">{children}</div>
    </section>
  );
}

export function HomePage() {
  return (
    <>
      <HomeBanner />
      <HomeStats />
      <Section id="latest-products" title="Latest products" lead="Our newest parts, ready to order in volume.">
        <LatestProducts />
      </Section>
      <ShippingSection />
      <AboutSection />
      <Section id="reviews" title="What our customers say">
        <ReviewsGrid />
      </Section>
    </>
  );
}
