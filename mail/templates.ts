/**
 * The one renderer of every mail the product sends in its own name (approval, rejection, unread
 * message, the day-before reminder), for both backends: the Cloud Functions import it, and so does the web app's local
 * backend (through the `@mail/*` alias), whose outbox stands in for the Functions. It
 * depends on nothing, so it runs in Node and in the browser alike.
 *
 * Every value in a mail comes from the backend's own documents, never from the request body, so
 * a caller cannot put words of their own into a mail sent in the product's name.
 */
const SUBJECT_PREFIX = '【スポーツコミュニティ】';

export interface MailText {
  subject: string;
  text: string;
}

/** What the templates need of an event (the backends read it from their own store). */
export interface MailEvent {
  id: string;
  title: string;
  /** The event's day; null when the stored value is unreadable. */
  date: Date | null;
  startTime: string;
  endTime: string;
  location: string;
}

/** Titles and names also go into the subject header: no line breaks there. */
function oneLine(value: string): string {
  return value.replace(/[\r\n]+/g, ' ').trim();
}

function footer(base: string): string[] {
  return [
    '',
    '――',
    'このメールは送信専用のアドレスから送られています。返信はできません。',
    'メール通知の設定は、メール設定画面から変更できます。',
    `${base}/email-settings`,
  ];
}

const WEEKDAYS = ['日', '月', '火', '水', '木', '金', '土'] as const;

/** Japan's offset from UTC: +09:00 all year (no daylight saving time since 1951). */
const JST_OFFSET_MS = 9 * 60 * 60 * 1000;

/**
 * 2024年5月10日(金). The app stores an event's day as midnight of the organizer's browser
 * (a Japanese audience: JST), so the day is read in Japan's time, not in the server's zone. By
 * the fixed offset rather than Intl: the first time-zone formatter a page makes costs tens of
 * milliseconds (the local backend's reminder run formats days right after a page has loaded).
 */
export function formatEventDay(date: Date): string {
  const jst = new Date(date.getTime() + JST_OFFSET_MS);
  return `${jst.getUTCFullYear()}年${jst.getUTCMonth() + 1}月${jst.getUTCDate()}日(${WEEKDAYS[jst.getUTCDay()]})`;
}

/** 2024年5月10日(金) 10:00〜12:00, or whatever of it is known. */
export function formatEventWhen(event: Pick<MailEvent, 'date' | 'startTime' | 'endTime'>): string {
  const day = event.date ? formatEventDay(event.date) : '未定';
  const time =
    event.startTime && event.endTime
      ? `${event.startTime}〜${event.endTime}`
      : event.startTime
        ? `${event.startTime}〜`
        : '';
  return time ? `${day} ${time}` : day;
}

/** `base` is where links point (the app's origin), without a trailing slash. */
export function approvalMail(event: MailEvent, base: string): MailText {
  return {
    subject: `${SUBJECT_PREFIX}「${oneLine(event.title)}」への参加が承認されました`,
    text: [
      '参加リクエストが主催者に承認されました。当日お会いできるのを楽しみにしています。',
      '',
      `イベント: ${event.title}`,
      `開催日時: ${formatEventWhen(event)}`,
      `場所: ${event.location || '未定'}`,
      '',
      'イベントの詳細は以下のリンクからご確認ください。',
      `${base}/events/${encodeURIComponent(event.id)}`,
      ...footer(base),
    ].join('\n'),
  };
}

export function rejectionMail(
  event: Pick<MailEvent, 'title'>,
  organizerName: string,
  base: string,
): MailText {
  return {
    subject: `${SUBJECT_PREFIX}「${oneLine(event.title)}」への参加リクエストについて`,
    text: [
      `「${event.title}」への参加リクエストは、主催者（${organizerName || '主催者'}さん）により今回は見送りとなりました。`,
      '',
      'ほかにも参加者を募集しているイベントがたくさんあります。ぜひ探してみてください。',
      `${base}/events`,
      ...footer(base),
    ].join('\n'),
  };
}

