import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { AuthUser } from '@/data/ports/auth';
import type { Backend } from '@/data/ports/backend';
import type { UserProfile } from '@/domain/entities/user';
import { useBackend } from '@/lib/backend-context';
import { logger } from '@/lib/logger';
import { clearQueryCaches } from '@/lib/query-client';
import { safeStorage, STORAGE_KEYS } from '@/lib/storage-keys';

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
}

const SessionContext = createContext<SessionContextValue | null>(null);

/** Per tab, like the local backend's session: two tabs may be two users. */
const LAST_UID_KEY = 'sc.session-uid';
const tabStorage = {
  get: (k: string) => {
    try {
      return window.sessionStorage.getItem(k);
    } catch {
      return null;
    }
  },
  set: (k: string, v: string | null) => {
    try {
      if (v === null) window.sessionStorage.removeItem(k);
      else window.sessionStorage.setItem(k, v);
    } catch {
      // Without session storage every restore counts as a sign-in; harmless.
    }
  },
};

export function buildSessionUser(auth: AuthUser, profile: UserProfile | null): SessionUser {
  // SPEC §4: without a profile the name falls back to the stored name, then the auth name.
  const displayName =
    profile?.displayName || (!profile ? safeStorage.get(STORAGE_KEYS.displayName) : '') || auth.displayName || '';
  return {
    uid: auth.uid,
    email: auth.email,
    displayName,
    photoURL: profile?.photoURL || auth.photoURL || '',
    emailVerified: auth.emailVerified || profile?.emailVerified === true,
    bio: profile?.bio ?? '',
    location: profile?.location ?? '',
    gender: profile?.gender ?? '',
    birthDate: profile?.birthDate ?? '',
    customUserId: profile?.customUserId ?? '',
    firebaseUid: profile?.firebaseUid ?? auth.uid,
    agreedAt: profile?.agreedAt ?? null,
    createdAt: profile?.createdAt ?? new Date(2023, 7, 15),
    role: profile?.role ?? 'user',
    lastLoginAt: profile?.lastLoginAt ?? null,
    isActive: profile?.isActive ?? true,
    profileLoaded: profile !== null,
  };
}

async function loadSessionUser(backend: Backend, auth: AuthUser): Promise<SessionUser> {
  let profile: UserProfile | null = null;
  try {
    profile = await backend.users.get(auth.uid);
  } catch (e) {
    logger.error('session: profile load failed', e);
  }
  if (profile?.displayName) safeStorage.set(STORAGE_KEYS.displayName, profile.displayName);
  return buildSessionUser(auth, profile);
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const backend = useBackend();
  const queryClient = useQueryClient();
  const [state, setState] = useState<SessionState>({ status: 'loading', user: null });

  useEffect(() => {
    let cancelled = false;
    let generation = 0;
    const unsubscribe = backend.auth.onAuthStateChanged((authUser) => {
      const mine = ++generation;
      if (!authUser) {
        tabStorage.set(LAST_UID_KEY, null);
        setState({ status: 'signedOut', user: null });
        return;
      }
      // A sign-in (not a restore of the same user) records the login and drops cached data
      // that belonged to whoever used this browser before.
      if (tabStorage.get(LAST_UID_KEY) !== authUser.uid) {
        tabStorage.set(LAST_UID_KEY, authUser.uid);
        clearQueryCaches(queryClient);
        backend.users.recordLogin(authUser.uid).catch((e) => logger.error('recordLogin', e));
      }
      void loadSessionUser(backend, authUser).then((user) => {
        if (!cancelled && mine === generation) setState({ status: 'signedIn', user });
      });
    });
    return () => {
      cancelled = true;
      unsubscribe();
    };
  }, [backend, queryClient]);

  const value = useMemo<SessionContextValue>(
    () => ({
      state,
      refresh: async () => {
        const authUser = await backend.auth.reload();
        if (!authUser) {
          setState({ status: 'signedOut', user: null });
          return;
        }
        setState({ status: 'signedIn', user: await loadSessionUser(backend, authUser) });
      },
    }),
    [state, backend],
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
