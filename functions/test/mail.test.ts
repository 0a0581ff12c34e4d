import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Logger } from '../src/handlers/common.js';
import {
  approvalMail,
  formatEventDay,
  formatEventWhen,
  unreadMessageMail,
} from '../src/mail/templates.js';
import { createMailer, DEFAULT_FROM, mailerConfigFromEnv } from '../src/mail/transport.js';

const logs: { message: string; data?: Record<string, unknown> }[] = [];
const log: Logger = {
  info: (message, data) => logs.push({ message, data }),
  warn: () => {},
  error: () => {},
};

describe('mail text', () => {
  it('reads the event day in Japan time whatever the server’s zone', () => {
    // Midnight of 10 May in Japan is still 9 May in UTC.
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

  it('keeps line breaks of a title out of the subject and says 未定 for a missing place', () => {
    const mail = approvalMail(
      {
        id: 'e/1',
        organizerId: 'o',
        title: '夜練\r\nBcc: x@example.com',
        date: null,
        startTime: '',
        endTime: '',
        location: '',
        organizerName: '',
      },
      'http://localhost:5173',
    );
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.text).toContain('場所: 未定');
    expect(mail.text).toContain('http://localhost:5173/events/e%2F1');
  });

  it('links the unread mail to the conversation', () => {
    const mail = unreadMessageMail('', 'a_b', 'http://localhost:5173');
    expect(mail.subject).toBe(
      '【スポーツコミュニティ】ユーザーさんから新しいメッセージが届いています',
    );
    expect(mail.text).toContain('http://localhost:5173/messages/a_b');
  });
});

describe('mailer configuration', () => {
  it('captures in the emulator, in tests and when asked to, and sends over SMTP otherwise', () => {
    expect(mailerConfigFromEnv({ FUNCTIONS_EMULATOR: 'true' }).capture).toBe(true);
    expect(mailerConfigFromEnv({ NODE_ENV: 'test' }).capture).toBe(true);
    expect(mailerConfigFromEnv({ MAIL_TRANSPORT: 'capture' }).capture).toBe(true);
    expect(mailerConfigFromEnv({ SMTP_URL: 'smtps://u:p@smtp.example.jp' })).toEqual({
      capture: false,
      smtpUrl: 'smtps://u:p@smtp.example.jp',
      from: DEFAULT_FROM,
    });
    expect(mailerConfigFromEnv({ MAIL_FROM: 'Team <team@example.jp>' }).from).toBe(
      'Team <team@example.jp>',
    );
  });
});

describe('mailer', () => {
  it('captures the message with nodemailer instead of sending it, and logs it', async () => {
    logs.length = 0;
    const mailer = createMailer({ capture: true, smtpUrl: undefined, from: DEFAULT_FROM }, log);
    const info = await mailer.send({ to: 'a@example.jp', subject: '件名です', text: '本文です' });
    expect(info.messageId).toMatch(/@/);
    const [kept] = mailer.captured();
    expect(kept).toMatchObject({
      to: 'a@example.jp',
      subject: '件名です',
      text: '本文です',
      from: DEFAULT_FROM,
    });
    const raw = JSON.parse(kept!.raw) as {
      subject: string;
      to: { address: string }[];
      text: string;
    };
    expect(raw.subject).toBe('件名です');
    expect(raw.to[0]!.address).toBe('a@example.jp');
    expect(logs).toEqual([expect.objectContaining({ message: 'mail captured (not sent)' })]);
  });

  it('also keeps each captured mail as a file when given a directory, for the browser tests', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'mail-'));
    try {
      expect(mailerConfigFromEnv({ FUNCTIONS_EMULATOR: 'true', MAIL_CAPTURE_DIR: dir })).toEqual({
        capture: true,
        smtpUrl: undefined,
        from: DEFAULT_FROM,
        captureDir: dir,
      });
      // Never while sending for real.
      expect(mailerConfigFromEnv({ MAIL_CAPTURE_DIR: dir }).captureDir).toBeUndefined();
      const mailer = createMailer(
        { capture: true, smtpUrl: undefined, from: DEFAULT_FROM, captureDir: dir },
        log,
      );
      await mailer.send({ to: 'a@example.jp', subject: '件名です', text: '本文です' });
      const files = await readdir(dir);
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(/^\d+-[0-9a-f-]+\.json$/);
      const kept = JSON.parse(await readFile(join(dir, files[0]!), 'utf8')) as Record<
        string,
        unknown
      >;
      expect(kept).toMatchObject({ to: 'a@example.jp', subject: '件名です', text: '本文です' });
      expect(new Date(kept.sentAt as string).getTime()).not.toBeNaN();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('keeps only the most recent captured mail', async () => {
    const mailer = createMailer({ capture: true, smtpUrl: undefined, from: DEFAULT_FROM }, log, 2);
    for (const n of [1, 2, 3])
      await mailer.send({ to: 'a@example.jp', subject: `s${n}`, text: 't' });
    expect(mailer.captured().map((m) => m.subject)).toEqual(['s2', 's3']);
  });

  it('refuses to send for real without SMTP_URL instead of dropping the mail silently', async () => {
    const mailer = createMailer({ capture: false, smtpUrl: undefined, from: DEFAULT_FROM }, log);
    await expect(mailer.send({ to: 'a@example.jp', subject: 's', text: 't' })).rejects.toThrow(
      'SMTP_URL is not configured',
    );
  });
});
