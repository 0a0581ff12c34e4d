import { TOAST_LIMIT, TOAST_REMOVE_DELAY_MS } from '@/domain/constants';

export type ToastVariant = 'default' | 'success' | 'error';

export interface ToastItem {
  id: string;
  title: string;
  description?: string;
  variant: ToastVariant;
  open: boolean;
}

type Listener = (toasts: ToastItem[]) => void;

let toasts: ToastItem[] = [];
let counter = 0;
const listeners = new Set<Listener>();
const removeTimers = new Map<string, ReturnType<typeof setTimeout>>();

function emit() {
  for (const l of listeners) l(toasts);
}

/** Shows a toast; only TOAST_LIMIT (one) is kept, the newest replacing the previous. */
export function toast(input: {
  title: string;
  description?: string;
  variant?: ToastVariant;
}): string {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(counter);
  toasts = [
    {
      id,
      title: input.title,
      description: input.description,
      variant: input.variant ?? 'default',
      open: true,
    },
    ...toasts,
  ].slice(0, TOAST_LIMIT);
  emit();
  return id;
}

/** Closes a toast; it stays mounted for the exit animation and is removed after the delay. */
export function dismissToast(id: string): void {
  toasts = toasts.map((t) => (t.id === id ? { ...t, open: false } : t));
  emit();
  if (removeTimers.has(id)) return;
  removeTimers.set(
    id,
    setTimeout(() => {
      removeTimers.delete(id);
      toasts = toasts.filter((t) => t.id !== id);
      emit();
    }, TOAST_REMOVE_DELAY_MS),
  );
}

export function subscribeToasts(listener: Listener): () => void {
  listeners.add(listener);
  listener(toasts);
  return () => listeners.delete(listener);
}

export function getToasts(): ToastItem[] {
  return toasts;
}
