import { lazy } from 'react';

/** What the attendance feature offers to the other features (docs/architecture.md, "Features"). */

/** The organizer's attendance panel: loaded when shown (only the organizer sees it). */
export const AttendancePanel = lazy(() =>
  import('./attendance-panel').then((m) => ({ default: m.AttendancePanel })),
);
export { attendanceQueries } from './attendance-queries';
export { ReliabilityBadge } from './reliability';
