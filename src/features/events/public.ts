/** What the events feature offers to the other features (docs/architecture.md, "Features"). */
export { eventQueries } from './event-queries';
export { UpcomingEvents } from './components/upcoming-events';
