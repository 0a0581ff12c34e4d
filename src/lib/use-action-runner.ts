import { useState } from 'react';
import { toast } from '@/lib/toast-store';

/**
 * How a panel of actions (join, cancel, leave…) runs them: one at a time behind an optional
 * confirmation, a toast on success, and on failure the error kept for the panel to show beside
 * the action (`onRefusal` then refreshes what the panel shows: a refusal usually means the
 * screen was behind).
 */
export function useActionRunner<Confirm extends string>(onRefusal: () => void) {
  const [error, setError] = useState<unknown>(null);
  const [confirming, setConfirming] = useState<Confirm | null>(null);

  /** Rejects again after showing the error, so a form can keep what was typed. */
  const run = async (action: () => Promise<unknown>, success: string): Promise<void> => {
    setError(null);
    try {
      await action();
      toast({ title: success, variant: 'success' });
    } catch (e) {
      setError(e);
      onRefusal();
      throw e;
    } finally {
      setConfirming(null);
    }
  };

  /** For a confirmation dialog's button: the error shows in the panel, nothing else to do. */
  const runConfirmed = (action: () => Promise<unknown>, success: string) => {
    run(action, success).catch(() => {});
  };

  return { error, confirming, setConfirming, run, runConfirmed };
}

export type ActionRunner<Confirm extends string> = ReturnType<typeof useActionRunner<Confirm>>;