export function unreadMessageMail(
  senderName: string,
  conversationId: string,
  base: string,
): MailText {
  const who = oneLine(senderName) || 'ユーザー';
  return {
    subject: `${SUBJECT_PREFIX}${who}さんから新しいメッセージが届いています`,
    text: [
      `${who}さんから新しいメッセージが届いています。`,
      '以下のリンクからメッセージを確認してください。',
      '',
      `${base}/messages/${encodeURIComponent(conversationId)}`,
      ...footer(base),
    ].join('\n'),
  };
}

/** The schedule a change mail compares (the event's change record and the event now). */
export type MailSchedule = Pick<MailEvent, 'date' | 'startTime' | 'endTime' | 'location'>;

/** The organizer moved the event's day, times or place: each changed line, old → new. */
export function eventChangedMail(event: MailEvent, before: MailSchedule, base: string): MailText {
  const lines: string[] = [];
  if (formatEventWhen(before) !== formatEventWhen(event)) {
    lines.push(`開催日時: ${formatEventWhen(before)} → ${formatEventWhen(event)}`);
  }
  if ((before.location || '未定') !== (event.location || '未定')) {
    lines.push(`場所: ${before.location || '未定'} → ${event.location || '未定'}`);
  }
  return {
    subject: `${SUBJECT_PREFIX}「${oneLine(event.title)}」の開催日時・場所が変更されました`,
    text: [
      `参加予定のイベント「${event.title}」の内容が主催者により変更されました。`,
      '',
      ...lines,
      '',
      'イベントの詳細は以下のリンクからご確認ください。',
      `${base}/events/${encodeURIComponent(event.id)}`,
      ...footer(base),
    ].join('\n'),
  };
}

/** The organizer called the event off. */
export function eventCancelledMail(event: MailEvent, base: string): MailText {
  return {
    subject: `${SUBJECT_PREFIX}「${oneLine(event.title)}」は中止になりました`,
    text: [
      `「${event.title}」は主催者により中止されました。`,
      '',
      `開催予定日時: ${formatEventWhen(event)}`,
      `場所: ${event.location || '未定'}`,
      '',
      'ほかにも参加者を募集しているイベントがたくさんあります。ぜひ探してみてください。',
      `${base}/events`,
      ...footer(base),
    ].join('\n'),
  };
}

/** A participant's mail when too few were in at the decision time and the event was called off. */
export function headcountCancelledMail(event: MailEvent, min: number, base: string): MailText {
  return {
    subject: `${SUBJECT_PREFIX}「${oneLine(event.title)}」は中止になりました`,
    text: [
      `「${event.title}」は参加者が最少催行人数（${min}人）に届かなかったため中止になりました。`,
      '',
      `開催予定日時: ${formatEventWhen(event)}`,
      `場所: ${event.location || '未定'}`,
      '',
      'ほかにも参加者を募集しているイベントがたくさんあります。ぜひ探してみてください。',
      `${base}/events`,
      ...footer(base),
    ].join('\n'),
  };
}

/** The organizer's mail when too few are in at the decision time and they chose to decide. */
export function headcountCheckMail(
  event: MailEvent,
  counts: { count: number; min: number },
  base: string,
): MailText {
  return {
    subject: `${SUBJECT_PREFIX}「${oneLine(event.title)}」の開催を判断してください`,
    text: [
      `「${event.title}」の参加者は${counts.count}人で、最少催行人数の${counts.min}人に届いていません。`,
      'イベントページで「開催する」か「中止する」を選んでください。',
      '',
      `開催予定日時: ${formatEventWhen(event)}`,
      `場所: ${event.location || '未定'}`,
      `${base}/events/${event.id}`,
      ...footer(base),
    ].join('\n'),
  };
}

/**
 * The day-before reminder to a participant. `day` says whether it goes out the day before or,
 * for someone who joined later, on the event's day.
 */
