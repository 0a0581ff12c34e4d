import { lazy, Suspense, useState, useSyncExternalStore } from 'react';
import { getToasts, subscribeToasts } from '@/lib/toast-store';

const Toaster = lazy(() => import('@/lib/toaster').then((m) => ({ default: m.Toaster })));

/**
 * Where toasts appear. Radix Toast (the Toaster) is loaded with the first toast rather than with
 * the first page, and stays mounted from then on; until then there is nothing to show or focus.
 */
export function ToastOutlet() {
  const toasts = useSyncExternalStore(subscribeToasts, getToasts, getToasts);
  const [needed, setNeeded] = useState(false);
  if (!needed && toasts.length > 0) setNeeded(true);
  return needed ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}
