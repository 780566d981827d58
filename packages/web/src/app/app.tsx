import { useEffect, useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { getAuthState, subscribeAuth } from '../lib/auth-store';
import { createQueryClient, forgetPersonalQueries } from './query-client';
import { AppRoutes } from './routes';

export function App() {
  const [queryClient] = useState(createQueryClient);
  // Whatever one person loaded (orders, profile, users, admin status) is forgotten when they sign out, so the next
  // person on a shared computer never sees it, not even from the cache.
  useEffect(
    () =>
      subscribeAuth(() => {
        if (getAuthState().status === 'signed-out') forgetPersonalQueries(queryClient);
      }),
    [queryClient],
  );
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </QueryClientProvider>
  );
}
