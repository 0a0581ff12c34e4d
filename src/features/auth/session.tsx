import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { flushSync } from 'react-dom';
import type { AuthPort, AuthUser } from '@/data/ports/auth';
import type { Backend } from '@/data/ports/backend';
import { DEFAULT_ACCOUNT_CREATED_AT, DEFAULT_ROLE } from '@/domain/constants';
import type { UserProfile } from '@/domain/entities/user';
import { standingRefusal, type WriteNeed, type WriteRefusal } from '@/domain/rules/standing';
import { useBackend } from '@/lib/backend-context';
import { logger } from '@/lib/logger';
import { clearQueryCaches } from '@/lib/query-client';
import { runSideEffect } from '@/lib/side-effects';
import { safeSessionStorage, safeStorage, STORAGE_KEYS } from '@/lib/storage-keys';
import { mayShowStaleFields } from '@/domain/profile';
import { recordLogin } from './record-login';
import { completeRegistration, isRegistering } from './registration';

/** The signed-in user: the auth fields plus the profile fields (role defaulting to user). */
export type SessionUser = AuthUser &
  Omit<UserProfile, 'id' | 'email' | 'displayName' | 'photoURL' | 'emailVerified'> & {
    profileLoaded: boolean;
  };

export type SessionState =
  | { status: 'loading'; user: null }
  | { status: 'signedOut'; user: null }
  | { status: 'signedIn'; user: SessionUser };

interface SessionContextValue {
  state: SessionState;
  /** Re-reads the auth user and profile (after a profile edit or email verification). */
  refresh: () => Promise<void>;
  /**
   * Resolves once the session shows the auth service's current state. A sign-in awaits it before
   * leaving the login screen, so a guarded page never sees the stale signed-out state.
   */
  settle: () => Promise<void>;
}

const SessionContext = createContext<SessionContextValue | null>(null);

/**
 * The user this tab last saw, kept where the backend keeps its sign-in (AuthPort.sessionScope):
 * per tab on the local backend, per browser on Firebase, so a new Firebase tab opening on the
 * shared session is a restore, not a sign-in.
 */
const LAST_UID_KEY = STORAGE_KEYS.sessionUid;
const scopedStorage = (scope: AuthPort['sessionScope']) =>
  scope === 'tab' ? safeSessionStorage : safeStorage;

/**
 * The display name kept for the docs/domain.md "States" fallback, with the uid it belongs to: on the local
 * backend two tabs may be two users, and one must never show the other's name.
 */
export function rememberDisplayName(uid: string, name: string): void {
  if (name) safeStorage.set(STORAGE_KEYS.displayName, JSON.stringify({ uid, name }));
}

function storedDisplayName(uid: string): string {
  try {
    const v: unknown = JSON.parse(safeStorage.get(STORAGE_KEYS.displayName) ?? 'null');
    const stored = v as { uid?: unknown; name?: unknown } | null;
    return stored?.uid === uid && typeof stored.name === 'string' ? stored.name : '';
  } catch {
    return '';
  }
}

export function buildSessionUser(auth: AuthUser, profile: UserProfile | null): SessionUser {
  // docs/domain.md "States": without a profile the name falls back to the stored name, then the auth name.
  const displayName =
    profile?.displayName || (!profile ? storedDisplayName(auth.uid) : '') || auth.displayName || '';
  return {
    uid: auth.uid,
    email: auth.email,
    displayName,
    photoURL: profile?.photoURL || auth.photoURL || '',
    photoPath: profile?.photoPath ?? '',
    emailVerified: auth.emailVerified || profile?.emailVerified === true,
    bio: profile?.bio ?? '',
    location: profile?.location ?? '',
    gender: profile?.gender ?? '',
    birthDate: profile?.birthDate ?? '',
    age: profile?.age ?? null,
    customUserId: profile?.customUserId ?? '',
    firebaseUid: profile?.firebaseUid || auth.uid,
    agreedAt: profile?.agreedAt ?? null,
    createdAt: profile?.createdAt ?? new Date(DEFAULT_ACCOUNT_CREATED_AT),
    role: profile?.role ?? DEFAULT_ROLE,
    lastLoginAt: profile?.lastLoginAt ?? null,
    isActive: profile?.isActive ?? true,
    profileLoaded: profile !== null,
  };
}

interface LoadedSession {
  user: SessionUser;
  /** The profile document does not exist (yet): a sign-up writes it after the account. */
  profileMissing: boolean;
}

/** Loads the profile for the session; a failure only costs the profile fields (docs/domain.md "States"). */
export async function loadSessionUser(backend: Backend, auth: AuthUser): Promise<LoadedSession> {
  let profile: UserProfile | null = null;
  let failed = false;
  try {
    profile = await backend.users.get(auth.uid);
  } catch (e) {
    failed = true;
    logger.error('session: profile load failed', e);
  }
  if (profile?.displayName) rememberDisplayName(auth.uid, profile.displayName);
  if (profile && auth.emailVerified && !profile.emailVerified) {
    // The link may have been opened while signed out (or in another browser), when the profile
    // could not be written; the first session afterwards catches the document up.
    void runSideEffect('session: markEmailVerified', () =>
      backend.users.markEmailVerified(auth.uid),
    );
  }
  return { user: buildSessionUser(auth, profile), profileMissing: !failed && profile === null };
}

