/** What the admin feature offers to the other features (docs/architecture.md, "Features"). */
export { ReportButton } from './report-button';
