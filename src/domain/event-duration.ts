/**
 * How long an event without a later end time lasts (docs/calendar.md "When"). A module of its
 * own, importing nothing, so the code the Cloud Functions compile (the series calendar,
 * event-calendar.ts) reads the same figure as the app (constants.ts re-exports it).
 */
export const EVENT_DEFAULT_DURATION_MS = 2 * 60 * 60 * 1000;
