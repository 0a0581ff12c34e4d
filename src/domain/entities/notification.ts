import * as z from 'zod/mini';
import { formatEventTimes, formatMonthDayWithWeekday } from '@/domain/format';
import { toDateOrNull } from '@/domain/time';
import { text } from './common';
import { REMOVAL_REASON_LABELS, type RemovalReason } from './removal-reason';
import { STAFF_CANCEL_REASON_LABELS, type StaffCancelReason } from './staff-cancel';

export const NOTIFICATION_TYPES = [
  'participation_request',
  'participation_approved',
  'participation_rejected',
  'team_join_request',
  'team_join_approved',
  'team_join_rejected',
  'message',
  'system',
  'staff_event_cancelled',
  'event_changed',
  'event_cancelled',
  'event_reminder',
  'attendance_no_show',
  'team_member_left',
  'participant_removed',
  'participant_left',
  'participant_joined',
  'waitlist_promoted',
  'followed_event',
  'headcount_check',
  'board_announcement',
  'regular_placed',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const notificationSchema = z.lazy(() =>
  z.pipe(
    z.object({
      id: z.string(),
      userId: z.string(),
      title: text(),
      content: text(),
      type: text('system'),
      read: z.pipe(
        z.nullish(z.boolean()),
        z.transform((v) => v ?? false),
      ),
      data: z.pipe(
        z.nullish(z.record(z.string(), z.unknown())),
        z.transform((v) => v ?? {}),
      ),
      timestamp: z.optional(z.unknown()),
      clientTimestamp: z.optional(z.unknown()),
      date: z.optional(z.unknown()),
      createdAt: z.optional(z.unknown()),
    }),
    z.transform(({ timestamp, clientTimestamp, date, createdAt, ...rest }) => ({
      ...rest,
      timestamp: notificationTime({ clientTimestamp, timestamp, date, createdAt }),
    })),
  ),
);

export type AppNotification = z.output<typeof notificationSchema>;

/**
 * docs/domain.md "Entities": the client timestamp first, then the server timestamp, then a date, then a number,
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

/** The notification types a client write may cause (firestore.rules ties each to its cause). */
export const PARTICIPATION_NOTIFICATION_TYPES = [
  'participation_request',
  'participation_approved',
  'participation_rejected',
] as const satisfies readonly NotificationType[];
export type ParticipationNotificationType = (typeof PARTICIPATION_NOTIFICATION_TYPES)[number];

/**
 * What a participation notification stores besides its type (docs/notifications.md): ids, and
 * the two short values the list shows, which the rules check against their source documents in
 * the same write (the event's title, the requester's profile name). Never free text.
 */
export interface ParticipationNotificationData {
  eventId: string;
  requestId: string;
  eventTitle: string;
  /** participation_request only: the requester's display name on their profile. */
  requesterName?: string;
}

/** The team notification types (docs/teams.md), each tied to its cause by firestore.rules. */
export const TEAM_NOTIFICATION_TYPES = [
  'team_join_request',
  'team_join_approved',
  'team_join_rejected',
] as const satisfies readonly NotificationType[];
export type TeamNotificationType = (typeof TEAM_NOTIFICATION_TYPES)[number];

/**
 * What a team notification stores besides its type: the ids, and the team's name as the list
 * shows it, which the rules check against the team document in the same write.
 */
export interface TeamNotificationData {
  teamId: string;
  requestId: string;
  teamName: string;
  /** team_join_request only: the requester's display name on their profile, as for events. */
  requesterName?: string;
}

/** Who takes part changed (src/domain/rules/roster.ts), each tied to its cause by firestore.rules. */
export const ROSTER_NOTIFICATION_TYPES = [
  'participant_removed',
  'participant_left',
  'participant_joined',
  'waitlist_promoted',
] as const satisfies readonly NotificationType[];
export type RosterNotificationType = (typeof ROSTER_NOTIFICATION_TYPES)[number];

/**
 * What a roster notification stores: the event, its title (checked against the event), the
 * person it is about, their profile name for the organizer's notices, and a removal's reason
 * from the fixed list (never free text).
 */
export interface RosterNotificationData {
  eventId: string;
  eventTitle: string;
  participantId: string;
  participantName?: string;
  reason?: RemovalReason;
  /** waitlist_promoted on a 承認制 event: the request now waiting for the organizer. */
  requestId?: string;
}

/**
 * team_member_left: a member left the team, told to its owner. The member's id and their
 * profile name, and the team's name, each checked by the rules against the documents of the
 * leaving write.
 */
export interface TeamMemberLeftData {
  teamId: string;
  teamName: string;
  memberId: string;
  memberName: string;
}

/**
 * A notification as a backend writes it, inside the write that causes it. The id comes from the
 * cause (notificationIdFor), so one cause makes one notification; the stored document is
 * `{ userId, type, data, read: false, timestamp, clientTimestamp }`.
 */
export type NotificationWrite =
  | {
      id: string;
      userId: string;
      type: ParticipationNotificationType;
      data: ParticipationNotificationData;
    }
  | { id: string; userId: string; type: TeamNotificationType; data: TeamNotificationData }
  | { id: string; userId: string; type: 'event_changed'; data: EventChangedNoticeData }
  | { id: string; userId: string; type: 'event_cancelled'; data: EventNoticeData }
  | {
      id: string;
      userId: string;
      type: 'attendance_no_show';
      /** The event and its title as the list shows it (the rules check it against the event). */
      data: { eventId: string; eventTitle: string };
    }
  | { id: string; userId: string; type: 'team_member_left'; data: TeamMemberLeftData }
  | { id: string; userId: string; type: RosterNotificationType; data: RosterNotificationData };

/** What an organizer's cancellation notice stores: the event and its title, checked by the rules. */
export interface EventNoticeData {
  eventId: string;
  eventTitle: string;
}

/** The schedule a change notice compares (src/domain/rules/event-changes.ts EventSchedule). */
export interface NoticeSchedule {
  date: Date;
  startTime: string;
  endTime: string;
  location: string;
}

/**
 * What a change notice stores: the change's number and the schedule before and after it, which
 * the rules check against the event's change record and the event itself (docs/notifications.md).
 */
export interface EventChangedNoticeData extends EventNoticeData {
  seq: number;
  before: NoticeSchedule;
  after: NoticeSchedule;
}

/**
 * The sentences of a change notice, old → new: 開催日時 when the day or the times moved, 場所
 * when the place did.
 */
function changeSentences(data: Record<string, unknown>): string[] {
  const side = (v: unknown) => (v && typeof v === 'object' ? (v as Record<string, unknown>) : {});
  const before = side(data.before);
  const after = side(data.after);
  const str = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
  const when = (s: Record<string, unknown>) =>
    [
      formatMonthDayWithWeekday(toDateOrNull(s.date)),
      formatEventTimes(str(s.startTime), str(s.endTime)),
    ]
      .filter(Boolean)
      .join(' ') || '未定';
  const out: string[] = [];
  if (when(before) !== when(after)) {
    out.push(`開催日時が ${when(before)} から ${when(after)} に変更されました`);
  }
  const place = (s: Record<string, unknown>) => str(s.location) || '未定';
  if (place(before) !== place(after)) {
    out.push(`場所が ${place(before)} から ${place(after)} に変更されました`);
  }
  return out;
}

/**
 * requesterName as the rules check it: the displayName stored on the requester's users
 * document, '' without one (the list then says ユーザー).
 */
export function requesterNameOf(profile: Record<string, unknown> | null): string {
  return typeof profile?.displayName === 'string' ? profile.displayName : '';
}

/**
 * One notification per request and outcome (event or team); a later request of the same user
 * replaces it. A member leaving a team is keyed like their request (team and member).
 */
export function notificationIdFor(requestId: string, type: NotificationType): string {
  return `${requestId}_${type}`;
}

/**
 * The words of a notification, rendered here and nowhere else: fixed Japanese per type from the
 * ids and checked values in `data`. A document written before notifications stopped carrying
 * text (stored title or content) shows what it stored; an unknown type a generic line.
 */
export function notificationText(n: Pick<AppNotification, 'type' | 'data' | 'title' | 'content'>): {
  title: string;
  body: string;
} {
  if (n.title || n.content) return { title: n.title || 'お知らせ', body: n.content };
  const str = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
  const title = str(n.data.eventTitle);
  const event = title ? `「${title}」` : 'イベント';
  const teamName = str(n.data.teamName);
  const team = teamName ? `「${teamName}」` : 'チーム';
  switch (n.type) {
    case 'participation_request':
      return {
        title: '参加リクエストが届きました',
        body: `${str(n.data.requesterName) || 'ユーザー'}さんが${event}への参加をリクエストしました`,
      };
    case 'participation_approved':
      return { title: '参加リクエストが承認されました', body: `${event}への参加が承認されました` };
    case 'participation_rejected':
      return {
        title: '参加リクエストが見送られました',
        body: `${event}への参加リクエストは見送られました`,
      };
    case 'team_join_request':
      return {
        title: 'チームへの参加リクエストが届きました',
        body: `${str(n.data.requesterName) || 'ユーザー'}さんが${team}への参加をリクエストしました`,
      };
    case 'team_join_approved':
      return { title: 'チームへの参加が承認されました', body: `${team}のメンバーになりました` };
    case 'team_join_rejected':
      return {
        title: 'チームへの参加リクエストが見送られました',
        body: `${team}への参加リクエストは見送られました`,
      };
    case 'team_member_left':
      return {
        title: 'メンバーがチームを抜けました',
        body: `${str(n.data.memberName) || 'ユーザー'}さんが${team}を抜けました`,
      };
    case 'staff_event_cancelled': {
      const reason = STAFF_CANCEL_REASON_LABELS[str(n.data.reason) as StaffCancelReason];
      return {
        title: 'イベントが中止されました',
        body: `${event}は運営により中止されました${reason ? `（理由：${reason}）` : ''}`,
      };
    }
    case 'event_changed':
      return {
        title: `${event}の予定が変更されました`,
        body: changeSentences(n.data).join('。') || `${event}の予定が変更されました`,
      };
    case 'event_cancelled':
      return n.data.reason === 'headcount'
        ? {
            title: 'イベントが中止されました',
            body: `${event}は参加者が最少催行人数に届かなかったため中止になりました`,
          }
        : { title: 'イベントが中止されました', body: `${event}は主催者により中止されました` };
    case 'headcount_check':
      return {
        title: '最少催行人数に届いていません',
        body: `${event}の参加者は${Number(n.data.count) || 0}人で、最少催行人数の${Number(n.data.min) || 0}人に届いていません。イベントページで開催するか中止するかを選んでください`,
      };
    case 'event_reminder':
      return eventReminderText(event, n.data);
    case 'attendance_no_show':
      return {
        title: '出欠が記録されました',
        body: `${event}は無断欠席として記録されました。プロフィールの参加履歴で確認できます`,
      };
    case 'participant_removed': {
      const reason = REMOVAL_REASON_LABELS[str(n.data.reason) as RemovalReason];
      return {
        title: 'イベントへの参加が取り消されました',
        body: `主催者が${event}へのあなたの参加を取り消しました${reason ? `（理由：${reason}）` : ''}`,
      };
    }
    case 'participant_left':
      return {
        title: '参加者がキャンセルしました',
        body: `${str(n.data.participantName) || 'ユーザー'}さんが${event}への参加をやめました`,
      };
    case 'participant_joined':
      return {
        title: '新しい参加者がいます',
        body: `${str(n.data.participantName) || 'ユーザー'}さんが${event}に参加しました`,
      };
    case 'waitlist_promoted':
      return {
        title: 'キャンセル待ちから繰り上がりました',
        body: n.data.requestId
          ? `${event}に空きが出ました。参加リクエストを主催者に送りました`
          : `${event}に空きが出たため、参加が確定しました`,
      };
    case 'followed_event': {
      // docs/follows.md: the organizer's or the team's new event, told to its followers.
      const source = str(n.data.sourceName);
      return n.data.via === 'team'
        ? {
            title: 'フォロー中のチームが新しいイベントを公開しました',
            body: `${source ? `「${source}」` : 'チーム'}が${event}を公開しました`,
          }
        : {
            title: 'フォロー中の主催者が新しいイベントを公開しました',
            body: `${source || '主催者'}さんが${event}を公開しました`,
          };
    }
    case 'board_announcement':
      // docs/board.md: the organizer's お知らせ on the event's board, told by the server.
      return {
        title: `${event}の主催者からのお知らせ`,
        body: str(n.data.excerpt),
      };
    case 'regular_placed': {
      // docs/series.md "Regulars": the server put a regular on one of the series' dates.
      const series = title ? `定期開催「${title}」` : '定期開催';
      const day = formatMonthDayWithWeekday(toDateOrNull(n.data.day));
      const on = day ? `${series}の${day}` : series;
      return n.data.waiting === true
        ? {
            title: 'レギュラーとしてキャンセル待ちに登録しました',
            body: `${on}のキャンセル待ちに登録しました`,
          }
        : { title: 'レギュラーとして参加登録しました', body: `${on}に参加登録しました` };
    }
    default:
      return { title: 'お知らせ', body: '' };
  }
}

/**
 * The day-before reminder (docs/notifications.md "Reminders"): 「週末フットサル」は 11月28日(土)
 * 10:00 から 代々木公園 で開催されます. The day and time are the start the reminder announced.
 */
function eventReminderText(
  event: string,
  data: Record<string, unknown>,
): { title: string; body: string } {
  const str = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
  const startsAt = toDateOrNull(data.startsAt);
  const when = [formatMonthDayWithWeekday(startsAt), str(data.startTime)].filter(Boolean).join(' ');
  const place = str(data.location);
  const body = when
    ? `${event}は ${when} ${str(data.startTime) ? 'から' : 'に'}${place ? ` ${place} で` : ''}開催されます`
    : `${event}${place ? `は ${place} で` : 'は'}開催されます`;
  return {
    title: data.day === 'today' ? '今日はイベントの日です' : '明日はイベントの日です',
    body,
  };
}

/**
 * Where opening a notification leads: the team of a team notification, the event of any other
 * notification that names one, else nowhere (null).
 */
export function notificationLink(n: Pick<AppNotification, 'type' | 'data'>): string | null {
  const id = (v: unknown) => (typeof v === 'string' && v !== '' ? encodeURIComponent(v) : null);
  const teamId = id(n.data.teamId);
  if (n.type.startsWith('team_') && teamId) return `/teams/${teamId}`;
  const eventId = id(n.data.eventId);
  return eventId ? `/events/${eventId}` : null;
}
