import { randomUUID } from 'node:crypto';
import { rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger, OutgoingMail } from '../../../mail/handlers/common.js';

export const DEFAULT_FROM = 'スポーツコミュニティ <no-reply@sports-community.example>';

export interface MailerConfig {
  /** Capture instead of sending: the Functions emulator, tests, or MAIL_TRANSPORT=capture. */
  capture: boolean;
  /** smtp:// or smtps:// URL with credentials; required when not capturing. */
  smtpUrl: string | undefined;
  from: string;
  /**
   * When capturing, also keep each mail as a JSON file here (MAIL_CAPTURE_DIR): the browser
   * tests read what the Functions emulator "sent", as its workers share no memory with them.
   */
  captureDir?: string;
}

/** The configuration from the environment (functions/.env*, or the deployed function's env). */
export function mailerConfigFromEnv(env: NodeJS.ProcessEnv = process.env): MailerConfig {
  const capture =
    env.FUNCTIONS_EMULATOR === 'true' ||
    env.NODE_ENV === 'test' ||
    env.VITEST !== undefined ||
    env.MAIL_TRANSPORT === 'capture';
  return {
    capture,
    smtpUrl: env.SMTP_URL?.trim() || undefined,
    from: env.MAIL_FROM?.trim() || DEFAULT_FROM,
    captureDir: (capture && env.MAIL_CAPTURE_DIR?.trim()) || undefined,
  };
}

export interface CapturedMail extends OutgoingMail {
  from: string;
  /** The whole message as nodemailer's jsonTransport built it. */
  raw: string;
}

/** Written under a temporary name and renamed, so a reader never sees half a file. */
async function keepAsFile(dir: string, mail: CapturedMail): Promise<void> {
  const name = `${Date.now()}-${randomUUID()}.json`;
  const body = JSON.stringify({ ...mail, sentAt: new Date().toISOString() });
  await writeFile(join(dir, `.${name}`), body, 'utf8');
  await rename(join(dir, `.${name}`), join(dir, name));
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<{ messageId?: string }>;
  /** What a capturing mailer kept, oldest first (always empty for SMTP). */
  captured(): readonly CapturedMail[];
}

/**
 * nodemailer over SMTP in production. When capturing, nodemailer's jsonTransport builds the
 * message without connecting anywhere; it is kept in memory and written to the log, so in the
 * emulator the mail can be read in the emulator's output. The transport is made at the first send
 * so that loading the functions (deploy analysis, cold start) needs no SMTP configuration.
 */
export function createMailer(config: MailerConfig, log: Logger, keep = 50): Mailer {
  const captured: CapturedMail[] = [];
  let transporter: ReturnType<typeof nodemailer.createTransport> | null = null;

  const transport = () => {
    if (transporter) return transporter;
    if (config.capture) {
      transporter = nodemailer.createTransport({ jsonTransport: true });
    } else {
      if (!config.smtpUrl) throw new Error('SMTP_URL is not configured; mail cannot be sent.');
      transporter = nodemailer.createTransport(config.smtpUrl);
    }
    return transporter;
  };

  return {
    async send(mail) {
      const info = await transport().sendMail({
        from: config.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
      });
      if (config.capture) {
        const entry: CapturedMail = {
          ...mail,
          from: config.from,
          raw: String((info as { message?: unknown }).message ?? ''),
        };
        captured.push(entry);
        if (captured.length > keep) captured.shift();
        if (config.captureDir) await keepAsFile(config.captureDir, entry);
        log.info('mail captured (not sent)', {
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
        });
      }
      return { messageId: typeof info.messageId === 'string' ? info.messageId : undefined };
    },
    captured: () => captured,
  };
}
