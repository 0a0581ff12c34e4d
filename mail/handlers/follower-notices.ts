import type { RateLimit } from '../policy.js';
import {
  FOLLOWER_NOTICE_BATCH,
  FOLLOWER_NOTICE_MAX,
  FOLLOWER_NOTICE_WINDOW_MS,
  followedEventNoticeId,
  targetKey,
  type FollowTarget,
  type FollowedEventData,
} from '../../src/domain/rules/follow-notices.js';
import { followedEventMail } from '../templates.js';
import {
  forbidden,
  json,
  mailEach,
  notSent,
  type EventRecord,
  type HandlerResponse,
  type MailDeps,
} from './common.js';

/** A followed event's notice as the server writes it (`{ userId, type, data, read: false, … }`). */
export interface FollowerNotice {
  id: string;
  userId: string;
  type: 'followed_event';
  data: FollowedEventData;
}

/**
 * What telling the followers reads and writes, past the security rules: the Cloud Functions on
 * Firestore with the Admin SDK (functions/src/firestore-deps.ts), the local backend on IndexedDB
 * (src/data/local/local-api.ts).
 */
export interface FollowerNoticeDeps extends MailDeps {
  getEvent(id: string): Promise<EventRecord | null>;
  /**
   * The uids following `key` (follows whose targetKey is it), in document-id order, at most
   * `limit`, after `after` (the `next` of the page before); `next` is null on the last page.
   */
  followersPage(
    key: string,
    page: { limit: number; after: string | null },
  ): Promise<{ uids: string[]; next: string | null }>;
  /** Writes the notices in one commit (at most FOLLOWER_NOTICE_BATCH), with the server's time. */
  writeFollowerNotices(notices: FollowerNotice[]): Promise<void>;
}

/**
 * Calls per event: the organizer's app makes one after creating it; a retry after a failure may
 * follow. The notices' ids are the event's and the follower's, so a second call writes the same
 * documents again and mails nobody twice (the per-recipient limit below).
 */
export const FOLLOWER_NOTICE_CALL_LIMIT: RateLimit = { limit: 3, windowMs: 24 * 60 * 60_000 };
/** Per event and follower: one mail, ever (the window outlasts the notice's own window). */
export const FOLLOWER_MAIL_LIMIT: RateLimit = { limit: 1, windowMs: 30 * 24 * 60 * 60_000 };

export type EventPublishedBody = { type: 'event_published'; eventId: string };

export interface FollowerNoticeRun {
  notified: number;
  mailed: number;
  notMailed: number;
  /** More followers than one event tells (FOLLOWER_NOTICE_MAX). */
  truncated: boolean;
}

/**
 * A new event told to the followers of its organizer and of its team (docs/follows.md), caused
 * by the organizer's app right after the event was created. Only its organizer may cause it, only
 * for an open event created within FOLLOWER_NOTICE_WINDOW_MS; everything told is read from the
 * event, never from the body. The followers are read a page at a time (FOLLOWER_NOTICE_BATCH),
 * each page's notices written in one commit; once all are written, each follower is mailed
 * through mailIfAllowed (their followedEvents switch, a verified address, the limits). Someone
 * following both the organizer and the team hears once; the organizer is never told of their
 * own event.
 */
export async function followerNotices(
  deps: FollowerNoticeDeps,
  uid: string,
  body: EventPublishedBody,
): Promise<HandlerResponse> {
  const event = await deps.getEvent(body.eventId);
  if (!event) return forbidden('The event does not exist.');
  if (event.organizerId !== uid)
    return forbidden('Only the organizer of the event tells its followers.');
  if (event.status !== 'open') return forbidden('The event is not open.');
  const now = deps.now();
  const created = event.createdAt?.getTime();
  if (created === undefined || now.getTime() - created > FOLLOWER_NOTICE_WINDOW_MS) {
    return forbidden('The event is not new.');
  }
  const cause = `follower-notices:${event.id}`;
  if (!(await deps.throttle(cause, FOLLOWER_NOTICE_CALL_LIMIT)).allowed)
    return notSent('duplicate');
  const run = await tellFollowers(deps, event);
  return json(200, { sent: run.mailed > 0, ...run });
}

async function tellFollowers(
  deps: FollowerNoticeDeps,
  event: EventRecord,
): Promise<FollowerNoticeRun> {
  const run: FollowerNoticeRun = { notified: 0, mailed: 0, notMailed: 0, truncated: false };
  const sources: { target: FollowTarget; name: string }[] = [
    { target: { kind: 'user', id: event.organizerId }, name: event.organizerName },
  ];
  if (event.teamId) {
    sources.push({ target: { kind: 'team', id: event.teamId }, name: event.teamName ?? '' });
  }
  // Every notice is written before the first mail, so no follower waits for others' mail to
  // see the event in the app.
  const toMail: { via: FollowTarget['kind']; name: string; uids: string[] }[] = [];
  // Who has heard already in this run: the organizer, and anyone found through the organizer.
  const told = new Set<string>([event.organizerId]);
  notices: for (const { target, name } of sources) {
    let after: string | null = null;
    do {
      if (told.size - 1 >= FOLLOWER_NOTICE_MAX) {
        run.truncated = true;
        deps.log.warn('follower notices: more followers than one event tells', {
          eventId: event.id,
        });
        break notices;
      }
      const page = await deps.followersPage(targetKey(target), {
        limit: FOLLOWER_NOTICE_BATCH,
        after,
      });
      const fresh = page.uids.filter((u) => !told.has(u));
      fresh.forEach((u) => told.add(u));
      if (fresh.length > 0) {
        const data: FollowedEventData = {
          eventId: event.id,
          eventTitle: event.title,
          via: target.kind,
          sourceName: name,
        };
        await deps.writeFollowerNotices(
          fresh.map((userId) => ({
            id: followedEventNoticeId(event.id, userId),
            userId,
            type: 'followed_event' as const,
            data,
          })),
        );
        run.notified += fresh.length;
        toMail.push({ via: target.kind, name, uids: fresh });
      }
      after = page.next;
    } while (after);
  }
  for (const { via, name, uids } of toMail) await mailFollowers(deps, event, via, name, uids, run);
  deps.log.info('follower notices', { eventId: event.id, ...run });
  return run;
}

async function mailFollowers(
  deps: FollowerNoticeDeps,
  event: EventRecord,
  via: FollowTarget['kind'],
  source: string,
  followers: string[],
  run: FollowerNoticeRun,
): Promise<void> {
  await mailEach(
    deps,
    followers,
    {
      kind: 'followedEvents',
      causeKey: (recipientId) => `follower-notices:${event.id}:${recipientId}`,
      limit: FOLLOWER_MAIL_LIMIT,
      context: { type: 'followed_event', eventId: event.id },
    },
    async () => followedEventMail(event, via, source, deps.appBaseUrl),
    run,
  );
}
