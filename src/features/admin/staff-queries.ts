import { queryOptions, skipToken } from '@tanstack/react-query';
import type { Backend } from '@/data/ports/backend';
import type { Page } from '@/domain/entities/common';
import type { ReportStatus } from '@/domain/entities/report';
import { cursorPages } from '@/lib/cursor-pages';
import { profilesQueryFn } from '@/lib/profiles';

/**
 * The staff area's one query-options factory. Keys sit under ['staff'] so a sign-out or a staff
 * change refreshes exactly these; every method gives the key alone without a backend. Errors
 * are shown inline with a retry on every staff screen, so no toast (meta.silent).
 */
function pages<T>(
  key: readonly unknown[],
  fetchPage: ((cursor: string | null) => Promise<Page<T>>) | null,
) {
  return cursorPages(key, fetchPage, { silent: true });
}

export const staffQueries = {
  all: ['staff'] as const,

  dashboard: (backend?: Backend) =>
    queryOptions({
      queryKey: ['staff', 'dashboard'] as const,
      queryFn: backend ? () => backend.staff.dashboard() : skipToken,
      meta: { silent: true },
    }),

  users: (search: string, backend?: Backend) =>
    pages(
      ['staff', 'users', search] as const,
      backend ? (c) => backend.staff.searchUsers(search, c) : null,
    ),

  userByCustomId: (customUserId: string, backend?: Backend) =>
    queryOptions({
      queryKey: ['staff', 'user', customUserId] as const,
      queryFn: backend ? () => backend.staff.userByCustomId(customUserId) : skipToken,
      meta: { silent: true },
    }),

  activity: (uid: string, backend?: Backend) =>
    queryOptions({
      queryKey: ['staff', 'activity', uid] as const,
      queryFn: backend ? () => backend.staff.userActivity(uid) : skipToken,
      meta: { silent: true },
    }),

  events: (keyword: string, backend?: Backend) =>
    pages(
      ['staff', 'events', keyword] as const,
      backend ? (c) => backend.staff.recentEvents(keyword, c) : null,
    ),

  reports: (status: ReportStatus, backend?: Backend) =>
    pages(
      ['staff', 'reports', status] as const,
      backend ? (c) => backend.staff.reports(status, c) : null,
    ),

  auditLog: (backend?: Backend) =>
    pages(['staff', 'audit'] as const, backend ? (c) => backend.staff.auditLog(c) : null),

  setup: (backend?: Backend) =>
    queryOptions({
      queryKey: ['staff', 'setup'] as const,
      queryFn: backend ? () => backend.staff.adminSetup() : skipToken,
      meta: { silent: true },
    }),

  /** Names and ids for the people a list mentions (reporters, actors), in one bounded read. */
  people: (uids: readonly string[], backend?: Backend) =>
    queryOptions({
      queryKey: ['staff', 'people', [...uids].sort()] as const,
      queryFn: profilesQueryFn(uids, backend),
      meta: { silent: true },
    }),
};
