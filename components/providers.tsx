'use client';

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { Toaster } from 'sonner';
import { ConsoleApiError } from '@/lib/api-error';

/** Client errors (4xx) are answers, not glitches: only network failures and 5xx retry. */
function shouldRetry(failures: number, error: unknown) {
  if (error instanceof ConsoleApiError && error.status >= 400 && error.status < 500) return false;
  return failures < 2;
}

export function Providers({ children }: { children: React.ReactNode }) {
  const [client] = useState(
    () =>
      new QueryClient({
        defaultOptions: {
          queries: { staleTime: 15_000, retry: shouldRetry, refetchOnWindowFocus: false },
          mutations: { retry: false },
        },
      }),
  );
  return (
    <QueryClientProvider client={client}>
      {children}
      <Toaster position="top-right" richColors closeButton />
    </QueryClientProvider>
  );
}
