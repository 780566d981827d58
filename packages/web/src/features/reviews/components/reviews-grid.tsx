import type { Review } from '@kestrel/shared';
import { RATING_MAX } from '@kestrel/shared';
import { useReviews } from '../api/get-reviews';

function Stars({ rating }: { rating: number }) {
  const label = `Rated ${rating} out of ${RATING_MAX}`;
  return (
    <p className="text-accent" role="img" aria-label={label} title={label}>
      {'★'.repeat(rating)}
      <span className="text-base-300">{'★'.repeat(Math.max(0, RATING_MAX - rating))}</span>
    </p>
  );
}

function ReviewCard({ review }: { review: Review }) {
  return (
    <li className="card border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body gap-3 p-5">
        <div className="flex items-center gap-3">
          {review.image ? (
            <img
              src={review.image}
              alt=""
              width={48}
              height={48}
              loading="lazy"
              className="size-12 rounded-full object-cover"
            />
          ) : (
            <span
              aria-hidden="true"
              className="flex size-12 items-center justify-center rounded-full bg-primary text-lg font-semibold text-primary-content"
            >
              {review.name.charAt(0).toUpperCase()}
            </span>
          )}
          <div>
            <h3 className="font-semibold">{review.name}</h3>
            <Stars rating={review.rating} />
          </div>
        </div>
        <p className="text-sm leading-relaxed">{review.description}</p>
      </div>
    </li>
  );
}

export function ReviewsGrid() {
  const { data, isPending, isError } = useReviews();
  if (isPending) return <p className="text-center">Loading reviews…</p>;
  if (isError) return <p className="text-center">Reviews could not be loaded right now.</p>;
  if (data.length === 0) return <p className="text-center">No reviews yet.</p>;
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {data.map((review) => (
        <ReviewCard key={review._id} review={review} />
      ))}
    </ul>
  );
}
