'use client';

import type { ExternalToast } from 'sonner';

// Sonner is about 10 KiB of gzip, which every page carried for a toast most visits never show:
// it loads with the first toast instead (components/ui/lazy-toaster.tsx mounts its Toaster
// then). Callers get the same calls as sonner's `toast`, and an id at once, as sonner gives.

type Sonner = (typeof import('sonner'))['toast'];
type Kind = 'success' | 'error' | 'info' | 'warning';
export type ToastId = string | number;

let wanted = false;
const listeners = new Set<() => void>();
let hostMounted!: () => void;
const mounted = new Promise<void>((resolve) => (hostMounted = resolve));

/** For the lazy Toaster: whether a toast has been asked for, and the word that it is listening. */
export const toasterHost = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
  wanted: () => wanted,
  mounted: () => hostMounted(),
};

let sonner: Promise<Sonner> | null = null;
function load(): Promise<Sonner> {
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
  // Only once the Toaster listens: sonner does not replay toasts made before it mounted.
  return (sonner ??= Promise.all([import('sonner'), mounted]).then(([m]) => m.toast));
}

let made = 0;
function show(kind: Kind | null, message: React.ReactNode, options?: ExternalToast): ToastId {
  const id = options?.id ?? `toast-${++made}`;
  void load().then((t) => (kind ? t[kind] : t)(message, { ...options, id }));
  return id;
}

export const toast = Object.assign((message: React.ReactNode, options?: ExternalToast) => show(null, message, options), {
  success: (message: React.ReactNode, options?: ExternalToast) => show('success', message, options),
  error: (message: React.ReactNode, options?: ExternalToast) => show('error', message, options),
  info: (message: React.ReactNode, options?: ExternalToast) => show('info', message, options),
  warning: (message: React.ReactNode, options?: ExternalToast) => show('warning', message, options),
  /** After every toast asked for before it (they share one queue); nothing to do before the first. */
  dismiss: (id?: ToastId) => void sonner?.then((t) => t.dismiss(id)),
});
