/** Browser storage keys (docs/constants.md), in one place so sign-in can clear them together. */
export const STORAGE_KEYS = {
  queryCache: 'sc.query-cache',
  displayName: 'sc.display-name',
  pendingVerificationEmail: 'sc.pending-verification-email',
  /** A registration under way: what its profile document needs if the sign-up stops half-way. */
  pendingRegistration: 'sc.pending-registration',
  /**
   * The uid of the user this device (or, on the local backend, this tab) was last signed in as:
   * src/features/auth/session.tsx.
   */
  sessionUid: 'sc.session-uid',
  /**
   * The signed-in participant's check-in code of the day, so it shows without a network
   * (src/features/checkin/my-code-panel.tsx); removed at sign-out.
   */
  checkInCode: 'sc.check-in-code',
} as const;

export interface GuardedStorage {
  get(key: string): string | null;
  set(key: string, value: string): void;
  remove(key: string): void;
}

/**
 * Browser storage that fails quietly when the browser refuses it (private modes, quotas, storage
 * disabled): storage is a convenience here, and the app works without it.
 */
function guarded(store: () => Storage): GuardedStorage {
  return {
    get(key) {
      try {
        return store().getItem(key);
      } catch {
        return null;
      }
    },
    set(key, value) {
      try {
        store().setItem(key, value);
      } catch {
        // See above: without storage the value lasts as long as the page.
      }
    },
    remove(key) {
      try {
        store().removeItem(key);
      } catch {
        // See above.
      }
    },
  };
}

/** localStorage: shared by the browser's tabs. */
export const safeStorage = guarded(() => window.localStorage);

/** sessionStorage: this tab's own. */
export const safeSessionStorage = guarded(() => window.sessionStorage);
