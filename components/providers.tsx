'use client';

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { Toaster } from 'sonner';
import { queryRetryDelay, shouldRetryQuery } from '@/lib/query-retry';
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
      {/* Bottom right: toasts never cover the header's controls (sign out, areas) at any width. */}
      {/* Sonner's rich colours fall short of WCAG AA contrast for text; these pairs pass. */}
      <Toaster
        position="bottom-right"
        closeButton
        toastOptions={{
          classNames: {
            success: '!bg-green-50 !text-green-900 !border-green-300',
            error: '!bg-red-50 !text-red-900 !border-red-300',
            warning: '!bg-amber-50 !text-amber-950 !border-amber-300',
            info: '!bg-brand-50 !text-brand-700 !border-brand-100',
            // Inside the toast's top-right corner: sonner's default sits astride the top-left edge.
            closeButton: '!left-auto !right-1.5 !top-1.5 !transform-none',
            // Room for it beside the text.
            toast: '!pr-9',
          },
        }}
      />
    </QueryClientProvider>
  );
}
