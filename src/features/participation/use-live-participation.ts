import { useEffect } from 'react';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { NotificationType } from '@/domain/entities/notification';
import { useNotifications } from '@/features/notifications/public';
import { participationQueries, refreshRequestsForViewer } from './participation-queries';

const PARTICIPATION_TYPES: readonly string[] = [
  'participation_request',
  'participation_approved',
  'participation_rejected',
  // Changes to the event that also change who asks or takes part (a moved event's day and place
  // come with its document).
  'event_cancelled',
  'participant_removed',
  'participant_left',
  'participant_joined',
  'waitlist_promoted',
] satisfies NotificationType[];

/**
 * The requests beside an open event. The event itself is live (its page listens to the event
 * document, useLiveEvent in the events feature); the requests are lists of other documents,
 * made and answered by the other party in another browser or tab, and every such change notifies
 * this user: a request reaches the organizer, an approval or a rejection the requester. The
 * notifications are a live list already, so when the latest participation notification about
 * this event is newer than the requests shown, those are read again (no listener per page of
 * requests, whose reads would cost more than the one notification). This also covers a cache
 * restored from storage. (The notification's time is the writer's clock; a skewed clock at worst
 * refreshes once more than needed or waits for the next change.)
 */
export function useLiveParticipation(eventId: string, uid: string, role: 'organizer' | 'visitor') {
  const client = useQueryClient();
  const { notifications } = useNotifications();
  const latest = notifications.find(
    (n) => n.data.eventId === eventId && PARTICIPATION_TYPES.includes(n.type),
  );
  const latestId = latest?.id;
  const latestAt = latest?.timestamp.getTime() ?? 0;

  useEffect(() => {
    if (!latestId) return;
    const shown: QueryKey[] = [
      role === 'organizer'
        ? participationQueries.forEvent(eventId).queryKey
        : participationQueries.mine(uid, eventId).queryKey,
    ];
    const outdated = shown.some((queryKey) => {
      const loadedAt = client.getQueryState(queryKey)?.dataUpdatedAt ?? 0;
      return loadedAt > 0 && loadedAt < latestAt;
    });
    if (outdated) void refreshRequestsForViewer(client, eventId, uid);
  }, [client, eventId, uid, role, latestId, latestAt]);
}
