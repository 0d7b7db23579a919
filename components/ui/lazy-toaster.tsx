'use client';

import { lazy, Suspense, useSyncExternalStore } from 'react';
import { toasterHost } from './toast';

const ToasterHost = lazy(() => import('./toaster-host'));

/** The Toaster, loaded and mounted when the first toast is asked for (components/ui/toast.ts). */
export function LazyToaster() {
  const wanted = useSyncExternalStore(toasterHost.subscribe, toasterHost.wanted, () => false);
  return wanted ? (
    <Suspense fallback={null}>
      <ToasterHost />
    </Suspense>
  ) : null;
}
