// Sign-out forgets one person's data from the query cache (app/app.tsx), so the next person on a shared computer never
// sees it; the public catalogue and reviews stay cached.
import { describe, expect, it } from 'vitest';
import { createQueryClient, forgetPersonalQueries } from '../src/app/query-client';

describe('forgetPersonalQueries', () => {
  it("keeps products and reviews (not a member's view of products) and removes everything else", () => {
    const queryClient = createQueryClient();
    const keys = [
      ['products', 'all'],
      ['products', 'one', 'p1', 'anonymous'],
      // A signed-in member's view may carry contract prices (B2B §5): personal.
      ['products', 'one', 'p1', 'signed-in'],
      ['products', 'catalog', 'q=fan', 'signed-in'],
      ['reviews'],
      ['orders', 'mine', 'ann@example.com'],
      ['orders', 'all'],
      ['profile', 'ann@example.com'],
      ['admin', 'ann@example.com'],
      ['users'],
    ];
    for (const key of keys) queryClient.setQueryData(key, { for: key.join('/') });
    forgetPersonalQueries(queryClient);
    const left = queryClient
      .getQueryCache()
      .getAll()
      .map((q) => q.queryKey.join('/'))
      .sort();
    expect(left).toEqual(['products/all', 'products/one/p1/anonymous', 'reviews']);
  });
});