export function eventReminderMail(
  event: MailEvent,
  day: 'tomorrow' | 'today',
  base: string,
): MailText {
  const when = day === 'today' ? '今日' : '明日';
  return {
    subject: `${SUBJECT_PREFIX}${when}は「${oneLine(event.title)}」の日です`,
    text: [
      `参加予定のイベントは${when}です。お気をつけてお越しください。`,
      '',
      `イベント: ${event.title}`,
      `開催日時: ${formatEventWhen(event)}`,
      `場所: ${event.location || '未定'}`,
      '',
      '参加できなくなった場合は、イベントページから参加を取り消してください。',
      `${base}/events/${encodeURIComponent(event.id)}`,
      ...footer(base),
    ].join('\n'),
  };
}

function eventLines(event: MailEvent, base: string): string[] {
  return [
    `イベント: ${event.title}`,
    `開催日時: ${formatEventWhen(event)}`,
    `場所: ${event.location || '未定'}`,
    '',
    'イベントの詳細は以下のリンクからご確認ください。',
    `${base}/events/${encodeURIComponent(event.id)}`,
  ];
}

/** The first in line moved up: on 先着順 they take part, on 承認制 their request went to the organizer. */
export function waitlistPromotedMail(event: MailEvent, confirmed: boolean, base: string): MailText {
  return {
    subject: `${SUBJECT_PREFIX}「${oneLine(event.title)}」のキャンセル待ちから繰り上がりました`,
    text: [
      confirmed
        ? '空きが出たため、キャンセル待ちから繰り上がり、参加が確定しました。'
        : '空きが出たため、キャンセル待ちから繰り上がりました。参加リクエストを主催者に送りましたので、承認をお待ちください。',
      '',
      ...eventLines(event, base),
      ...footer(base),
    ].join('\n'),
  };
}

/** The organizer removed the recipient; `reason` is the label of a reason from the fixed list. */
export function participantRemovedMail(event: MailEvent, reason: string, base: string): MailText {
  return {
    subject: `${SUBJECT_PREFIX}「${oneLine(event.title)}」への参加が取り消されました`,
    text: [
      '主催者があなたのイベントへの参加を取り消しました。',
      reason ? `理由: ${reason}` : '',
      '',
      ...eventLines(event, base),
      ...footer(base),
    ].join('\n'),
  };
}

/** To the organizer who asked for it: someone joined directly or left. */
export function participantChangeMail(
  event: MailEvent,
  participantName: string,
  joined: boolean,
  base: string,
): MailText {
  const who = oneLine(participantName) || 'ユーザー';
  return {
    subject: `${SUBJECT_PREFIX}「${oneLine(event.title)}」の参加者が${joined ? '増えました' : '減りました'}`,
    text: [
      joined
        ? `${who}さんがイベントに参加しました。`
        : `${who}さんがイベントへの参加をやめました。`,
      '',
      ...eventLines(event, base),
      ...footer(base),
    ].join('\n'),
  };
}

/**
 * To a follower (docs/follows.md): the organizer or the team they follow published an event.
 * `source` is the organizer's name stored on the event or the team's name.
 */
export function followedEventMail(
  event: MailEvent,
  via: 'user' | 'team',
  source: string,
  base: string,
): MailText {
  const name = oneLine(source);
  return {
    subject: `${SUBJECT_PREFIX}フォロー中の${via === 'team' ? 'チーム' : '主催者'}が「${oneLine(event.title)}」を公開しました`,
    text: [
      via === 'team'
        ? `フォローしているチーム「${name || 'チーム'}」が新しいイベントを公開しました。`
        : `フォローしている${name || '主催者'}さんが新しいイベントを公開しました。`,
      '',
      ...eventLines(event, base),
      '',
      'フォローはプロフィールやチームのページからいつでも解除できます。',
      ...footer(base),
    ].join('\n'),
  };
}

/**
 * To a participant (and, if the organizer chose, someone waiting): the organizer's お知らせ on
 * the event's board (docs/board.md), quoted whole.
 */
export function boardAnnouncementMail(event: MailEvent, content: string, base: string): MailText {
  return {
    subject: `${SUBJECT_PREFIX}「${oneLine(event.title)}」の主催者からのお知らせ`,
    text: [
      `「${event.title}」の主催者が掲示板でお知らせを投稿しました。`,
      '',
      content,
      '',
      ...eventLines(event, base),
      ...footer(base),
    ].join('\n'),
  };
}
