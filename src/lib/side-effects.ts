import { logger } from './logger';

const running = new Set<Promise<void>>();

/**
 * Runs a side effect that must never fail the action that caused it: the mail after an approval
 * or a rejection, the unread-message mail, the sign-in bookkeeping, catching a profile up with
 * the auth service. These are the product's "only logged" failures: the ports throw, and this is
 * the one place that catches them and logs, the outcome at info (when there is one) and the
 * failure at error. The returned promise never rejects; fire-and-forget callers leave it (`void`),
 * a caller that must not go on before the effect is done awaits it.
 */
export function runSideEffect(context: string, task: () => Promise<unknown>): Promise<void> {
  const run = (async () => {
    try {
      const outcome = await task();
      if (outcome !== undefined) logger.info(context, outcome);
    } catch (e) {
      logger.error(context, e);
    }
  })();
  running.add(run);
  void run.finally(() => running.delete(run));
  return run;
}

/** Resolves once every side effect started so far has settled (tests wait on it). */
export async function sideEffectsSettled(): Promise<void> {
  while (running.size > 0) await Promise.all([...running]);
}
