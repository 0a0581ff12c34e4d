/** The identity service: Firebase Auth in production, local accounts in the browser otherwise. */
export interface AuthUser {
  uid: string;
  email: string;
  displayName: string;
  photoURL: string;
  emailVerified: boolean;
}

export type ActionCodeOperation = 'verifyEmail' | 'resetPassword';

export interface ActionCodeInfo {
  operation: ActionCodeOperation;
  email: string;
}

/**
 * The statements follow the convention in ./backend.ts, with one difference: every refusal and
 * failure is an AuthError whose code (AUTH_ERROR_MESSAGES in src/domain/errors.ts) both backends
 * produce alike; 'auth/network-request-failed' when the network fails.
 */
export interface AuthPort {
  /**
   * Where a sign-in lasts: 'tab' (the local backend: each tab its own user) or 'browser'
   * (Firebase: every tab shares it). A tab opening on an existing session is no new sign-in.
   */
  readonly sessionScope: 'tab' | 'browser';
  /**
   * Calls back once, asynchronously, with the restored state (user or null), then on every
   * sign-in and sign-out. Returns the unsubscribe.
   */
  onAuthStateChanged(callback: (user: AuthUser | null) => void): () => void;
  currentUser(): AuthUser | null;
  /**
   * Email in any letter case. Fails: 'auth/invalid-email'; 'auth/invalid-credential' alike for
   * an unknown email and a wrong password; 'auth/too-many-requests' after repeated failures.
   */
  signIn(email: string, password: string): Promise<AuthUser>;
  /**
   * Creates the account and signs it in; the display name is set at once. The password policy
   * (checkPasswordPolicy) is checked first. Fails: 'auth/invalid-email', 'auth/weak-password'
   * (with the policy message), 'auth/email-already-in-use' (whatever the letter case).
   */
  signUp(email: string, password: string, displayName: string): Promise<AuthUser>;
  signOut(): Promise<void>;
  /** Fails: 'auth/unauthenticated' when signed out. Caller: the signed-in user. */
  updateProfile(patch: { displayName?: string; photoURL?: string }): Promise<void>;
  /**
   * Sends the verification email for the signed-in user; its link opens /auth/action.
   * Fails: 'auth/unauthenticated' when signed out. Caller: the signed-in user.
   */
  sendEmailVerification(): Promise<void>;
  /** Re-reads the signed-in user from the service (emailVerified may have changed); null when signed out. */
  reload(): Promise<AuthUser | null>;
  /**
   * What a mailed code is for and whose address it concerns, without using it.
   * Fails: 'auth/invalid-action-code' (unknown or used), 'auth/expired-action-code'.
   */
  checkActionCode(code: string): Promise<ActionCodeInfo>;
  /** Uses a verification code. Fails as checkActionCode. Caller: anyone (the link's opener). */
  applyActionCode(code: string): Promise<void>;
  /**
   * Sends the reset email; its link opens /auth/action and continues to /reset-complete. An
   * unknown address resolves without sending anything (no account is revealed).
   * Fails: 'auth/invalid-email'; other errors are logged and rethrown.
   */
  sendPasswordResetEmail(email: string): Promise<void>;
  /**
   * Sets the new password with a reset code; the code is then spent.
   * Fails: as checkActionCode, and 'auth/weak-password'.
   */
  confirmPasswordReset(code: string, newPassword: string): Promise<void>;
  /**
   * Re-authenticates with the current password, then sets the new one. Fails (logged and
   * rethrown): 'auth/unauthenticated' with the passwordAuthRequired message when signed out,
   * 'auth/weak-password' (checked first), 'auth/invalid-credential' for a wrong current
   * password. Caller: the signed-in user.
   */
  updatePassword(currentPassword: string, newPassword: string): Promise<void>;
}
