'use client';

import { useEffect } from 'react';
import { Toaster } from 'sonner';
import { toasterHost } from './toast';

/** Sonner's Toaster as the console styles it; says it listens once mounted (its own effect runs first). */
export default function ToasterHost() {
  useEffect(() => toasterHost.mounted(), []);
  return (
    // Bottom right: toasts never cover the header's controls (sign out, areas) at any width.
    // Sonner's rich colours fall short of WCAG AA contrast for text; these pairs pass.
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
  );
}
