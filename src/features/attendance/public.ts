/** What the attendance feature offers to the other features (docs/architecture.md, "Features"). */
export { AttendancePanel } from './attendance-panel';
export { attendanceQueries } from './attendance-queries';
export { ReliabilityBadge } from './reliability';
