import { useCallback, useEffect, useRef, useState } from 'react';
import { logger } from '@/lib/logger';
import {
  dropQueued,
  queueCheckIn,
  queuedCheckIns,
  sendQueued,
  type QueuedCheckIn,
} from './check-in-outbox';

/** How often a waiting queue is tried again while the browser says it is online. */
const OUTBOX_RETRY_MS = 10_000;

/** The last sending of the queue, as the screen reports it. */
export interface OutboxReport {
  at: Date;
  sent: number;
  refused: { userId: string; message: string }[];
}

/**
 * The organizer's outbox of one event's check-ins (docs/fees.md "At the venue without a
 * signal"): what waits to be sent, and the sending, when the network returns (the browser's
 * `online`), when the screen opens with a network, or when the organizer asks. `send` is the
 * backend's checkIn; `sent` runs after a sending that changed something (the reception is read
 * again).
 */
export function useCheckInOutbox(
  eventId: string,
  send: (userId: string) => Promise<void>,
  sent: () => unknown,
) {
  const [queued, setQueued] = useState<QueuedCheckIn[]>([]);
  const [report, setReport] = useState<OutboxReport | null>(null);
  const [sending, setSending] = useState(false);
  const running = useRef(false);
  const latest = useRef({ send, sent });
  useEffect(() => {
    latest.current = { send, sent };
  });

  const reload = useCallback(async () => setQueued(await queuedCheckIns(eventId)), [eventId]);

  const flush = useCallback(async () => {
    if (running.current) return;
    running.current = true;
    setSending(true);
    try {
      const result = await sendQueued(eventId, (uid) => latest.current.send(uid));
      if (result.sent.length > 0 || result.refused.length > 0) {
        setReport({
          at: new Date(),
          sent: result.sent.length,
          refused: result.refused.map((r) => ({ userId: r.item.userId, message: r.message })),
        });
        await latest.current.sent();
      }
    } catch (e) {
      logger.warn('checkIn.outbox', e);
    } finally {
      running.current = false;
      setSending(false);
      await reload();
    }
  }, [eventId, reload]);

  useEffect(() => {
    void reload().then(() => {
      if (navigator.onLine) void flush();
    });
    const online = () => void flush();
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, [reload, flush]);

  // A sending can fail just after the network returns (the connection is not up yet): while
  // something waits, try again now and then.
  const waiting = queued.length > 0;
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(() => {
      if (navigator.onLine) void flush();
    }, OUTBOX_RETRY_MS);
    return () => clearInterval(timer);
  }, [waiting, flush]);

  const add = useCallback(
    async (userId: string) => {
      await queueCheckIn(eventId, userId, new Date());
      await reload();
    },
    [eventId, reload],
  );

  const drop = useCallback(
    async (userId: string) => {
      await dropQueued(eventId, userId);
      await reload();
    },
    [eventId, reload],
  );

  return { queued, report, sending, add, drop, flush };
}
