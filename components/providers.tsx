'use client';

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { queryRetryDelay, shouldRetryQuery } from '@/lib/query-retry';
import { LazyToaster } from './ui/lazy-toaster';
import { ServedLocales } from './ui/served-locales';

export function Providers({ children, locales }: { children: React.ReactNode; locales: readonly string[] }) {
  const [client] = useState(
    () =>
      new QueryClient({
        defaultOptions: {
          queries: { staleTime: 15_000, retry: shouldRetryQuery, retryDelay: queryRetryDelay, refetchOnWindowFocus: false },
          mutations: { retry: false },
        },
      }),
  );
  return (
    <QueryClientProvider client={client}>
      <ServedLocales value={locales}>{children}</ServedLocales>
      <LazyToaster />
    </QueryClientProvider>
  );
}
