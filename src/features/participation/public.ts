/** What the participation feature offers to the other features (docs/architecture.md, "Features"). */
export { ParticipationPanel } from './participation-panel';
export { participationQueries } from './participation-queries';
