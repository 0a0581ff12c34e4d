import type { ApiPort } from '@/data/ports/api';
import type { UseCaseContext } from './context';

/** What every shared port's use case is built on: the storage, the session, the clock, the api. */
type Build = (ctx: UseCaseContext, api: ApiPort) => Promise<object>;

/**
 * The ports both backends share, each with the use case that implements it: the one list of
 * them. `Backend` (src/data/ports/backend.ts) takes its shared ports' types from here, the app's
 * proxy (src/app/deferred-backend.ts) its port names, and both backends build them from here
 * (sharedPortLoaders). Each use case is a chunk of its own, imported on its port's first use, so a
 * page downloads the ports it uses. Adding a port is one entry (docs/architecture.md).
 */
export const SHARED_PORTS = {
  users: async (ctx) => (await import('./users')).usersUseCases(ctx),
  events: async (ctx) => (await import('./events')).eventUseCases(ctx),
  organizing: async (ctx, api) => (await import('./organizing')).organizingUseCases(ctx, api),
  participation: async (ctx, api) =>
    (await import('./participation')).participationUseCases(ctx, api),
  roster: async (ctx, api) => (await import('./roster')).rosterUseCases(ctx, api),
  notifications: async (ctx) => (await import('./notifications')).notificationsUseCases(ctx),
  conversations: async (ctx, api) =>
    (await import('./conversations')).conversationsUseCases(ctx, api),
  teams: async (ctx) => (await import('./teams')).teamUseCases(ctx),
  teamMembership: async (ctx) => (await import('./team-membership')).teamMembershipUseCases(ctx),
  reports: async (ctx) => (await import('./reports')).reportsUseCases(ctx),
  staff: async (ctx) => (await import('./staff')).staffUseCases(ctx),
  attendance: async (ctx) => (await import('./attendance')).attendanceUseCases(ctx),
  rollCall: async (ctx) => (await import('./roll-call')).rollCallUseCases(ctx),
  fees: async (ctx) => (await import('./fees')).feesUseCases(ctx),
  checkIn: async (ctx) => (await import('./check-in')).checkInUseCases(ctx),
  follows: async (ctx) => (await import('./follows')).followsUseCases(ctx),
  series: async (ctx, api) => (await import('./series')).seriesUseCases(ctx, api),
  seriesRegulars: async (ctx, api) =>
    (await import('./series-regulars')).seriesRegularsUseCases(ctx, api),
  boards: async (ctx, api) => (await import('./boards')).boardsUseCases(ctx, api),
} satisfies Record<string, Build>;

export type SharedPortName = keyof typeof SHARED_PORTS;

/** Each shared port as its use case's own type, so "go to definition" lands on the code that runs. */
export type SharedPorts = {
  [K in SharedPortName]: Awaited<ReturnType<(typeof SHARED_PORTS)[K]>>;
};

/**
 * Every shared port as a function that loads it, on the use cases' context (opened by the first
 * port that loads) and the backend's api.
 */
export function sharedPortLoaders(
  ctx: () => Promise<UseCaseContext>,
  api: ApiPort,
): { [K in SharedPortName]: () => Promise<SharedPorts[K]> } {
  const build = SHARED_PORTS as Record<SharedPortName, Build>;
  return Object.fromEntries(
    (Object.keys(SHARED_PORTS) as SharedPortName[]).map((name) => [
      name,
      async () => build[name](await ctx(), api),
    ]),
  ) as { [K in SharedPortName]: () => Promise<SharedPorts[K]> };
}
