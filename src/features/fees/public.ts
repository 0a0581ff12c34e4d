import { lazy } from 'react';

/** What the fees feature offers to the other features (docs/architecture.md, "Features"). */

/** A participant's own 参加費 status: loaded when shown (a participant of an event with a fee). */
export const MyFeePanel = lazy(() =>
  import('./my-fee-panel').then((m) => ({ default: m.MyFeePanel })),
);

/** The organizer's fee roster: loaded when shown (only the organizer sees it). */
export const FeeRoster = lazy(() => import('./fee-roster').then((m) => ({ default: m.FeeRoster })));
