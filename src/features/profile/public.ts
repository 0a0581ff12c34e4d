import { lazy } from 'react';

/** What the profile feature offers to the other features (docs/architecture.md, "Features"). */

/** Loaded only once someone is signed in, so the home page's first paint does not carry it. */
export const MyHome = lazy(() => import('./my-home'));
