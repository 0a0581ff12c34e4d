/** Browser storage keys of SPEC §9, in one place so sign-in can clear them together. */
export const STORAGE_KEYS = {
  queryCache: 'sc.query-cache',
  displayName: 'sc.display-name',
  pendingVerificationEmail: 'sc.pending-verification-email',
} as const;

/** localStorage that fails quietly when the browser refuses storage (private modes, quotas). */
export const safeStorage = {
  get(key: string): string | null {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key: string, value: string): void {
    try {
      window.localStorage.setItem(key, value);
    } catch {
      // Storage is a convenience here; the app works without it.
    }
  },
  remove(key: string): void {
    try {
      window.localStorage.removeItem(key);
    } catch {
      // See set().
    }
  },
};
