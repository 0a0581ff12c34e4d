import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { EventInput } from '@/data/ports/events';
import type { EventStatus, SportEvent } from '@/domain/entities/event';
import type { MinHeadcountInput } from '@/domain/rules/headcount';
import { useCurrentUser } from '@/features/auth/public';
import { useBackend } from '@/lib/backend-context';
import { refreshQueries } from '@/lib/query-client';
import { eventKeys } from '@/lib/shared-queries';
import { eventQueries } from './event-queries';
import { removeQuietly, useImageUpload } from '@/lib/use-image-upload';
import { eventImageFolder } from './image-folder';
import { useMutation } from '@/lib/use-mutation';

/**
 * What a change to one event can show up in: its detail, every list page (any page may hold
 * it), its organizer's list, participants' lists and team pages. Returned so the mutation waits for the
 * refetch of whatever is on screen.
 */
function invalidateEvent(qc: QueryClient, event: Pick<SportEvent, 'id' | 'organizerId'>) {
  return refreshQueries(qc, [
    eventQueries.detail(event.id).queryKey,
    eventQueries.lists,
    eventQueries.organizerLists(event.organizerId),
    ['events', 'byParticipant'],
    eventKeys.teamLists,
  ]);
}

/** Errors of these mutations are shown inline next to the action, so no toast (meta.silent). */
export function useCreateEvent() {
  const backend = useBackend();
  const qc = useQueryClient();
  const user = useCurrentUser();
  return useMutation({
    meta: { silent: true },
    mutationFn: (input: EventInput) => backend.organizing.create(input),
    onSuccess: () =>
      refreshQueries(qc, [
        eventQueries.lists,
        eventKeys.teamLists,
        ...(user ? [eventQueries.organizerLists(user.uid)] : []),
      ]),
  });
}

export function useUpdateEvent(event: Pick<SportEvent, 'id' | 'organizerId'>) {
  const backend = useBackend();
  const qc = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: (patch: Partial<EventInput>) => backend.organizing.update(event.id, patch),
    onSuccess: () => invalidateEvent(qc, event),
  });
}

/**
 * 「この日以降すべて」 on a series date (docs/series.md "Changing and ending"): this date saved as
 * any edit, then its later dates and the series' template changed on the server, so the
 * series' pages are read again too.
 */
export function useUpdateSeriesFollowing(event: Pick<SportEvent, 'id' | 'organizerId'>) {
  const backend = useBackend();
  const qc = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: async (patch: Partial<EventInput>) => {
      await backend.organizing.update(event.id, patch);
      await backend.series.changeFollowing(event.id, patch);
    },
    onSuccess: () => Promise.all([invalidateEvent(qc, event), refreshQueries(qc, [['series']])]),
  });
}

/**
 * 「今回はお休み」 on a series date's page: the series page's use case (seriesRegulars.skip), then
 * this date, its series' pages and every list are read again (a seat moved to the waitlist).
 */
export function useSkipSeriesDate(event: Pick<SportEvent, 'id' | 'organizerId' | 'seriesId'>) {
  const backend = useBackend();
  const qc = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: () => backend.seriesRegulars.skip(event.seriesId, event.id),
    onSettled: () =>
      Promise.all([invalidateEvent(qc, event), refreshQueries(qc, [['series', event.seriesId]])]),
  });
}

export function useChangeEventStatus(event: Pick<SportEvent, 'id' | 'organizerId'>) {
  const backend = useBackend();
  const qc = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: (status: EventStatus) => backend.organizing.changeStatus(event.id, status),
    onSuccess: () => invalidateEvent(qc, event),
  });
}

/** The minimum headcount (docs/domain.md "Minimum headcount"): set, change or remove (null). */
/**
 * The minimum headcount set, changed or (null) removed on this event; with `following` (a
 * series date's 「この日以降すべて」) then on its later dates and the series' template too.
 */
export function useSetMinHeadcount(event: Pick<SportEvent, 'id' | 'organizerId'>) {
  const backend = useBackend();
  const qc = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: async ({
      input,
      following = false,
    }: {
      input: MinHeadcountInput | null;
      following?: boolean;
    }) => {
      await backend.organizing.setMinHeadcount(event.id, input);
      if (!following) return;
      const minHeadcount = input
        ? { min: input.min, mode: input.mode, deadline: input.deadline }
        : null;
      await backend.series.changeFollowing(event.id, { minHeadcount });
    },
    onSuccess: (_, { following }) =>
      Promise.all([
        invalidateEvent(qc, event),
        following ? refreshQueries(qc, [['series']]) : null,
      ]),
  });
}

/** 「開催する」 after the server asked the organizer (主催者に確認, too few in). */
export function useHoldAnyway(event: Pick<SportEvent, 'id' | 'organizerId'>) {
  const backend = useBackend();
  const qc = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: () => backend.organizing.holdAnyway(event.id),
    onSuccess: () => invalidateEvent(qc, event),
  });
}

/** Replaces the event image: upload the new file, point the event at it, drop the old file. */
export function useReplaceEventImage(event: Pick<SportEvent, 'id' | 'organizerId' | 'imagePath'>) {
  const backend = useBackend();
  const qc = useQueryClient();
  const uploader = useImageUpload();
  const mutation = useMutation({
    meta: { silent: true },
    mutationFn: async (file: File) => {
      const { url, path } = await uploader.upload(eventImageFolder(event.organizerId), file);
      await backend.organizing.update(event.id, { imageURL: url, imagePath: path });
      if (event.imagePath && event.imagePath !== path)
        await removeQuietly((p) => backend.files.remove(p), event.imagePath);
    },
    onSuccess: () => invalidateEvent(qc, event),
  });
  return { ...mutation, progress: uploader.progress };
}

/**
 * Deletes the event image. The event stops pointing at the file first: if removing the file then
 * failed, the event still shows correctly (no broken picture), and only an orphan file remains.
 */
export function useDeleteEventImage(event: Pick<SportEvent, 'id' | 'organizerId' | 'imagePath'>) {
  const backend = useBackend();
  const qc = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: async () => {
      await backend.organizing.update(event.id, { imageURL: '', imagePath: '' });
      await removeQuietly((p) => backend.files.remove(p), event.imagePath);
    },
    onSuccess: () => invalidateEvent(qc, event),
  });
}
