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

export interface AuthPort {
  /**
   * Where a sign-in lasts: 'tab' (the local backend: each tab its own user) or 'browser'
   * (Firebase: every tab shares it). A tab opening on an existing session is no new sign-in.
   */
  readonly sessionScope: 'tab' | 'browser';
  /** Calls back once with the restored state (user or null), then on every change. */
  onAuthStateChanged(callback: (user: AuthUser | null) => void): () => void;
  currentUser(): AuthUser | null;
  signIn(email: string, password: string): Promise<AuthUser>;
  /** Creates the account and signs it in; the display name is set at once. */
  signUp(email: string, password: string, displayName: string): Promise<AuthUser>;
  signOut(): Promise<void>;
  updateProfile(patch: { displayName?: string; photoURL?: string }): Promise<void>;
  /** Sends the verification email for the signed-in user; its link opens /auth/action. */
  sendEmailVerification(): Promise<void>;
  /** Re-reads the signed-in user from the service (emailVerified may have changed). */
  reload(): Promise<AuthUser | null>;
  checkActionCode(code: string): Promise<ActionCodeInfo>;
  applyActionCode(code: string): Promise<void>;
  /** Sends the reset email; its link opens /auth/action and continues to /reset-complete. */
  sendPasswordResetEmail(email: string): Promise<void>;
  confirmPasswordReset(code: string, newPassword: string): Promise<void>;
  /** Re-authenticates with the current password, then sets the new one. */
  updatePassword(currentPassword: string, newPassword: string): Promise<void>;
}
