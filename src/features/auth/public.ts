/** What the auth feature offers to the other features (docs/architecture.md, "Features"). */
export {
  rememberDisplayName,
  useCurrentUser,
  useSession,
  useWriteRefusal,
  type SessionUser,
} from './session';
export { PasswordChangeForm } from './password-change-form';
