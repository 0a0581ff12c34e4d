/** What the notifications feature offers to the other features (docs/architecture.md, "Features"). */
export { useNotifications } from './notification-queries';
