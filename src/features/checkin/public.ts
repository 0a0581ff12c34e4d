import { lazy } from 'react';

/** What the check-in feature offers to the other features (docs/fees.md "Check-in"). */

/** A participant's code on the event's day: loaded when shown. */
export const MyCodePanel = lazy(() =>
  import('./my-code-panel').then((m) => ({ default: m.MyCodePanel })),
);

/** The organizer's 受付: loaded when shown (only the organizer sees it). */
export const ReceptionPanel = lazy(() =>
  import('./reception-panel').then((m) => ({ default: m.ReceptionPanel })),
);
export { checkInQueries } from './checkin-queries';
