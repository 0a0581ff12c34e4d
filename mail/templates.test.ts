import { describe, expect, it } from 'vitest';
import {
  approvalMail,
  formatEventDay,
  formatEventWhen,
  rejectionMail,
  unreadMessageMail,
  type MailEvent,
} from './templates.js';

const BASE = 'https://sports.example.jp';
const FOOTER = [
  '',
  '――',
  'このメールは送信専用のアドレスから送られています。返信はできません。',
  'メール通知の設定は、メール設定画面から変更できます。',
  `${BASE}/email-settings`,
];

const event = (over: Partial<MailEvent> = {}): MailEvent => ({
  id: 'event-1',
  title: '週末フットサル',
  // Midnight of 10 May in Japan is still 9 May in UTC.
  date: new Date('2024-05-09T15:00:00Z'),
  startTime: '10:00',
  endTime: '12:00',
  location: '代々木公園',
  ...over,
});

describe('the mail renderer (both backends)', () => {
  it('reads the event day in Japan time whatever the zone it runs in', () => {
    expect(formatEventDay(new Date('2024-05-09T15:00:00Z'))).toBe('2024年5月10日(金)');
    expect(formatEventDay(new Date('2025-01-01T14:59:59Z'))).toBe('2025年1月1日(水)');
  });

  it('joins the times with 〜 and says 未定 for an unknown day', () => {
    const date = new Date('2024-05-09T15:00:00Z');
    expect(formatEventWhen({ date, startTime: '09:00', endTime: '' })).toBe(
      '2024年5月10日(金) 09:00〜',
    );
    expect(formatEventWhen({ date, startTime: '', endTime: '' })).toBe('2024年5月10日(金)');
    expect(formatEventWhen({ date: null, startTime: '', endTime: '' })).toBe('未定');
  });

  it('renders the approval with 開催日時, the place, the event link and the footer', () => {
    expect(approvalMail(event(), BASE)).toEqual({
      subject: '【スポーツコミュニティ】「週末フットサル」への参加が承認されました',
      text: [
        '参加リクエストが主催者に承認されました。当日お会いできるのを楽しみにしています。',
        '',
        'イベント: 週末フットサル',
        '開催日時: 2024年5月10日(金) 10:00〜12:00',
        '場所: 代々木公園',
        '',
        'イベントの詳細は以下のリンクからご確認ください。',
        `${BASE}/events/event-1`,
        ...FOOTER,
      ].join('\n'),
    });
  });

  it('says 未定 for a missing day and place and escapes the id in the link', () => {
    const { text } = approvalMail(
      event({ id: 'e/1', date: null, startTime: '', endTime: '', location: '' }),
      BASE,
    );
    expect(text).toContain('開催日時: 未定\n場所: 未定');
    expect(text).toContain(`${BASE}/events/e%2F1\n`);
  });

  it('renders the rejection with the organizer’s name, a link to other events and the footer', () => {
    expect(rejectionMail(event(), '山田太郎', BASE)).toEqual({
      subject: '【スポーツコミュニティ】「週末フットサル」への参加リクエストについて',
      text: [
        '「週末フットサル」への参加リクエストは、主催者（山田太郎さん）により今回は見送りとなりました。',
        '',
        'ほかにも参加者を募集しているイベントがたくさんあります。ぜひ探してみてください。',
        `${BASE}/events`,
        ...FOOTER,
      ].join('\n'),
    });
    expect(rejectionMail(event(), '', BASE).text).toContain('主催者（主催者さん）');
  });

  it('renders the unread-message mail with the sender, the conversation link and the footer', () => {
    expect(unreadMessageMail('佐藤花子', 'a_b', BASE)).toEqual({
      subject: '【スポーツコミュニティ】佐藤花子さんから新しいメッセージが届いています',
      text: [
        '佐藤花子さんから新しいメッセージが届いています。',
        '以下のリンクからメッセージを確認してください。',
        '',
        `${BASE}/messages/a_b`,
        ...FOOTER,
      ].join('\n'),
    });
    expect(unreadMessageMail('  ', 'a_b', BASE).subject).toBe(
      '【スポーツコミュニティ】ユーザーさんから新しいメッセージが届いています',
    );
  });

  it('keeps line breaks of a title or a name out of the subject (no header injection)', () => {
    const injected = '夜練\r\nBcc: x@example.com';
    for (const { subject } of [
      approvalMail(event({ title: injected }), BASE),
      rejectionMail(event({ title: injected }), '山田', BASE),
      unreadMessageMail(`佐藤\nBcc: x@example.com`, 'a_b', BASE),
    ]) {
      expect(subject).not.toMatch(/[\r\n]/);
      expect(subject).toContain(' Bcc: x@example.com');
    }
  });
});
