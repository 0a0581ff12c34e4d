import { useCallback, useEffect, useState } from 'react';

/**
 * A countdown that blocks repeated sends: `start()` begins it, `remaining` is whole seconds left
 * (0 when allowed). `startedAt` lets a countdown begin in the past (the mail sent at sign-up).
 */
export function useCooldown(seconds: number, startedAt: number | null = null) {
  const [until, setUntil] = useState<number | null>(() =>
    startedAt === null ? null : startedAt + seconds * 1000,
  );
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (until === null) return;
    const tick = () => {
      const t = Date.now();
      setNow(t);
      if (t >= until) setUntil(null);
    };
    tick();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [until]);

  const start = useCallback(() => {
    const t = Date.now();
    setNow(t);
    setUntil(t + seconds * 1000);
  }, [seconds]);

  const remaining = until === null ? 0 : Math.max(0, Math.ceil((until - now) / 1000));
  return { remaining, start };
}
