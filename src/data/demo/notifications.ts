import {
  notificationIdFor,
  type ParticipationNotificationData,
  type ParticipationNotificationType,
} from '@/domain/entities/notification';
import { demoDoc, type DemoPart } from './demo-data';
import { demoEvent, demoRequest } from './events';
import { DEMO_UIDS, demoPerson } from './people';

/**
 * Each demo notification is what one seeded request caused (docs/notifications.md): the request
 * itself tells its event's organizer, its approval or rejection tells the requester. Like the
 * app's, they carry ids and the checked values only, under the id of their cause.
 */
const NOTIFICATIONS: { request: number; type: ParticipationNotificationType; read: boolean }[] = [
  // to 山田 太郎, who organizes events 1 and 2
  { request: 3, type: 'participation_request', read: false },
  { request: 4, type: 'participation_request', read: false },
  { request: 1, type: 'participation_request', read: true },
  // to the organizer of event 17
  { request: 9, type: 'participation_request', read: false },
  // to 佐藤 花子: newest first a rejection and an approval unread, an older approval read
  { request: 8, type: 'participation_rejected', read: false },
  { request: 5, type: 'participation_approved', read: false },
  { request: 1, type: 'participation_approved', read: true },
  // to 鈴木 一郎
  { request: 2, type: 'participation_approved', read: false },
  { request: 6, type: 'participation_request', read: false },
  // to 高橋 美咲
  { request: 10, type: 'participation_approved', read: true },
  { request: 7, type: 'participation_rejected', read: false },
];

/** Read and unread notifications of every participation type, for every participant. */
export const notifications: DemoPart = (clock) => ({
  docs: NOTIFICATIONS.map(({ request, type, read }) => {
    const r = demoRequest(request, clock);
    const event = demoEvent(r.event);
    const toOrganizer = type === 'participation_request';
    const data: ParticipationNotificationData = {
      eventId: r.eventId,
      requestId: r.id,
      eventTitle: event.title,
      ...(toOrganizer ? { requesterName: demoPerson(r.user).displayName } : {}),
    };
    const at = toOrganizer ? r.createdAt : r.updatedAt;
    return demoDoc(`notifications/${notificationIdFor(r.id, type)}`, {
      userId: toOrganizer ? DEMO_UIDS[event.organizer] : DEMO_UIDS[r.user],
      type,
      data,
      read,
      timestamp: at,
      clientTimestamp: at,
    });
  }),
});
