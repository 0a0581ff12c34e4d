import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Logger } from '../../mail/handlers/common.js';
import { createMailer, DEFAULT_FROM, mailerConfigFromEnv } from '../src/mail/transport.js';

const logs: { message: string; data?: Record<string, unknown> }[] = [];
const log: Logger = {
  info: (message, data) => logs.push({ message, data }),
  warn: () => {},
  error: () => {},
};

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
