import type { OutboxMail } from '@/data/ports/backend';
import { autoId } from '@/data/storage/storage';
import type { LocalDb } from './db';

export interface MailDraft {
  to: string;
  subject: string;
  body: string;
}

/** "Sends" a mail by keeping it, so the demo outbox page can show it with working links. */
export async function deliverMail(db: LocalDb, mail: MailDraft, now: Date): Promise<void> {
  await db.outbox.add({ id: autoId(), ...mail, sentAt: now });
}

/** Newest first. */
export async function readOutbox(db: LocalDb): Promise<OutboxMail[]> {
  const rows = await db.outbox.orderBy('sentAt').reverse().toArray();
  return rows.map((r) => ({ ...r, links: extractLinks(r.body) }));
}

export function extractLinks(body: string): string[] {
  return body.match(/https?:\/\/[^\s<>"'「」]+/g) ?? [];
}
