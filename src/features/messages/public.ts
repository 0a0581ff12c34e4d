/** What the messages feature offers to the other features (docs/architecture.md, "Features"). */
export { StartConversationButton } from './start-conversation-button';