/**
 * True for a sign-in (not a restore of the same user in this tab); it drops cached data that
 * belonged to whoever used this browser before. A sign-out forgets the stored name and the
 * cached data too, so nothing private stays in the browser for the next person.
 */
export function noteAuthChange(
  authUser: AuthUser | null,
  clearCaches: () => void,
  scope: AuthPort['sessionScope'],
): boolean {
  const storage = scopedStorage(scope);
  const last = storage.get(LAST_UID_KEY);
  if (!authUser) {
    if (last !== null) {
      safeStorage.remove(STORAGE_KEYS.displayName);
      safeStorage.remove(STORAGE_KEYS.checkInCode);
      clearCaches();
    }
    storage.remove(LAST_UID_KEY);
    return false;
  }
  if (last === authUser.uid) return false;
  if (last !== null) safeStorage.remove(STORAGE_KEYS.displayName);
  storage.set(LAST_UID_KEY, authUser.uid);
  clearCaches();
  return true;
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const backend = useBackend();
  const queryClient = useQueryClient();
  const [state, setState] = useState<SessionState>({ status: 'loading', user: null });
  // Every state change bumps the generation; a slower, older profile load never wins.
  const generation = useRef(0);
  const latest = useRef<Promise<void>>(Promise.resolve());
  const mounted = useRef(true);
  const wasSignedIn = useRef(false);

  const apply = useCallback(
    (authUser: AuthUser | null): Promise<void> => {
      const mine = ++generation.current;
      if (!authUser && wasSignedIn.current && mounted.current) {
        // A sign-out: the signed-in screens let go of their owner-only queries before the
        // caches are reset, so nothing asks for the old user's data as a visitor.
        wasSignedIn.current = false;
        flushSync(() => setState({ status: 'signedOut', user: null }));
      }
      const run = (async () => {
        const signedIn = noteAuthChange(
          authUser,
          () => clearQueryCaches(queryClient),
          backend.auth.sessionScope,
        );
        if (!authUser) {
          if (mounted.current && mine === generation.current)
            setState({ status: 'signedOut', user: null });
          return;
        }
        let { user, profileMissing } = await loadSessionUser(backend, authUser);
        // Right after sign-up there is no document yet and signUp writes it (with the login
        // stamp). Otherwise a missing profile is a sign-up that stopped half-way: finish it.
        if (profileMissing && !isRegistering(authUser.email)) {
          const completed = await completeRegistration(backend, authUser).catch((e: unknown) => {
            logger.error('session: completing the registration failed', e);
            return false;
          });
          if (completed) ({ user, profileMissing } = await loadSessionUser(backend, authUser));
        } else if (signedIn && !profileMissing) {
          void recordLogin(backend, authUser.uid);
        }
        if (!profileMissing && mayShowStaleFields(user)) {
          // An age shown on the profile goes up on birthdays; values an older version left
          // public are hidden. Bookkeeping: a failure is only logged.
          backend.users
            .syncPublicProfile(authUser.uid)
            .catch((e: unknown) => logger.error('session: syncPublicProfile', e));
        }
        if (mounted.current && mine === generation.current) {
          wasSignedIn.current = true;
          setState({ status: 'signedIn', user });
        }
      })();
      latest.current = run;
      return run;
    },
    [backend, queryClient],
  );

  useEffect(() => {
    mounted.current = true;
    const unsubscribe = backend.auth.onAuthStateChanged((authUser) => void apply(authUser));
    return () => {
      mounted.current = false;
      unsubscribe();
    };
  }, [backend, apply]);

  const refresh = useCallback(async () => {
    await apply(await backend.auth.reload());
  }, [apply, backend]);

  const settle = useCallback(async () => {
    // The auth listener may fire after the sign-in call resolves; adopt the current user now,
    // then wait for whichever load is the newest.
    const current = backend.auth.currentUser();
    if (current) await apply(current);
    let pending: Promise<void>;
    do {
      pending = latest.current;
      await pending;
    } while (pending !== latest.current);
  }, [apply, backend]);

  const value = useMemo<SessionContextValue>(
    () => ({ state, refresh, settle }),
    [state, refresh, settle],
  );

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionContextValue {
  const ctx = useContext(SessionContext);
  if (!ctx) throw new Error('useSession must be used inside SessionProvider');
  return ctx;
}

/** The signed-in user or null (also null while loading). */
export function useCurrentUser(): SessionUser | null {
  return useSession().state.user;
}

/**
 * Why the signed-in user may not make a write of this need (a suspended account, an address
 * still to verify), or null when they may or nobody is signed in. The backends decide the same
 * way on every write; screens ask first so they can say why.
 */
export function useWriteRefusal(need: WriteNeed): WriteRefusal | null {
  const user = useCurrentUser();
  if (!user) return null;
  return standingRefusal({ emailVerified: user.emailVerified, suspended: !user.isActive }, need);
}
