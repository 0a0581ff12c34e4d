import { useEffect } from 'react';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { NotificationType } from '@/domain/entities/notification';
import { useNotifications } from '@/features/notifications/public';
import { useBackend } from '@/lib/backend-context';
import { eventKeys } from '@/lib/event-keys';
import { logger } from '@/lib/logger';
import { participationQueries, refreshEventForViewer } from './participation-queries';

const PARTICIPATION_TYPES: readonly string[] = [
  'participation_request',
  'participation_approved',
  'participation_rejected',
  // The organizer moved or cancelled the event: its page shows the new day, place or 中止.
  'event_changed',
  'event_cancelled',
  'participant_removed',
  'participant_left',
  'participant_joined',
  'waitlist_promoted',
] satisfies NotificationType[];

/**
 * Requests and approvals are made by the other party, in another browser or tab. The spec keeps
 * live listeners to notifications (no polling, no refetch on mount), and every such change
 * notifies this user: a request reaches the organizer, an approval or a rejection the requester.
 * So when the latest participation notification about this event is newer than what the panel
 * shows, the event and its requests are read again. This also covers a cache restored from
 * storage. (The notification's time is the writer's clock; a skewed clock at worst refreshes once
 * more than needed or waits for the next change.)
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
      eventKeys.detail(eventId),
      role === 'organizer'
        ? participationQueries.forEvent(eventId).queryKey
        : participationQueries.mine(uid, eventId).queryKey,
    ];
    const outdated = shown.some((queryKey) => {
      const loadedAt = client.getQueryState(queryKey)?.dataUpdatedAt ?? 0;
      return loadedAt > 0 && loadedAt < latestAt;
    });
    if (outdated) void refreshEventForViewer(client, eventId, uid);
  }, [client, eventId, uid, role, latestId, latestAt]);
}

/**
 * The event as stored, pushed into the page's query as it changes: who takes part and the
 * キャンセル待ち move with other people's actions (a place in line moves up with nobody telling
 * its holder), so a page that shows them listens to the event document.
 */
export function useLiveEvent(eventId: string) {
  const backend = useBackend();
  const client = useQueryClient();
  useEffect(
    () =>
      backend.roster.subscribeEvent(
        eventId,
        (event) => {
          if (event) client.setQueryData(eventKeys.detail(eventId), event);
        },
        (e) => logger.warn('participation: the live event stopped', e),
      ),
    [backend, client, eventId],
  );
}
