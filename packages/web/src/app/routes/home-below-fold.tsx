import { ReviewsGrid } from '../../features/reviews/components/reviews-grid';
import { AboutSection, ShippingSection } from './home-info-sections';

/** The home page's lower half, loaded when the visitor scrolls towards it (see home-page.tsx). */
export function HomeBelowFold() {
  return (
    <>
      <div className="px-4">
        <ShippingSection />
      </div>
      <AboutSection />
      <section aria-labelledby="reviews" className="mx-auto max-w-6xl px-4 pb-14">
        <h2 id="reviews" className="mb-8 text-center text-3xl font-semibold">
          What our customers say
        </h2>
        <ReviewsGrid />
      </section>
    </>
  );
}
