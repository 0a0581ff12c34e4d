import { z } from 'zod';
import { toDateOrNull } from '@/domain/time';
import { text } from './common';

export const NOTIFICATION_TYPES = [
  'participation_request',
  'participation_approved',
  'participation_rejected',
  'team_join_request',
  'team_join_approved',
  'team_join_rejected',
  'message',
  'system',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const notificationSchema = z
  .object({
    id: z.string(),
    userId: z.string(),
    title: text(),
    content: text(),
    type: text('system'),
    read: z
      .boolean()
      .nullish()
      .transform((v) => v ?? false),
    data: z
      .record(z.string(), z.unknown())
      .nullish()
      .transform((v) => v ?? {}),
    timestamp: z.unknown().optional(),
    clientTimestamp: z.unknown().optional(),
    date: z.unknown().optional(),
    createdAt: z.unknown().optional(),
  })
  .transform(({ timestamp, clientTimestamp, date, createdAt, ...rest }) => ({
    ...rest,
    timestamp: notificationTime({ clientTimestamp, timestamp, date, createdAt }),
  }));

export type AppNotification = z.output<typeof notificationSchema>;

/**
 * SPEC §3: the client timestamp first, then the server timestamp, then a date, then a number,
 * else now.
 */
export function notificationTime(
  raw: {
    clientTimestamp?: unknown;
    timestamp?: unknown;
    date?: unknown;
    createdAt?: unknown;
  },
  now: () => Date = () => new Date(),
): Date {
  const isServerTs = (v: unknown) =>
    !!v && typeof v === 'object' && ('toDate' in (v as object) || 'seconds' in (v as object));
  const candidates: unknown[] = [
    raw.clientTimestamp,
    isServerTs(raw.timestamp) ? raw.timestamp : undefined,
    raw.timestamp instanceof Date ? raw.timestamp : undefined,
    raw.date,
    typeof raw.timestamp === 'string' ? raw.timestamp : undefined,
    typeof raw.timestamp === 'number' ? raw.timestamp : undefined,
    typeof raw.createdAt === 'number' ? raw.createdAt : raw.createdAt,
  ];
  for (const c of candidates) {
    const d = toDateOrNull(c);
    if (d) return d;
  }
  return now();
}

export interface NewNotification {
  userId: string;
  title: string;
  content: string;
  type: NotificationType;
  data: Record<string, unknown>;
}
