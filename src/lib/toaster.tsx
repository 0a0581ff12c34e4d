import * as Toast from '@radix-ui/react-toast';
import { useSyncExternalStore } from 'react';
import { TOAST_DURATION_MS, TOAST_HOTKEY, TOAST_SWIPE_THRESHOLD } from '@/domain/constants';
import { dismissToast, getToasts, subscribeToasts } from '@/lib/toast-store';

const VARIANT_CLASS = {
  default: 'border-slate-200 bg-white text-slate-900',
  success: 'border-emerald-200 bg-emerald-50 text-emerald-900',
  error: 'border-red-200 bg-red-50 text-red-900',
} as const;

export function Toaster() {
  const toasts = useSyncExternalStore(subscribeToasts, getToasts, getToasts);
  return (
    <Toast.Provider
      duration={TOAST_DURATION_MS}
      swipeDirection="right"
      swipeThreshold={TOAST_SWIPE_THRESHOLD}
      label="通知"
    >
      {toasts.map((t) => (
        <Toast.Root
          key={t.id}
          open={t.open}
          onOpenChange={(open) => {
            if (!open) dismissToast(t.id);
          }}
          className={`pointer-events-auto flex w-full items-start gap-3 rounded-lg border p-4 shadow-lg ${VARIANT_CLASS[t.variant]}`}
        >
          <div className="flex-1">
            <Toast.Title className="text-sm font-semibold">{t.title}</Toast.Title>
            {t.description ? (
              <Toast.Description className="mt-1 text-sm opacity-90">
                {t.description}
              </Toast.Description>
            ) : null}
          </div>
          <Toast.Close
            aria-label="閉じる"
            className="rounded px-1 text-lg leading-none opacity-60 hover:opacity-100"
          >
            ×
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport
        hotkey={[...TOAST_HOTKEY]}
        label="通知 ({hotkey})"
        className="fixed right-0 bottom-0 z-50 flex w-full max-w-sm flex-col gap-2 p-4 outline-none"
      />
    </Toast.Provider>
  );
}
