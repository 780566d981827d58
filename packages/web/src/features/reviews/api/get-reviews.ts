import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Review } from '@kestrel/shared';
import { apiRequest } from '../../../lib/api-client';

export function getReviews(signal?: AbortSignal): Promise<Review[]> {
  return apiRequest<Review[]>('/review', { auth: false, signal });
}

export const reviewsQuery = () => queryOptions({ queryKey: ['reviews'], queryFn: ({ signal }) => getReviews(signal) });

export function useReviews() {
  return useQuery(reviewsQuery());
}
